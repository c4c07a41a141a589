#!/usr/bin/python3
"""CTest `plots`: renders scripts/ventus_plot.py's three plots from a real cycle-model run.

Runs `ventus case gaussian-1w16t --timing` with --stats-json and --timeline, draws the stall
breakdown, the timeline and the calibration against the RTL's cycles.csv, and checks that
every output is a real PNG (SVG for one extra stall plot) of non-trivial size; also checks
that bad input is exit status 2 without a traceback. One line per check. Exit 77 (skipped)
when matplotlib or the reference data is missing, 1 when a check fails.
"""
import argparse
import importlib.util
import os
import struct
import subprocess
import sys

CASE = "gaussian-1w16t"
LAUNCHES = "Fan1_0,Fan2_0"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MIN_BYTES = 4096


def parse_args():
    """Paths of the tools and data; defaults fit a checkout with ../shared and build/dev."""
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    reference = os.environ.get("VENTUS_REFERENCE_DIR",
                               os.path.join(os.path.dirname(root), "shared", "reference"))
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ventus", default=os.path.join(root, "build/dev/tools/ventus/ventus"))
    p.add_argument("--reference-dir", default=reference)
    p.add_argument("--csv", help="RTL cycles (default: REFERENCE_DIR/../rtl/cycles.csv)")
    p.add_argument("--config", default=os.path.join(root, "configs/ventus-rtl-tb.toml"))
    p.add_argument("--plot-tool", default=os.path.join(root, "scripts/ventus_plot.py"))
    p.add_argument("--out-dir", default=os.path.join(root, "build/plots"))
    args = p.parse_args()
    if args.csv is None:
        args.csv = os.path.join(args.reference_dir, os.pardir, "rtl", "cycles.csv")
    return args


def skip_reason(args):
    """Why the test cannot run here, or None."""
    if importlib.util.find_spec("matplotlib") is None:
        return (f"matplotlib is not importable by {sys.executable} "
                "(Debian package python3-matplotlib, scripts/setup.sh)")
    case_dir = os.path.join(args.reference_dir, "cases", CASE)
    if not os.path.isdir(case_dir):
        return f"reference case {case_dir} not found"
    if not os.path.isfile(args.csv):
        return f"RTL cycle counts {args.csv} not found"
    return None


def run_ventus(args, stats, timeline):
    """Runs the case on the cycle model writing stats and timeline; True on success."""
    cmd = [args.ventus, "case", os.path.join(args.reference_dir, "cases", CASE), "--timing",
           "--config", args.config, "--launches", LAUNCHES, "--stats-json", stats,
           "--timeline", timeline]
    run = subprocess.run(cmd, capture_output=True, text=True)
    if run.returncode != 0:
        print(f"ventus: FAILED (exit {run.returncode}): {' '.join(cmd)}\n{run.stderr.strip()}")
        return False
    print(f"ventus: ok, {CASE} {LAUNCHES} on the cycle model")
    return True


def plot(args, arguments):
    """Runs the plot tool with the same interpreter; (exit status, standard error)."""
    run = subprocess.run([sys.executable, args.plot_tool] + arguments,
                         capture_output=True, text=True)
    return run.returncode, run.stderr.strip()


def png_problem(path):
    """What is wrong with the PNG at path, or None; also returns its size text."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < MIN_BYTES:
        return f"only {len(data)} bytes", None
    if data[:8] != PNG_SIGNATURE or data[12:16] != b"IHDR":
        return "not a PNG file (bad signature or header chunk)", None
    width, height = struct.unpack(">II", data[16:24])
    if width == 0 or height == 0:
        return f"empty image {width}x{height}", None
    return None, f"{width}x{height} PNG, {len(data)} bytes"


def svg_problem(path):
    """What is wrong with the SVG at path, or None; also returns its size text."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < MIN_BYTES:
        return f"only {len(data)} bytes", None
    if b"<svg" not in data[:2000]:
        return "not an SVG file (no <svg element)", None
    return None, f"SVG, {len(data)} bytes"


def check_plot(args, name, arguments, output):
    """Renders one plot into output and checks the file; True when it is good."""
    if os.path.exists(output):
        os.remove(output)
    status, errors = plot(args, arguments + ["-o", output])
    if status != 0:
        print(f"{name}: FAILED (exit {status}): {errors}")
        return False
    if not os.path.isfile(output):
        print(f"{name}: FAILED: {output} was not written")
        return False
    problem, summary = (svg_problem if output.endswith(".svg") else png_problem)(output)
    if problem:
        print(f"{name}: FAILED: {output}: {problem}")
        return False
    print(f"{name}: ok, {summary} ({output})")
    return True


def check_bad_input(args, stats):
    """A missing file and a stats file given as a timeline: exit 2, one line, no traceback."""
    output = os.path.join(args.out_dir, "bad.png")
    cases = [["stalls", os.path.join(args.out_dir, "missing.json")], ["timeline", stats]]
    for arguments in cases:
        status, errors = plot(args, arguments + ["-o", output])
        if status != 2 or "Traceback" in errors or not errors:
            print(f"errors: FAILED: {' '.join(arguments)}: exit {status}, stderr: {errors}")
            return False
    print(f"errors: ok, exit 2 with a one-line message for {len(cases)} bad inputs")
    return True


def main():
    args = parse_args()
    reason = skip_reason(args)
    if reason:
        print(f"SKIPPED: {reason}")
        return 77
    os.makedirs(args.out_dir, exist_ok=True)
    stats = os.path.join(args.out_dir, "stats.json")
    timeline = os.path.join(args.out_dir, "timeline.json")
    if not run_ventus(args, stats, timeline):
        return 1
    out = args.out_dir
    checks = [
        ("stalls", ["stalls", stats], os.path.join(out, "stalls.png")),
        ("stalls --fraction --with-idle", ["stalls", stats, "--fraction", "--with-idle"],
         os.path.join(out, "stalls.svg")),
        ("timeline", ["timeline", timeline], os.path.join(out, "timeline.png")),
        ("calibration", ["calibration", "--csv", args.csv, "--case", CASE, stats],
         os.path.join(out, "calibration.png")),
    ]
    results = [check_plot(args, name, arguments, output) for name, arguments, output in checks]
    results.append(check_bad_input(args, stats))
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
