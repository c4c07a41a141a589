#!/usr/bin/env python3
"""Checks scripts/event_profile.py on the event log of a `ventus run` (no reference data
needed): the issues of its rows add up to the log's ISSUE lines, and their cycles to each warp
slot's span from its dispatch to its last issue, read from the log here; an unknown launch is
an error (exit 2)."""
import argparse
import collections
import os
import subprocess
import sys
import tempfile


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ventus", required=True)
    p.add_argument("--script", required=True)
    p.add_argument("--source", required=True, help="the project's source directory")
    args = p.parse_args()
    kernels = os.path.join(args.source, "tests", "runtime_kernels")
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "run.events")
        a = "\n".join(str(i) for i in range(1, 65)) + "\n"
        with open(os.path.join(tmp, "a.txt"), "w") as f:
            f.write(a)
        run = subprocess.run(
            [args.ventus, "run", os.path.join(kernels, "add_scaled.s"), "--kernel", "add_scaled",
             "--global", "64", "--local", "16", "--arg", "buf:in:" + os.path.join(tmp, "a.txt"),
             "--arg", "buf:in:" + os.path.join(tmp, "a.txt"), "--arg",
             "buf:out:" + os.path.join(tmp, "c.bin") + ":256", "--arg", "i32:2", "--timing",
             "--events", log], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        dispatched, last_issue, issues = {}, {}, 0
        with open(log) as f:
            for line in f:
                if line.startswith("#"):
                    continue
                words = line.split()
                fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
                slot = (fields.get("sm"), fields.get("warp"))
                if words[1] == "DISPATCH":
                    dispatched.setdefault(slot, []).append(int(words[0]))
                if words[1] == "ISSUE":
                    issues += 1
                    last_issue.setdefault(slot, []).append(int(words[0]))
        # A slot's warps follow each other: each warp's span is dispatch -> its last issue,
        # and the warp's last issue is the last before the slot's next dispatch.
        span = 0
        for slot, starts in dispatched.items():
            issued = last_issue.get(slot, [])
            for k, start in enumerate(starts):
                end = starts[k + 1] if k + 1 < len(starts) else float("inf")
                mine = [c for c in issued if start <= c < end]
                span += (max(mine) - start) if mine else 0
        out = subprocess.run([sys.executable, args.script, log, "--top", "0"],
                             capture_output=True, text=True)
        assert out.returncode == 0, out.stderr
        rows = [l.split() for l in out.stdout.splitlines()[2:]]
        assert sum(int(r[2]) for r in rows) == issues, (issues, out.stdout)
        assert sum(int(r[3]) for r in rows) == span, (span, out.stdout)
        assert f"{issues} issues, {span} warp cycles" in out.stdout.splitlines()[0], out.stdout
        missing = subprocess.run([sys.executable, args.script, log, "--launch", "nope"],
                                 capture_output=True, text=True)
        assert missing.returncode == 2 and "no launch 'nope'" in missing.stderr, missing
    print(f"event_profile: {len(rows)} rows, {issues} issues, {span} warp cycles as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
