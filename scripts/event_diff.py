#!/usr/bin/env python3
"""Compares two cycle-model event logs (`ventus case --timing --events FILE`, docs/timing.md
"Event log"), or a model log with an RTL trace written in the same line format, launch by launch.

For each launch in both: the end cycles, the event kinds whose counts differ, the first line
where the two logs part, and per warp the first issued instruction whose cycle moved (the warps'
ISSUE lines matched in program order) with how far each warp's last issue moved.

  scripts/event_diff.py model.events rtl.events
Exit status: 0 the logs are the same, 1 they differ, 2 a file could not be read.
"""
import argparse
import collections
import sys


def parse(path):
    """{launch name: [(cycle, event, {field: value}, line)]} in file order."""
    launches = collections.OrderedDict()
    current = None
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("# launch "):
                current = launches.setdefault(line[len("# launch "):], [])
                continue
            if not line or line.startswith("#"):
                continue
            words = line.split()
            if current is None or len(words) < 2 or not words[0].isdigit():
                raise ValueError(f"{path}:{number}: not an event line: {line[:80]!r}")
            fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            current.append((int(words[0]), words[1], fields, line))
    return launches


def issues_by_warp(events):
    """{(sm, warp): [(pc, cycle)]} of the ISSUE lines, in order."""
    warps = collections.defaultdict(list)
    for cycle, event, fields, _ in events:
        if event == "ISSUE":
            warps[(fields.get("sm"), fields.get("warp"))].append((fields.get("pc"), cycle))
    return warps


def compare_warps(a, b):
    """Lines on the first moved issue and the last issue of each warp."""
    lines = []
    wa, wb = issues_by_warp(a), issues_by_warp(b)
    for key in sorted(set(wa) | set(wb), key=str):
        ia, ib = wa.get(key, []), wb.get(key, [])
        name = f"sm {key[0]} warp {key[1]}"
        if len(ia) != len(ib):
            lines.append(f"  {name}: {len(ia)} issues against {len(ib)}")
        for n, ((pa, ca), (pb, cb)) in enumerate(zip(ia, ib)):
            if pa != pb:
                lines.append(f"  {name}: issue {n} is pc {pa} against {pb}: the paths part")
                break
            if ca != cb:
                lines.append(f"  {name}: first moved issue {n}, pc {pa}: cycle {ca} against "
                             f"{cb} ({cb - ca:+d})")
                break
        if ia and ib:
            (_, la), (_, lb) = ia[-1], ib[-1]
            lines.append(f"  {name}: last issue cycle {la} against {lb} ({lb - la:+d})")
    return lines


def compare_launch(name, a, b):
    """The report lines of one launch; empty when it is the same in both."""
    if [e[3] for e in a] == [e[3] for e in b]:
        return []
    end_a = max((e[0] for e in a if e[1] == "KERNEL_END"), default=None)
    end_b = max((e[0] for e in b if e[1] == "KERNEL_END"), default=None)
    lines = [f"launch {name}: end cycle {end_a} against {end_b}"]
    ca = collections.Counter(e[1] for e in a)
    cb = collections.Counter(e[1] for e in b)
    for kind in sorted(set(ca) | set(cb)):
        if ca[kind] != cb[kind]:
            lines.append(f"  {kind}: {ca[kind]} against {cb[kind]}")
    for n, (x, y) in enumerate(zip(a, b)):
        if x[3] != y[3]:
            lines.append(f"  first difference, event {n}: {x[3]!r} against {y[3]!r}")
            break
    return lines + compare_warps(a, b)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args()
    try:
        logs = parse(args.a), parse(args.b)
    except (OSError, ValueError, UnicodeDecodeError) as e:
        print(f"event_diff: {e}", file=sys.stderr)
        return 2
    report = []
    for name in logs[0]:
        if name not in logs[1]:
            report.append(f"launch {name}: only in {args.a}")
        else:
            report += compare_launch(name, logs[0][name], logs[1][name])
    report += [f"launch {name}: only in {args.b}" for name in logs[1] if name not in logs[0]]
    print("\n".join(report) if report else "the event logs are the same")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
