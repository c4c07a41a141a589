#!/usr/bin/env python3
"""The progress line of long runs (README, `ventus` command table), through a real terminal.

Usage: progress_check.py VENTUS SOURCE_DIR WORK_DIR
`ventus run` of tests/progress/count_down.s on the cycle model, 16 work-groups of one warp
each counting COUNT down, lasts a few seconds: at a terminal (a pty) standard error shows
"launch 1, D/16 work-groups, C cycles, R cycles/s, T s" redrawn in place and erased before the
summary; with standard error a pipe it shows nothing. A run shorter than a second (the demo's
vecadd) draws nothing at a terminal either.
"""
import os
import pty
import re
import select
import subprocess
import sys
import time

VENTUS, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
TIMEOUT = 120
GROUPS = 16
COUNT = 40000
ERASE = "\r\x1b[K"
LINE = re.compile(r"launch 1, (\d+)/(\d+) work-groups, (\d+) cycles, [\d.]+ [kM]? ?cycles/s, "
                  r"(\d+\.\d) s")


def run_args():
    return ["run", "count.s", "--kernel", "count_down", "--global", str(GROUPS), "--local", "1",
            "--set", "sm.threads_per_warp=1", "--arg", f"u32:{COUNT}", "--timing",
            "--max-instructions", "0"]


def in_terminal(args):
    """Runs ventus with a pty as its terminal; returns (exit status, everything it wrote)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.environ.pop("VENTUS_PROGRESS", None)
        os.execv(VENTUS, [VENTUS, *args])
    seen = b""
    deadline = time.time() + TIMEOUT
    while time.time() < deadline:
        if select.select([fd], [], [], 0.2)[0]:
            try:
                chunk = os.read(fd, 4096)
            except OSError:  # the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
    else:
        os.kill(pid, 9)
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return os.waitstatus_to_exitcode(status), seen.decode(errors="replace")


def check_terminal_run():
    code, text = in_terminal(run_args())
    assert code == 0, (code, text)
    draws = [LINE.match(part) for part in text.split(ERASE)[1:-1]]
    assert draws and all(draws), text
    cycles = [int(m.group(3)) for m in draws]
    done = [int(m.group(1)) for m in draws]
    assert all(int(m.group(2)) == GROUPS for m in draws), text
    assert cycles == sorted(cycles) and done == sorted(done), text
    assert float(draws[0].group(4)) >= 1.0, text  # nothing before a second
    # The last draw is erased before the summary (which goes to the same terminal).
    tail = text.split(ERASE)[-1]
    assert "work-groups/" not in tail and f"count_down: {GROUPS} work-groups" in tail, text
    total = re.search(r"total: (\d+) cycles", tail)
    assert total and int(total.group(1)) > cycles[-1], text
    return len(draws)


def check_pipe_run():
    result = subprocess.run([VENTUS, *run_args()], capture_output=True, text=True,
                            timeout=TIMEOUT)
    assert result.returncode == 0, result.stderr
    assert result.stderr == "", result.stderr
    assert "\r" not in result.stdout and "\x1b" not in result.stdout, result.stdout


def check_short_run():
    code, text = in_terminal(["demo", "--kernels", "vecadd"])
    assert code == 0, (code, text)
    assert "\x1b[K" not in text and "all results match" in text, text


def main():
    os.makedirs(WORK, exist_ok=True)
    os.chdir(WORK)
    with open("count.s", "w") as out, open(os.path.join(SOURCE, "tests", "progress",
                                                        "count_down.s")) as source:
        out.write(source.read())
    draws = check_terminal_run()
    check_pipe_run()
    check_short_run()
    print(f"PASS ({draws} progress lines drawn)")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"FAIL {failure}"[:4000])
        sys.exit(1)
