#!/usr/bin/env python3
"""Compares the cycle model with the Verilog RTL's cycle counts (../shared/rtl/cycles.csv).

Runs every case of the CSV with `ventus case DIR --timing --config configs/ventus-rtl-tb.toml
--launches <the CSV's launches in order> --threads-per-warp <the CSV's threads_per_warp: the
RTL build's NUM_THREAD> --stats-json` and prints one row per launch: case,
launch, RTL cycles, model cycles, error; then the mean absolute error and the worst case.
Exit status 1 when a launch is off by more than --max-error (or its own --allow bound) or the
mean by more than --max-mean-error (percent). `--sweep` is a sensitivity analysis instead:
every integer timing parameter of the config (or those starting with its PREFIX) moved by -1,
+1 and +2 in turn (values outside its declared range skipped), one line each with the mean
absolute error and the worst launch. `--versus KEY=VALUE` compares each launch's error with
and without the given settings.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import tempfile
from collections import OrderedDict


def run_case(args, case, names, threads, sets):
    """Runs one case's launches on the model with `threads` lanes per warp (the RTL build's
    NUM_THREAD, the CSV's threads_per_warp); returns the stats JSON, None on failure."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "stats.json")
        cmd = [args.ventus, "case", os.path.join(args.cases, case), "--timing",
               "--config", args.config, "--launches", ",".join(names), "--threads-per-warp", threads,
               "--stats-json", out]
        for s in sets:
            cmd += ["--set", s]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            print(f"{case}: ventus case failed ({run.returncode}): {run.stderr.strip()}",
                  file=sys.stderr)
            return None
        with open(out) as f:
            return json.load(f)


def traffic_of(doc):
    """Port reads and writes, I-fetch hit and miss responses, and the I-cache's line reads and
    rereads (lines read again after an eviction) over a case's launches."""
    def total(suffix):
        return sum(int(v) for launch in doc["launches"] for k, v in launch["stats"].items()
                   if k.startswith("timing.") and k.endswith(suffix) and not isinstance(v, dict))
    return (total("memory.port.reads"), total("memory.port.writes"),
            total("fetch.hit_responses"), total("fetch.miss_responses"),
            total("icache.line_reads"), total("icache.line_rereads"))


def read_csv(path):
    rows = OrderedDict()
    with open(path) as f:
        for r in csv.DictReader(f):
            rows.setdefault(r["case"], []).append(r)
    for launches in rows.values():
        launches.sort(key=lambda r: int(r["order"]))
    return rows


def evaluate(args, rows, sets, same_with=None, want_traffic=False):
    """(results, traffic): one (case, launch, rtl, model, error %) per launch, and per case the
    traffic_of its launches when asked; None when a run failed or differed with `same_with`."""
    results = []
    traffic = []
    for case, launches in rows.items():
        names = [r["launch"] for r in launches]
        threads = launches[0]["threads_per_warp"]
        doc = run_case(args, case, names, threads, sets)
        if doc is None:
            return None
        if same_with:
            other = run_case(args, case, names, threads, sets + [same_with])
            if other is None:
                return None
            for a, b in zip(doc["launches"], other["launches"]):
                if a["cycles"] != b["cycles"] or a["stats"] != b["stats"]:
                    diff = [k for k in a["stats"] if a["stats"][k] != b["stats"].get(k)]
                    print(f"{case} {a['launch']}: differs with {same_with}: cycles "
                          f"{a['cycles']} vs {b['cycles']}, counters {diff[:5]}")
                    return None
        if want_traffic:
            traffic.append((case, traffic_of(doc)))
        for r, launch in zip(launches, doc["launches"]):
            rtl = int(r["rtl_cycles"])
            model = int(launch["cycles"])
            results.append((case, r["launch"], rtl, model, 100.0 * (model - rtl) / rtl))
    return results, traffic


def summary(results):
    mean = sum(abs(e) for *_, e in results) / len(results)
    worst = max(results, key=lambda r: abs(r[4]))
    return mean, worst


# Parameters that are structure (sizes, counts of things the kernels see), not timing.
SWEEP_SKIP = ("sets", "ways", "line_bytes", "packet_bytes", "beat_bytes", "block_bytes",
              "sm_count", "warp_slots", "work_group_slots", "threads_per_warp", "lane_groups",
              "register_banks", "collector_units", "shared_memory_bytes", "shared_memory_banks",
              "private_memory_bytes_per_thread", "print_buffer_bytes", "local_memory_bytes",
              "transactions_in_flight")


def sweep(args, rows, base):
    """One line per integer timing parameter and step: the mean absolute error and the worst
    launch with that parameter moved, beside the configuration's own."""
    listing = subprocess.run([args.ventus, "config", "--json", "--config", args.config] +
                             [x for s in args.set for x in ("--set", s)],
                             capture_output=True, text=True, check=True).stdout
    mean, worst = summary(base)
    print(f"{'(config)':48s} mean {mean:5.2f} %  worst {worst[0]} {worst[1]} {worst[4]:+.2f} %")
    for param in json.loads(listing)["parameters"]:
        name = param["name"]
        if param["type"] != "uint" or not name.startswith(("sm.", "memory.", "gpu.kernel.")) or \
                name.endswith(SWEEP_SKIP) or not name.startswith(args.sweep):
            continue
        for step in (-1, 1, 2):
            value = int(param["value"]) + step
            if not param["min"] <= value <= param["max"]:  # a value the model refuses
                continue
            setting = f"{name}={value}"
            evaluated = evaluate(args, rows, args.set + [setting])
            if evaluated is None:
                print(f"{setting:48s} failed")
                continue
            mean, worst = summary(evaluated[0])
            print(f"{setting:48s} mean {mean:5.2f} %  worst {worst[0]} {worst[1]} "
                  f"{worst[4]:+.2f} %")
    return 0


def versus(args, rows, base):
    """Each launch's error with the configuration and with the --versus settings added, whether
    they bring it closer to the RTL, and both summaries."""
    evaluated = evaluate(args, rows, args.set + args.versus)
    if evaluated is None:
        return 2
    label = " ".join(args.versus)
    print(f"{'case':18s} {'launch':10s} {'RTL':>7s} {'config':>9s} {'versus':>9s}")
    verdicts = {"closer": 0, "further": 0, "as far": 0}
    for (c, l, rtl, _, e0), (*_, e1) in zip(base, evaluated[0]):
        verdict = ("closer" if abs(e1) < abs(e0) - 0.005 else
                   "further" if abs(e1) > abs(e0) + 0.005 else "as far")
        verdicts[verdict] += 1
        print(f"{c:18s} {l:10s} {rtl:7d} {e0:+8.2f}% {e1:+8.2f}%  {verdict}")
    for name, results in (("config", base), (label, evaluated[0])):
        mean, worst = summary(results)
        over = sum(1 for r in results if abs(r[4]) > args.max_error)
        print(f"{name}: mean absolute error {mean:.2f} %, worst {worst[0]} {worst[1]} "
              f"{worst[4]:+.2f} %, {over} launches over {args.max_error:g} %")
    print(f"with {label}: {verdicts['closer']} launches closer to the RTL, "
          f"{verdicts['further']} further, {verdicts['as far']} as far")
    return 0


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    shared = os.path.join(os.path.dirname(root), "shared")
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ventus", default=os.path.join(root, "build/dev/tools/ventus/ventus"))
    p.add_argument("--csv", default=os.path.join(shared, "rtl/cycles.csv"))
    p.add_argument("--cases", default=os.environ.get("VENTUS_REFERENCE_DIR",
                                                     os.path.join(shared, "reference")) + "/cases")
    p.add_argument("--config", default=os.path.join(root, "configs/ventus-rtl-tb.toml"))
    p.add_argument("--set", action="append", default=[], help="extra --set key=value")
    p.add_argument("--max-error", type=float, default=5.0)
    p.add_argument("--allow", action="append", default=[], metavar="CASE/LAUNCH=PERCENT",
                   help="a known exception: this launch's own bound instead of --max-error")
    p.add_argument("--max-mean-error", type=float, default=3.0)
    p.add_argument("--markdown", action="store_true", help="print a Markdown table")
    p.add_argument("--traffic", action="store_true",
                   help="also print each case's memory-port reads and writes and I-fetch hit and "
                        "miss responses, summed over its launches, to set beside TIMING.md "
                        "§12 and §15, and the I-cache's line reads and rereads")
    p.add_argument("--same-with", metavar="KEY=VALUE",
                   help="also run every case with this --set and require identical cycles and "
                        "counters (e.g. gpu.skip_idle_cycles=false)")
    p.add_argument("--versus", action="append", default=[], metavar="KEY=VALUE",
                   help="compare with these settings added (repeatable): each launch's error "
                        "with and without them, and how many launches they bring closer")
    p.add_argument("--sweep", nargs="?", const="", metavar="PREFIX",
                   help="sensitivity analysis: every integer timing parameter (whose name "
                        "starts with PREFIX) moved by -1, +1 and +2, one line each with the "
                        "mean error and the worst launch")
    args = p.parse_args()

    if not os.path.exists(args.csv) or not os.path.isdir(args.cases):
        print(f"SKIPPED: RTL cycle counts or reference cases not found ({args.csv}, {args.cases})")
        return 77
    rows = read_csv(args.csv)
    evaluated = evaluate(args, rows, args.set, args.same_with, args.traffic)
    if evaluated is None:
        return 2
    if args.sweep is not None:
        return sweep(args, rows, evaluated[0])
    if args.versus:
        return versus(args, rows, evaluated[0])
    results, traffic = evaluated
    if args.markdown:
        print("| case | launch | RTL cycles | model cycles | error |")
        print("|---|---|---:|---:|---:|")
        for c, l, rtl, m, e in results:
            print(f"| {c} | {l} | {rtl} | {m} | {e:+.2f} % |")
    else:
        for c, l, rtl, m, e in results:
            print(f"{c:18s} {l:10s} {rtl:7d} {m:7d} {e:+7.2f} %")
    for case, t in traffic:
        print(f"{case:18s} port reads {t[0]:5d} writes {t[1]:4d}  "
              f"I-fetch hit {t[2]:5d} miss {t[3]:5d} responses  "
              f"I-cache lines {t[4]:4d} reread {t[5]:3d}")
    mean, worst = summary(results)
    print(f"mean absolute error {mean:.2f} %, worst {worst[0]} {worst[1]} {worst[4]:+.2f} %"
          f" over {len(results)} launches")
    allowed = {}
    for a in args.allow:
        key, _, bound = a.rpartition("=")
        allowed[key] = float(bound)
    over = [r for r in results if abs(r[4]) > allowed.get(f"{r[0]}/{r[1]}", args.max_error)]
    for c, l, _, _, e in over:
        print(f"over its bound: {c} {l} {e:+.2f} %")
    ok = mean <= args.max_mean_error and not over
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
