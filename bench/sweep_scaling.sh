#!/usr/bin/env bash
# The wall time of the 200-point sweep examples/sweeps/bench-200.toml with the local executor
# on 1 and on 2 processes, and the collector's simulation rate per point (docs/sweeps.md).
# Usage, from the repository root: bench/sweep_scaling.sh [VENTUS] [WORK_DIR]
set -euo pipefail
ventus=${1:-build/release/tools/ventus/ventus}
work=${2:-$(mktemp -d)}
for jobs in 1 2; do
  out="$work/j$jobs"
  rm -rf "$out"
  start=$(date +%s.%N)
  "$ventus" sweep run examples/sweeps/bench-200.toml -o "$out" -j "$jobs" > /dev/null
  end=$(date +%s.%N)
  /usr/bin/python3 -c "import sys; print(f\"-j $jobs: {float(sys.argv[2]) - float(sys.argv[1]):.1f} s wall for 200 points\")" "$start" "$end"
done
# Per point: host seconds and warp-instructions per host second (results.sqlite, points).
/usr/bin/python3 - "$work/j1/results.sqlite" <<'PY'
import sqlite3, statistics, sys
rows = sqlite3.connect(sys.argv[1]).execute("SELECT host_seconds, sim_rate FROM points WHERE status = 'ok'").fetchall()
seconds = [r[0] for r in rows]
rates = [r[1] for r in rows]
print(f"per point (-j 1): host time median {statistics.median(seconds):.3f} s, "
      f"simulation rate median {statistics.median(rates) / 1e3:.1f} k warp-instr/s "
      f"(min {min(rates) / 1e3:.1f}, max {max(rates) / 1e3:.1f}), {len(rows)} points ok")
PY
