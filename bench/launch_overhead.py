#!/usr/bin/env python3
"""The cost of a one-work-group launch from Python against the same launch from C++ (issue 53:
at most 1.5x). Runs bench/launch_overhead (C++) and the same loop through `import ventus`, on
the default machine, and prints the median microseconds per launch of each and their ratio.

Usage: PYTHONPATH=build/release/python /usr/bin/python3 bench/launch_overhead.py \
           [--build build/release] [--rounds 7] [--launches 200]
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


def python_us_per_launch(rounds, launches):
    # configs/default.toml is the C++ side's Config{} (DESIGN.md §2.5).
    device = ventus.Device(ventus.Machine(str(ROOT / "configs" / "default.toml")))
    kernel = ventus.Program.from_file(str(KERNEL)).kernel("add_scaled")
    a, b, c = (device.empty(8, numpy.int32) for _ in range(3))
    args = [a, b, c, 3]
    for _ in range(20):  # warm up
        device.launch(kernel, 8, 8, args)
    per_launch = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(launches):
            device.launch(kernel, 8, 8, args)
        per_launch.append((time.perf_counter() - start) * 1e6 / launches)
    return statistics.median(per_launch)


def cpp_us_per_launch(build, rounds, launches):
    out = subprocess.run([str(pathlib.Path(build) / "bench" / "launch_overhead"), str(KERNEL),
                          str(rounds), str(launches)], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default="build/release")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--launches", type=int, default=200)
    args = parser.parse_args()
    cpp = cpp_us_per_launch(args.build, args.rounds, args.launches)
    python = python_us_per_launch(args.rounds, args.launches)
    print(f"C++    {cpp:8.1f} us per launch")
    print(f"Python {python:8.1f} us per launch")
    print(f"ratio  {python / cpp:8.2f}")


if __name__ == "__main__":
    main()
