#!/usr/bin/env bash
# Compile time per executed statement and per decoder layer against torch.fx.symbolic_trace,
# linearity, startup time and memory against `import torch`, peak memory at L = 1000.
# Usage: bench/bench_compile.sh BUILD_DIR   (run by `make bench`; about 2 minutes)
# Needs BUILD_DIR/thunderc and Debian's python3-torch (PYTHON, default /usr/bin/python3).
# See bench/compile_bench.py for what is measured and bench/README.md for results.
set -euo pipefail
build=${1:?usage: bench/bench_compile.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
[ -x "$build/thunderc" ] || cmake --build "$build" --target thunderc >/dev/null
echo "== compile time, startup and memory (bench/compile_bench.py)"
exec "${PYTHON:-/usr/bin/python3}" "$root/bench/compile_bench.py" "$build" "${@:2}"
