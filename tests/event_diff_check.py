#!/usr/bin/env python3
"""Checks scripts/event_diff.py on event logs of a reference case: a log against itself is the
same (exit 0); against a run with a slower memory port it differs (exit 1), and the report's end
cycles and first differing line are those read from the two files here; a line that is not an
event is an error naming the file and line (exit 2). With --trace, the model's log of the RTL
trace's launch is aligned with the trace (--align): one first-divergence line per warp the
trace dispatches, and the ISSUE and DISPATCH rows of the delta histogram pair as many events
as the two files hold, with the mean delta computed here from the files. Exit 77 (skipped)
without the case."""
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


def cycles_of(lines, kind, warp_key):
    """{warp: [cycle]} of the `kind` lines, in order."""
    out = {}
    for line in lines:
        words = line.split()
        if len(words) > 2 and words[1] == kind:
            warp = next(w.split("=")[1] for w in words if w.startswith(warp_key + "="))
            out.setdefault(warp, []).append(int(words[0]))
    return out


def check_alignment(args, path):
    """The model against the RTL's trace of the same launch (vecadd-4w8t, NUM_THREAD 8)."""
    name = os.path.basename(args.trace).split(".")[0]
    done = run([args.ventus, "case", args.rtl_case, "--timing", "--config", args.config,
                "--launches", name, "--threads-per-warp", "8", "--events", path])
    assert done.returncode == 0, done.stdout + done.stderr
    report = run([sys.executable, args.script, path, args.trace, "--align", "--threshold", "4"])
    assert report.returncode == 1, report
    with open(path, encoding="utf-8") as f:
        model = f.read().splitlines()
    with open(args.trace, encoding="utf-8") as f:
        rtl = f.read().splitlines()
    for kind in ("ISSUE", "DISPATCH"):
        m, r = cycles_of(model, kind, "warp"), cycles_of(rtl, kind, "w")
        deltas = [y - x for w in m for x, y in zip(m[w], r.get(w, []))]
        row = f"{kind:<12} {len(deltas):>5} {sum(deltas) / len(deltas):>+7.1f} |"
        assert row in report.stdout, (row, report.stdout)
    for warp in cycles_of(rtl, "DISPATCH", "w"):
        assert f"  warp {warp}: " in report.stdout, (warp, report.stdout)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ventus", required=True)
    p.add_argument("--script", required=True)
    p.add_argument("--case", required=True)
    p.add_argument("--config", required=True)
    p.add_argument("--rtl-case", help="the public case of --trace")
    p.add_argument("--trace", help="an RTL trace (../shared/rtl/traces) of a launch of --rtl-case")
    args = p.parse_args()
    if not os.path.isdir(args.case):
        print(f"SKIPPED: reference case not found ({args.case})")
        return 77
    if args.trace and not os.path.isfile(args.trace):
        print(f"SKIPPED: RTL trace not found ({args.trace})")
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
        if args.trace:
            check_alignment(args, os.path.join(tmp, "rtl.events"))
    print("event_diff: same, different and malformed logs as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
