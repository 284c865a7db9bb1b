#!/usr/bin/env bash
# The compiled library (`thunderc compile --so`) against hand-written ATen and PyTorch eager, and
# the native prologue's cost. Usage: bench/bench_so.sh BUILD_DIR   (run by `make bench`)
#
#  1. .so build time for the L-layer LLaMA decode step (L = 1, 8, 32; bench/gen_graphs.py):
#     `thunderc compile --so` with its library cache cleared, against compiling
#     bench/so/handwritten_llama.cpp with the same compiler command; CPU time (user + sys,
#     compiler included) and wall time. The precompiled ATen header is built once, timed, into
#     a cache directory emptied first (BUILD_DIR/bench-so/thunderc-cache); each L is then built
#     with it (the default), without it (--no-pch), and the hand-written file also with it.
#  2. Per-call time, one intra-op thread: the library's C entry point against the hand-written
#     ATen code (bench/so/bench_so.cpp; it first checks that both give the same outputs bit for
#     bit and fails otherwise), for llama L = 1, 8, llama L = 8 with a cache of 4096 positions
#     and mlp L = 8; then PyTorch eager in Debian's Python on bench/torch_models.py
#     (bench/so/bench_eager.py).
#  3. The prologue per call in the native run path (bench/so/bench_prologue.cpp).
# Everything is written under BUILD_DIR/bench-so/. Environment: BENCH_SO_ROUNDS (default 101),
# BENCH_SO_LAYERS (build-time sweep, default "1 8 32").
set -euo pipefail
build=$(cd "${1:?usage: bench/bench_so.sh BUILD_DIR}" && pwd)
root=$(cd "$(dirname "$0")/.." && pwd)
work="$build/bench-so"
mkdir -p "$work"
rounds=${BENCH_SO_ROUNDS:-101}
layers=${BENCH_SO_LAYERS:-"1 8 32"}
export CCACHE_DISABLE=1 # build times are the compiler's, not a cache's

# The compiler command `thunderc compile --so` uses (lib/driver/build_so.cpp): the configured
# compiler and libtorch flags, -O1 unless THUNDERC_SO_CXXFLAGS says otherwise.
flags_h="$build/generated/torch_flags.h"
[ -x "$build/thunderc" ] && [ -f "$flags_h" ] || cmake --build "$build" --target thunderc >/dev/null
define() { sed -n "s/^#define $1 \"\(.*\)\"\$/\1/p" "$flags_h"; }
read -r -a cxx <<<"$(define THUNDERC_CONFIGURED_CXX)"
read -r -a cflags <<<"$(define THUNDERC_CONFIGURED_TORCH_CFLAGS)"
read -r -a ldflags <<<"$(define THUNDERC_CONFIGURED_TORCH_LDFLAGS)"
read -r -a opt <<<"${THUNDERC_SO_CXXFLAGS:--O1}"
thunderc="$build/thunderc"

# timed LOG CMD...: runs CMD, sets wall and cpu (user + sys, children included), in seconds
timed() {
  local log=$1
  shift
  if ! /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" >"$log" 2>&1; then
    cat "$log" >&2
    echo "bench_so: failed: $*" >&2
    exit 1
  fi
  read -r wall user sys <"$work/time.txt"
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

echo "== compiled library: harnesses"
harness="$work/bench_so"
if [ ! -x "$harness" ] || [ "$root/bench/so/bench_so.cpp" -nt "$harness" ]; then
  "${cxx[@]}" -std=c++17 -O2 "${cflags[@]}" "$root/bench/so/bench_so.cpp" -o "$harness" "${ldflags[@]}" -ldl
fi
cmake --build "$build" --target bench_so_prologue >/dev/null

graph() { # KIND L [CACHE_LEN] -> graph file
  local f="$work/$1_L$2${3:+_c$3}.json"
  [ -f "$f" ] || python3 "$root/bench/gen_graphs.py" "$1" --layers "$2" ${3:+--cache-len "$3"} -o "$f"
  echo "$f"
}
hw_cmd() { # KIND [PCH_FLAGS...] -> the command building the hand-written library (the library's compiler command)
  local kind=$1
  shift
  hw=("${cxx[@]}" -std=c++17 "${opt[@]}" -fPIC "${cflags[@]}" -shared "$@" "$root/bench/so/handwritten_$kind.cpp"
    -o "$work/hw_$kind.so" "${ldflags[@]}")
}
build_hw() { hw_cmd "$1" && "${hw[@]}"; }

echo "== compiled library: build time (CPU s = user + sys, compiler included; wall s)"
echo "machine: $(nproc) cores, $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compiler command: ${cxx[*]} -std=c++17 ${opt[*]} -fPIC ${cflags[*]} -shared [-Winvalid-pch -include PCH] SOURCE -o LIB ${ldflags[*]}"
export THUNDERC_CACHE_DIR="$work/thunderc-cache"
rm -rf "$THUNDERC_CACHE_DIR" "$work/llama_L1"
timed "$work/compile_llama_L1_cold.log" "$thunderc" -v compile "$(graph llama 1)" -o "$work/llama_L1" --so
pch=$(echo "$THUNDERC_CACHE_DIR"/pch-*/thunderc_aten.h)
[ -f "$pch.gch" ] || { cat "$work/compile_llama_L1_cold.log" >&2; echo "bench_so: no precompiled header" >&2; exit 1; }
echo "first build, precompiled header included (llama_L1): $cpu CPU s, $wall wall s; header $(du -m "$pch.gch" | cut -f1) MB"
echo "so: thunderc compile --so (cached header); nopch: --no-pch; hw: hand-written, same command without the header; hw_pch: with it"
printf "%-10s %6s %8s %8s %9s %8s %8s %8s %10s %11s %12s\n" graph ops so_cpu so_wall nopch_cpu hw_cpu hw_wall hw_pch \
  so/hw nopch/hw so/hw_pch
for L in $layers; do
  g=$(graph llama "$L")
  rm -rf "$work/llama_L$L" "$work/llama_L${L}_nopch"
  timed "$work/compile_llama_L$L.log" "$thunderc" compile "$g" -o "$work/llama_L$L" --so
  so_cpu=$cpu so_wall=$wall
  timed "$work/compile_llama_L${L}_nopch.log" "$thunderc" compile "$g" -o "$work/llama_L${L}_nopch" --so --no-pch
  nopch_cpu=$cpu
  hw_cmd llama -Winvalid-pch -include "$pch"
  timed "$work/hw_llama_pch.log" "${hw[@]}"
  hw_pch_cpu=$cpu
  hw_cmd llama
  timed "$work/hw_llama.log" "${hw[@]}"
  ops=$(grep -cE '^  (at::Tensor )?v_\w+ = |^  thunderc_unpack|^  v_\w+\.\w+_\(' "$work/llama_L$L/llama_L$L.cpp" || true)
  printf "%-10s %6s %8s %8s %9s %8s %8s %8s %10s %11s %12s\n" "llama_L$L" "$ops" "$so_cpu" "$so_wall" "$nopch_cpu" \
    "$cpu" "$wall" "$hw_pch_cpu" "$(ratio "$so_cpu" "$cpu")" "$(ratio "$nopch_cpu" "$cpu")" "$(ratio "$so_cpu" "$hw_pch_cpu")"
done
[ -f "$work/hw_llama.so" ] || build_hw llama
for L in 1 8; do # the per-call runs need these
  [ -f "$work/llama_L$L/llama_L$L.so" ] || "$thunderc" compile "$(graph llama "$L")" -o "$work/llama_L$L" --so
done
"$thunderc" compile "$(graph llama 8 4096)" -o "$work/llama_L8_c4096" --so
"$thunderc" compile "$(graph mlp 8)" -o "$work/mlp_L8" --so
build_hw mlp

echo "== compiled library: per call, one intra-op thread (thread CPU time; $rounds rounds)"
for run in "llama_L1 llama" "llama_L8 llama" "llama_L8_c4096 llama" "mlp_L8 mlp"; do
  set -- $run
  "$harness" "$work/$1" "$1" "$work/hw_$2.so" "$rounds" | tee "$work/percall_$1.txt"
done
echo "== PyTorch eager (/usr/bin/python3, torch $(/usr/bin/python3 -c 'import torch; print(torch.__version__)' 2>/dev/null), one thread; thread CPU time)"
for run in "llama 1" "llama 8" "mlp 8"; do
  set -- $run
  /usr/bin/python3 "$root/bench/so/bench_eager.py" "$1" "$2" 15 | tee "$work/eager_$1_L$2.txt"
done

echo "== prologue per call, native run path (lib/runtime/trace_exec.cpp run_prologue)"
for g in "$root/samples/llama_tiny.json" "$(graph llama 1)" "$(graph llama 8)"; do
  "$build/bench_so_prologue" "$g" | tee -a "$work/prologue.txt"
done

echo "== summary: per call (us, thread CPU), ratios against the hand-written ATen code of the same run"
printf "%-14s %10s %10s %10s %10s %11s %11s %14s\n" model so_min so_median hw_min hw_median ratio_min ratio_median eager_nograd_med
for run in "llama_L1 llama 1" "llama_L8 llama 8" "llama_L8_c4096" "mlp_L8 mlp 8"; do
  set -- $run
  read -r _ _ so_min so_med hw_min hw_med r_min r_med < <(grep '^RESULT' "$work/percall_$1.txt")
  eager=- # no eager run with the long cache
  if [ $# -eq 3 ]; then
    read -r _ _ _ e_min e_med < <(grep '^EAGER .* no_grad' "$work/eager_$2_L$3.txt")
    eager="$e_med ($(ratio "$e_med" "$hw_med")x hw)"
  fi
  printf "%-14s %10s %10s %10s %10s %11s %11s %14s\n" "$1" "$so_min" "$so_med" "$hw_min" "$hw_med" "$r_min" "$r_med" \
    "$eager"
done
echo "(eager: another process, same run; its ratio is against the hand-written median)"
