#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs the bundled examples: the
# kernel-suite demo and one OpenCL C kernel compiled by `ventus cc`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target ventus
V=build/release/tools/ventus/ventus
$V demo
# An OpenCL C kernel, compiled by `ventus cc` (docs/opencl.md) and run on the simulator.
$V cc examples/opencl/scale.cl -o build/release/scale.elf
$V run build/release/scale.elf --kernel scale --global 12 --local 4 \
  --arg buf:in:examples/opencl/x.txt:f32 --arg buf:out:build/release/scale_y.txt:40:f32 \
  --arg f32:2.5 --arg u32:10
echo "y = $(tr '\n' ' ' < build/release/scale_y.txt)"
