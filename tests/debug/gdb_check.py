#!/usr/bin/env python3
"""The GDB stub against the real gdb-multiarch (docs/debugging.md) and raw protocol bytes.

Usage: gdb_check.py VENTUS SOURCE_DIR WORK_DIR [SCENARIO...]
Kernel: tests/runtime_kernels/add_scaled.s, c[i] = a[i] * k + b[i] for i < n, on 2
work-groups of 6 threads in warps of 4 threads (warp 1 of each group has 2 live lanes).
Every expected value below is derived from those inputs and shapes, not from the stub.
"""
import os
import pty
import re
import select
import shutil
import socket
import subprocess
import sys
import time

VENTUS, SOURCE, WORK = sys.argv[1], sys.argv[2], sys.argv[3]
KERNELS = os.path.join(SOURCE, "tests", "runtime_kernels")
N, LOCAL, LANES, K = 12, 6, 4, 3
A = list(range(1, N + 1))
B = [10 * i for i in range(1, N + 1)]
C = [a * K + b for a, b in zip(A, B)]
WARPS = (LOCAL + LANES - 1) // LANES
TIMEOUT = 30


def thread_of(gid):
    """GDB thread id of the warp holding global id `gid` (group·numw + warp + 1)."""
    return (gid // LOCAL) * WARPS + (gid % LOCAL) // LANES + 1


def setup():
    os.makedirs(WORK, exist_ok=True)
    os.chdir(WORK)
    with open("a.txt", "w") as f:
        f.write("".join(f"{v}\n" for v in A))
    with open("b.txt", "w") as f:
        f.write("".join(f"{v}\n" for v in B))
    subprocess.run([VENTUS, "as", "-g", os.path.join(KERNELS, "add_scaled.s"), "-o", "k.elf"],
                   check=True, timeout=TIMEOUT)
    subprocess.run([VENTUS, "as", os.path.join(SOURCE, "tests", "debug", "spin.s"), "-o",
                    "spin.elf"], check=True, timeout=TIMEOUT)


def run_args(out="c.txt", size=4 * N, extra=()):
    return ["run", "k.elf", "--kernel", "add_scaled", "--global", str(N), "--local",
            str(LOCAL), "--set", f"sm.threads_per_warp={LANES}", "--arg", "buf:in:a.txt",
            "--arg", "buf:in:b.txt", "--arg", f"buf:out:{out}:{size}", "--arg", f"i32:{K}",
            *extra]


def start_stub(args):
    """Starts ventus with --gdb 127.0.0.1:0 and returns (process, port)."""
    proc = subprocess.Popen([VENTUS, *args, "--gdb", "127.0.0.1:0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    deadline = time.time() + TIMEOUT
    line = ""
    while time.time() < deadline:
        if select.select([proc.stderr], [], [], 1)[0]:
            line = proc.stderr.readline()
            match = re.search(r"waiting for gdb on 127\.0\.0\.1:(\d+)", line)
            if match:
                return proc, int(match.group(1))
    proc.kill()
    raise AssertionError(f"no 'waiting for gdb' line: {line!r}")


def finish(proc):
    out, err = proc.communicate(timeout=TIMEOUT)
    return proc.returncode, out, err


def gdb(port, commands):
    script = "\n".join(["set pagination off", "file k.elf", f"target remote 127.0.0.1:{port}",
                        *commands]) + "\n"
    with open("session.gdb", "w") as f:
        f.write(script)
    result = subprocess.run(["gdb-multiarch", "-batch", "-nx", "-x", "session.gdb"],
                            capture_output=True, text=True, timeout=TIMEOUT)
    return result.stdout + result.stderr


def expect(text, pattern, what):
    if not re.search(pattern, text, re.MULTILINE):
        raise AssertionError(f"{what}: /{pattern}/ not found in:\n{text}")


def read_c(path):
    with open(path) as f:
        return [int(v) for v in f.read().split()]


def scenario_threads_watch_results():
    subprocess.run([VENTUS, *run_args("plain.txt")], check=True, timeout=TIMEOUT,
                   capture_output=True)
    proc, port = start_stub(run_args())
    watched = 5
    out = gdb(port, ["break add_scaled", "continue", "info threads",
                     "set $c = *(unsigned *)($a0 + 8)", "delete",
                     f"watch *(int *)($c + {4 * watched})", "continue", "delete",
                     f"thread {WARPS * 2}", "p $tid", "p $wgid", "continue"])
    expect(out, r"Thread 1 hit Breakpoint 1, (.* in )?add_scaled \(", "break at the kernel symbol")
    for group in range(2):
        for warp in range(WARPS):
            expect(out, rf"Thread {group * WARPS + warp + 1} \(work-group {group} \({group},0,0\) "
                   rf"warp {warp}, SM \d+ slot \d+, running\)", "info threads")
    expect(out, rf"Thread {thread_of(watched)} hit Hardware watchpoint 2", "watch: storing warp")
    expect(out, rf"New value = {C[watched]}\b", "watch: the stored value")
    expect(out, rf"Switching to thread {WARPS * 2}\b", "thread N")
    expect(out, rf"\$1 = {(WARPS - 1) * LANES}\b", "p $tid of the last warp")
    expect(out, r"\$2 = 1\b", "p $wgid of work-group 1")
    expect(out, r"exited normally", "continue to the end")
    code, _, err = finish(proc)
    assert code == 0, err
    assert read_c("c.txt") == C, read_c("c.txt")
    assert read_c("c.txt") == read_c("plain.txt"), "results differ from a run without gdb"


def scenario_source_line():
    with open(os.path.join(KERNELS, "add_scaled.s")) as f:
        line = next(n for n, text in enumerate(f, 1) if text.strip().startswith("vsw12.v"))
    proc, port = start_stub(run_args())
    out = gdb(port, [f"break add_scaled.s:{line}", "continue", "p $_thread", "delete",
                     "continue"])
    expect(out, rf"Thread 1 hit Breakpoint 1, add_scaled \(\) at .*add_scaled\.s:{line}\n",
           "break at a source line (ventus as -g)")
    expect(out, r"exited normally", "continue to the end")
    code, _, err = finish(proc)
    assert code == 0, err
    assert read_c("c.txt") == C
    # The prompt places it where gdb, reading the same line table with its own DWARF reader,
    # placed it.
    gdb_address = re.search(r"Breakpoint 1 at 0x([0-9a-f]+): file .*add_scaled\.s, line "
                            rf"{line}\.", out)
    assert gdb_address, out
    code, out = prompt([f"break add_scaled.s:{line}", "continue", "delete", "continue"],
                       run_args())
    expect(out, rf"breakpoint at 0x{int(gdb_address.group(1), 16):08x} <add_scaled\+\d+>",
           "the prompt's break FILE:LINE at gdb's address")
    expect(out, rf"stopped: breakpoint at 0x{int(gdb_address.group(1), 16):08x} ",
           "the prompt stops there")
    _, out = prompt([f"break add_scaled.s:{10 ** 6}", "quit"], run_args())
    expect(out, r"error: 'add_scaled\.s:1000000' is no symbol, address or FILE:LINE with code",
           "a line without code after it")
    assert code == 0, out
    assert read_c("c.txt") == C


def vbeq_offset():
    """Byte offset of the guard's vbeq from add_scaled, counted in the source."""
    count = None
    with open(os.path.join(KERNELS, "add_scaled.s")) as f:
        for line in f:
            code = line.split("#")[0].strip()
            if code == "add_scaled:":
                count = 0
            elif count is not None and code and not code.endswith(":"):
                if code.startswith("vbeq"):
                    return 4 * count
                count += 1
    raise AssertionError("no vbeq in add_scaled.s")


def scenario_divergence():
    proc, port = start_stub(run_args())
    thread = thread_of(LANES)  # warp 1 of work-group 0: local ids 4..7, 6 and 7 idle
    live = (1 << (LOCAL - LANES)) - 1
    # GDB steps RISC-V in software: `stepi` runs the warp until it reaches the vbeq's pc + 4.
    # ISA.md §2.4, a tie (2 idle lanes take the branch to the join, 2 live lanes fall
    # through): the taken side runs first, reaches the join at once and pops, so at pc + 4
    # the live lanes run above the reconvergence entry {join, join, every lane}.
    full = (1 << LANES) - 1
    out = gdb(port, [f"break *(add_scaled + {vbeq_offset()}) thread {thread}", "continue",
                     "monitor mask", "stepi", "monitor simt", "monitor mask", "p/x $simtmask",
                     "p/x $pc - add_scaled", "kill"])
    expect(out, rf"Thread {thread} hit Breakpoint 1", "break in the divergent warp")
    expect(out, rf"active lanes 0x{full:08x}", "mask before the branch")
    expect(out, r"SIMT stack depth 1", "the reconvergence entry")
    expect(out, rf"#0 rpc (0x[0-9a-f]+) else pc \1 else mask 0x{full:08x}", "entry")
    expect(out, rf"active lanes 0x{live:08x}: 0 1 \(of {LANES}\)", "mask after the branch")
    expect(out, rf"\$1 = 0x{live:x}\b", "$simtmask")
    expect(out, rf"\$2 = 0x{vbeq_offset() + 4:x}\b", "stopped at the fall-through")
    code, _, err = finish(proc)
    assert code == 1 and "killed by the debugger" in err, (code, err)


def scenario_fault():
    # c holds 4 elements: the first store past them faults (strict memcheck).
    proc, port = start_stub(run_args(size=16, extra=["--memcheck", "strict"]))
    out = gdb(port, ["continue", "p $_thread", "continue"])
    expect(out, rf"Thread {thread_of(4)} received signal SIGSEGV", "fault stop")
    expect(out, r"access fault", "the memcheck text")
    expect(out, rf"\$1 = {thread_of(4)}\b", "the faulting warp")
    expect(out, r"Program terminated with signal SIGSEGV", "end after the fault")
    code, _, err = finish(proc)
    assert code == 1 and "access fault" in err, (code, err)


def prompt(commands, args):
    with open("commands.txt", "w") as f:
        f.write("\n".join(commands) + "\n")
    result = subprocess.run([VENTUS, "debug", *args[1:], "--commands", "commands.txt"],
                            capture_output=True, text=True, timeout=TIMEOUT)
    return result.returncode, result.stdout + result.stderr


def scenario_prompt_session():
    # The c buffer's address, for the watchpoint: a3 once the kernel loaded its arguments.
    _, out = prompt(["break add_scaled+16", "continue", "regs", "quit"], run_args())
    c_base = int(re.search(r"x13 a3\s+0x([0-9a-f]+)", out).group(1), 16)
    thread = thread_of(LANES)  # warp 1 of work-group 0: 2 live lanes, 2 idle
    live = (1 << (LOCAL - LANES)) - 1
    full = (1 << LANES) - 1
    vbeq = vbeq_offset()
    watched = 5
    code, out = prompt(["break add_scaled", "continue", "warps", f"warp {2 * WARPS}", "regs",
                        "delete", f"break add_scaled+{vbeq}", "continue", "continue", "stepi",
                        "simt", "mask", "stepi", "mask", "delete",
                        f"watch {c_base + 4 * watched:#x}", "continue", "delete", "continue"],
                       run_args())
    expect(out, r"stopped: breakpoint at 0x[0-9a-f]+ <add_scaled> in thread 1 ", "break symbol")
    for group in range(2):
        for warp in range(WARPS):
            expect(out, rf"thread {group * WARPS + warp + 1}: pc .* work-group {group} "
                   rf"\({group},0,0\) warp {warp}, ", "warps")
    expect(out, rf"tid {(WARPS - 1) * LANES} numw {WARPS} numt {LANES} .* wgid 1 ", "warp N regs")
    expect(out, rf"stopped: breakpoint at 0x[0-9a-f]+ <add_scaled\+{vbeq}> in thread {thread} ",
           "the divergent warp at its branch")
    # One warp-instruction (ISA.md §2.4, a tie): two entries pushed, the taken (idle) lanes
    # run first at the join; the join then pops to the fall-through lanes.
    expect(out, r"SIMT stack depth 2 \(top first\)\n"
           rf"  #0 rpc (0x[0-9a-f]+) else pc 0x[0-9a-f]+ else mask 0x{live:08x}\n"
           rf"  #1 rpc \1 else pc \1 else mask 0x{full:08x}", "pushed entries")
    expect(out, rf"active lanes 0x{full & ~live:08x}: 2 3 ", "taken lanes first")
    expect(out, rf"active lanes 0x{live:08x}: 0 1 ", "then the fall-through lanes")
    expect(out, rf"stopped: watchpoint at .* in thread {thread_of(watched)} .*address "
           rf"0x{c_base + 4 * watched:08x}", "watch: the storing warp")
    expect(out, r"kernel ended", "continue to the end")
    assert code == 0, out
    assert read_c("c.txt") == C, read_c("c.txt")


def scenario_prompt_fault():
    code, out = prompt(["continue", "where", "continue"],
                       run_args(size=16, extra=["--memcheck", "strict"]))
    expect(out, rf"stopped: guest fault at .* in thread {thread_of(4)} ", "fault stop")
    expect(out, r"access fault: write of address", "the memcheck text")
    expect(out, r"kernel ended by the fault", "end")
    assert code == 1, out


def packet(payload):
    return f"${payload}#{sum(payload.encode()) % 256:02x}".encode()


def receive(sock, pattern):
    data = b""
    deadline = time.time() + TIMEOUT
    while time.time() < deadline and not re.search(pattern, data):
        if select.select([sock], [], [], 1)[0]:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    if not re.search(pattern, data):
        raise AssertionError(f"/{pattern!r}/ not in {data!r}")
    return data


def scenario_protocol():
    proc, port = start_stub(run_args())
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(b"$g#00")  # bad checksum
    receive(sock, rb"^-$")
    sock.sendall(b"$a*#" + f"{(ord('a') + ord('*')) % 256:02x}".encode())  # malformed
    receive(sock, rb"\+\$E\.malformed packet#")
    sock.sendall(packet("qNoSuchPacket"))  # unknown: the empty reply
    receive(sock, rb"\+\$#00")
    second = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(packet("qC"))  # the stub sees the second client while it waits
    receive(sock, rb"QC1")
    receive(second, rb"E\.a debugger is already attached")
    assert second.recv(100) == b"", "second client not closed"
    sock.sendall(packet("s") + packet("s"))
    receive(sock, rb"T05thread:1;.*T05thread:1;")
    sock.close()  # mid-kernel
    code, _, err = finish(proc)
    assert code == 0 and "gdb disconnected" in err and "refused a second" in err, (code, err)
    assert read_c("c.txt") == C


def scenario_interrupt():
    proc, port = start_stub(["run", "spin.elf", "--kernel", "spin", "--global", "1",
                             "--max-instructions", "0"])
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    sock.sendall(packet("c"))
    time.sleep(0.2)
    sock.sendall(b"\x03")
    receive(sock, rb"T02thread:1;")
    sock.sendall(packet("k"))
    code, _, err = finish(proc)
    assert code == 1 and "killed by the debugger" in err, (code, err)


def scenario_prompt_line_editing():
    """At a terminal the prompt edits lines and keeps a history (libedit): the up arrow
    brings back `where`, and Ctrl-D ends the input."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm"
        os.execv(VENTUS, [VENTUS, "debug", *run_args()[1:]])
    seen = b""

    def read_for(done):
        """Reads the terminal until done(seen) or the timeout; never blocks."""
        nonlocal seen
        deadline = time.time() + TIMEOUT
        while not done(seen) and time.time() < deadline:
            if select.select([fd], [], [], 0.2)[0]:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    return
                if not chunk:
                    return
                seen += chunk

    try:
        for count, keys in ((1, b"where\r"), (2, b"\x1b[A\r"), (3, b"\x04")):
            read_for(lambda text: text.count(b"(ventus) ") >= count)
            time.sleep(0.2)  # the line editor has switched the terminal to its mode
            os.write(fd, keys)
        read_for(lambda text: b"warp-instructions" in text)
    finally:
        deadline = time.time() + TIMEOUT
        while os.waitpid(pid, os.WNOHANG) == (0, 0) and time.time() < deadline:
            time.sleep(0.1)
        if time.time() >= deadline:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        os.close(fd)
    text = seen.decode(errors="replace")
    assert text.count("thread 1 at 0x") == 2, text
    assert "end of commands" in text, text
    assert read_c("c.txt") == C, read_c("c.txt")


def scenario_refused_before_listening():
    """A run --gdb cannot debug is refused before it says it waits for gdb."""
    result = subprocess.run([VENTUS, *run_args(extra=["--timing"]), "--gdb", "127.0.0.1:0"],
                            capture_output=True, text=True, timeout=TIMEOUT)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert "drop --timing" in result.stderr, result.stderr
    assert "waiting for gdb" not in result.stderr, result.stderr


SCENARIOS = {name[len("scenario_"):]: f for name, f in globals().items()
             if name.startswith("scenario_")}


def main():
    if shutil.which("gdb-multiarch") is None:
        print("FAIL: gdb-multiarch not found (Debian package gdb-multiarch, scripts/setup.sh)")
        return 1
    setup()
    failed = 0
    for name in sys.argv[4:] or SCENARIOS:
        try:
            SCENARIOS[name]()
            print(f"PASS {name}")
        except Exception as error:  # report every scenario, then fail
            failed += 1
            print(f"FAIL {name}: {error}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
