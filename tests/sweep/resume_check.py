#!/usr/bin/python3
"""Resume: the local executor stopped by SIGINT half-way leaves every finished point usable,
and the next call runs only the rest. Limits: a point that times out, hits the memory limit
or the instruction limit is recorded with that status and the sweep goes on."""
import os
import signal
import subprocess
import sys
import time

from sweep_support import Check, common_args, fresh_dir, point_files, results_without_host_columns, run

SWEEP = "examples/sweeps/suite-timing.toml"
LIMITS = "examples/sweeps/limits.toml"


def wait_for_points(out, count, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(point_files(out)) < count:
        time.sleep(0.05)
    return len(point_files(out))


def interrupt_half_way(check, args, out):
    """Starts the sweep on one core, sends SIGINT after a few points; returns the finished."""
    child = subprocess.Popen([args.ventus, "sweep", "run", SWEEP, "-o", out, "-j", "1"],
                             cwd=args.source_dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        finished = wait_for_points(out, 4, 60)
        child.send_signal(signal.SIGINT)
        stdout, stderr = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
    check.expect(finished >= 4, f"only {finished} points finished in 60 s")
    check.expect(child.returncode == 130, f"interrupted sweep exited {child.returncode}: {stderr}")
    check.expect("interrupted" in stderr, f"no word of the interruption: {stderr}")
    return point_files(out)


def check_resume(check, args, out):
    before = interrupt_half_way(check, args, out)
    check.expect(4 <= len(before) < 24, f"{len(before)} of 24 points finished before SIGINT")
    leftovers = [n for n, _, files in os.walk(out) for f in files if f.endswith(".tmp")]
    check.expect(not leftovers, f"temporary files left: {leftovers}")
    status = run([args.ventus, "sweep", "status", out], cwd=out)
    check.expect(status.returncode == 1 and f"{len(before)} done" in status.stdout, f"status: {status.stdout}")
    rows = results_without_host_columns(out)  # the collector ran at the interruption
    check.expect(sum(r["status"] == "ok" for r in rows) == len(before), "results of the finished points")
    again = run([args.ventus, "sweep", "run", SWEEP, "-o", out, "-j", "2"], cwd=args.source_dir)
    check.expect(again.returncode == 0 and "24 done" in again.stdout, f"resumed sweep: {again.stdout}{again.stderr}")
    after = point_files(out)
    check.expect(len(after) == 24, f"{len(after)} points after resuming")
    rerun = [h for h in before if after.get(h) != before[h]]
    check.expect(not rerun, f"finished points ran again: {rerun}")


def check_limits(check, args, out):
    result = run([args.ventus, "sweep", "run", LIMITS, "-o", out, "-j", "2"], cwd=args.source_dir)
    check.expect(result.returncode == 1, f"a sweep with failed points exits 1, not {result.returncode}")
    got = {r["workload"]: r["status"] for r in results_without_host_columns(out)}
    want = {"vecadd": "ok", "spin": "timeout", "huge-output": "memory_limit", "few-instructions": "guest_fault"}
    check.expect(got == want, f"statuses {got}, expected {want}")
    before = point_files(out)
    again = run([args.ventus, "sweep", "run", LIMITS, "-o", out], cwd=args.source_dir)
    check.expect(again.returncode == 1 and point_files(out) == before, "a second call ran recorded points again")


def main(argv):
    args = common_args(argv)
    check = Check("sweep resume and limits")
    work = fresh_dir(args.work_dir)
    check_resume(check, args, os.path.join(work, "resume"))
    check_limits(check, args, os.path.join(work, "limits"))
    return check.done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
