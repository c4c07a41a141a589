#!/usr/bin/env python3
"""Checks `ventus case --timing-launches` (docs/timing.md "Timing some launches") on
gaussian-4w4t, whose Fan2 launches read what the Fan1 launches wrote:

- with an I-cache that holds the whole program (nothing is evicted, so the replacement state
  one launch leaves to the next decides nothing, the only model state that outlives a launch),
  the timed launches, named or indexed, count exactly the cycles of a run that times every
  launch; the others print no cycles, and the total is the sum of the timed ones;
- the memory state carries across: --check passes for every launch;
- the first launch counts the same cycles on the test bench's machine too (no earlier launch
  left it any state);
- --warm-caches: with an I-cache that evicts (16 sets), the functional launches' fetches change
  the replacement state a later timed launch starts from, so its count differs from the one
  without the warm-up (the directed check of the warmed state is GpuModelWarm in
  src/timing/gpu_model_warm.test.cpp); the timed launches stay exact where nothing is evicted;
- bad values are usage errors (exit 2) that name the value.
Exit 77 (skipped) without the case."""
import argparse
import os
import re
import subprocess
import sys

BIG_ICACHE = ["--set", "sm.icache.sets=256"]  # 4 KiB: gaussian's code is under 1 KiB


def run(args, extra):
    cmd = [args.ventus, "case", args.case, "--config", args.config] + extra
    return subprocess.run(cmd, capture_output=True, text=True)


def cycles_by_launch(stdout):
    """{launch: cycles or None} from the summary lines."""
    out = {}
    for line in stdout.splitlines():
        m = re.match(r"(\w+): \d+ work-group", line)
        if m:
            c = re.search(r", (\d+) cycles, IPC", line)
            out[m.group(1)] = int(c.group(1)) if c else None
    return out


def total(stdout):
    m = re.search(r"^total: (\d+) cycles", stdout, re.M)
    return int(m.group(1)) if m else None


def check_exact(args):
    full = run(args, ["--timing"] + BIG_ICACHE)
    assert full.returncode == 0, full.stderr
    every = cycles_by_launch(full.stdout)
    names = list(every)
    part = run(args, ["--timing", "--timing-launches", f"{names[1]},3", "--check"] + BIG_ICACHE)
    assert part.returncode == 0, part.stdout + part.stderr
    some = cycles_by_launch(part.stdout)
    assert list(some) == names, (some, names)
    for i, name in enumerate(names):
        expected = every[name] if i in (1, 3) else None
        assert some[name] == expected, (name, some[name], expected)
    assert total(part.stdout) == every[names[1]] + every[names[3]], part.stdout
    assert part.stdout.count("PASS ") == len(names), part.stdout


def check_first_launch(args):
    full = cycles_by_launch(run(args, ["--timing"]).stdout)
    first = next(iter(full))
    part = cycles_by_launch(run(args, ["--timing", "--timing-launches", "0"]).stdout)
    assert part[first] == full[first], (part, full)


def check_warm_caches(args):
    names = list(cycles_by_launch(run(args, ["--timing"]).stdout))
    evicting = ["--timing", "--set", "sm.icache.sets=16", "--timing-launches", "1,3"]
    cold = cycles_by_launch(run(args, evicting).stdout)
    warm_run = run(args, evicting + ["--warm-caches", "--check"])
    assert warm_run.returncode == 0, warm_run.stdout + warm_run.stderr
    warm = cycles_by_launch(warm_run.stdout)
    assert warm_run.stdout.count("PASS ") == len(names), warm_run.stdout
    assert [warm[n] is None for n in names] == [cold[n] is None for n in names], (warm, cold)
    assert any(warm[n] != cold[n] for n in (names[1], names[3])), (warm, cold)
    # Nothing evicted: the replacement state decides no hit, warm or not.
    exact = cycles_by_launch(run(args, ["--timing"] + BIG_ICACHE).stdout)
    big = cycles_by_launch(run(args, ["--timing", "--timing-launches", "1,3", "--warm-caches"] +
                               BIG_ICACHE).stdout)
    assert big[names[1]] == exact[names[1]] and big[names[3]] == exact[names[3]], (big, exact)


def check_errors(args):
    bad = [(["--timing", "--timing-launches", "Fan9_9"], "'Fan9_9' is neither a launch"),
           (["--timing", "--timing-launches", "99"], "index 99 is out of range"),
           (["--timing", "--timing-launches", ""], "an empty entry"),
           (["--timing-launches", "1"], "--timing-launches needs --timing"),
           (["--warm-caches"], "--warm-caches needs --timing and --timing-launches"),
           (["--warm-caches", "--timing-launches", "1"], "needs --timing:"),
           (["--timing", "--warm-caches"], "--warm-caches needs --timing-launches")]
    for extra, message in bad:
        done = run(args, extra)
        assert done.returncode == 2 and message in done.stderr, (extra, done.stderr)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ventus", required=True)
    p.add_argument("--case", required=True)
    p.add_argument("--config", required=True)
    args = p.parse_args()
    if not os.path.isdir(args.case):
        print(f"SKIPPED: reference case not found ({args.case})")
        return 77
    check_exact(args)
    check_first_launch(args)
    check_warm_caches(args)
    check_errors(args)
    print("timing-launches: exact cycles, carried memory and usage errors as expected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
