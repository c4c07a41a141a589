#!/usr/bin/python3
"""Bad input: malformed sweep files, unknown keys, out-of-range values, missing inputs, an
output folder of another sweep. Each is exit status 2 with a message naming the file and line
(or the folder), and nothing in an existing output folder changes. Also the Slurm job
scripts --dry-run writes (the real Slurm runs in slurm_check.py)."""
import os
import sys

from sweep_support import Check, common_args, fresh_dir, run

VECADD = """run = "kernels/vecadd/vecadd.s --kernel vecadd --global 64 --local 32 --arg buf:in:examples/sweeps/data/x256.txt:f32 --arg buf:in:examples/sweeps/data/y256.txt:f32 --arg buf:out:c.txt:256:f32 --arg u32:64"
"""
# (file name, text, what the message must contain); {f} is the file's path.
BAD_FILES = [
    ("syntax.toml", "[sweep\nmode = 'timing'\n", "{f}:1:"),
    ("unknown_key.toml", "[sweep]\nmodes = 'timing'\n[[workload]]\n" + VECADD, "{f}:2:1: unknown key 'modes' in [sweep]"),
    ("unknown_section.toml", "[axis]\nx = [1]\n[[workload]]\n" + VECADD, "{f}:1:2: unknown key 'axis'"),
    ("axis_key.toml", "[[workload]]\n" + VECADD + "[axes]\n\"sm.warp_slot\" = [4, 8]\n", "did you mean 'sm.warp_slots'"),
    ("axis_range.toml", "[[workload]]\n" + VECADD + "[axes]\n\"sm.warp_slots\" = [4, 1000]\n", "{f}:4:23: 'sm.warp_slots' = 1000 is out of range"),
    ("axis_empty.toml", "[[workload]]\n" + VECADD + "[axes]\n\"sm.warp_slots\" = []\n", "{f}:4:19: axis 'sm.warp_slots'"),
    ("fragment_value.toml", "[[workload]]\n" + VECADD + "[fragments.small]\n\"run.schedule\" = 'sideways'\n", "{f}:4:18: "),
    ("no_workload.toml", "[axes]\n\"sm.warp_slots\" = [4]\n", "no [[workload]]"),
    ("missing_input.toml", "[[workload]]\nrun = \"kernels/nothing_here.s --kernel k --global 1\"\n", "{f}:1:1: workload 'nothing_here': input 'kernels/nothing_here.s' is not a file"),
    ("owned_option.toml", "[[workload]]\nrun = \"kernels/vecadd/vecadd.s --kernel vecadd --global 64 --timing\"\n", "--timing is set by the sweep"),
    ("bad_limit.toml", "[limits]\ntime = '10 minutes'\n[[workload]]\n" + VECADD, "{f}:2:8: time:"),
    ("both_kinds.toml", "[[workload]]\ncase = 'x'\n" + VECADD, "one of run"),
    ("unknown_kernel.toml", "[[workload]]\nkernel = 'vecad'\n", "{f}:2:10: no kernel 'vecad' in the suite's demo (the kernels: vecadd, saxpy"),
]


def check_bad_files(check, args, work):
    for name, text, expected in BAD_FILES:
        path = os.path.join(work, name)
        with open(path, "w") as f:
            f.write(text)
        result = run([args.ventus, "sweep", "plan", path], cwd=args.source_dir)
        want = expected.format(f=path)
        check.expect(result.returncode == 2 and want in result.stderr,
                     f"{name}: exit {result.returncode}, stderr {result.stderr!r}, expected {want!r}")


def write_sweep(work, name, slots):
    path = os.path.join(work, name)
    with open(path, "w") as f:
        f.write(f"[sweep]\nmode = 'timing'\n[[workload]]\n{VECADD}[axes]\n\"sm.warp_slots\" = {slots}\n")
    return path


def listing(folder):
    return sorted((os.path.relpath(os.path.join(d, f), folder), os.path.getsize(os.path.join(d, f)))
                  for d, _, files in os.walk(folder) for f in files)


def check_output_folders(check, args, work):
    first = write_sweep(work, "first.toml", "[4, 8, 16]")
    out = os.path.join(work, "out")
    dry = run([args.ventus, "sweep", "run", first, "-o", out, "--executor", "slurm", "--dry-run",
               "--max-running", "2", "--partition", "debug", "--time", "5", "--mem", "1G"], cwd=args.source_dir)
    check.expect(dry.returncode == 0 and "not submitted" in dry.stdout, f"dry run: {dry.stdout}{dry.stderr}")
    script = open(os.path.join(out, "slurm", "array.sbatch")).read()
    for line in ("#SBATCH --array=0-2%2", "#SBATCH --partition=debug", "#SBATCH --time=5", "#SBATCH --mem=1G",
                 "points=(0 1 2 )", "sweep run-point"):
        check.expect(line in script, f"array.sbatch lacks {line!r}:\n{script}")
    collect = open(os.path.join(out, "slurm", "collect.sbatch")).read()
    check.expect("sweep collect" in collect, f"collect.sbatch: {collect}")
    before = listing(out)
    second = write_sweep(work, "second.toml", "[4, 8]")
    other = run([args.ventus, "sweep", "run", second, "-o", out], cwd=args.source_dir)
    check.expect(other.returncode == 2 and "holds another sweep" in other.stderr, f"other sweep: {other.stderr}")
    check.expect(listing(out) == before, "the folder of another sweep changed")
    foreign = os.path.join(work, "foreign")
    os.makedirs(foreign, exist_ok=True)
    open(os.path.join(foreign, "keep.txt"), "w").write("mine\n")
    refused = run([args.ventus, "sweep", "run", first, "-o", foreign], cwd=args.source_dir)
    check.expect(refused.returncode == 2 and "not the output folder of a sweep" in refused.stderr, f"foreign: {refused.stderr}")
    check.expect(os.listdir(foreign) == ["keep.txt"], "a foreign folder changed")
    point = run([args.ventus, "sweep", "run-point", out, "7"], cwd=work)
    check.expect(point.returncode == 2 and "point 7 does not exist" in point.stderr, f"run-point 7: {point.stderr}")
    status = run([args.ventus, "sweep", "status", foreign], cwd=work)
    check.expect(status.returncode == 2 and "sweep.json" in status.stderr, f"status of a foreign folder: {status.stderr}")
    missing = run([args.ventus, "sweep", "status", out], cwd=work)
    check.expect(missing.returncode == 1 and "3 missing" in missing.stdout, f"status before any run: {missing.stdout}")


def main(argv):
    args = common_args(argv)
    check = Check("sweep bad input")
    work = fresh_dir(args.work_dir)
    check_bad_files(check, args, work)
    check_output_folders(check, args, work)
    return check.done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
