#!/usr/bin/env bash
# scripts/cc_vs_toolchain.sh [VENTUS]: warp-instructions of the Ventus toolchain's compiled
# kernels (the reference cases vecadd-4w16t, matadd-4w4t, gaussian-4w4t, run by `ventus
# case`) beside the same algorithms compiled by `ventus cc` and launched with the same
# ND-ranges and warp widths by `ventus run` (docs/opencl.md). Needs ../shared/reference.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
V=${1:-$root/build/release/tools/ventus/ventus}
C=${VENTUS_REFERENCE_DIR:-$root/../shared/reference}/cases
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() { sed -n 's/.* \([0-9]*\) warp-instructions.*/\1/p' | head -1; }
floats() { for ((i = 0; i < $1; i++)); do echo "$i.5"; done > "$2"; }

floats 64 "$work/a64.txt"
floats 64 "$work/b64.txt"
floats 16 "$work/a16.txt"
floats 16 "$work/b16.txt"
echo "| kernel | launch | toolchain warp-instr | ventus cc | ratio |"
echo "|---|---|---:|---:|---:|"
row() { echo "| $1 | $2 | $3 | $4 | $(awk "BEGIN { printf \"%.2f\", $4 / $3 }") |"; }

tc=$("$V" case "$C/vecadd-4w16t" 2>/dev/null | grep '^vecadd_0' | count)
ours=$("$V" run "$root/examples/opencl/vecadd_toolchain.cl" --kernel vecadd --global 64 --local 64 \
  --set sm.threads_per_warp=16 --arg "buf:in:$work/a64.txt:f32" --arg "buf:in:$work/b64.txt:f32" \
  --arg "buf:out:$work/c.txt:256:f32" | count)
row vecadd "64 items, 4 warps of 16" "$tc" "$ours"

tc=$("$V" case "$C/matadd-4w4t" 2>/dev/null | grep '^matadd_0' | count)
ours=$("$V" run "$root/examples/opencl/matadd_toolchain.cl" --kernel matadd --global 4,4 --local 4,4 \
  --set sm.threads_per_warp=4 --arg "buf:in:$work/a16.txt:f32" --arg "buf:in:$work/b16.txt:f32" \
  --arg "buf:out:$work/c.txt:64:f32" | count)
row matadd "4x4 items, 4 warps of 4" "$tc" "$ours"

for t in 0 1 2; do
  for k in Fan1 Fan2; do
    tc=$("$V" case "$C/gaussian-4w4t" 2>/dev/null | grep "^${k}_$t:" | count)
    if [ $k = Fan1 ]; then shape=(--global 4 --local 4); else shape=(--global 4,4 --local 4,4); fi
    floats 16 "$work/m.txt"; floats 16 "$work/a.txt"; floats 4 "$work/b.txt"
    ours=$("$V" run "$root/kernels/gaussian/gaussian.cl" --kernel $k "${shape[@]}" \
      --set sm.threads_per_warp=4 --arg "buf:inout:$work/m.txt:f32" \
      --arg "buf:inout:$work/a.txt:f32" --arg "buf:inout:$work/b.txt:f32" \
      --arg i32:4 --arg "i32:$t" | count)
    row "$k" "t = $t" "$tc" "$ours"
  done
done
