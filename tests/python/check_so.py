#!/usr/bin/env python3
"""Checks that the library `thunderc compile --so` builds computes exactly what computation.py does.

    check_so.py THUNDERC [GRAPH.json ...] [--out DIR] [--seed N]

For each graph (default: every samples/*.json except llama_static_cache.json, which needs CUDA
and a lot of memory, plus tests/graphs/so/*.json, which call nearly every op of the catalogue):

1. compiles it with `THUNDERC compile GRAPH -o DIR/<graph> --so` (DIR: --out, default a temporary
   directory; a kept DIR makes reruns fast, as the library is rebuilt only when its source or
   flags change);
2. builds the graph's inputs with graph_eager.py (seeded) and runs prologue.py on them to get the
   computation's inputs;
3. runs computation.py on one copy of them and `torch.ops.thunderc.<graph>(*inputs)` (after
   `torch.ops.load_library`) on another;
4. compares the outputs (count, dtype, shape, device, requires_grad and every element, bitwise)
   and the inputs afterwards (write-backs into input tensors included, and how many times each
   input's version counter was bumped);
5. runs prologue.py -> the library -> epilogue.py on fresh inputs: the result, identities and
   input mutations must be those of the three Python traces.

Each of tests/graphs/so/*.json is also built with `--so-chunk-ops 1` (every op in a part of its
own, so that every tensor an op reads or updates in place comes from an earlier part) and run with
`thunderc run --so --check`.

Also checks, on the first graph, that a second compile reuses the library (`is up to date`), that
a call with the wrong number of tensors raises an error, and that concurrent compiles into one
directory leave a working library and no temporary file, that a failed build exits 1 and
leaves no library, that a build interrupted by a signal stops the compiler and leaves no file,
that builds use the cached precompiled ATen header (built once, valid for the build command,
left out with --no-pch, a failure to build it only slowing builds down), and that ccache can keep
the compiled object. Prints
`PASS ...`/`FAIL ...` per check and `N passed, M failed`; exit status 1 when anything failed.
"""

import argparse
import glob
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
import types

import torch

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_traces  # noqa: E402
import graph_eager  # noqa: E402
from report import Report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def error_line(e):
    lines = f"{type(e).__name__}: {e}".strip().splitlines()
    return lines[0] if lines else type(e).__name__


def call(op, inputs):
    """The library's op takes the inputs as separate tensors, or as one list beyond 64 of them."""
    return op(list(inputs)) if len(inputs) > 64 else op(*inputs)


def copy_inputs(values):
    """An independent copy of the computation's inputs; a tensor passed twice stays one tensor."""
    memo = {}
    out = []
    for v in values:
        if isinstance(v, torch.Tensor):
            if id(v) not in memo:
                c = v.detach().clone()
                c.requires_grad_(v.requires_grad)
                memo[id(v)] = c
            out.append(memo[id(v)])
        else:
            out.append(v)
    return out


def tensor_diff(a, b):
    """None when `a` and `b` are the same tensor bit for bit (NaNs equal), else what differs."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        return f"{type(a).__name__} vs {type(b).__name__}"
    for what in ("dtype", "shape", "device", "requires_grad"):
        x, y = getattr(a, what), getattr(b, what)
        if x != y:
            return f"{what} {x} (computation.py) vs {y} (.so)"
    a, b = a.detach(), b.detach()
    if a.is_floating_point() or a.is_complex():
        same = bool(torch.isclose(a, b, rtol=0, atol=0, equal_nan=True).all())
    else:
        same = torch.equal(a, b)
    if same:
        return None
    count = int((a != b).sum())
    return f"values differ in {count} of {a.numel()} elements"


def check_graph(thunderc, path, out_root, seed, first, report):
    label = os.path.splitext(os.path.basename(path))[0]
    program = graph_eager.load(path)
    name = program.graph["name"]
    out_dir = os.path.join(out_root, label)
    start = time.monotonic()
    proc = subprocess.run([thunderc, "-v", "compile", path, "-o", out_dir, "--so"],
                          capture_output=True, text=True)
    elapsed = time.monotonic() - start
    so_path = os.path.join(out_dir, f"{name}.so")
    if not report.check(proc.returncode == 0 and os.path.exists(so_path), f"{label}: compile --so",
                        f"{elapsed:.1f} s" if proc.returncode == 0 else
                        f"exit {proc.returncode}: {proc.stderr.strip()[-2000:]}"):
        return
    if first:
        before = os.stat(so_path).st_mtime_ns
        again = subprocess.run([thunderc, "-v", "compile", path, "-o", out_dir, "--so"],
                               capture_output=True, text=True)
        report.check(again.returncode == 0 and "is up to date" in again.stderr
                     and os.stat(so_path).st_mtime_ns == before,
                     f"{label}: second compile reuses the library", again.stderr.strip()[-300:])

    torch.ops.load_library(so_path)
    op = getattr(torch.ops.thunderc, name)
    inputs = program.build_inputs(seed)
    with program.install_classes():
        prologue, computation, epilogue, _ = check_traces.import_traces(out_dir, f"so_{label}")
        front = (inputs.self_value,) if inputs.has_self else ()
        ci, ei = prologue.prologue(*front, *inputs.args, **inputs.kwargs)
    ci_py, ci_so = copy_inputs(ci), copy_inputs(ci)

    torch.manual_seed(seed)
    expected = computation.computation(*ci_py)
    torch.manual_seed(seed)
    try:
        got = call(op, ci_so)
    except Exception as e:  # noqa: BLE001
        report.check(False, f"{label}: torch.ops.thunderc.{name}", error_line(e))
        traceback.print_exc()
        return
    if not report.check(isinstance(got, list) and len(got) == len(expected),
                        f"{label}: output count", f"{len(got)} vs {len(expected)} expected"):
        return
    # Made under InferenceMode, they must come back as the ordinary tensors computation.py returns
    # (an inference tensor cannot be updated in place or saved for backward outside it).
    inference = [i for i, t in enumerate(got) if isinstance(t, torch.Tensor) and t.is_inference()]
    report.check(not inference, f"{label}: outputs are ordinary tensors",
                 f"inference tensors: outputs {inference[:5]}" if inference else f"{len(got)} tensors")
    diffs = []
    for i, (a, b) in enumerate(zip(expected, got)):
        d = tensor_diff(a, b)
        if d:
            diffs.append(f"output {i}: {d}")
    report.check(not diffs, f"{label}: outputs bitwise equal to computation.py",
                 "; ".join(diffs[:3]) if diffs else f"{len(got)} tensors")
    diffs = []
    for i, (a, b) in enumerate(zip(ci_py, ci_so)):
        d = tensor_diff(a, b)
        if d is None and isinstance(a, torch.Tensor) and a._version != b._version:
            d = f"version counter {a._version} (computation.py) vs {b._version} (.so)"
        if d:
            diffs.append(f"input {i}: {d}")
    updated = sum(1 for a, orig in zip(ci_py, ci) if tensor_diff(a, orig) is not None)
    report.check(not diffs, f"{label}: inputs after the call (write-backs)",
                 "; ".join(diffs[:3]) if diffs else f"{len(ci)} tensors, {updated} updated in place")
    # The Python traces with the library as their computation behave as with computation.py:
    # the same result, identities and input mutations (each side on its own inputs).
    inputs_a, inputs_b = program.build_inputs(seed), program.build_inputs(seed)
    with program.install_classes():
        with_py = check_traces.run_traces((prologue, computation, epilogue), inputs_a, seed)
        with_so = types.SimpleNamespace(computation=lambda *args: tuple(call(op, args)))
        check_traces.check_run(program, (prologue, with_so, epilogue), inputs_a, inputs_b, with_py,
                               f"{label}: traces with the library as computation", seed, report)
    if first:
        try:
            call(op, ci_so[:-1])
            report.check(False, f"{label}: a call with too few inputs is rejected", "no error")
        except RuntimeError as e:
            report.check(True, f"{label}: a call with too few inputs is rejected", error_line(e)[:120])


def check_small_parts(thunderc, path, out_root, report, chunk_ops=1):
    """Built with `--so-chunk-ops N`, parts pass the tensors they read as const references (in-place
    updates included): the library must build and compute what the program computes."""
    label = os.path.splitext(os.path.basename(path))[0]
    out_dir = os.path.join(out_root, f"{label}_parts_{chunk_ops}")
    proc = subprocess.run([thunderc, "compile", path, "-o", out_dir, "--so", "--so-chunk-ops", str(chunk_ops)],
                          capture_output=True, text=True)
    if not report.check(proc.returncode == 0, f"{label}: compile --so --so-chunk-ops {chunk_ops}",
                        f"exit {proc.returncode}: {proc.stderr.strip()[-2000:]}"):
        return
    so = os.path.join(out_dir, graph_eager.load(path).graph["name"] + ".so")
    run = subprocess.run([thunderc, "run", path, "--so", so, "--check"], capture_output=True, text=True)
    report.check(run.returncode == 0, f"{label}: the library of --so-chunk-ops {chunk_ops} passes run --check",
                 run.stderr.strip()[-600:])


def check_concurrent_builds(thunderc, path, out_root, report, n=3):
    """n compiles of one graph into one directory at once: all succeed, no temporary file is left,
    and the library they leave computes what the program computes (`run --so --check`)."""
    label = os.path.splitext(os.path.basename(path))[0]
    out_dir = os.path.join(out_root, "concurrent")
    shutil.rmtree(out_dir, ignore_errors=True)
    procs = [subprocess.Popen([thunderc, "compile", path, "-o", out_dir, "--so"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(n)]
    errors = [err for p in procs for _, err in [p.communicate()] if p.returncode != 0]
    report.check(not errors, f"{label}: {n} concurrent compile --so into one directory",
                 errors[0].strip()[-300:] if errors else "")
    leftovers = [f for f in os.listdir(out_dir) if f.startswith(".")]
    report.check(not leftovers, f"{label}: no temporary file left by concurrent builds", str(leftovers))
    so = os.path.join(out_dir, graph_eager.load(path).graph["name"] + ".so")
    run = subprocess.run([thunderc, "run", path, "--so", so, "--check"], capture_output=True, text=True)
    report.check(run.returncode == 0, f"{label}: the library left by concurrent builds passes run --check",
                 run.stderr.strip()[-300:])
    # A failed build (a compiler that fails) exits 1 naming the compiler and leaves no library:
    # the old one no longer matches the source.
    failed = subprocess.run([thunderc, "compile", path, "-o", out_dir, "--so", "--cxx", "false"],
                            capture_output=True, text=True, env={**os.environ, "THUNDERC_CXX": ""})
    left = sorted(f for f in os.listdir(out_dir) if f.endswith(".so") or f.startswith("."))
    report.check(failed.returncode == 1 and "building" in failed.stderr and "false" in failed.stderr
                 and not left, f"{label}: a failed build exits 1 and leaves no library",
                 f"exit {failed.returncode}, left {left}: {failed.stderr.strip()[-300:]}")


def check_interrupted_builds(thunderc, path, out_root, report):
    """A build interrupted by SIGINT, SIGTERM or SIGHUP stops the compiler (its whole process group)
    and leaves neither a library nor a temporary file (object, library, precompiled header);
    thunderc dies of the same signal. Interrupted while compiling the library (--no-pch), and
    while precompiling the header."""
    label = os.path.splitext(os.path.basename(path))[0]
    out_dir = os.path.join(out_root, "interrupted")
    cache = os.path.join(out_root, "interrupted-cache")
    pid_file = os.path.join(out_root, "compiler.pid")
    compiler = os.path.join(out_root, "slow_compiler.sh")  # a compiler that never finishes
    with open(compiler, "w") as f:
        f.write(f"#!/bin/sh\nsleep 600 &\necho $$ $! > {shlex.quote(pid_file)}\nwait\n")
    os.chmod(compiler, 0o755)
    cases = [(sig, ["--no-pch"], "the library") for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)]
    cases.append((signal.SIGINT, [], "the precompiled header"))
    for sig, extra, what in cases:
        shutil.rmtree(out_dir, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        if os.path.exists(pid_file):
            os.remove(pid_file)
        proc = subprocess.Popen([thunderc, "compile", path, "-o", out_dir, "--so", "--cxx", compiler, *extra],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env={**os.environ, "THUNDERC_CXX": "", "THUNDERC_CACHE_DIR": cache})
        deadline = time.monotonic() + 60
        while not os.path.exists(pid_file) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.1)  # the script has written both pids
        with open(pid_file) as f:
            pids = [int(p) for p in f.read().split()]  # the compiler and its own child
        proc.send_signal(sig)
        proc.wait(timeout=60)
        time.sleep(0.2)
        alive = [p for p in pids if os.path.exists(f"/proc/{p}")
                 and open(f"/proc/{p}/stat").read().split(") ")[-1][0] != "Z"]
        left = sorted(f for f in os.listdir(out_dir) if f.endswith(".so") or f.startswith("."))
        left += [os.path.basename(f) for f in glob.glob(os.path.join(cache, "pch-*", ".*"))]
        report.check(proc.returncode == -sig and not alive and not left,
                     f"{label}: a build interrupted by {sig.name} while compiling {what} stops the compiler "
                     "and leaves no file",
                     f"exit {proc.returncode}, compiler processes alive {alive}, left {left}")


def build_command(stderr):
    """The compiler command of thunderc's `-v` log line `compiling LIB: COMMAND`, as argv."""
    prefix = "thunderc: info: compiling "
    for line in stderr.splitlines():
        if line.startswith(prefix) and ": " in line[len(prefix):]:
            return shlex.split(line[len(prefix):].split(": ", 1)[1])
    return []


def check_precompiled_header(thunderc, path, out_root, report):
    """compile --so precompiles the ATen headers once into THUNDERC_CACHE_DIR and builds with
    `-include` of them; the compiler accepts that header for the build command (g++ -H marks a
    used one with `!`); later builds reuse it; --no-pch leaves it out; when it cannot be built,
    builds go on without it and do not try again; building one removes those of other
    toolchains built over 30 days ago."""
    label = os.path.splitext(os.path.basename(path))[0]
    cache = os.path.join(out_root, "pch-cache")
    shutil.rmtree(cache, ignore_errors=True)
    env = {**os.environ, "THUNDERC_CACHE_DIR": cache}

    def compile_so(out, *extra, env=env):
        shutil.rmtree(os.path.join(out_root, out), ignore_errors=True)
        return subprocess.run([thunderc, "-v", "compile", path, "-o", os.path.join(out_root, out), "--so",
                               *extra], capture_output=True, text=True, env=env)

    # Headers of other toolchains: one built 40 days ago (removed when a new one is built), one
    # built now (kept).
    for old, age in (("pch-0000000000000001", 40), ("pch-0000000000000002", 0)):
        os.makedirs(os.path.join(cache, old))
        stamp = time.time() - age * 86400
        with open(os.path.join(cache, old, "thunderc_aten.h.gch"), "w") as f:
            f.write("not a header")
        os.utime(os.path.join(cache, old, "thunderc_aten.h.gch"), (stamp, stamp))
    first = compile_so("pch_first")
    report.check(sorted(d for d in os.listdir(cache) if d.startswith("pch-000")) == ["pch-0000000000000002"],
                 f"{label}: building the header removes those of other toolchains older than 30 days",
                 str(sorted(os.listdir(cache))))
    gchs = [g for g in glob.glob(os.path.join(cache, "pch-*", "thunderc_aten.h.gch")) if "pch-000" not in g]
    argv = build_command(first.stderr)
    header = gchs[0][:-len(".gch")] if len(gchs) == 1 else None
    report.check(first.returncode == 0 and "precompiling the ATen headers" in first.stderr and header
                 and "-include" in argv and argv[argv.index("-include") + 1] == header
                 and not glob.glob(os.path.join(cache, "pch-*", ".*")),
                 f"{label}: the first compile --so precompiles the ATen headers and includes them",
                 f"exit {first.returncode}, headers {gchs}: {first.stderr.strip()[-600:]}")
    if header and argv:
        if os.path.basename(argv[0]) == "ccache":
            argv = argv[1:]
        out = argv.index("-o")
        check = subprocess.run(argv[:out] + argv[out + 2:] + ["-fsyntax-only", "-H"],
                               capture_output=True, text=True)
        report.check(f"! {header}.gch" in check.stderr.splitlines(),
                     f"{label}: the compiler uses the precompiled header for the build command",
                     "\n".join(line for line in check.stderr.splitlines() if ".gch" in line)[:600])
    again = compile_so("pch_again")
    report.check(again.returncode == 0 and "precompiling" not in again.stderr
                 and header in build_command(again.stderr),
                 f"{label}: a later compile --so reuses the precompiled header", again.stderr.strip()[-600:])
    without = compile_so("pch_none", "--no-pch")
    report.check(without.returncode == 0 and "-include" not in build_command(without.stderr),
                 f"{label}: compile --so --no-pch builds without it", without.stderr.strip()[-600:])

    # A compiler that cannot precompile headers: the library is built without one, the failure
    # is kept (failed.log) and not retried by the next build.
    calls = os.path.join(out_root, "pch_calls.txt")
    compiler = os.path.join(out_root, "no_pch_compiler.sh")
    with open(compiler, "w") as f:
        f.write("#!/bin/sh\n"
                f"echo \"$*\" >> {shlex.quote(calls)}\n"
                'case " $* " in *" c++-header "*) echo "no precompiled headers here" >&2; exit 1;; esac\n'
                'if [ -n "$FAIL_BUILD" ]; then exit 1; fi\n'
                f"exec {shlex.quote(shutil.which('c++') or 'c++')} \"$@\"\n")
    os.chmod(compiler, 0o755)
    no_cxx = {**env, "THUNDERC_CXX": ""}
    failed = compile_so("pch_failed", "--cxx", compiler, env=no_cxx)
    logs = glob.glob(os.path.join(cache, "pch-*", "failed.log"))
    report.check(failed.returncode == 0 and "building without a precompiled header" in failed.stderr
                 and len(logs) == 1 and "no precompiled headers here" in open(logs[0]).read()
                 and "-include" not in build_command(failed.stderr),
                 f"{label}: when the header cannot be precompiled, the library is built without it",
                 f"exit {failed.returncode}, logs {logs}: {failed.stderr.strip()[-600:]}")
    if os.path.exists(calls):
        os.remove(calls)
    retry = compile_so("pch_failed_again", "--cxx", compiler, env={**no_cxx, "FAIL_BUILD": "1"})
    tried = [line for line in open(calls) if "c++-header" in line] if os.path.exists(calls) else ["no call"]
    report.check(retry.returncode == 1 and "failed to build before" in retry.stderr and not tried,
                 f"{label}: a header that failed to build is not tried again",
                 f"exit {retry.returncode}, calls {tried}: {retry.stderr.strip()[-300:]}")


def check_compiler_cache(thunderc, path, out_root, report):
    """The library is compiled to an object and linked in a second command, so that ccache keeps
    the object: building a removed library again is a cache hit (ccache's own statistics, in a
    private cache)."""
    label = os.path.splitext(os.path.basename(path))[0]
    ccache = shutil.which("ccache")
    if not ccache:
        print(f"SKIP {label}: ccache is not installed")
        return
    cache = os.path.join(out_root, "ccache")
    shutil.rmtree(cache, ignore_errors=True)
    env = {**os.environ, "CCACHE_DIR": cache, "CCACHE_SLOPPINESS": "pch_defines,time_macros",
           "THUNDERC_CXX": f"{ccache} {shutil.which('c++') or 'c++'}"}
    out = os.path.join(out_root, "ccached")
    runs = []
    for _ in range(2):
        shutil.rmtree(out, ignore_errors=True)
        runs.append(subprocess.run([thunderc, "compile", path, "-o", out, "--so", "--no-pch"],
                                   capture_output=True, text=True, env=env))
    stats = subprocess.run([ccache, "--print-stats"], capture_output=True, text=True, env=env).stdout
    hits = dict(line.split("\t") for line in stats.splitlines() if "\t" in line).get("direct_cache_hit", "0")
    report.check(all(r.returncode == 0 for r in runs) and int(hits) >= 1,
                 f"{label}: with ccache, building a removed library again is a cache hit",
                 f"direct cache hits {hits}; {runs[-1].stderr.strip()[-300:]}")


def uses_cuda(program):
    found = []

    def walk(node):
        if isinstance(node, list):
            for x in node:
                walk(x)
        elif isinstance(node, dict):
            if isinstance(node.get("device"), str) and node["device"].startswith("cuda"):
                found.append(node["device"])
            for x in node.values():
                walk(x)
    walk(program.graph.get("inputs", {}))
    return bool(found)


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("thunderc")
    parser.add_argument("graphs", nargs="*")
    parser.add_argument("--out", help="where to compile (kept; reruns reuse the libraries)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    # No graph_eager.ensure_torch_compat(): computation.py must run with thunderc_support's own
    # scaled_dot_product_attention, which the library reproduces op for op.
    graphs = args.graphs or ([g for g in sorted(glob.glob(os.path.join(ROOT, "samples", "*.json")))
                              if os.path.basename(g) not in check_traces.EXCLUDED_SAMPLES]
                             + sorted(glob.glob(os.path.join(ROOT, "tests", "graphs", "so", "*.json"))))
    out_root = args.out or tempfile.mkdtemp(prefix="thunderc_so_")
    os.makedirs(out_root, exist_ok=True)
    report = Report()
    try:
        for i, g in enumerate(graphs):
            label = os.path.splitext(os.path.basename(g))[0]
            if uses_cuda(graph_eager.load(g)) and not torch.cuda.is_available():
                print(f"SKIP {label}: its inputs are on CUDA, which is not available")
                continue
            try:
                check_graph(args.thunderc, g, out_root, args.seed, i == 0, report)
                if os.path.dirname(os.path.abspath(g)) == os.path.join(ROOT, "tests", "graphs", "so"):
                    check_small_parts(args.thunderc, g, out_root, report)
                if i == 0:
                    check_concurrent_builds(args.thunderc, g, out_root, report)
                    check_interrupted_builds(args.thunderc, g, out_root, report)
                    check_precompiled_header(args.thunderc, g, out_root, report)
                    check_compiler_cache(args.thunderc, g, out_root, report)
            except Exception as e:  # noqa: BLE001
                report.check(False, f"{label}", error_line(e))
                traceback.print_exc()
    finally:
        if not args.out:
            shutil.rmtree(out_root, ignore_errors=True)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
