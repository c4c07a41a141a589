#!/usr/bin/env python3
"""Runs the demo kernels on the cycle model under random, seeded machine descriptions.

Each trial picks a machine file, a workload (the demo with a random warp width, the benchmark
kernels in a random launch shape, one of the reference cases given with --cases, or the kernel
suite's tests with --kernel-tests) and a random subset of the cycle model's parameters (read
from `ventus config`, so every parameter the model has is a candidate) with values around
their defaults. The demo, the benchmark and the cases run twice with --timing, skipping idle
cycles and ticking every cycle: both runs must exit cleanly, every result must match its
reference (the demo's CPU reference, a case's expected memory: `case --check`), and the two
statistics documents must be identical but for the `gpu.skip_idle_cycles` and `run.events`
entries (and a case's two event logs, `--events`, byte for byte: every event at the same
cycle). The kernel suite runs once, each test against its CPU reference. A value the tool
refuses must be refused with a message that names the parameter; it is then dropped from the
trial (of two parameters that do not fit together, the first named that the trial moved). A
run that stops on the livelock of the RTL's I-cache re-arm rule (docs/timing.md) is run again
without the rule, which must then pass. Any other failure, a crash or a run over --timeout seconds fails
the script, which prints the command to rerun.

With --extremes every moved *_cycles, size and count parameter is drawn at its documented
minimum, its maximum or a random point between (issue 54): each run must then complete with
the right results or be refused up front (exit status 2, the message naming a moved parameter);
"no progress", an internal error or a run over --timeout seconds fails the trial. The ticking
run is left out (a machine of maximal latencies ticked cycle by cycle takes hours).

  scripts/timing_fuzz.py --ventus build/release/tools/ventus/ventus --trials 50 --seed 1
  scripts/timing_fuzz.py --ventus build/release/tools/ventus/ventus --trials 50 --extremes \
      --cases ../shared/reference/cases/vecadd-4w8t
"""
import argparse
import json
import os
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
EVENTS_KEY = "run.events"
REARM_KEY = "sm.fetch.icache_rearm_on_fill_miss"
REARM_LIVELOCK = f"--set {REARM_KEY}=false turns the rule off"
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


def ranges(ventus, config):
    """{name: (min, max, power_of_two)} of every unsigned parameter of `config` (`ventus config
    --json`'s declarations)."""
    out = subprocess.run([ventus, "config", "--config", config, "--json"], capture_output=True,
                         text=True, check=True).stdout
    declared = {}
    for p in json.loads(out).get("parameters", []):
        if "min" in p and "max" in p and isinstance(p.get("value"), int):
            declared[p["name"]] = (int(p["min"]), int(p["max"]), bool(p.get("power_of_two")))
    return declared


def extreme(rnd, low, high, power_of_two):
    """The minimum, the maximum or a random point of [low, high] (a power of two if need be)."""
    where = rnd.choice(["min", "max", "random"])
    if power_of_two:
        exponents = [e for e in range(64) if low <= 1 << e <= high]
        e = {"min": exponents[0], "max": exponents[-1]}.get(where, rnd.choice(exponents))
        return str(1 << e)
    return str({"min": low, "max": high}.get(where, rnd.randint(low, high)))


def pick_extremes(rnd, params, declared, share):
    return {name: extreme(rnd, *declared[name]) for name, _ in params
            if name in declared and rnd.random() < share}


def candidates(name, value):
    """Values to try for parameter `name` whose default is `value` (a power of two stays one;
    the warp slots never shrink: the workloads' work-groups need them)."""
    if value in ("true", "false"):
        return ["true", "false"]
    n = int(value)
    if name == "sm.warp_slots":
        return [str(n), str(2 * n)]
    if n >= 2 and n & (n - 1) == 0:
        return [str(n // 2), str(n), str(n * 2)]
    return sorted({str(v) for v in (0, 1, n, n + 1, 2 * n)}, key=int)


def pick(rnd, params, share):
    return {name: rnd.choice(candidates(name, value)) for name, value in params
            if rnd.random() < share}


def tool_command(args, config, workload, settings, skip, stats):
    """`workload`: ("demo", threads per warp), ("case", directory) or ("bench", its options)."""
    kind, what = workload
    cmd = [args.ventus, kind]
    cmd += {"demo": ["-t", str(what)], "case": [str(what), "--check"]}.get(kind, what)
    cmd += ["--timing", "--config", config, "--stats-json", stats, "--set", f"{SKIP_KEY}={skip}"]
    if kind == "case":
        cmd += ["--events", events_path(stats)]
    for name, value in settings.items():
        cmd += ["--set", f"{name}={value}"]
    return cmd


def events_path(stats):
    """The event log written beside a statistics document."""
    return str(Path(stats).with_suffix(".events"))


def first_difference(a_path, b_path):
    """The first line where two event logs differ, or None when they are the same."""
    a = Path(a_path).read_text().splitlines()
    b = Path(b_path).read_text().splitlines()
    for number, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"line {number}: {x!r} against {y!r}"
    return None if len(a) == len(b) else f"{len(a)} lines against {len(b)}"


def run_tool(args, config, workload, settings, skip, stats):
    """(command, passed, output) of a demo, bench or case run. The tool refuses a machine with
    exit status 2 (README), so only then can a failure be a refusal."""
    cmd = tool_command(args, config, workload, settings, skip, stats)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout)
    output = proc.stdout + proc.stderr
    if proc.returncode != 0:
        status = "refused, exit status 2" if proc.returncode == 2 else f"exit status {proc.returncode}"
        return cmd, False, f"{status}:\n{output[-1500:]}"
    if workload[0] == "demo":
        ok = "all results match" in proc.stdout
    elif workload[0] == "case":
        ok = "PASS " in proc.stdout and "FAIL " not in proc.stdout
    else:  # the benchmark kernels check nothing: their statistics are compared
        ok = "total: " in proc.stdout
    return cmd, ok, output[-1500:] if ok else f"exit status 0, a result wrong:\n{output[-1500:]}"


def run_suite(args, settings):
    """(command, passed, output) of every kernel-suite test binary on the cycle model, the
    machine's parameters given through VENTUS_TEST_SET (kernels/common/harness.cpp)."""
    env = dict(os.environ, VENTUS_TEST_TIMING="1",
               VENTUS_TEST_SET=";".join(f"{k}={v}" for k, v in settings.items()))
    shown = f"VENTUS_TEST_TIMING=1 VENTUS_TEST_SET='{env['VENTUS_TEST_SET']}'"
    for binary in args.suite:
        proc = subprocess.run([binary, "--gtest_brief=1"], capture_output=True, text=True,
                              timeout=args.timeout, env=env)
        if proc.returncode != 0:
            return [shown, binary], False, (proc.stdout + proc.stderr)[-1500:]
    return [shown, "each of", str(len(args.suite)), "kernel-suite tests"], True, ""


STUCK = re.compile(r"no progress|internal error|bad_alloc|did not drain")
REFUSAL = re.compile(r"out of range|power of two|is larger than|must be|too small|cannot|"
                     r"is not in|exceeds|budget|does not fit the configured machine")


def refused(output, settings):
    """The first moved parameter that a refusal names, if `output` is one: the tool's exit
    status 2, or a kernel-suite test that could not create its device."""
    if output.startswith("exit status") or not REFUSAL.search(output):
        return None
    moved = [name for name in PARAMETER_NAME.findall(output) if name in settings]
    return moved[0] if moved else None


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
    # The two runs differ by design in the skip setting and the event log's file name.
    return sorted(k for k in a.keys() | b.keys()
                  if a.get(k) != b.get(k) and SKIP_KEY not in k and EVENTS_KEY not in k)


def describe(workload):
    kind, what = workload
    if kind == "demo":
        return f"demo, {what} threads"
    if kind == "bench":
        return "bench " + " ".join(what)
    return "kernel suite" if kind == "suite" else Path(what).name


def choose_workload(rnd, args):
    """As many trials of each kind of workload (the suite and the cases when given)."""
    kinds = ["demo", "bench"] + (["case"] if args.cases else []) + (["suite"] if args.suite else [])
    if args.extremes:  # one small workload: the machines, not the kernels, are on trial
        kinds = ["case"] if args.cases else ["demo"]
    kind = rnd.choice(kinds)
    if kind == "demo":
        return ("demo", rnd.choice([1, 2, 4, 8, 16, 32]))
    if kind == "bench":  # the ALU, memory and divergent kernels in a random launch shape
        return ("bench", ["--iterations", str(rnd.randint(5, 40)), "--warps",
                          str(rnd.randint(1, 8)), "--threads", str(rnd.choice([1, 4, 8, 32])),
                          "--work-groups", str(rnd.randint(1, 9))])
    return (kind, rnd.choice(args.cases)) if kind == "case" else (kind, 0)


def run_first(args, config, workload, settings, stats):
    """The first run, skipping idle cycles: (command, passed, output, notes). A refused value
    leaves `settings`, and so does the RTL's I-cache rule when it livelocks (docs/timing.md:
    not a fault of the model, so the machine must then run to the end without it)."""
    notes = ""
    for _ in range(len(settings) + 2):
        if workload[0] == "suite":
            cmd, ok, output = run_suite(args, settings)
        else:
            cmd, ok, output = run_tool(args, config, workload, settings, "true", stats["true"])
        if not ok and REARM_LIVELOCK in output and settings.get(REARM_KEY) != "false":
            settings[REARM_KEY] = "false"
            notes += f", the I-cache re-arm livelock (then {REARM_KEY}=false)"
            continue
        if not ok and args.extremes and STUCK.search(output):
            break  # a machine the ranges accept must run or be refused: never these
        name = None if ok else refused(output, settings)
        if name is None:
            break
        del settings[name]  # refused with a message naming it: fine, drop it
        notes += f", {name} refused"
    return cmd, ok, output, notes


def compare_ticking(args, config, workload, settings, stats):
    """What ticking every cycle changed against the first run, or None."""
    _, ok, output = run_tool(args, config, workload, settings, "false", stats["false"])
    if not ok:
        return f"ticking every cycle: {output}"
    try:
        diff = differences(stats["true"], stats["false"])
    except (OSError, ValueError) as e:
        return f"unreadable statistics: {e}"
    if diff:
        return (f"skipping idle cycles changed {len(diff)} statistics, e.g. {diff[:5]} "
                f"(rerun the command below, and with --set {SKIP_KEY}=false)")
    if workload[0] == "case":
        where = first_difference(events_path(stats["true"]), events_path(stats["false"]))
        if where is not None:
            return (f"skipping idle cycles moved an event, {where} (rerun the command below, "
                    f"and with --set {SKIP_KEY}=false)")
    return None


def trial(args, number, params_of, tmp):
    """(None when trial `number` passes, else what went wrong and the command to rerun; a
    summary of the machine it ran)."""
    rnd = random.Random(f"{args.seed}/{number}")
    config = rnd.choice(args.configs)
    workload = choose_workload(rnd, args)
    settings = pick_extremes(rnd, params_of[config], args.ranges[config], args.share) \
        if args.extremes else pick(rnd, params_of[config], args.share)
    stats = {skip: str(Path(tmp) / f"{skip}.json") for skip in ("true", "false")}
    cmd, ok, output, notes = run_first(args, config, workload, settings, stats)
    rerun = " ".join(cmd).replace(f"{tmp}/", "")  # the statistics into the current directory
    machine = Path(config).stem if workload[0] != "suite" else "built-in"
    summary = f"{machine}, {describe(workload)}, {len(settings)} parameters moved{notes}"
    if not ok:
        return f"{output}\n{rerun}", summary
    if args.extremes:  # completed, or refused up front (run_first dropped the value)
        return None, summary
    if workload[0] == "suite":
        return None, summary  # its results are checked; its statistics are not compared
    problem = compare_ticking(args, config, workload, settings, stats)
    return (None if problem is None else f"{problem}\n{rerun}"), summary


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
    parser.add_argument("--kernel-tests", default=None,
                        help="a build's kernels/ directory: its kernel_*_test binaries, run on the "
                             "cycle model with the trial's parameters, are a workload too")
    parser.add_argument("--extremes", action="store_true",
                        help="draw each moved *_cycles, size and count parameter at its minimum, "
                             "maximum or a random point of its range; every run must complete or "
                             "be refused up front")
    args = parser.parse_args()
    args.suite = sorted(str(b) for b in Path(args.kernel_tests).glob("*/kernel_*_test")) \
        if args.kernel_tests else []
    params_of = {c: parameters(args.ventus, c) for c in args.configs}
    args.ranges = {c: ranges(args.ventus, c) for c in args.configs} if args.extremes else {}
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
