"""Aligns two event logs of one launch (a cycle-model `--events` log and an RTL trace,
../shared/rtl/traces/README.md) event by event, for scripts/event_diff.py: the k-th event of
a stream in one log is paired with the k-th of the same stream in the other. A stream is an
event kind and a warp slot (`warp=` in the model's log, `w=` in the RTL's) for a warp's own
events, or an event kind alone (split by I-/D-cache for SM_MEM_*) for the memory side, whose
RTL lines carry no warp. The SM number is ignored (the RTL bench runs on SM 1, the model's
first group goes to SM 0). Deltas are the second log's cycle minus the first's."""
import collections

WARP_KINDS = {"DISPATCH", "IFETCH", "OC_IN", "ISSUE", "WB_X", "WB_V", "WARP_END", "BRANCH"}
SKIPPED_KINDS = {"KERNEL_START", "KERNEL_FAULT", "AXI_R", "AXI_W", "AXI_B"}
BUCKETS = ((-10**9, -16), (-15, -4), (-3, -1), (0, 0), (1, 3), (4, 15), (16, 10**9))


def stream_of(event):
    """The stream an event belongs to, or None for kinds only one side writes."""
    kind, f = event.name, event.fields
    if kind in SKIPPED_KINDS:
        return None
    if kind in WARP_KINDS:
        return (kind, f.get("warp", f.get("w")))
    if kind.startswith("SM_MEM_"):
        side = f.get("client", f.get("from", f.get("to", "")))
        return (kind, "I" if side in ("icache", "I") else "D")
    return (kind, None)


def streams(events):
    out = collections.defaultdict(list)
    for e in events:
        key = stream_of(e)
        if key is not None:
            out[key].append(e)
    return out


def pairs(a, b):
    """{stream: [(event a, event b)]} over the streams of both, plus {stream: (count a, count
    b)} for the streams whose counts differ."""
    sa, sb = streams(a), streams(b)
    paired = {k: list(zip(sa[k], sb[k])) for k in set(sa) & set(sb)}
    counts = {k: (len(sa.get(k, [])), len(sb.get(k, []))) for k in set(sa) | set(sb)
              if len(sa.get(k, [])) != len(sb.get(k, []))}
    return paired, counts


def histogram_lines(paired):
    """One row per event kind: pairs, mean delta and the count in each delta bucket."""
    by_kind = collections.defaultdict(list)
    for (kind, _), ps in paired.items():
        by_kind[kind] += [y.cycle - x.cycle for x, y in ps]
    heads = " ".join(f"{lo if lo > -10**9 else '':>4}..{hi if hi < 10**9 else '':<4}"
                     for lo, hi in BUCKETS)
    lines = [f"  delta histogram (cycles, second - first): {'kind':<12} {'pairs':>5} "
             f"{'mean':>7} | {heads}"]
    for kind in sorted(by_kind):
        d = by_kind[kind]
        cells = " ".join(f"{sum(lo <= x <= hi for x in d):>10}" for lo, hi in BUCKETS)
        lines.append(f"  {'':43}{kind:<12} {len(d):>5} {sum(d) / len(d):>+7.1f} | {cells}")
    return lines


def first_divergence_lines(paired, threshold):
    """Per warp, the first of its events (in the first log's order) whose delta exceeds the
    threshold, with the last event before it that was within it."""
    by_warp = collections.defaultdict(list)
    for (kind, warp), ps in paired.items():
        if kind in WARP_KINDS and kind != "IFETCH":  # fetch replays differ in number
            by_warp[warp] += ps
    lines = []
    for warp in sorted(by_warp, key=lambda w: int(w)):
        ps = sorted(by_warp[warp], key=lambda p: (p[0].cycle, p[1].cycle))
        last_ok = None
        for x, y in ps:
            if abs(y.cycle - x.cycle) > threshold:
                before = (f"; last within: {last_ok[0].name} pc={last_ok[0].fields.get('pc', '-')}"
                          f" {last_ok[0].cycle} against {last_ok[1].cycle}") if last_ok else ""
                lines.append(f"  warp {warp}: first beyond {threshold} cycles: {x.name} "
                             f"pc={x.fields.get('pc', '-')} {x.cycle} against {y.cycle} "
                             f"({y.cycle - x.cycle:+d}){before}")
                break
            last_ok = (x, y)
        else:
            lines.append(f"  warp {warp}: every event within {threshold} cycles")
    return lines


def lag_by_pc_lines(paired, top):
    """Where the second log gains on the first: for each warp's n-th instruction, the change in
    delta from its previous ISSUE to its OC_IN (waiting before the collector: fetch,
    scoreboard, arbitration) and from OC_IN to ISSUE (in the collector), summed by pc."""
    wait, held = collections.Counter(), collections.Counter()
    for (kind, warp), issues in paired.items():
        if kind != "ISSUE":
            continue
        ocs = paired.get(("OC_IN", warp), [])
        prev = None
        for (ix, iy), (ox, oy) in zip(issues, ocs):
            d_issue, d_oc = iy.cycle - ix.cycle, oy.cycle - ox.cycle
            pc = ix.fields.get("pc")
            if prev is not None:
                wait[pc] += d_oc - prev
            held[pc] += d_issue - d_oc
            prev = d_issue
    rows = sorted(set(wait) | set(held), key=lambda pc: -abs(wait[pc] + held[pc]))[:top]
    lines = [f"  lag gained by pc (sum over warps): {'pc':<10} {'wait':>6} {'collector':>9}"]
    lines += [f"  {'':34}{pc:<10} {wait[pc]:>+6d} {held[pc]:>+9d}" for pc in rows]
    return lines


def align_lines(a, b, threshold, top):
    """The alignment report of one launch."""
    paired, counts = pairs(a, b)
    lines = [f"  alignment (events paired per stream, threshold {threshold} cycles):"]
    for (kind, key), (na, nb) in sorted(counts.items(), key=str):
        lines.append(f"  stream {kind}{'' if key is None else ' ' + key}: {na} against {nb}")
    return (lines + first_divergence_lines(paired, threshold) + histogram_lines(paired)
            + lag_by_pc_lines(paired, top))
