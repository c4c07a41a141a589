#!/usr/bin/env python3
"""The cost of --sanitize all (docs/sanitizers.md): every kernel of the suite at a size that
takes a while (bench/sanitize_bench.cpp: 4096 to 262144 work-items, functional, one host
thread), run plainly and with run.sanitize = all in interleaved rounds (plain, all, plain,
all, ...); prints per kernel the median simulation time of each, their ratio, and the peak
resident memory of each process (the largest over the rounds). Fails when a sanitized run
reports an error or a run fails.

    bench/sanitize_overhead.py --build build/release [--kernels vecadd,bfs] [--rounds 3]
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile


def run(binary, kernel, mode):
    """(simulation seconds, sanitizer errors, peak RSS MiB) of one process, or an error text."""
    with tempfile.TemporaryFile() as err:
        child = subprocess.Popen([str(binary), kernel, mode], stdout=subprocess.PIPE, stderr=err)
        out = child.stdout.read().decode()
        _, status, usage = os.wait4(child.pid, 0)
        child.returncode = os.waitstatus_to_exitcode(status)
        if child.returncode != 0:
            err.seek(0)
            return f"{kernel} {mode}: exit {child.returncode}: {err.read().decode()[-2000:]}"
    _, seconds, errors = out.split()
    return float(seconds), int(errors), usage.ru_maxrss / 1024.0


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="build directory (CMake)")
    parser.add_argument("--kernels", default="", help="comma-separated kernel names (default: all)")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per kernel")
    args = parser.parse_args()
    binary = pathlib.Path(args.build) / "bench" / "sanitize_bench"
    if not binary.exists():
        sys.exit(f"no {binary}: build the sanitize_bench target first")
    kernels = subprocess.run([str(binary), "--list"], check=True, capture_output=True,
                             text=True).stdout.split()
    wanted = [k for k in args.kernels.split(",") if k]
    if wanted:
        kernels = [k for k in kernels if k in wanted]
    print(f"{'kernel':<14} {'plain s':>8} {'all s':>8} {'ratio':>6} {'plain MiB':>10} "
          f"{'all MiB':>8} {'ratio':>6}")
    failed = []
    for kernel in kernels:
        times = {"plain": [], "all": []}
        peaks = {"plain": 0.0, "all": 0.0}
        for _ in range(args.rounds):
            for mode in ("plain", "all"):
                result = run(binary, kernel, mode)
                if isinstance(result, str):
                    failed.append(result)
                    break
                seconds, errors, peak = result
                if errors:
                    failed.append(f"{kernel} all: {errors} sanitizer errors")
                times[mode].append(seconds)
                peaks[mode] = max(peaks[mode], peak)
        if not times["plain"] or not times["all"]:
            continue
        plain, sanitized = statistics.median(times["plain"]), statistics.median(times["all"])
        print(f"{kernel:<14} {plain:8.3f} {sanitized:8.3f} {sanitized / plain:6.2f} "
              f"{peaks['plain']:10.1f} {peaks['all']:8.1f} {peaks['all'] / peaks['plain']:6.2f}",
              flush=True)
    for text in failed:
        print(text, file=sys.stderr)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
