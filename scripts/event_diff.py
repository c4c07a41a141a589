#!/usr/bin/env python3
"""Compares two cycle-model event logs (`ventus case --timing --events FILE`, docs/timing.md
"Event log"), or a model log with an RTL trace written in the same line format, launch by launch.

For each launch in both (paired in the order they ran): the end cycles, the event kinds whose counts differ, the first line
where the two logs part, and per warp the first issued instruction whose cycle moved (the warps'
ISSUE lines matched in program order) with how far each warp's last issue moved.

  scripts/event_diff.py model.events rtl.events [--align [--threshold N] [--top K]]

--align adds, per launch, an event-by-event alignment (scripts/event_align.py): the streams
whose event counts differ, per warp the first event moved by more than N cycles, a histogram
of the deltas per event kind, and the pcs where the second log's warps gain (or lose) time.
Exit status: 0 the logs are the same, 1 they differ, 2 a file could not be read.
"""
import argparse
import collections
import sys

from event_align import align_lines
from event_log import read_launches


def issues_by_warp(events, with_sm):
    """{(sm, warp): [(pc, cycle)]} of the ISSUE lines, in order (`w=` is the RTL trace's name
    for the warp slot; sm None when `with_sm` is false)."""
    warps = collections.defaultdict(list)
    for e in events:
        if e.name == "ISSUE":
            sm = e.fields.get("sm") if with_sm else None
            warps[(sm, e.fields.get("warp", e.fields.get("w")))].append((e.fields.get("pc"), e.cycle))
    return warps


def compare_warps(a, b):
    """Lines on the first moved issue and the last issue of each warp."""
    lines = []
    sms = [{e.fields.get("sm") for e in log if e.name == "ISSUE"} for log in (a, b)]
    # The RTL bench runs its one group on SM 1, the model on SM 0: match warps across SMs then.
    wa, wb = (issues_by_warp(log, sms[0] == sms[1]) for log in (a, b))
    for key in sorted(set(wa) | set(wb), key=str):
        ia, ib = wa.get(key, []), wb.get(key, [])
        name = f"warp {key[1]}" if key[0] is None else f"sm {key[0]} warp {key[1]}"
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


def compare_launch(name, a, b, args):
    """The report lines of one launch; empty when it is the same in both."""
    if [e.line for e in a] == [e.line for e in b]:
        return []
    end_a = max((e.cycle for e in a if e.name == "KERNEL_END"), default=None)
    end_b = max((e.cycle for e in b if e.name == "KERNEL_END"), default=None)
    lines = [f"launch {name}: end cycle {end_a} against {end_b}"]
    ca = collections.Counter(e.name for e in a)
    cb = collections.Counter(e.name for e in b)
    for kind in sorted(set(ca) | set(cb)):
        if ca[kind] != cb[kind]:
            lines.append(f"  {kind}: {ca[kind]} against {cb[kind]}")
    for n, (x, y) in enumerate(zip(a, b)):
        if x.line != y.line:
            lines.append(f"  first difference, event {n}: {x.line!r} against {y.line!r}")
            break
    lines += compare_warps(a, b)
    return lines + (align_lines(a, b, args.threshold, args.top) if args.align else [])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--align", action="store_true",
                        help="also pair the events stream by stream (scripts/event_align.py)")
    parser.add_argument("--threshold", type=int, default=4,
                        help="--align: a warp diverges at its first event moved by more (4)")
    parser.add_argument("--top", type=int, default=12, help="--align: rows of the pc table")
    args = parser.parse_args()
    try:
        logs = read_launches(args.a), read_launches(args.b)
    except (OSError, ValueError, UnicodeDecodeError) as e:
        print(f"event_diff: {e}", file=sys.stderr)
        return 2
    report = []  # launches paired in order: a run's launches come in the order it ran them
    for (name_a, a), (name_b, b) in zip(*logs):
        if name_a != name_b:
            report.append(f"launch {name_a} against launch {name_b}: not the same launch")
        else:
            report += compare_launch(name_a, a, b, args)
    for path, extra in ((args.a, logs[0][len(logs[1]):]), (args.b, logs[1][len(logs[0]):])):
        report += [f"launch {name}: only in {path}" for name, _ in extra]
    print("\n".join(report) if report else "the event logs are the same")
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main())
