#!/usr/bin/env bash
# scripts/fuzz.sh TARGET SECONDS: a libFuzzer run of one fuzz target (fuzz/TARGET.cpp:
# elf, metadata, data, cases_ini, asm, commit_log, toml) built with Debian's clang, ASan
# and UBSan in build/fuzz, starting from the target's seeds. Crashes and slow inputs are
# written to build/fuzz/findings/TARGET/.
set -euo pipefail

if [ $# -ne 2 ]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS" >&2
  exit 2
fi
target=$1
seconds=$2
root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build/fuzz

CC=clang CXX=clang++ cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DVENTUS_LIBFUZZER=ON -DVENTUS_BUILD_BENCH=OFF >/dev/null
cmake --build "$build" -j2 --target "fuzz_${target}" "fuzz_${target}_libfuzzer"

corpus=$build/corpus/$target
findings=$build/findings/$target
mkdir -p "$corpus" "$findings"
"$build/fuzz/fuzz_${target}" --write-seeds "$corpus"
"$build/fuzz/fuzz_${target}_libfuzzer" -max_total_time="$seconds" -timeout=10 \
  -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$findings/" "$corpus"
