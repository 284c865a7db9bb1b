#!/usr/bin/env bash
# Interpreter cost per executed graph statement, and its growth with program size (it should stay
# flat: interpretation is linear). Usage: bench/bench_interp.sh BUILD_DIR
# Builds bench/interp/bench_interp.cpp against BUILD_DIR's core library, then runs the synthetic
# size sweep and times every sample graph.
set -euo pipefail
build=${1:?usage: bench/bench_interp.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
lib="$build/libthunderc_core.a"
[ -f "$lib" ] || cmake --build "$build" --target thunderc_core >/dev/null
exe="$build/bench_interp"
if [ ! -x "$exe" ] || [ "$root/bench/interp/bench_interp.cpp" -nt "$exe" ] || [ "$lib" -nt "$exe" ]; then
  ${CXX:-c++} -std=c++20 -O2 -DNDEBUG -I "$root/lib" "$root/bench/interp/bench_interp.cpp" "$lib" \
    -lspdlog -lfmt -o "$exe"
fi
echo "== interpreter: synthetic graphs of growing size"
"$exe" synthetic
echo "== interpreter: sample graphs"
for g in "$root"/samples/*.json; do "$exe" time "$g" 5; done
