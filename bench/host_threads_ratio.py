#!/usr/bin/env python3
"""Two host threads against one (issue 14, docs/host-threads.md): runs kernel_bench's nn and
bfs benchmarks for several rounds and prints the medians and the ratio of every round.

Usage: bench/host_threads_ratio.py [--bench build/release/bench/kernel_bench] [--rounds 8]
Rounds are interleaved in time so that a slow spell of the machine hits both thread counts.
"""
import argparse
import collections
import re
import statistics
import subprocess
import sys

LINE = re.compile(r"(\w+)/host_threads:(\d)/real_time_median\s+([\d.]+) ms.*sim_ms=([\d.]+)")


def run_round(bench):
    out = subprocess.run(
        [bench, "--benchmark_filter=Nn|Bfs", "--benchmark_repetitions=5",
         "--benchmark_report_aggregates_only=true"],
        capture_output=True, text=True, check=True).stdout
    return [LINE.match(line).groups() for line in out.splitlines() if LINE.match(line)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default="build/release/bench/kernel_bench")
    parser.add_argument("--rounds", type=int, default=8)
    args = parser.parse_args()
    total = collections.defaultdict(list)
    sim = collections.defaultdict(list)
    for _ in range(args.rounds):
        for name, threads, ms, sim_ms in run_round(args.bench):
            total[(name, threads)].append(float(ms))
            sim[(name, threads)].append(float(sim_ms))
    if not total:
        sys.exit(f"{args.bench}: no nn/bfs results")
    for name in ("NnWorkGroups", "BfsWorkGroups"):
        one, two = total[(name, "1")], total[(name, "2")]
        sim_one, sim_two = statistics.median(sim[(name, "1")]), statistics.median(sim[(name, "2")])
        rounds = " ".join(f"{a / b:.2f}" for a, b in zip(one, two))
        print(f"{name}: {statistics.median(one):.3f} ms / {statistics.median(two):.3f} ms = "
              f"{statistics.median(one) / statistics.median(two):.2f} end to end, sim_ms "
              f"{sim_one:.3f} / {sim_two:.3f} = {sim_one / sim_two:.2f}; rounds: {rounds}")


if __name__ == "__main__":
    main()
