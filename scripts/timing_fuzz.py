#!/usr/bin/env python3
"""Runs the demo kernels on the cycle model under random, seeded machine descriptions.

Each trial picks a machine file, a workload (the demo with a random warp width, or one of the
reference cases given with --cases) and a random subset of the cycle model's parameters (read
from `ventus config`, so every parameter the model has is a candidate) with values around
their defaults, then runs it with --timing twice: skipping idle cycles and ticking every
cycle. A trial passes when both runs exit cleanly, every result matches its reference (the
demo's CPU reference, a case's expected memory: `case --check`), and the two statistics
documents are identical but for the
`gpu.skip_idle_cycles` entry. A value the tool refuses must be refused with a message that
names the parameter (exit status 2); it is then dropped from the trial (of two parameters
that do not fit together, the first named that the trial moved). Any other failure,
a crash or a run over --timeout seconds fails the script, which prints the command to rerun.

  scripts/timing_fuzz.py --ventus build/release/tools/ventus/ventus --trials 50 --seed 1
"""
import argparse
import json
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# The cycle model's parameters (docs/timing.md); the rest of `ventus config` is the functional
# machine, the driver and the run, whose values the demo's kernels or this check rely on.
TIMING_PREFIXES = ("sm.icache.", "sm.fetch.", "sm.issue.", "sm.units.", "sm.lsu.", "sm.l1d.",
                   "memory.", "gpu.kernel.")
MACHINE_KEYS = ("gpu.sm_count", "sm.warp_slots", "sm.work_group_slots")
SKIP_KEY = "gpu.skip_idle_cycles"
PARAMETER_NAME = re.compile(r"[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+")


def parameters(ventus, config):
    """(name, default) of every cycle-model parameter of `config`, from `ventus config`."""
    out = subprocess.run([ventus, "config", "--config", config], capture_output=True, text=True,
                         check=True).stdout
    params = []
    for line in out.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 2:
            continue
        name, value = fields[0], fields[1]
        if name.startswith(TIMING_PREFIXES) or name in MACHINE_KEYS:
            params.append((name, value))
    return params


def candidates(value):
    """Values to try for a parameter whose default is `value` (a power of two stays one)."""
    if value in ("true", "false"):
        return ["true", "false"]
    n = int(value)
    if n >= 2 and n & (n - 1) == 0:
        return [str(n // 2), str(n), str(n * 2)]
    return sorted({str(v) for v in (0, 1, n, n + 1, 2 * n)}, key=int)


def pick(rnd, params, share):
    return {name: rnd.choice(candidates(value)) for name, value in params if rnd.random() < share}


def run_workload(args, config, workload, settings, skip, stats):
    """`workload`: ("demo", threads per warp) or ("case", directory)."""
    kind, what = workload
    cmd = [args.ventus, kind]
    cmd += ["-t", str(what)] if kind == "demo" else [what, "--check"]
    cmd += ["--timing", "--config", config, "--stats-json", stats, "--set", f"{SKIP_KEY}={skip}"]
    for name, value in settings.items():
        cmd += ["--set", f"{name}={value}"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    return cmd, proc


def passed(workload, proc):
    if proc.returncode != 0:
        return False
    if workload[0] == "demo":
        return "all results match" in proc.stdout
    return "PASS " in proc.stdout and "FAIL " not in proc.stdout


def flatten(node, path=""):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from flatten(value, f"{path}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from flatten(value, f"{path}[{i}]")
    else:
        yield path, node


def differences(a_path, b_path):
    a = dict(flatten(json.loads(Path(a_path).read_text())))
    b = dict(flatten(json.loads(Path(b_path).read_text())))
    return sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k) and SKIP_KEY not in k)


def trial(args, number, params_of, tmp):
    """(None when trial `number` passes, else what went wrong and the command to rerun; a
    summary of the machine it ran)."""
    rnd = random.Random(f"{args.seed}/{number}")
    config = rnd.choice(args.configs)
    if args.cases and rnd.random() < 0.5:  # half the trials a case, half the demo
        workload = ("case", rnd.choice(args.cases))
    else:
        workload = ("demo", rnd.choice([1, 2, 4, 8, 16, 32]))
    settings = pick(rnd, params_of[config], args.share)
    stats = {skip: str(Path(tmp) / f"{skip}.json") for skip in ("true", "false")}
    refused_count = 0
    for _ in range(len(settings) + 1):
        cmd, proc = run_workload(args, config, workload, settings, "true", stats["true"])
        named = PARAMETER_NAME.findall(proc.stderr) if proc.returncode == 2 else []
        moved = [name for name in named if name in settings]
        if not moved:
            break
        del settings[moved[0]]  # refused with a message naming it: fine, drop it
        refused_count += 1
    rerun = " ".join(cmd).replace(f"{tmp}/", "")  # the statistics into the current directory
    shown = f"{workload[1]} threads" if workload[0] == "demo" else Path(workload[1]).name
    summary = f"{Path(config).stem}, {shown}, {len(settings)} parameters moved"
    summary += f", {refused_count} refused" if refused_count else ""
    if not passed(workload, proc):
        return f"exit status {proc.returncode}:\n{(proc.stdout + proc.stderr)[-1500:]}\n{rerun}", summary
    cmd, tick = run_workload(args, config, workload, settings, "false", stats["false"])
    if tick.returncode != 0:
        return f"exit status {tick.returncode} ticking every cycle:\n{tick.stderr[-1500:]}", summary
    try:
        diff = differences(stats["true"], stats["false"])
    except (OSError, ValueError) as e:
        return f"unreadable statistics: {e}\n{rerun}", summary
    if diff:
        return (f"skipping idle cycles changed {len(diff)} statistics, e.g. {diff[:5]}\n{rerun}"
                f"\n(and the same with --set {SKIP_KEY}=false)"), summary
    return None, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ventus", required=True, help="the ventus binary")
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--seed", default="1", help="the trials' seed (the same seed, the same trials)")
    parser.add_argument("--share", type=float, default=0.3,
                        help="chance that a parameter is moved in a trial")
    parser.add_argument("--timeout", type=float, default=300, help="seconds per run")
    parser.add_argument("--configs", nargs="+",
                        default=["configs/ventus-rtl-tb.toml", "configs/ventus-seed003.toml"])
    parser.add_argument("--cases", nargs="*", default=[],
                        help="reference case directories (cases.ini) to draw workloads from too")
    args = parser.parse_args()
    params_of = {c: parameters(args.ventus, c) for c in args.configs}
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(args.trials):
            try:
                problem, summary = trial(args, number, params_of, tmp)
            except subprocess.TimeoutExpired as e:
                problem, summary = f"no answer within {args.timeout:g} s:\n{' '.join(e.cmd)}", ""
            verdict = "ok" if problem is None else "FAILED: " + problem
            print(f"trial {number} ({summary}): {verdict}", flush=True)
            failed += problem is not None
    print(f"{args.trials - failed} of {args.trials} trials passed (seed {args.seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
