#!/usr/bin/env python3
"""Checks scripts/event_diff.py on event logs of a reference case: a log against itself is the
same (exit 0); against a run with a slower memory port it differs (exit 1), and the report's end
cycles and first differing line are those read from the two files here; a line that is not an
event is an error naming the file and line (exit 2). Exit 77 (skipped) without the case."""
import argparse
import os
import subprocess
import sys
import tempfile


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def events(args, path, extra):
    cmd = [args.ventus, "case", args.case, "--timing", "--config", args.config,
           "--launches", "Fan1_0,Fan2_0", "--events", path] + extra
    done = run(cmd)
    assert done.returncode == 0, done.stdout + done.stderr
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ventus", required=True)
    p.add_argument("--script", required=True)
    p.add_argument("--case", required=True)
    p.add_argument("--config", required=True)
    args = p.parse_args()
    if not os.path.isdir(args.case):
        print(f"SKIPPED: reference case not found ({args.case})")
        return 77
    with tempfile.TemporaryDirectory() as tmp:
        a, b, bad = (os.path.join(tmp, n) for n in ("a.events", "b.events", "bad.events"))
        lines_a = events(args, a, [])
        lines_b = events(args, b, ["--set", "memory.axi.read_gap_cycles=7"])
        same = run([sys.executable, args.script, a, a])
        assert same.returncode == 0 and "the event logs are the same" in same.stdout, same
        diff = run([sys.executable, args.script, a, b])
        assert diff.returncode == 1, diff
        ends_a = [l.split()[0] for l in lines_a if " KERNEL_END " in l]
        ends_b = [l.split()[0] for l in lines_b if " KERNEL_END " in l]
        assert ends_a != ends_b, "a slower memory port must change some launch's count"
        for name, x, y in zip(("Fan1_0", "Fan2_0"), ends_a, ends_b):
            if x != y:
                assert f"launch {name}: end cycle {x} against {y}" in diff.stdout, diff.stdout
        first = next((x, y) for x, y in zip(lines_a, lines_b) if x != y)
        assert f"{first[0]!r} against {first[1]!r}" in diff.stdout, (first, diff.stdout)
        with open(bad, "w", encoding="utf-8") as f:
            f.write("# launch x\n12 ISSUE sm=0\nnot an event\n")
        broken = run([sys.executable, args.script, a, bad])
        assert broken.returncode == 2 and f"{bad}:3: not an event line" in broken.stderr, broken
    print("event_diff: same, different and malformed logs as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
