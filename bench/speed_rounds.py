#!/usr/bin/env python3
"""Functional speed of one or more ventus binaries (issue 14): interleaved rounds of
`ventus bench`, printing each kernel's median and best M warp-instructions/s per binary.

Usage: bench/speed_rounds.py [--rounds 8] [--iterations 200000] [--host-threads 1] VENTUS...
Rounds alternate the binaries, so that a slow spell of the machine (it can cost a third of the
speed for seconds at a time) hits each of them; compare a change against the binary before it.
A binary from before --host-threads (issue 14's "before") is run without it: it has one thread.
"""
import argparse
import collections
import functools
import re
import statistics
import subprocess
import sys

ROW = re.compile(r"(\w+)\s+\d+ warp-instr\s.*?([\d.]+) M warp-instr/s")


@functools.lru_cache(maxsize=None)
def knows_host_threads(ventus):
    """Whether `ventus bench` takes --host-threads (binaries before issue 14 do not)."""
    try:
        help_text = subprocess.run([ventus, "bench", "--help"], capture_output=True,
                                   text=True).stdout
    except OSError as error:
        sys.exit(f"{ventus}: {error.strerror}")
    return "--host-threads" in help_text


def run_once(ventus, iterations, host_threads):
    command = [ventus, "bench", "--iterations", str(iterations)]
    if knows_host_threads(ventus):
        command += ["--host-threads", str(host_threads)]
    elif host_threads != 1:
        sys.exit(f"{ventus}: bench has no --host-threads, so it runs on one thread only")
    try:
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    except OSError as error:
        sys.exit(f"{ventus}: {error.strerror}")
    except subprocess.CalledProcessError as error:
        sys.exit(f"{' '.join(command)}: exit {error.returncode}: {error.stderr.strip()}")
    return [(m.group(1), float(m.group(2))) for m in map(ROW.match, out.splitlines()) if m]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ventus", nargs="+")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--iterations", type=int, default=200000)
    parser.add_argument("--host-threads", type=int, default=1)
    args = parser.parse_args()
    speeds = collections.defaultdict(list)
    kernels = []
    for _ in range(args.rounds):
        for ventus in args.ventus:
            for kernel, speed in run_once(ventus, args.iterations, args.host_threads):
                if kernel not in kernels:
                    kernels.append(kernel)
                speeds[(ventus, kernel)].append(speed)
    if not speeds:
        sys.exit("no bench rows in the output")
    print("kernel     binary: median (best) M warp-instr/s, then every round")
    for kernel in kernels:
        for ventus in args.ventus:
            s = speeds[(ventus, kernel)]
            rounds = " ".join(f"{x:.0f}" for x in s)
            print(f"{kernel:10} {ventus}: {statistics.median(s):.1f} ({max(s):.1f})  {rounds}")


if __name__ == "__main__":
    main()
