#!/usr/bin/python3
"""Draws the cycle model's plots: stall breakdown, timeline and calibration (docs/plots.md).

Sub-commands, each writing PNG or SVG by the extension of -o:
  stalls STATS.json [STATS2.json ...] -o OUT      stacked stall reasons per launch
  timeline TIMELINE.json -o OUT                   IPC per SM and memory-port busy over time
  calibration (--csv CYCLES.csv | --reference REF.json) MODEL.json [...] -o OUT
                                                  model cycles against reference cycles
  sweep OUT|results.sqlite --x AXIS [--y AXIS] [--metric M] -o OUT
                                                  a sweep's metric against one axis (a line per
                                                  workload) or two (a heatmap per workload)
A missing or malformed input, or an output that cannot be written, is one line on standard
error and exit status 2. Uses Debian's matplotlib (python3-matplotlib, /usr/bin/python3).
"""
import argparse
import csv
import json
import math
import os
import re
import sqlite3
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    plt = None

STALL_KEY = re.compile(r"^timing\.sm(\d+)\.stall$")
STALL_ORDER = ["issued", "idle", "barrier", "control", "scoreboard", "collector", "unit_busy",
               "lsu_full", "fetch_miss", "fetch_redirect", "fetch_blocked", "pipeline"]
OUTPUT_FORMATS = {".png": "png", ".svg": "svg"}
TIMELINE_FORMAT = "ventus-timeline"
CALIBRATION_BAND = 0.05


class PlotError(Exception):
    """A bad input or output: reported as one line, exit status 2."""


# ---- reading inputs ------------------------------------------------------------------------

def load_json(path):
    """The parsed JSON document of path."""
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise PlotError(f"{path}: cannot read: {e.strerror}") from None
    except (ValueError, RecursionError) as e:
        raise PlotError(f"{path}: not valid JSON: {e}") from None


def field(obj, key, where):
    """obj[key]; an error naming where when obj is not an object or lacks the key."""
    if not isinstance(obj, dict):
        raise PlotError(f"{where}: expected a JSON object")
    if key not in obj:
        raise PlotError(f'{where}: missing key "{key}"')
    return obj[key]


def number(value, where):
    """value when it is a finite JSON number."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise PlotError(f"{where}: expected a number, got {json.dumps(value)[:40]}")
    return value


def file_stem(path):
    """The file name without directory and extension: stats.json -> stats."""
    return os.path.splitext(os.path.basename(path))[0]


def load_launches(path):
    """The launch objects of a --stats-json file, each checked to carry a stats object."""
    launches = field(load_json(path), "launches", path)
    if not isinstance(launches, list) or not launches:
        raise PlotError(f'{path}: "launches" is not a non-empty list')
    for index, launch in enumerate(launches):
        if not isinstance(field(launch, "stats", f"{path}: launch {index}"), dict):
            raise PlotError(f'{path}: launch {index}: "stats" is not an object')
    return launches


def launch_name(launch, index):
    """The launch's name (`case`), else its kernel, else #index."""
    name = launch.get("launch") or launch.get("kernel")
    return str(name) if name else f"#{index}"


def launch_cycles(launch, where):
    """The launch's cycles on the cycle model."""
    if "cycles" not in launch:
        raise PlotError(f'{where}: missing key "cycles" (run ventus with --timing)')
    return number(launch["cycles"], f"{where}: cycles")


# ---- output --------------------------------------------------------------------------------

def output_format(path):
    """png or svg, from the extension of path."""
    extension = os.path.splitext(path)[1].lower()
    if extension not in OUTPUT_FORMATS:
        raise PlotError(f"{path}: output must end in .png or .svg")
    return OUTPUT_FORMATS[extension]


def save(fig, path):
    """Writes the figure to path in the format its extension names."""
    try:
        fig.savefig(path, format=output_format(path), bbox_inches="tight", dpi=100)
    except OSError as e:
        raise PlotError(f"{path}: cannot write: {e.strerror or e}") from None
    finally:
        plt.close(fig)


# ---- stalls --------------------------------------------------------------------------------

def stall_breakdown(stats, where):
    """Cycles per stall reason, summed over the SMs' timing.sm<N>.stall vectors."""
    totals = {}
    found = False
    for key, vector in stats.items():
        if not STALL_KEY.match(key):
            continue
        found = True
        if not isinstance(vector, dict):
            raise PlotError(f"{where}: {key} is not a vector (an object of reasons)")
        for reason, cycles in vector.items():
            if reason != "total":
                totals[reason] = totals.get(reason, 0) + number(cycles, f"{where}: {key}.{reason}")
    if not found:
        raise PlotError(f"{where}: no timing.sm<N>.stall statistics (run ventus with --timing)")
    return totals


def stall_reasons(breakdowns, with_idle):
    """The reasons to draw: the known ones in pipeline order, then any others by name."""
    seen = set().union(*breakdowns)
    reasons = [r for r in STALL_ORDER if r in seen] + sorted(seen - set(STALL_ORDER))
    return reasons if with_idle else [r for r in reasons if r != "idle"]


def stall_bars(paths):
    """(label, breakdown) per launch of every file: label = file stem and launch name."""
    bars = []
    for path in paths:
        stem = file_stem(path)
        for index, launch in enumerate(load_launches(path)):
            name = launch_name(launch, index)
            breakdown = stall_breakdown(launch["stats"], f"{path}: launch {name}")
            bars.append((f"{stem} {name}", breakdown))
    return bars


def bar_heights(breakdowns, reasons, fraction):
    """reason -> height per bar; with fraction, each bar's drawn reasons sum to 1."""
    heights = {r: [b.get(r, 0) for b in breakdowns] for r in reasons}
    if fraction:
        sums = [sum(heights[r][i] for r in reasons) for i in range(len(breakdowns))]
        for r in reasons:
            heights[r] = [h / s if s else 0 for h, s in zip(heights[r], sums)]
    return heights


def plot_stalls(args):
    """Stacked bars of the stall reasons, one bar per launch of every stats file."""
    bars = stall_bars(args.stats)
    labels = [label for label, _ in bars]
    breakdowns = [breakdown for _, breakdown in bars]
    reasons = stall_reasons(breakdowns, args.with_idle)
    heights = bar_heights(breakdowns, reasons, args.fraction)
    fig, ax = plt.subplots(figsize=(max(6.4, 1.0 + 0.7 * len(labels)), 4.8))
    positions = range(len(labels))
    bottom = [0] * len(labels)
    colours = plt.get_cmap("tab20")
    for k, reason in enumerate(reasons):
        ax.bar(positions, heights[reason], bottom=bottom, label=reason, color=colours(k % 20))
        bottom = [b + h for b, h in zip(bottom, heights[reason])]
    ax.set_xticks(list(positions), labels, rotation=30, ha="right")
    ax.set_ylabel("fraction of warp-slot cycles" if args.fraction
                  else "warp-slot cycles (all SMs)")
    idle_note = "" if args.with_idle else " (idle left out)"
    ax.set_title(f"Warp-slot cycles by stall reason{idle_note}")
    if reasons:  # legend top to bottom like the stack
        handles, names = ax.get_legend_handles_labels()
        ax.legend(handles[::-1], names[::-1], loc="upper left", bbox_to_anchor=(1.01, 1.0),
                  fontsize="small")
    save(fig, args.output)


# ---- timeline ------------------------------------------------------------------------------

def load_trace_events(path):
    """The traceEvents of a ventus timeline file (Chrome Trace Event Format)."""
    doc = load_json(path)
    events = field(doc, "traceEvents", path)
    if not isinstance(events, list):
        raise PlotError(f'{path}: "traceEvents" is not a list')
    other = doc.get("otherData")
    kind = other.get("format") if isinstance(other, dict) else None
    if kind is not None and kind != TIMELINE_FORMAT:
        raise PlotError(f'{path}: otherData.format is "{kind}", expected "{TIMELINE_FORMAT}"')
    return events


def counter_sample(event, value_key, where):
    """(ts, value) of a counter event."""
    ts = number(field(event, "ts", where), f"{where}: ts")
    value = number(field(field(event, "args", where), value_key, f"{where}: args"),
                   f"{where}: args.{value_key}")
    return ts, value


def counter_series(events, path):
    """IPC samples per SM (pid -> [(ts, ipc)]) and memory-port busy samples [(ts, busy)]."""
    ipc, busy = {}, []
    for index, event in enumerate(events):
        if not isinstance(event, dict) or event.get("ph") != "C":
            continue
        where = f"{path}: traceEvents[{index}]"
        if event.get("name") == "IPC":
            sm = number(field(event, "pid", where), f"{where}: pid")
            ipc.setdefault(sm, []).append(counter_sample(event, "ipc", where))
        elif event.get("name") == "memory port busy":
            busy.append(counter_sample(event, "busy", where))
    if not ipc and not busy:
        raise PlotError(f'{path}: no "IPC" or "memory port busy" counter events')
    return ipc, busy


def draw_steps(ax, samples, label):
    """A counter as Chrome draws it: each value holds until the next sample."""
    samples = sorted(samples)
    ax.step([t for t, _ in samples], [v for _, v in samples], where="post", label=label)


def plot_timeline(args):
    """IPC per SM above memory-port utilisation, over cycles."""
    ipc, busy = counter_series(load_trace_events(args.timeline), args.timeline)
    fig, (ax_ipc, ax_port) = plt.subplots(2, 1, sharex=True, figsize=(9, 5.5))
    for sm in sorted(ipc):
        draw_steps(ax_ipc, ipc[sm], f"SM {sm:g}")
    ax_ipc.set_ylabel("IPC")
    ax_ipc.set_title(f"Timeline of {os.path.basename(args.timeline)}")
    if ipc:
        ax_ipc.legend(loc="upper right", fontsize="small")
    if busy:
        draw_steps(ax_port, busy, "memory port")
    ax_port.set_ylim(0, 1.05)
    ax_port.set_ylabel("memory port busy")
    ax_port.set_xlabel("cycle")
    save(fig, args.output)


# ---- calibration ---------------------------------------------------------------------------

def read_rtl_cycles(path):
    """(case, launch) -> RTL cycles of a cycles.csv
    (header case,threads_per_warp,order,launch,rtl_cycles)."""
    table = {}
    try:
        with open(path, newline="", encoding="utf-8") as f:
            reader = csv.DictReader(f)
            missing = {"case", "launch", "rtl_cycles"} - set(reader.fieldnames or [])
            if missing:
                raise PlotError(f"{path}: missing column(s) {', '.join(sorted(missing))}")
            for row in reader:
                where = f"{path}:{reader.line_num}"
                try:
                    table[(row["case"], row["launch"])] = float(row["rtl_cycles"])
                except (TypeError, ValueError):
                    raise PlotError(f"{where}: rtl_cycles is not a number") from None
    except OSError as e:
        raise PlotError(f"{path}: cannot read: {e.strerror}") from None
    except (csv.Error, UnicodeDecodeError) as e:
        raise PlotError(f"{path}: not a valid CSV file: {e}") from None
    return table


def warn(message):
    """A non-fatal problem on standard error."""
    print(f"ventus_plot: warning: {message}", file=sys.stderr)


def point_label(path, name, several_files):
    """The launch name, prefixed by the file stem when several model files are drawn."""
    return f"{file_stem(path)} {name}" if several_files else name


def csv_points(args):
    """(label, RTL cycles, model cycles) per model launch found in the CSV."""
    table = read_rtl_cycles(args.csv)
    points = []
    for path in args.model:
        case = args.case or file_stem(path)
        for index, launch in enumerate(load_launches(path)):
            name = launch_name(launch, index)
            model = launch_cycles(launch, f"{path}: launch {name}")
            if (case, name) not in table:
                warn(f"{path}: launch {name}: no row for case {case} in {args.csv}, left out")
                continue
            label = point_label(path, name, len(args.model) > 1)
            points.append((label, table[(case, name)], model))
    return points


def matching_launch(reference, launch, index):
    """The reference launch with the same name, else the one at the same index when either
    side has no names; None when there is none."""
    name = launch.get("launch")
    names = [r.get("launch") for r in reference]
    if name and all(names):
        return reference[names.index(name)] if name in names else None
    return reference[index] if index < len(reference) else None


def reference_points(args):
    """(label, reference cycles, model cycles) per model launch matched in --reference."""
    reference = load_launches(args.reference)
    points = []
    for path in args.model:
        for index, launch in enumerate(load_launches(path)):
            name = launch_name(launch, index)
            model = launch_cycles(launch, f"{path}: launch {name}")
            match = matching_launch(reference, launch, index)
            if match is None:
                warn(f"{path}: launch {name}: no matching launch in {args.reference}, left out")
                continue
            cycles = launch_cycles(match, f"{args.reference}: launch {launch_name(match, index)}")
            points.append((point_label(path, name, len(args.model) > 1), cycles, model))
    return points


def error_summary(points):
    """' mean |error| x %, worst y %' over the points with reference cycles, else ''."""
    errors = [abs(m - r) / r * 100 for _, r, m in points if r > 0]
    if not errors:
        return ""
    return f": mean |error| {sum(errors) / len(errors):.1f} %, worst {max(errors):.1f} %"


def plot_calibration(args):
    """Model cycles against reference cycles per launch, with y = x and the ±5 % band."""
    points = csv_points(args) if args.csv else reference_points(args)
    if not points:
        raise PlotError("no launch of the model files has reference cycles to compare with")
    fig, ax = plt.subplots(figsize=(6.4, 6.4))
    top = 1.08 * max(max(r, m) for _, r, m in points)
    ax.fill_between([0, top], [0, top * (1 - CALIBRATION_BAND)], [0, top * (1 + CALIBRATION_BAND)],
                    color="tab:green", alpha=0.15, label=f"±{CALIBRATION_BAND * 100:g} %")
    ax.plot([0, top], [0, top], "k--", linewidth=1, label="model = reference")
    ax.scatter([r for _, r, _ in points], [m for _, _, m in points], color="tab:blue", zorder=3)
    for label, r, m in points:
        ax.annotate(label, (r, m), xytext=(4, 4), textcoords="offset points", fontsize=8)
    ax.set_xlim(0, top)
    ax.set_ylim(0, top)
    ax.set_xlabel("RTL cycles" if args.csv else f"reference cycles ({file_stem(args.reference)})")
    ax.set_ylabel("model cycles")
    ax.set_title("Cycle model calibration" + error_summary(points))
    ax.legend(loc="upper left", fontsize="small")
    save(fig, args.output)


# ---- sweep ---------------------------------------------------------------------------------

POINT_METRICS = ("host_seconds", "sim_rate", "max_rss_kib")


def sweep_database(path):
    """An open results.sqlite of `ventus sweep collect` (path is it or its output folder)."""
    if os.path.isdir(path):
        path = os.path.join(path, "results.sqlite")
    if not os.path.isfile(path):
        raise PlotError(f"{path}: no such file (run `ventus sweep collect OUT` first)")
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        db.execute("SELECT 1 FROM points LIMIT 1")
        return db
    except sqlite3.Error as e:
        raise PlotError(f"{path}: not a sweep's results.sqlite: {e}") from None


def columns(db, table):
    return [row[1] for row in db.execute(f'PRAGMA table_info("{table}")')]


def point_metric(db, metric):
    """{point: value} of the points that finished ok: launch metrics summed over a point's
    launches, IPC as warp-instructions over cycles, host metrics as they are."""
    if metric in POINT_METRICS:
        sql = f'SELECT point, "{metric}" FROM points WHERE status = \'ok\''
    elif metric == "ipc":
        sql = ("SELECT point, CAST(SUM(warp_instructions) AS REAL) / SUM(cycles) FROM launches "
               "GROUP BY point HAVING SUM(cycles) > 0")
    elif metric in columns(db, "launches")[4:]:
        sql = f'SELECT point, SUM("{metric}") FROM launches GROUP BY point'
    else:
        known = ", ".join(["ipc", *columns(db, "launches")[4:], *POINT_METRICS])
        raise PlotError(f"unknown metric '{metric}' (known: {known})")
    ok = {p for (p,) in db.execute("SELECT point FROM points WHERE status = 'ok'")}
    return {p: v for p, v in db.execute(sql) if p in ok and v is not None}


def axis_value(text):
    """Axis values sort as numbers when they are numbers."""
    try:
        return float(text)
    except (TypeError, ValueError):
        return text


def sweep_series(db, metric, x_axis, y_axis):
    """{workload: {(x, y): [values]}} over the points that finished ok."""
    axes = columns(db, "points")
    for axis in filter(None, (x_axis, y_axis)):
        if axis not in axes:
            raise PlotError(f"unknown axis '{axis}' (the sweep's columns: {', '.join(axes)})")
    values = point_metric(db, metric)
    y_sql = f', "{y_axis}"' if y_axis else ", NULL"
    series = {}
    for point, workload, x, y in db.execute(f'SELECT point, workload, "{x_axis}"{y_sql} FROM points'):
        if point in values:
            series.setdefault(workload, {}).setdefault((axis_value(x), axis_value(y)), []).append(values[point])
    if not series:
        raise PlotError("no point finished ok: nothing to draw")
    return series


def plot_sweep(args):
    db = sweep_database(args.results)
    series = sweep_series(db, args.metric, args.x, args.y)
    note = " (mean over the other axes)" if any(len(v) > 1 for s in series.values() for v in s.values()) else ""
    if not args.y:
        fig, ax = plt.subplots(figsize=(7, 4.5))
        for workload, cells in sorted(series.items()):
            xs = sorted(cells)
            ax.plot([x for x, _ in xs], [sum(cells[k]) / len(cells[k]) for k in xs], marker="o", label=workload)
        ax.set_xlabel(args.x)
        ax.set_ylabel(args.metric)
        ax.legend(fontsize="small")
        ax.set_title(f"{args.metric} against {args.x}{note}")
        save(fig, args.output)
        return
    workloads = sorted(series)
    fig, axes = plt.subplots(1, len(workloads), figsize=(5 * len(workloads), 3.8), squeeze=False)
    for ax, workload in zip(axes[0], workloads):
        cells = series[workload]
        xs = sorted({x for x, _ in cells}, key=str) if any(isinstance(x, str) for x, _ in cells) else sorted({x for x, _ in cells})
        ys = sorted({y for _, y in cells}, key=str) if any(isinstance(y, str) for _, y in cells) else sorted({y for _, y in cells})
        grid = [[sum(cells[(x, y)]) / len(cells[(x, y)]) if (x, y) in cells else math.nan for x in xs] for y in ys]
        image = ax.imshow(grid, origin="lower", aspect="auto", cmap="viridis")
        ax.set_xticks(range(len(xs)), [f"{x:g}" if isinstance(x, float) else x for x in xs])
        ax.set_yticks(range(len(ys)), [f"{y:g}" if isinstance(y, float) else y for y in ys])
        ax.set_xlabel(args.x)
        ax.set_ylabel(args.y)
        ax.set_title(workload, fontsize="small")
        fig.colorbar(image, ax=ax, label=args.metric)
    fig.suptitle(f"{args.metric}{note}")
    fig.tight_layout()
    save(fig, args.output)


# ---- command line --------------------------------------------------------------------------

def parse_args(argv):
    """The sub-command and its options; usage errors exit 2 (argparse)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True, metavar="SUB-COMMAND")

    stalls = sub.add_parser("stalls", help="stacked stall reasons per launch of --stats-json files")
    stalls.add_argument("stats", nargs="+", metavar="STATS.json")
    stalls.add_argument("--with-idle", action="store_true", help="keep the idle reason")
    stalls.add_argument("--fraction", action="store_true", help="normalise each bar to 1")
    stalls.set_defaults(draw=plot_stalls)

    timeline = sub.add_parser("timeline",
                              help="IPC per SM and memory-port busy of a --timeline file")
    timeline.add_argument("timeline", metavar="TIMELINE.json")
    timeline.set_defaults(draw=plot_timeline)

    calibration = sub.add_parser("calibration", help="model cycles against reference cycles")
    calibration.add_argument("model", nargs="+", metavar="MODEL_STATS.json")
    source = calibration.add_mutually_exclusive_group(required=True)
    source.add_argument("--csv", metavar="CYCLES.csv", help="RTL cycles (../shared/rtl/cycles.csv)")
    source.add_argument("--reference", metavar="REF_STATS.json", help="reference --stats-json file")
    calibration.add_argument("--case", metavar="NAME",
                             help="case name in the CSV (default: the model file's stem)")
    calibration.set_defaults(draw=plot_calibration)

    sweep = sub.add_parser("sweep", help="a sweep's metric against one or two axes")
    sweep.add_argument("results", metavar="OUT|results.sqlite")
    sweep.add_argument("--x", required=True, metavar="AXIS", help="axis key, e.g. sm.warp_slots")
    sweep.add_argument("--y", metavar="AXIS", help="second axis: a heatmap per workload")
    sweep.add_argument("--metric", default="cycles",
                       help="cycles (default), ipc, a launches column or host_seconds, sim_rate")
    sweep.set_defaults(draw=plot_sweep)

    for parser in (stalls, timeline, calibration, sweep):
        parser.add_argument("-o", "--output", required=True, metavar="OUT.png|OUT.svg")
    args = p.parse_args(argv)
    if args.command == "calibration" and args.case and len(args.model) > 1:
        calibration.error("--case takes one model file")
    if args.command == "calibration" and args.case and not args.csv:
        calibration.error("--case goes with --csv")
    return args


def main(argv=None):
    """Draws the requested plot; 0 on success, 2 on bad input or output."""
    args = parse_args(argv)
    try:
        output_format(args.output)
        if plt is None:
            raise PlotError(f"matplotlib is not installed for {sys.executable}: install Debian's "
                            "python3-matplotlib and run with /usr/bin/python3")
        args.draw(args)
    except PlotError as e:
        print(f"ventus_plot: {e}", file=sys.stderr)
        return 2
    except Exception as e:  # never a traceback: report it like ventus' internal errors
        print(f"ventus_plot: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
