"""Helpers of the sweep tests (tests/sweep.cmake): running `ventus`, reading results."""
import csv
import os
import re
import shutil
import subprocess
import sys

SKIP = 77  # CTest SKIP_RETURN_CODE of these tests
HOST_COLUMNS = ("host_seconds", "sim_rate")


class Check:
    """Counts failed expectations; each prints one line saying what differed."""

    def __init__(self, name):
        self.name, self.failures = name, 0

    def expect(self, condition, message):
        if not condition:
            self.failures += 1
            print(f"FAIL: {message}", flush=True)
        return condition

    def done(self):
        print(f"{self.name}: {'ok' if self.failures == 0 else f'{self.failures} failure(s)'}")
        return 0 if self.failures == 0 else 1


def run(argv, cwd, timeout=120, check=None, **kwargs):
    """Runs argv to its end (never longer than timeout) and returns the CompletedProcess."""
    result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, timeout=timeout, **kwargs)
    if check is not None and result.returncode != check:
        print(f"command {' '.join(argv)} exited {result.returncode}, expected {check}\n"
              f"stdout: {result.stdout}\nstderr: {result.stderr}", flush=True)
        sys.exit(1)
    return result


def fresh_dir(path):
    shutil.rmtree(path, ignore_errors=True)
    os.makedirs(path)
    return path


def results_without_host_columns(out):
    """results.csv as dicts, minus the host time and rate that differ from run to run."""
    with open(os.path.join(out, "results.csv"), newline="") as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        for column in HOST_COLUMNS:
            row.pop(column)
    return rows


def point_files(out):
    """{hash: (mtime_ns, inode)} of every final point.json in out."""
    found = {}
    points = os.path.join(out, "points")
    for name in os.listdir(points) if os.path.isdir(points) else []:
        path = os.path.join(points, name, "point.json")
        if os.path.exists(path):
            st = os.stat(path)
            found[name] = (st.st_mtime_ns, st.st_ino)
    return found


def hand_cycles(ventus, argv, cwd):
    """The total cycles `ventus run` prints for argv (after `ventus`), run in cwd."""
    result = run([ventus, *argv], cwd=cwd, check=0)
    match = re.search(r"^total: (\d+) cycles", result.stdout, re.M)
    return int(match.group(1)) if match else None


def common_args(argv):
    """--ventus, --source-dir (the repository: sweep files are run from there), --work-dir."""
    import argparse
    p = argparse.ArgumentParser()
    p.add_argument("--ventus", required=True)
    p.add_argument("--source-dir", required=True)
    p.add_argument("--work-dir", required=True)
    p.add_argument("--plot-tool")
    return p.parse_args(argv)
