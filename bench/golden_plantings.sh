#!/bin/sh
# The golden model's planted-mismatch check at scale: N plantings of each of the six kinds
# (default 9, i.e. 54 random plantings per reference case) in the first launch of every case;
# each must be reported at its line. Usage: bench/golden_plantings.sh [BUILD_DIR] [N]
build=${1:-build/release}
VENTUS_GOLDEN_PLANTINGS=${2:-9} exec "$build/src/runtime/golden_test" \
  --gtest_filter=Golden.ReportsThePlantedMismatchAtItsLine
