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


def launches(path):
    """[(name, [(cycle, event, {field: value}, words)])] in file order."""
    result = []
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if line.startswith("# launch "):
                result.append((line[len("# launch "):], []))
                continue
            if not line or line.startswith("#"):
                continue
            words = line.split()
            if not result or len(words) < 2 or not words[0].isdigit():
                raise ValueError(f"{path}:{number}: not an event line: {line[:80]!r}")
            fields = dict(w.split("=", 1) for w in words[2:] if "=" in w)
            result[-1][1].append((int(words[0]), words[1], fields, words))
    return result


def profile(events):
    """{pc: [issues, cycles, before-collector cycles, collector cycles, mnemonic]}."""
    rows = collections.defaultdict(lambda: [0, 0, 0, 0, ""])
    last = {}  # slot -> the cycle of its previous issue (or dispatch)
    entered = {}  # slot -> the cycle its instruction entered the collector
    for cycle, event, fields, words in events:
        slot = (fields.get("sm"), fields.get("warp"))
        if event == "DISPATCH":
            last[slot] = cycle
        elif event == "OC_IN":
            entered[slot] = cycle
        elif event == "ISSUE" and slot in last and slot in entered:
            row = rows[fields["pc"]]
            row[0] += 1
            row[1] += cycle - last[slot]
            row[2] += entered[slot] - last[slot]
            row[3] += cycle - entered[slot]
            row[4] = words[-1]
            last[slot] = cycle
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("events")
    parser.add_argument("--launch", help="only this launch (default: every launch)")
    parser.add_argument("--top", type=int, default=20, help="rows per launch (0: all)")
    args = parser.parse_args()
    try:
        logged = launches(args.events)
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
