#!/usr/bin/env python3
"""The cost of --sanitize all (docs/sanitizers.md): every kernel of the suite's test binary
(kernels/<name>/, functional mode, one host thread) run plainly and with run.sanitize=all
through the harness's VENTUS_TEST_SET; prints wall time and peak memory of each, and fails
when a sanitized run fails (a sanitizer error fails the kernel's tests).

    bench/sanitize_overhead.py --build build/release [--kernels nn,bfs] [--filter GTEST_FILTER]
"""
import argparse
import os
import pathlib
import subprocess
import sys
import time


def run(binary, sanitize, gtest_filter):
    env = dict(os.environ, VENTUS_TEST_HOST_THREADS="1")
    env.pop("VENTUS_TEST_TIMING", None)
    env.pop("VENTUS_TEST_SCHEDULE", None)
    env["VENTUS_TEST_SET"] = "run.sanitize=all" if sanitize else ""
    args = [str(binary), "--gtest_brief=1"]
    if gtest_filter:
        args.append(f"--gtest_filter={gtest_filter}")
    start = time.monotonic()
    child = subprocess.Popen(args, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    output = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    seconds = time.monotonic() - start
    return seconds, usage.ru_maxrss / 1024.0, child.returncode, output.decode(errors="replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", required=True, help="build directory (CMake)")
    parser.add_argument("--kernels", default="", help="comma-separated kernel names (default: all)")
    parser.add_argument("--filter", default="", help="gtest filter for every binary")
    args = parser.parse_args()
    root = pathlib.Path(args.build) / "kernels"
    binaries = sorted(root.glob("*/kernel_*_test"))
    wanted = set(filter(None, args.kernels.split(",")))
    if wanted:
        binaries = [b for b in binaries if b.parent.name in wanted]
    if not binaries:
        sys.exit(f"no kernels/*/kernel_*_test under {args.build}: build the suite first")
    print(f"{'kernel':<14} {'plain s':>8} {'sanitized s':>12} {'ratio':>6} "
          f"{'plain MiB':>10} {'sanitized MiB':>14}")
    failed = []
    for binary in binaries:
        plain = run(binary, False, args.filter)
        sanitized = run(binary, True, args.filter)
        ratio = sanitized[0] / plain[0] if plain[0] > 0 else float("nan")
        print(f"{binary.parent.name:<14} {plain[0]:8.2f} {sanitized[0]:12.2f} {ratio:6.2f} "
              f"{plain[1]:10.1f} {sanitized[1]:14.1f}", flush=True)
        if sanitized[2] != 0:
            failed.append((binary.parent.name, sanitized[3]))
    for name, output in failed:
        print(f"\n{name}: sanitized run failed:\n{output[-3000:]}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
