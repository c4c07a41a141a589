#!/usr/bin/env python3
"""The cost of a one-work-group launch from Python against the same launch from C++ (issue 53:
at most 1.5x). Runs bench/launch_overhead (C++) and the same loop through `import ventus`, on
the default machine, in alternating rounds, and prints the median microseconds per launch of
each and their ratio.

Usage: PYTHONPATH=build/release/python /usr/bin/python3 bench/launch_overhead.py \
           [--build build/release] [--rounds 15] [--launches 200]
"""
import argparse
import pathlib
import statistics
import subprocess
import time

import numpy

import ventus

ROOT = pathlib.Path(__file__).resolve().parents[1]
KERNEL = ROOT / "tests" / "runtime_kernels" / "add_scaled.s"


class PythonLaunches:
    """The C++ program's loop through `import ventus`: the same kernel, machine and buffers."""

    def __init__(self):
        # configs/default.toml is the C++ side's Config{} (DESIGN.md §2.5).
        self.device = ventus.Device(ventus.Machine(str(ROOT / "configs" / "default.toml")))
        self.kernel = ventus.Program.from_file(str(KERNEL)).kernel("add_scaled")
        self.args = [self.device.empty(8, numpy.int32) for _ in range(3)] + [3]
        self.round(200)  # warm up, as the C++ program does one round

    def round(self, launches):
        start = time.perf_counter()
        for _ in range(launches):
            self.device.launch(self.kernel, 8, 8, self.args)
        return (time.perf_counter() - start) * 1e6 / launches


def cpp_round(build, launches):
    out = subprocess.run([str(pathlib.Path(build) / "bench" / "launch_overhead"), str(KERNEL),
                          "1", str(launches)], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/release")
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--launches", type=int, default=200)
    args = parser.parse_args()
    # Rounds alternate between the two, so that a busy spell of the machine hits both.
    python_launches = PythonLaunches()
    cpp_rounds, python_rounds = [], []
    for _ in range(args.rounds):
        cpp_rounds.append(cpp_round(args.build, args.launches))
        python_rounds.append(python_launches.round(args.launches))
    cpp, python = statistics.median(cpp_rounds), statistics.median(python_rounds)
    print(f"C++    {cpp:8.1f} us per launch")
    print(f"Python {python:8.1f} us per launch")
    print(f"ratio  {python / cpp:8.2f}")


if __name__ == "__main__":
    main()
