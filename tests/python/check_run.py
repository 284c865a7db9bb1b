#!/usr/bin/env python3
"""Checks `thunderc run` end to end.

    check_run.py THUNDERC [-v]

1. the thunderc executable does not link libtorch (ldd), and validate, compile and print-* do not
   load it (LD_DEBUG=libs), while run does;
2. `run GRAPH --check` passes for every sample (except llama_static_cache) and every graph of
   tests/graphs/traces and tests/graphs/run (ops whose ATen mapping went wrong once: the check
   cannot see those, as both of its runs call the same mapping, but 4. and 5. can); exit 0 and a
   JSON summary whose check passed; `--no-passes` too;
3. llama_static_cache (cuda:0, 2 GB of bf16) fails cleanly without CUDA: exit 1, a message naming
   the device and the input, nothing on stdout;
4. the seeded inputs are the Python oracle's (tests/python/graph_eager.py, same seed): the tensors
   that `run --save` writes (the result's, and the inputs it changed) equal what graph_eager gets
   running the program on its own inputs, to a float tolerance (the oracle calls PyTorch through
   Python, thunderc through ATen's C++ API);
5. `--inputs`: tensors written with torch.save under their input paths are used instead of seeded
   ones (the same results under another --seed), a tensor of another shape is rejected by the
   prologue with a message naming its path, and tensors sharing a storage in the file share it
   (an input aliasing one the program changes is rejected);
6. clear failures (exit 1) for --max-input-bytes, a missing --so, a missing runtime library, an
   --inputs directory; an unknown command, a --save path that is empty or a directory, a --seed
   past 64 bits and a --max-depth above 1024 are usage errors (exit 2);
7. with a library from `compile --so`, `run --so LIB --check` passes, for mlp and for the graphs of
   tests/graphs/run and tests/graphs/run/so (torch.empty's values: zeros in both runs).

Prints one PASS/FAIL/SKIP line per check and `N passed, M failed`; exits 1 when anything failed.
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

import torch

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph_eager  # noqa: E402
from report import Report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CUDA_SAMPLE = "llama_static_cache.json"
VERBOSE = False


def run(cmd, env=None, timeout=600):
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout)


def graphs():
    samples = sorted(glob.glob(os.path.join(ROOT, "samples", "*.json")))
    return [g for g in samples if os.path.basename(g) != CUDA_SAMPLE] + sorted(
        glob.glob(os.path.join(ROOT, "tests", "graphs", "traces", "*.json"))) + sorted(
        glob.glob(os.path.join(ROOT, "tests", "graphs", "run", "*.json")))


def label(path):
    return os.path.splitext(os.path.basename(path))[0]


# ---------------------------------------------------------------------------------------------


def check_libtorch(thunderc, report):
    ldd = run(["ldd", thunderc])
    linked = [line.strip() for line in ldd.stdout.splitlines() if "libtorch" in line or "libc10" in line]
    report.check(ldd.returncode == 0 and not linked, "thunderc does not link libtorch", "; ".join(linked))
    add = os.path.join(ROOT, "samples", "add.json")
    with tempfile.TemporaryDirectory() as out:
        for args in (["validate", add], ["compile", add, "-o", out], ["print-computation", add]):
            p = run([thunderc] + args, env={"LD_DEBUG": "libs"})
            loaded = [line for line in p.stderr.splitlines() if "calling init" in line and "libtorch" in line]
            report.check(p.returncode == 0 and not loaded, f"`thunderc {args[0]}` does not load libtorch",
                         loaded[0].strip() if loaded else p.stderr[-300:])
    p = run([thunderc, "run", add], env={"LD_DEBUG": "libs"})
    loaded = [line for line in p.stderr.splitlines() if "calling init" in line and "libtorch" in line]
    report.check(p.returncode == 0 and loaded, "`thunderc run` loads libtorch (the check above can see it)")


def summary(proc):
    try:
        return json.loads(proc.stdout)
    except ValueError:
        return None


def check_runs(thunderc, report):
    for g in graphs():
        for extra in ([], ["--no-passes"]):
            p = run([thunderc, "run", g, "--check"] + extra)
            s = summary(p)
            ok = p.returncode == 0 and s is not None and s.get("check", {}).get("passed") is True
            report.check(ok, f"{label(g)}: run --check {' '.join(extra)}".rstrip(),
                         f"exit {p.returncode}: {p.stderr.strip()[-800:]}" if not ok else
                         json.dumps(s["result"])[:200])


def check_cuda_sample(thunderc, report):
    path = os.path.join(ROOT, "samples", CUDA_SAMPLE)
    if torch.cuda.is_available():
        print(f"SKIP {label(path)}: CUDA is available here")
        return
    p = run([thunderc, "run", path])
    msg = p.stderr.strip()
    ok = (p.returncode == 1 and not p.stdout.strip() and "cuda:0" in msg and "CUDA" in msg
          and "/inputs/" in msg and "Traceback" not in msg)
    report.check(ok, f"{label(path)}: a clear error without CUDA", f"exit {p.returncode}: {msg[-500:]}")


# ---- the Python oracle -------------------------------------------------------------------------


def flatten(value, path, out):
    """Tensors of a value by the paths `run --save` uses (result, result[0], result.logits)."""
    import dataclasses
    if isinstance(value, torch.Tensor):
        out[path] = value
    elif isinstance(value, (tuple, list)):
        for i, x in enumerate(value):
            flatten(x, f"{path}[{i}]", out)
    elif dataclasses.is_dataclass(value):  # before dict: a ModelOutput is both
        for f in dataclasses.fields(value):
            flatten(getattr(value, f.name), f"{path}.{f.name}", out)
    elif isinstance(value, dict):
        for k, x in value.items():
            flatten(x, f"{path}[{k!r}]", out)
    return out


def resolve(inputs, path):
    """The value at a thunderc input path (`kwargs['c'].key_cache[0]`, `self.layers[0].w`)."""
    scope = {"args": inputs.args, "kwargs": inputs.kwargs, "self": inputs.self_value}
    return eval(path, {"__builtins__": {}}, scope)  # paths come from thunderc's own summary


def expected_saved(result, inputs, mutated):
    """What `run --save` must write: the result's tensors and those of every mutated input."""
    expected = flatten(result, "result", {})
    for m in mutated:
        flatten(resolve(inputs, m), m, expected)
    return expected


def compare_saved(saved, expected, what):
    """Differences between thunderc's saved tensors and the oracle's."""
    problems = []
    if set(saved) != set(expected):
        return [f"{what}: thunderc saved {sorted(saved)}, the oracle has {sorted(expected)}"]
    for k in saved:
        a, b = saved[k], expected[k].detach().cpu()
        if a.shape != b.shape or a.dtype != b.dtype:
            problems.append(f"{k}: {a.dtype}{tuple(a.shape)} vs {b.dtype}{tuple(b.shape)}")
        elif a.is_floating_point():
            if not torch.allclose(a, b, rtol=1e-4, atol=1e-5, equal_nan=True):
                problems.append(f"{k}: max difference {(a.double() - b.double()).abs().max().item():.3g}")
        elif not torch.equal(a, b):
            problems.append(f"{k}: values differ")
    return problems


def oracle(path, seed, inputs=None):
    program = graph_eager.load(path)
    if inputs is None:
        inputs = program.build_inputs(seed)
    torch.manual_seed(seed)
    result = program.run(inputs)
    return inputs, result


def check_oracle(thunderc, report, tmp):
    for g in graphs():
        name = label(g)
        out = os.path.join(tmp, f"{name}.pt")
        p = run([thunderc, "run", g, "--seed", "3", "--save", out])
        s = summary(p)
        if not report.check(p.returncode == 0 and s is not None, f"{name}: run --save",
                            p.stderr.strip()[-500:]):
            continue
        saved = torch.load(out)
        try:
            inputs, result = oracle(g, 3)
        except Exception as e:  # noqa: BLE001
            report.check(False, f"{name}: the oracle runs", f"{type(e).__name__}: {e}")
            continue
        problems = compare_saved(saved, expected_saved(result, inputs, s["mutated"]), name)
        report.check(not problems, f"{name}: seeded run equals the Python oracle", "; ".join(problems[:3]))


def check_inputs_file(thunderc, report, tmp):
    for g in graphs():
        name = label(g)
        program = graph_eager.load(g)
        inputs = program.build_inputs(5)
        desc = program.graph.get("inputs", {})
        tensors = {}
        for ptr, value in inputs.objects.items():
            node = graph_eager.node_at(desc, ptr)
            if isinstance(value, torch.Tensor) and isinstance(node, dict) and "tensor" in node:
                t = value.detach().clone()
                tensors[graph_eager.python_path(desc, ptr)] = t.requires_grad_(value.requires_grad)
        if not tensors:
            continue
        given = os.path.join(tmp, f"{name}.inputs.pt")
        # a dict; a tuple of pairs for one tensor (libtorch 1.13 cannot read a one-entry dict)
        torch.save(tensors if len(tensors) > 1 else tuple(tensors.items()), given)
        out = os.path.join(tmp, f"{name}.outputs.pt")
        p = run([thunderc, "run", g, "--inputs", given, "--seed", "11", "--save", out, "--check"])
        s = summary(p)
        if not report.check(p.returncode == 0 and s is not None and s["check"]["passed"],
                            f"{name}: run --inputs --check", p.stderr.strip()[-500:]):
            continue
        fresh = program.build_inputs(5)
        torch.manual_seed(11)
        try:
            result = program.run(fresh)
        except Exception as e:  # noqa: BLE001
            report.check(False, f"{name}: the oracle runs", f"{type(e).__name__}: {e}")
            continue
        problems = compare_saved(torch.load(out), expected_saved(result, fresh, s["mutated"]), name)
        report.check(not problems, f"{name}: run --inputs uses the file's tensors", "; ".join(problems[:3]))

    add = os.path.join(ROOT, "samples", "add.json")
    wrong = os.path.join(tmp, "wrong.pt")
    torch.save((("args[1]", torch.zeros(2, 3)),), wrong)
    p = run([thunderc, "run", add, "--inputs", wrong])
    report.check(p.returncode == 1 and "the prologue rejected the inputs: args[1]: expected shape (2, 2), got (2, 3)"
                 in p.stderr, "a tensor of another shape is rejected with its path", p.stderr.strip()[-300:])
    torch.save({"args[7]": torch.zeros(2), "args[0]": torch.zeros(2, 2)}, wrong)
    p = run([thunderc, "run", add, "--inputs", wrong])
    report.check(p.returncode == 1 and "args[7] names no input" in p.stderr, "an unknown input path is an error",
                 p.stderr.strip()[-300:])
    # Tensors sharing a storage in the file share it in the run, as torch.load gives them: the
    # prologue sees that args[1] overlaps args[0], which the program changes in place.
    base = torch.arange(4.0)
    torch.save({"args[0]": base[0:3], "args[1]": base[1:4]}, wrong)
    distinct = os.path.join(ROOT, "tests", "graphs", "traces", "distinct_inputs.json")
    p = run([thunderc, "run", distinct, "--inputs", wrong])
    report.check(p.returncode == 1 and "the prologue rejected the inputs: args[1]: expected an input distinct from "
                 "args[0] (which the program changes), got a tensor sharing its memory" in p.stderr,
                 "file tensors sharing a storage share it (the prologue rejects the alias)", p.stderr.strip()[-300:])
    torch.save({"args[0]": torch.zeros(2, 2)}, wrong)
    p = run([thunderc, "run", add, "--inputs", wrong])
    report.check(p.returncode == 1 and "tuple of (path, tensor) pairs" in p.stderr,
                 "a one-entry dict (unreadable by libtorch 1.13) gets a hint", p.stderr.strip()[-300:])


def check_errors(thunderc, report, tmp):
    add = os.path.join(ROOT, "samples", "add.json")
    # torch 1.13's correction is an int: a float is rejected (it was truncated, and ran as 1).
    with open(os.path.join(ROOT, "tests", "graphs", "run", "var_correction.json")) as f:
        g = json.load(f)
    g["functions"]["forward"]["body"][0]["kwargs"]["correction"] = 2.5
    bad_var = os.path.join(tmp, "var_float_correction.json")
    with open(bad_var, "w") as f:
        json.dump(g, f)
    p = run([thunderc, "run", bad_var])
    report.check(p.returncode == 1 and "torch.var(): argument 'correction' must be an int" in p.stderr,
                 "torch.var with a float correction is an op error", p.stderr.strip()[-300:])
    p = run([thunderc, "run", add, "--max-input-bytes", "16"])
    report.check(p.returncode == 1 and "--max-input-bytes" in p.stderr, "--max-input-bytes is enforced",
                 p.stderr.strip()[-300:])
    p = run([thunderc, "run", add, "--so", "/nonexistent/add.so"])
    report.check(p.returncode == 1 and "no such file" in p.stderr, "a missing --so is an error", p.stderr.strip()[-300:])
    p = run([thunderc, "run", add], env={"THUNDERC_RUNTIME": "/nonexistent/libthunderc_runtime.so"})
    report.check(p.returncode == 1 and "libthunderc_runtime.so" in p.stderr and "Traceback" not in p.stderr,
                 "a missing runtime library is a clear error", p.stderr.strip()[-300:])
    p = run([thunderc, "run", os.path.join(ROOT, "tests", "errors", "bad_local.json")])
    report.check(p.returncode == 1 and "/functions/" in p.stderr, "a bad graph is a located error",
                 p.stderr.strip()[-300:])
    p = run([thunderc, "run", add, "--inputs", ROOT])
    report.check(p.returncode == 1 and "--inputs" in p.stderr and "a directory" in p.stderr,
                 "--inputs naming a directory is an input error", p.stderr.strip()[-300:])
    p = run([thunderc, "frob", add])
    report.check(p.returncode == 2 and "unknown command 'frob'" in p.stderr and "run" in p.stderr,
                 "an unknown command is named, with the list of commands", p.stderr.strip()[-300:])
    p = run([thunderc, "run", add, "--max-depth", "100000"])
    report.check(p.returncode == 2 and "--max-depth" in p.stderr and "1024" in p.stderr,
                 "--max-depth above 1024 (deeper values would overflow the stack) is a usage error",
                 p.stderr.strip()[-300:])
    p = run([thunderc, "run", add, "--seed", "99999999999999999999"])
    report.check(p.returncode == 2 and "--seed" in p.stderr, "a --seed past 64 bits is a usage error, not clamped",
                 p.stderr.strip()[-300:])
    for bad in (ROOT, ""):
        p = run([thunderc, "run", add, "--save", bad])
        report.check(p.returncode == 2 and "--save" in p.stderr and p.stdout == "",
                     f"--save {bad!r} is a usage error before anything runs", p.stderr.strip()[-300:])


def check_logging(thunderc, report):
    # The runtime library has its own logger (spdlog is header-only): it must log at the level the
    # executable was given, on stderr, and leave stdout to the JSON summary.
    add = os.path.join(ROOT, "samples", "add.json")
    p = run([thunderc, "-v", "run", add])
    report.check(p.returncode == 0 and summary(p) is not None and "thunderc: info: traced" in p.stderr,
                 "run -v: the runtime logs on stderr, the summary alone on stdout",
                 (p.stdout[:200] + p.stderr)[-400:])
    p = run([thunderc, "run", add])
    report.check(p.returncode == 0 and summary(p) is not None and "info" not in p.stderr,
                 "run: the runtime logs nothing below the default level", p.stderr.strip()[-300:])


def check_so(thunderc, report, tmp):
    # tests/graphs/run: the library against the interpreter on the ops whose mapping was mended;
    # tests/graphs/run/so: torch.empty/empty_like, which the interpreter gives as zeros and the
    # library as at::empty: `run --so` zero-fills CPU memory, so --check sees zeros in both runs.
    for g in [os.path.join(ROOT, "samples", "mlp.json")] + sorted(
            glob.glob(os.path.join(ROOT, "tests", "graphs", "run", "*.json"))) + sorted(
            glob.glob(os.path.join(ROOT, "tests", "graphs", "run", "so", "*.json"))):
        name = label(g)
        out = os.path.join(tmp, f"so_{name}")
        p = run([thunderc, "compile", g, "-o", out, "--so"], timeout=900)
        lib = os.path.join(out, f"{name}.so")
        if not report.check(p.returncode == 0 and os.path.exists(lib), f"{name}: compile --so",
                            p.stderr.strip()[-500:]):
            continue
        p = run([thunderc, "run", g, "--so", lib, "--check"])
        s = summary(p)
        ok = p.returncode == 0 and s is not None and s["check"]["passed"] and s["computation"].startswith("compiled")
        report.check(ok, f"{name}: run --so --check", p.stderr.strip()[-500:])


def main():
    global VERBOSE
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("thunderc")
    ap.add_argument("-v", "--verbose", action="store_true")
    a = ap.parse_args()
    VERBOSE = a.verbose
    thunderc = os.path.abspath(a.thunderc)
    graph_eager.ensure_torch_compat()
    report = Report(verbose=VERBOSE)
    with tempfile.TemporaryDirectory(prefix="thunderc_run_") as tmp:
        check_libtorch(thunderc, report)
        check_runs(thunderc, report)
        check_cuda_sample(thunderc, report)
        check_oracle(thunderc, report, tmp)
        check_inputs_file(thunderc, report, tmp)
        check_errors(thunderc, report, tmp)
        check_logging(thunderc, report)
        check_so(thunderc, report, tmp)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
