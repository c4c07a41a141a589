#!/usr/bin/env python3
"""Where a launch's time goes, instruction by instruction, from a cycle-model event log
(`ventus run|case|demo ... --timing --events FILE`, docs/timing.md "Event log").

Each warp's cycles from its dispatch to its last issue are charged to the instructions it
issued: an instruction gets the cycles since the warp's previous issue (or its dispatch), split
into the wait before it entered the operand collector (fetch, scoreboard, a free collector
unit) and its time in the collector (operands, the unit's ready). One row per pc, the costliest
first:

  scripts/event_profile.py run.events [--launch NAME] [--top 20]
"""
import argparse
import collections
import sys

from event_log import read_launches


def profile(events):
    """{pc: [issues, cycles, before-collector cycles, collector cycles, mnemonic]}."""
    rows = collections.defaultdict(lambda: [0, 0, 0, 0, ""])
    last = {}  # slot -> the cycle of its previous issue (or dispatch)
    entered = {}  # slot -> the cycle its instruction entered the collector
    for e in events:
        slot = (e.fields.get("sm"), e.fields.get("warp"))
        if e.name == "DISPATCH":
            last[slot] = e.cycle
        elif e.name == "OC_IN":
            entered[slot] = e.cycle
        elif e.name == "ISSUE" and slot in last and slot in entered:
            row = rows[e.fields["pc"]]
            row[0] += 1
            row[1] += e.cycle - last[slot]
            row[2] += entered[slot] - last[slot]
            row[3] += e.cycle - entered[slot]
            row[4] = e.line.split()[-1]  # the mnemonic
            last[slot] = e.cycle
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events")
    parser.add_argument("--launch", help="only this launch (default: every launch)")
    parser.add_argument("--top", type=int, default=20, help="rows per launch (0: all)")
    args = parser.parse_args()
    try:
        logged = read_launches(args.events)
    except (OSError, ValueError, UnicodeDecodeError) as e:
        print(f"event_profile: {e}", file=sys.stderr)
        return 2
    chosen = [(n, e) for n, e in logged if args.launch in (None, n)]
    if not chosen:
        print(f"event_profile: no launch {args.launch!r} in {args.events}", file=sys.stderr)
        return 2
    for name, events in chosen:
        rows = profile(events)
        total = sum(r[1] for r in rows.values())
        print(f"launch {name}: {sum(r[0] for r in rows.values())} issues, {total} warp cycles "
              f"from dispatch to last issue")
        print(f"{'pc':<12} {'insn':<12} {'issues':>7} {'cycles':>8} {'share':>7} "
              f"{'wait/issue':>11} {'collector/issue':>16}")
        ranked = sorted(rows.items(), key=lambda kv: (-kv[1][1], kv[0]))
        for pc, (n, cycles, wait, collector, mnemonic) in ranked[:args.top or None]:
            share = 100.0 * cycles / total if total else 0.0
            print(f"{pc:<12} {mnemonic:<12} {n:>7} {cycles:>8} {share:>6.1f}% "
                  f"{wait / n:>11.1f} {collector / n:>16.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
