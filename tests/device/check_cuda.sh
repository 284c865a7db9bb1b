#!/usr/bin/env bash
# The compiled library on CUDA. For each graph, builds it with `thunderc compile --so` against the
# libtorch of the installed CUDA-enabled PyTorch, runs its prologue on inputs built by
# tests/python/graph_eager.py, then calls torch.ops.thunderc.<name> twice: on the computation's
# inputs as they are (on the device the graph declares) and on copies moved to the other device
# (CUDA for a CPU graph, CPU for a CUDA one). The same source serves both: outputs and in-place
# write-backs must agree between the two devices, and with computation.py on the graph's own
# device (float tolerance, relative to the norm: 1e-3 for 32- and 64-bit floats, 3e-2 for
# 16-bit ones). Needs an NVIDIA GPU, a CUDA-enabled PyTorch for $PYTHON, a C++ compiler and a
# built thunderc.
#
#   tests/device/check_cuda.sh [THUNDERC [GRAPH...]]
#       THUNDERC default build/thunderc; GRAPHs default every samples/*.json,
#       tests/graphs/so/so_ops.json (every op the C++ emitter knows) and
#       tests/graphs/so/so_inplace_update.json (inputs updated in place, or copied back)
#
# Overridable: PYTHON (python3), OUT (a temporary directory), THUNDERC_CXX, THUNDERC_SO_CXXFLAGS
# (-O1; add -std=c++20 for a libtorch whose headers require it), and the libtorch flags
# THUNDERC_TORCH_CFLAGS / THUNDERC_TORCH_LDFLAGS (default: derived from PyTorch's own directory).
# Prints PASS/FAIL lines; exit status 0 when everything passed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
THUNDERC=${1:-$ROOT/build/thunderc}
shift || true
GRAPHS=("$@")
[ ${#GRAPHS[@]} -gt 0 ] || GRAPHS=("$ROOT"/samples/*.json "$ROOT/tests/graphs/so/so_ops.json"
  "$ROOT/tests/graphs/so/so_inplace_update.json")
PYTHON=${PYTHON:-python3}
OUT=${OUT:-$(mktemp -d /tmp/thunderc_cuda.XXXXXX)}

if [ ! -x "$THUNDERC" ]; then
  echo "FAIL no thunderc at $THUNDERC (build it first: make build)"; exit 1
fi
"$PYTHON" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' || {
  echo "FAIL $PYTHON has no CUDA-enabled PyTorch with a visible GPU"; exit 1; }

PREFIX=$("$PYTHON" -c 'import os, torch; print(os.path.dirname(torch.__file__))')
ABI=$("$PYTHON" -c 'import torch; print(int(torch._C._GLIBCXX_USE_CXX11_ABI))')
export THUNDERC_TORCH_CFLAGS=${THUNDERC_TORCH_CFLAGS:-"-I$PREFIX/include -I$PREFIX/include/torch/csrc/api/include -D_GLIBCXX_USE_CXX11_ABI=$ABI"}
export THUNDERC_TORCH_LDFLAGS=${THUNDERC_TORCH_LDFLAGS:-"-L$PREFIX/lib -Wl,-rpath,$PREFIX/lib -Wl,--no-as-needed -ltorch -ltorch_cpu -lc10"}
echo "torch $("$PYTHON" -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.get_device_name(0))')"
echo "libtorch flags: $THUNDERC_TORCH_CFLAGS | $THUNDERC_TORCH_LDFLAGS"

failed=0
built=()
for graph in "${GRAPHS[@]}"; do
  dir="$OUT/$(basename "$graph" .json)"
  START=$(date +%s%N)
  if "$THUNDERC" -v compile "$graph" -o "$dir" --so; then
    echo "PASS $(basename "$graph"): compile --so ($(( ($(date +%s%N) - START) / 1000000 )) ms)"
    built+=("$graph" "$dir")
  else
    echo "FAIL $(basename "$graph"): compile --so against $PREFIX"; failed=1
  fi
done
[ ${#built[@]} -gt 0 ] || exit 1

"$PYTHON" - "$ROOT" "${built[@]}" <<'PY' || failed=1
import importlib.util, json, os, sys, time
import torch
root, pairs = sys.argv[1], sys.argv[2:]
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(root, "tests", "python"))
import graph_eager

failed = 0
def check(ok, what, detail=""):
    global failed
    failed += not ok
    print(("PASS " if ok else "FAIL ") + what + (f" ({detail})" if detail else ""), flush=True)

def load(out, stem, name):
    spec = importlib.util.spec_from_file_location(f"cuda_check_{stem}_{name}", os.path.join(out, f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

def close(a, b):
    """(agrees, detail): same dtype and shape, and |a - b| / |b| within the dtype's tolerance."""
    if a.dtype != b.dtype or a.shape != b.shape:
        return False, f"{a.dtype}{list(a.shape)} vs {b.dtype}{list(b.shape)}"
    what = f"{a.dtype}{list(a.shape)}"
    a, b = a.cpu(), b.cpu()
    if not (a.is_floating_point() or a.is_complex()):
        return torch.equal(a, b), f"{what}, equal: {torch.equal(a, b)}"
    tol = 3e-2 if a.element_size() <= 2 else 1e-3
    wide = torch.complex128 if a.is_complex() else torch.float64
    a, b = a.to(wide), b.to(wide)
    same_nan = torch.equal(a.isnan(), b.isnan())
    diff = torch.where((a == b) | (a.isnan() & b.isnan()), torch.zeros_like(a), a - b)
    scale = torch.where(b.isfinite(), b, torch.zeros_like(b)).norm()
    err = (diff.norm() / scale.clamp_min(1e-30)).item()
    ok = err <= tol and same_nan
    return ok, f"{what}, relative error {err:.2g} (tolerance {tol:g})"

def as_list(x):
    return [x] if isinstance(x, torch.Tensor) else list(x)

for graph, out in zip(pairs[::2], pairs[1::2]):
    stem = os.path.basename(graph)[:-len(".json")]
    name = json.load(open(graph))["name"]
    torch.ops.load_library(os.path.join(out, f"{name}.so"))
    op = getattr(torch.ops.thunderc, name)
    program = graph_eager.load(graph)
    inputs = program.build_inputs(0)
    sys.path.insert(0, out)
    with program.install_classes():
        prologue = load(out, stem, "prologue")
        front = (inputs.self_value,) if inputs.has_self else ()
        ci, _ = prologue.prologue(*front, *inputs.args, **inputs.kwargs)
    sys.path.remove(out)
    if not ci:
        check(False, f"{stem}: the computation takes tensors", "it takes no input")
        continue
    home = ci[0].device
    away = torch.device("cuda") if home.type == "cpu" else torch.device("cpu")
    on_home = [t.detach().clone() for t in ci]
    on_away = [t.detach().clone().to(away) for t in ci]
    out_home = op(*on_home)
    out_away = op(*on_away)
    torch.cuda.synchronize()
    check(all(t.device.type == away.type for t in out_away), f"{stem}: outputs of the {away.type} call are on {away.type}",
          ", ".join(str(t.device) for t in out_away))
    for i, (a, b) in enumerate(zip(out_away, out_home)):
        ok, detail = close(a, b)
        check(ok, f"{stem}: output {i} on {away.type} matches {home.type}", detail)
    for i, (a, b, orig) in enumerate(zip(on_away, on_home, ci)):
        if not torch.equal(b, orig):  # written back
            ok, detail = close(a, b)
            check(ok, f"{stem}: input {i} written back on {away.type} as on {home.type}", detail)
    # computation.py on the graph's own device (PyTorch >= 2 runs its own
    # scaled_dot_product_attention: close, not bitwise)
    computation = load(out, stem, "computation")
    py = as_list(computation.computation(*[t.detach().clone() for t in ci]))
    check(len(py) == len(out_home), f"{stem}: as many outputs as computation.py", f"{len(out_home)} vs {len(py)}")
    for i, (a, b) in enumerate(zip(out_home, py)):
        ok, detail = close(a, b)
        check(ok, f"{stem}: output {i} on {home.type} matches computation.py", detail)
    for device, args in ((home.type, on_home), (away.type, on_away)):
        for _ in range(3):
            op(*args)
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(10):
            op(*args)
        torch.cuda.synchronize()
        print(f"{stem}: time per call on {device}: {(time.perf_counter() - t0) / 10 * 1e3:.2f} ms")
print("python checks: all passed" if not failed else f"python checks: {failed} failed")
sys.exit(1 if failed else 0)
PY
[ $failed = 0 ] && echo "all passed" || echo "FAILED"
exit $failed
