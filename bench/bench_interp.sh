#!/usr/bin/env bash
# Interpreter cost per executed graph statement, and its growth with program size (it should stay
# flat: interpretation is linear). Usage: bench/bench_interp.sh BUILD_DIR
# Builds bench/interp/bench_interp.cpp (CMake target bench_interp) in BUILD_DIR, then runs the
# synthetic size sweep and times every sample graph.
set -euo pipefail
build=${1:?usage: bench/bench_interp.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cmake --build "$build" --target bench_interp >/dev/null
exe="$build/bench_interp"
echo "== interpreter: synthetic graphs of growing size"
"$exe" synthetic
echo "== interpreter: sample graphs"
for g in "$root"/samples/*.json; do "$exe" time "$g" 5; done
