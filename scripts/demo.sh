#!/usr/bin/env bash
# Installs what is missing, builds the release preset and runs the bundled example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset release >/dev/null
cmake --build --preset release --target ventus
build/release/tools/ventus/ventus demo
