#!/usr/bin/python3
"""A real Slurm on localhost: starts Debian's munged, slurmctld and slurmd (as root, state in
the work folder, one node of 2 CPUs, proctrack/linuxproc, task/none, no accounting), runs the
24-point sweep with --executor slurm, cancels the job array part-way with scancel, resumes,
waits for the dependent collect job and compares with the local executor's results. Stops
the daemons it started, whatever happens. Skips (exit 77) where the daemons cannot run."""
import os
import shutil
import signal
import socket
import subprocess
import sys
import time

from sweep_support import SKIP, Check, common_args, fresh_dir, point_files, results_without_host_columns, run

SWEEP = "examples/sweeps/suite-timing.toml"
DAEMONS = ("/usr/sbin/munged", "/usr/sbin/mungekey", "/usr/sbin/slurmctld", "/usr/sbin/slurmd")
CLIENTS = ("sbatch", "squeue", "scancel", "sinfo")


def skip_reason():
    if os.geteuid() != 0:
        return "the Slurm test starts munged, slurmctld and slurmd as root; run it as root (CI does)"
    missing = [p for p in DAEMONS if not os.path.exists(p)] + [c for c in CLIENTS if shutil.which(c) is None]
    if missing:
        return f"missing {', '.join(missing)} (Debian packages slurm-wlm and munge, scripts/setup.sh)"
    return None


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def slurm_conf(state, node, ports):
    return f"""ClusterName=ventustest
SlurmctldHost={node}(127.0.0.1)
SlurmctldPort={ports[0]}
SlurmdPort={ports[1]}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket={state}/munge.socket
StateSaveLocation={state}/ctld
SlurmdSpoolDir={state}/spool
SlurmctldPidFile={state}/slurmctld.pid
SlurmdPidFile={state}/slurmd.pid
SlurmctldLogFile={state}/slurmctld.log
SlurmdLogFile={state}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0,sched_min_interval=100000
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
DependencyParameters=kill_invalid_depend
MpiDefault=none
ReturnToService=2
MailProg=/bin/true
SlurmctldTimeout=30
SlurmdTimeout=30
MinJobAge=10
NodeName={node} NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes={node} Default=YES MaxTime=INFINITE State=UP
"""


class Cluster:
    """munged, slurmctld and slurmd in the foreground of this test, stopped by stop()."""

    def __init__(self, state):
        self.state, self.processes = state, []
        self.node = socket.gethostname().split(".")[0]
        self.env = dict(os.environ, SLURM_CONF=os.path.join(state, "slurm.conf"))

    def start(self):
        s = self.state
        os.chmod(s, 0o700)
        for d in ("ctld", "spool"):
            os.makedirs(os.path.join(s, d), exist_ok=True)
        with open(self.env["SLURM_CONF"], "w") as f:
            f.write(slurm_conf(s, self.node, (free_port(), free_port())))
        run(["/usr/sbin/mungekey", "--create", f"--keyfile={s}/munge.key"], cwd=s, check=0, timeout=20)
        self.spawn(["/usr/sbin/munged", "--foreground", "--force", f"--key-file={s}/munge.key",
                    f"--socket={s}/munge.socket", f"--pid-file={s}/munged.pid", f"--log-file={s}/munged.log",
                    f"--seed-file={s}/munged.seed"], "munged")
        self.wait_for(lambda: os.path.exists(f"{s}/munge.socket"), 15, "munged's socket")
        self.spawn(["/usr/sbin/slurmctld", "-D", "-i", "-f", self.env["SLURM_CONF"]], "slurmctld")
        self.spawn(["/usr/sbin/slurmd", "-D", "-N", self.node, "-f", self.env["SLURM_CONF"]], "slurmd")
        self.wait_for(self.node_idle, 40, "the node to be idle")

    def spawn(self, argv, name):
        log = open(os.path.join(self.state, f"{name}.out"), "w")
        self.processes.append((name, subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, env=self.env)))

    def node_idle(self):
        for name, p in self.processes:
            if p.poll() is not None:
                raise RuntimeError(f"{name} exited with {p.returncode}: {self.log_tail(name)}")
        result = run(["sinfo", "-h", "-o", "%T"], cwd=self.state, env=self.env, timeout=10)
        return result.stdout.strip() == "idle"

    def log_tail(self, name):
        for path in (f"{self.state}/{name}.out", f"{self.state}/{name}.log"):
            if os.path.exists(path):
                with open(path) as f:
                    return f.read()[-1500:]
        return ""

    @staticmethod
    def wait_for(condition, timeout, what):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if condition():
                return
            time.sleep(0.2)
        raise RuntimeError(f"timed out after {timeout} s waiting for {what}")

    def queue_empty(self):
        return run(["squeue", "-h"], cwd=self.state, env=self.env, timeout=10).stdout.strip() == ""

    def stop(self):
        if self.processes:
            run(["scancel", "--full", "-u", "root"], cwd=self.state, env=self.env, timeout=10)
        for name, p in reversed(self.processes):
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)
        self.processes = []


def submit(cluster, args, out):
    result = run([args.ventus, "sweep", "run", SWEEP, "-o", out, "--executor", "slurm", "--max-running", "2"],
                 cwd=args.source_dir, env=cluster.env, timeout=60)
    if result.returncode != 0 or "submitted job array" not in result.stdout:
        raise RuntimeError(f"submission failed ({result.returncode}): {result.stdout}{result.stderr}")
    return result.stdout.split("submitted job array ")[1].split()[0]


def cancel_part_way(check, cluster, args, out):
    """Submits, cancels the array after a few points, waits until Slurm has dropped both jobs."""
    array = submit(cluster, args, out)
    cluster.wait_for(lambda: len(point_files(out)) >= 5, 90, "5 points of the array")
    run(["scancel", array], cwd=out, env=cluster.env, check=0, timeout=20)
    cluster.wait_for(cluster.queue_empty, 60, "the cancelled array and its collect job to leave the queue")
    finished = point_files(out)
    status = run([args.ventus, "sweep", "status", out], cwd=out)
    check.expect(len(finished) < 24, f"the array finished ({len(finished)} points) before scancel: resume untested")
    check.expect(status.returncode == 1 and f"{len(finished)} done" in status.stdout, f"status after scancel: {status.stdout}")
    return finished


def run_checks(check, cluster, args, work):
    local = os.path.join(work, "local")
    run([args.ventus, "sweep", "run", SWEEP, "-o", local, "-j", "2"], cwd=args.source_dir, check=0)
    out = os.path.join(work, "slurm")
    before = cancel_part_way(check, cluster, args, out)
    submit(cluster, args, out)
    results = os.path.join(out, "results.csv")
    cluster.wait_for(lambda: cluster.queue_empty() and os.path.exists(results), 120, "the array and the collect job")
    after = point_files(out)
    check.expect(len(after) == 24, f"{len(after)} points after resuming")
    check.expect(all(after.get(h) == v for h, v in before.items()), "points finished before scancel ran again")
    check.expect(results_without_host_columns(out) == results_without_host_columns(local),
                 "Slurm's results.csv differs from the local executor's")
    logs = [f for f in os.listdir(os.path.join(out, "slurm")) if f.startswith("collect-")]
    check.expect(logs, "no output of the collect job: results.csv was not written by it")


def main(argv):
    args = common_args(argv)
    reason = skip_reason()
    if reason:
        print(f"SKIPPED: {reason}")
        return SKIP
    check = Check("sweep on Slurm")
    work = fresh_dir(args.work_dir)
    cluster = Cluster(fresh_dir(os.path.join(work, "state")))
    try:
        cluster.start()
        run_checks(check, cluster, args, work)
    except (RuntimeError, subprocess.TimeoutExpired) as e:
        check.expect(False, str(e))
        for name in ("slurmctld", "slurmd", "munged"):
            print(f"--- {name} log:\n{cluster.log_tail(name)}")
    finally:
        cluster.stop()
    return check.done()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
