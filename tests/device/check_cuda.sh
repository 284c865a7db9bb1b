#!/usr/bin/env bash
# The compiled library on CUDA: builds samples/llama_tiny.json with `thunderc compile --so` against
# the libtorch of the installed CUDA-enabled PyTorch, then calls torch.ops.thunderc.llama_tiny on
# CPU tensors and on copies moved to the GPU, and compares outputs and write-backs (CUDA against
# CPU, with a float tolerance; the same source serves both). Needs an NVIDIA GPU, a CUDA-enabled
# PyTorch for $PYTHON, a C++ compiler and a built thunderc.
#
#   tests/device/check_cuda.sh [THUNDERC]        (default: build/thunderc)
#
# Overridable: PYTHON (python3), OUT (a temporary directory), THUNDERC_CXX, and the libtorch flags
# THUNDERC_TORCH_CFLAGS / THUNDERC_TORCH_LDFLAGS (default: derived from PyTorch's own directory).
# Prints PASS/FAIL lines; exit status 0 when everything passed.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
THUNDERC=${1:-$ROOT/build/thunderc}
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

START=$(date +%s%N)
if ! "$THUNDERC" -v compile "$ROOT/samples/llama_tiny.json" -o "$OUT/llama_tiny" --so; then
  echo "FAIL compile --so against $PREFIX"; exit 1
fi
echo "PASS compile --so ($(( ($(date +%s%N) - START) / 1000000 )) ms, $OUT/llama_tiny/llama_tiny.so)"

exec "$PYTHON" - "$ROOT" "$OUT/llama_tiny" <<'PY'
import importlib.util, os, sys, time
import torch
root, out = sys.argv[1], sys.argv[2]
sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(root, "tests", "python"))
import graph_eager

failed = 0
def check(ok, what, detail=""):
    global failed
    failed += not ok
    print(("PASS " if ok else "FAIL ") + what + (f" ({detail})" if detail else ""), flush=True)

def load(name):
    spec = importlib.util.spec_from_file_location(f"cuda_check_{name}", os.path.join(out, f"{name}.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod

torch.ops.load_library(os.path.join(out, "llama_tiny.so"))
op = torch.ops.thunderc.llama_tiny
program = graph_eager.load(os.path.join(root, "samples", "llama_tiny.json"))
inputs = program.build_inputs(0)
sys.path.insert(0, out)
with program.install_classes():
    prologue = load("prologue")
    front = (inputs.self_value,) if inputs.has_self else ()
    ci, _ = prologue.prologue(*front, *inputs.args, **inputs.kwargs)
cpu = [t.detach().clone() for t in ci]
gpu = [t.detach().clone().cuda() for t in ci]

out_cpu = op(*cpu)
out_gpu = op(*gpu)
torch.cuda.synchronize()
check(all(t.device.type == "cuda" for t in out_gpu), "outputs of the CUDA call are on CUDA",
      ", ".join(str(t.device) for t in out_gpu))
for i, (a, b) in enumerate(zip(out_cpu, out_gpu)):
    same_meta = a.dtype == b.dtype and a.shape == b.shape
    close = same_meta and torch.allclose(a, b.cpu(), rtol=1e-4, atol=1e-4)
    diff = (a.double() - b.cpu().double()).abs().max().item() if same_meta else float("nan")
    check(close, f"output {i}: CUDA matches CPU", f"{tuple(b.shape)} {b.dtype}, max abs diff {diff:.3g}")
for i, (a, b, orig) in enumerate(zip(cpu, gpu, ci)):
    if not torch.equal(a, orig):  # written back
        close = torch.allclose(a, b.cpu(), rtol=1e-4, atol=1e-4)
        check(close, f"input {i}: CUDA write-back matches CPU")

# against computation.py on CPU (PyTorch >= 2 runs its own scaled_dot_product_attention: close,
# not bitwise)
computation = load("computation")
py = computation.computation(*[t.detach().clone() for t in ci])
for i, (a, b) in enumerate(zip(py, out_cpu)):
    check(torch.allclose(a, b, rtol=1e-4, atol=1e-5), f"output {i}: CPU library matches computation.py",
          f"max abs diff {(a - b).abs().max().item():.3g}")

for name, args in (("cpu", cpu), ("cuda", gpu)):
    for _ in range(3):
        op(*args)
    torch.cuda.synchronize()
    t0 = time.perf_counter()
    for _ in range(20):
        op(*args)
    torch.cuda.synchronize()
    print(f"time per call on {name}: {(time.perf_counter() - t0) / 20 * 1e3:.2f} ms")
print("all passed" if not failed else f"{failed} failed")
sys.exit(1 if failed else 0)
PY
