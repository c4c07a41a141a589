#!/usr/bin/env python3
"""`ventus run --timing-work-groups FIRST:END` (docs/timing.md "Timing a window of
work-groups") on tests/runtime_kernels/add_scaled.s, c[i] = a[i] * 3 + b[i] over 64 items in
16 work-groups of 4 threads (one warp each):

- a window of every group counts exactly the cycles of the plain timing run, and its
  extrapolation is that count;
- a smaller window counts fewer cycles than the whole launch, its extrapolation is
  round(measured x 16 / window groups), and both figures are printed, named;
- the groups outside the window run functionally on the same memory: c is right either way;
- bad windows (syntax, empty, reversed, beyond the launch, without --timing, with --log) are
  usage errors (exit 2) naming the value.
Expected values come from the inputs and the summary arithmetic, not from the model."""
import os
import re
import subprocess
import sys

VENTUS, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
N, LOCAL, GROUPS, K = 64, 4, 16, 3
A = [i + 1 for i in range(N)]
B = [10 * (i + 1) for i in range(N)]
C = [a * K + b for a, b in zip(A, B)]


def run(extra):
    cmd = [VENTUS, "run", os.path.join(SOURCE, "tests", "runtime_kernels", "add_scaled.s"),
           "--kernel", "add_scaled", "--global", str(N), "--local", str(LOCAL), "--set",
           "sm.threads_per_warp=4", "--arg", "buf:in:a.txt", "--arg", "buf:in:b.txt", "--arg",
           f"buf:out:c.txt:{4 * N}", "--arg", f"i32:{K}", *extra]
    if os.path.exists("c.txt"):
        os.remove("c.txt")
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120)


def output():
    with open("c.txt") as f:
        return [int(line) for line in f.read().split()]


def plain_cycles():
    done = run(["--timing"])
    assert done.returncode == 0, done.stderr
    assert output() == C
    return int(re.search(r", (\d+) cycles, IPC", done.stdout).group(1))


def window(first, end):
    """(measured, extrapolated) of the window, with every figure checked against the text."""
    done = run(["--timing", "--timing-work-groups", f"{first}:{end}"])
    assert done.returncode == 0, done.stderr
    assert output() == C, output()
    m = re.search(rf"work-groups {first}:{end} of {GROUPS} timed: (\d+) cycles measured, "
                  r"(\d+) cycles extrapolated to the launch", done.stdout)
    assert m, done.stdout
    measured, extrapolated = int(m.group(1)), int(m.group(2))
    total = (rf"total: {measured} cycles measured on work-groups {first}:{end} "
             rf"\({end - first} of {GROUPS}\); {extrapolated} cycles extrapolated to the launch")
    assert re.search(total, done.stdout), done.stdout
    assert extrapolated == (measured * GROUPS + (end - first) // 2) // (end - first), m.group(0)
    return measured, extrapolated


def check_errors():
    bad = [(["--timing", "--timing-work-groups", "8:4"], "empty or reversed"),
           (["--timing", "--timing-work-groups", "4:4"], "empty or reversed"),
           (["--timing", "--timing-work-groups", ""], "expected FIRST:END"),
           (["--timing", "--timing-work-groups", "4"], "expected FIRST:END"),
           (["--timing", "--timing-work-groups", "0:17"],
            "the launch has 16 work-groups (linear ids 0 to 15), so END is at most 16"),
           (["--timing-work-groups", "0:4"], "--timing-work-groups 0:4 needs --timing"),
           (["--timing", "--timing-work-groups", "0:4", "--log", "k.log"],
            "--log and run.timing exclude each other")]
    for extra, message in bad:
        done = run(extra)
        assert done.returncode == 2 and message in done.stderr, (extra, done.stderr)


def main():
    os.makedirs(WORK, exist_ok=True)
    os.chdir(WORK)
    for name, values in (("a.txt", A), ("b.txt", B)):
        with open(name, "w") as f:
            f.write("".join(f"{v}\n" for v in values))
    full = plain_cycles()
    assert window(0, GROUPS) == (full, full)
    measured, extrapolated = window(4, 8)
    assert 0 < measured < full, (measured, full)
    window(15, 16)  # the last group alone
    check_errors()
    print(f"PASS (whole launch {full} cycles; groups 4:8 measured {measured}, "
          f"extrapolated {extrapolated})")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAIL {failure}"[:4000])
        sys.exit(1)
