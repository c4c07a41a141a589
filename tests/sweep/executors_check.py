#!/usr/bin/python3
"""The 24-point timing sweep of examples/sweeps/suite-timing.toml with the local executor and
with GNU parallel: identical results apart from host times, cycle counts equal to what
`ventus run` prints for the same point run by hand, the SQLite tables, status and the plots."""
import os
import shutil
import sqlite3
import sys

from sweep_support import SKIP, Check, common_args, fresh_dir, hand_cycles, results_without_host_columns, run

SWEEP = "examples/sweeps/suite-timing.toml"
# Three points written by hand from the sweep file (workload line, its axes): the command
# `ventus run` gets for them, independently of the sweep's own command building.
DATA = "examples/sweeps/data"
SAMPLES = [
    ("vecadd", "8", "64", ["kernels/vecadd/vecadd.s", "--kernel", "vecadd", "--global", "256",
                           "--local", "32", "--arg", f"buf:in:{DATA}/x256.txt:f32", "--arg",
                           f"buf:in:{DATA}/y256.txt:f32", "--arg", "buf:out:{tmp}/c.txt:1024:f32",
                           "--arg", "u32:256"]),
    ("transpose", "4", "16", ["kernels/transpose/transpose.s", "--kernel", "transpose", "--global",
                              "16,16", "--local", "4,4", "--arg", f"buf:in:{DATA}/m16x16.txt:u32",
                              "--arg", "buf:out:{tmp}/t.txt:1024:u32", "--arg", "u32:16", "--arg",
                              "u32:16", "--arg", "local:64"]),
    ("reduction", "16", "16", ["kernels/reduction/reduction.s", "--kernel", "reduction", "--global",
                               "256", "--local", "32", "--arg", f"buf:in:{DATA}/x256.txt:f32",
                               "--arg", "buf:out:{tmp}/p.txt:32:f32", "--arg", "u32:256", "--arg",
                               "local:128"]),
]


def check_local(check, args, out):
    result = run([args.ventus, "sweep", "run", SWEEP, "-o", out, "-j", "2"], cwd=args.source_dir, check=0)
    check.expect("24 points: 24 done, 0 failed" in result.stdout, f"local summary: {result.stdout}")
    rows = results_without_host_columns(out)
    check.expect(len(rows) == 24, f"local: {len(rows)} rows, expected 24 (one launch per point)")
    check.expect(all(r["status"] == "ok" and int(r["cycles"]) > 0 for r in rows), "local: a point is not ok")
    return rows


def check_hand_runs(check, args, rows, tmp):
    for workload, slots, sets, argv in SAMPLES:
        argv = [a.replace("{tmp}", tmp) for a in argv]
        want = hand_cycles(args.ventus, ["run", *argv, "--config", "configs/default.toml", "--timing",
                                         "--set", f"sm.warp_slots={slots}", "--set", f"sm.l1d.sets={sets}"],
                           args.source_dir)
        got = [r["cycles"] for r in rows if (r["workload"], r["sm.warp_slots"], r["sm.l1d.sets"]) == (workload, slots, sets)]
        check.expect(got == [str(want)], f"{workload} slots={slots} sets={sets}: sweep {got}, by hand {want}")


def check_kernel_workloads(check, args, out):
    """examples/sweeps/kernels.toml: suite kernels by name run as `ventus demo --kernels NAME`,
    each point's cycles those of that demo run by hand."""
    result = run([args.ventus, "sweep", "run", "examples/sweeps/kernels.toml", "-o", out, "-j", "2"],
                 cwd=args.source_dir, check=0)
    check.expect("4 points: 4 done, 0 failed" in result.stdout, f"kernel workloads: {result.stdout}")
    rows = results_without_host_columns(out)
    for kernel, slots in (("vecadd", "4"), ("reduction", "8")):
        want = hand_cycles(args.ventus, ["demo", "--kernels", kernel, "--timing", "--set",
                                         f"sm.warp_slots={slots}"], args.source_dir)
        got = [r["cycles"] for r in rows if (r["workload"], r["sm.warp_slots"]) == (kernel, slots)]
        check.expect(len(got) > 0 and sum(int(c) for c in got) == want,
                     f"{kernel} slots={slots}: sweep {got}, demo by hand {want}")


def check_sqlite(check, out, rows):
    db = sqlite3.connect(os.path.join(out, "results.sqlite"))
    points = db.execute('SELECT COUNT(*), SUM(status = \'ok\') FROM points').fetchone()
    check.expect(points == (24, 24), f"sqlite points: {points}")
    total = db.execute("SELECT SUM(cycles) FROM launches").fetchone()[0]
    check.expect(total == sum(int(r["cycles"]) for r in rows), f"sqlite cycles {total} != csv")
    axes = db.execute('SELECT COUNT(DISTINCT "sm.warp_slots"), COUNT(DISTINCT "sm.l1d.sets") FROM points').fetchone()
    check.expect(axes == (3, 2), f"sqlite axis values: {axes}")


def check_plots(check, args, out):
    if not args.plot_tool:
        return
    if run(["/usr/bin/python3", "-c", "import matplotlib"], cwd=out).returncode != 0:
        print("plots skipped: no matplotlib for /usr/bin/python3 (python3-matplotlib)")
        return
    for extra, name in (([], "line.png"), (["--y", "sm.l1d.sets"], "heatmap.png")):
        path = os.path.join(out, name)
        result = run(["/usr/bin/python3", args.plot_tool, "sweep", out, "--x", "sm.warp_slots", *extra, "-o", path], cwd=out)
        check.expect(result.returncode == 0 and os.path.getsize(path) > 1000, f"plot {name}: {result.stderr}")


def main(argv):
    args = common_args(argv)
    check = Check("sweep executors")
    work = fresh_dir(args.work_dir)
    rows = check_local(check, args, os.path.join(work, "local"))
    check_hand_runs(check, args, rows, fresh_dir(os.path.join(work, "hand")))
    check_sqlite(check, os.path.join(work, "local"), rows)
    check_kernel_workloads(check, args, os.path.join(work, "kernels"))
    status = run([args.ventus, "sweep", "status", os.path.join(work, "local")], cwd=work)
    check.expect(status.returncode == 0 and "24 done" in status.stdout, f"status: {status.stdout}")
    check_plots(check, args, os.path.join(work, "local"))
    if shutil.which("parallel") is None:
        print("SKIPPED: GNU parallel is not installed (Debian package parallel, scripts/setup.sh)")
        return SKIP if check.failures == 0 else 1
    par = os.path.join(work, "parallel")
    result = run([args.ventus, "sweep", "run", SWEEP, "-o", par, "-j", "2", "--executor", "parallel"], cwd=args.source_dir)
    check.expect(result.returncode == 0, f"parallel exited {result.returncode}: {result.stderr}")
    check.expect(os.path.exists(os.path.join(par, "parallel", "joblog")), "parallel: no joblog")
    check.expect(results_without_host_columns(par) == rows, "parallel results.csv differs from local's")
    return check.done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
