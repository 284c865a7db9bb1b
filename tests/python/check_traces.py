#!/usr/bin/env python3
"""Checks that thunderc's traces behave exactly like the program they were compiled from.

    check_traces.py THUNDERC [GRAPH.json ...] [--seed N] [--keep DIR] [-v]

For each graph (default: every samples/*.json except llama_static_cache.json, which needs CUDA
and a lot of memory, plus tests/graphs/traces/*.json), with the eager interpreter of
graph_eager.py:

1. builds the inputs twice from the same seed: two independent, equal object graphs A and B;
2. runs the program eagerly on A;
3. compiles the graph with `THUNDERC compile GRAPH -o TMP`, makes the declared classes importable
   under their module names (the same class objects the inputs were built with), imports
   TMP/prologue.py, computation.py and epilogue.py, and runs
   `ci, ei = prologue([module,] *args, **kwargs); co = computation(*ci); epilogue(*ei, *co)` on B;
4. compares the two results (same structure and types, dataclass fields, tensors equal in dtype,
   shape, device, requires_grad and every element, Python scalars equal) and the inputs A and B
   after the runs (every attribute, item, parameter, buffer and sub-module: the same mutations,
   tensors updated in place included). Identity is compared too: wherever the eager side holds a
   given object (an input object of A, or one object reached twice), the trace side holds the
   corresponding object (the object of B at the same input path; one object reached at the same
   places);
5. perturbs the inputs one property at a time (a scalar's value, a zero float's sign, a tensor's
   shape, dtype or requires_grad, the length of a list, tuple, dict or ModuleList, an alias broken
   into an equal copy, two inputs of equal metadata or class made one object) and runs the
   prologue on each. A perturbed tensor that the prologue checks or passes to the computation
   must be rejected with thunderc_support.GuardFailure naming its path. Any other perturbation
   must be rejected the same way or accepted, and then the three traces must behave exactly like
   the program on the perturbed inputs (step 4 again): a guard may be missing only where nothing
   depends on it.

Prints one `PASS ...`/`FAIL ...` line per check (a failure names the path of the difference) and
ends with `N passed, M failed`; the exit status is 1 when anything failed. Needs only the standard
library and torch.
"""

import argparse
import copy
import glob
import json
import importlib.util
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import traceback

import torch

sys.dont_write_bytecode = True  # leave no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph_eager  # noqa: E402
from report import Report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXCLUDED_SAMPLES = {"llama_static_cache.json"}  # CUDA, LLaMA-1B sized
MAX_REPORTED = 3  # differences spelled out per check; the rest are counted


def default_graphs():
    samples = sorted(glob.glob(os.path.join(ROOT, "samples", "*.json")))
    graphs = [g for g in samples if os.path.basename(g) not in EXCLUDED_SAMPLES]
    return graphs + sorted(glob.glob(os.path.join(ROOT, "tests", "graphs", "traces", "*.json")))


# ---------------------------------------------------------------------------------------------
# Comparison


_SCALARS = (type(None), bool, int, float, complex, str, bytes, torch.dtype, torch.device,
            type(Ellipsis), slice)


def _has_identity(v):
    """Whether the identity of `v` is something a program can rely on (mutable objects and
    tensors; not scalars, strings, tuples or classes)."""
    return not isinstance(v, _SCALARS + (tuple, type, frozenset))


class Comparer:
    """Compares eager values (side A) with trace values (side B), recursively, keeping a
    one-to-one correspondence between the objects of the two sides."""

    def __init__(self):
        self.a_to_b = {}  # id(a) -> (a, b, where the pairing was established)
        self.b_to_a = {}
        self.done = set()
        self.diffs = []

    def pair(self, a, b, origin):
        """Declares that `a` and `b` correspond (e.g. the objects of A and B at one input path)."""
        if _has_identity(a) and _has_identity(b):
            self.a_to_b.setdefault(id(a), (a, b, origin))
            self.b_to_a.setdefault(id(b), (b, a, origin))

    def diff(self, path, message):
        self.diffs.append(f"{path}: {message}")

    def compare(self, a, b, path):
        if _has_identity(a) or _has_identity(b):
            known_a = self.a_to_b.get(id(a))
            known_b = self.b_to_a.get(id(b))
            if known_a is not None and known_a[1] is not b:
                self.diff(path, f"eager holds the object of {known_a[2]}, the trace a different "
                                "object")
                return
            if known_b is not None and known_b[1] is not a:
                self.diff(path, f"the trace holds the object of {known_b[2]}, eager a different "
                                "object")
                return
            if known_a is None:
                self.a_to_b[id(a)] = (a, b, path)
                self.b_to_a[id(b)] = (b, a, path)
            if (id(a), id(b)) in self.done:
                return
            self.done.add((id(a), id(b)))
        if type(a) is not type(b):
            self.diff(path, f"type {_type_name(a)} (eager) vs {_type_name(b)} (trace)")
            return
        if isinstance(a, torch.Tensor):
            self._tensor(a, b, path)
        elif isinstance(a, float):
            if not (a == b and math.copysign(1.0, a) == math.copysign(1.0, b) or (a != a and b != b)):
                self.diff(path, f"{a!r} (eager) vs {b!r} (trace)")
        elif isinstance(a, type):
            if a is not b:
                self.diff(path, f"class {a.__qualname__} (eager) vs {b.__qualname__} (trace)")
        elif isinstance(a, _SCALARS):
            if a != b:
                self.diff(path, f"{a!r} (eager) vs {b!r} (trace)")
        elif isinstance(a, (tuple, list)):
            if len(a) != len(b):
                self.diff(path, f"length {len(a)} (eager) vs {len(b)} (trace)")
                return
            for i, (x, y) in enumerate(zip(a, b)):
                self.compare(x, y, f"{path}[{i}]")
        elif isinstance(a, dict):
            self._dict(a, b, path, ordered=True)
        elif isinstance(a, (set, frozenset)):
            if a != b:
                self.diff(path, f"{a!r} (eager) vs {b!r} (trace)")
        elif isinstance(a, torch.nn.Module):
            self._module(a, b, path)
        elif hasattr(a, "__dict__"):
            self._attributes(vars(a), vars(b), path)
        else:
            try:
                equal = bool(a == b)
            except Exception as e:  # an object with no usable equality
                self.diff(path, f"cannot compare {_type_name(a)}: {e}")
                return
            if not equal:
                self.diff(path, f"{a!r} (eager) vs {b!r} (trace)")

    def _tensor(self, a, b, path):
        for what in ("dtype", "shape", "device", "requires_grad", "layout"):
            x, y = getattr(a, what), getattr(b, what)
            if x != y:
                shown = (tuple(x), tuple(y)) if what == "shape" else (x, y)
                self.diff(path, f"{what} {shown[0]} (eager) vs {shown[1]} (trace)")
                return
        a, b = a.detach(), b.detach()
        if a.is_floating_point() or a.is_complex():
            same = torch.isclose(a, b, rtol=0, atol=0, equal_nan=True).all().item()
        else:
            same = torch.equal(a, b)
        if not same:
            if a.is_floating_point() or a.is_complex():
                d = (a.to(torch.complex128 if a.is_complex() else torch.float64)
                     - b.to(torch.complex128 if b.is_complex() else torch.float64)).abs()
                d = d.nan_to_num(nan=float("inf"))
                count = int((d != 0).sum())
                self.diff(path, f"values differ in {count} of {a.numel()} elements (max abs "
                                f"difference {d.max().item():.3g})")
            else:
                count = int((a != b).sum())
                self.diff(path, f"values differ in {count} of {a.numel()} elements")

    def _dict(self, a, b, path, ordered):
        ka, kb = list(a.keys()), list(b.keys())
        if (ka != kb) if ordered else (set(ka) != set(kb)):
            self.diff(path, f"keys {ka} (eager) vs {kb} (trace)")
            return
        for k in ka:
            self.compare(a[k], b[k], f"{path}[{k!r}]")

    def _attributes(self, a, b, path):
        missing = sorted(set(a) - set(b))
        extra = sorted(set(b) - set(a))
        if missing:
            self.diff(path, f"the trace left no attribute {', '.join(missing)}")
        if extra:
            self.diff(path, f"the trace added attribute {', '.join(extra)}")
        for k in sorted(set(a) & set(b)):
            self.compare(a[k], b[k], f"{path}.{k}")

    def _module(self, a, b, path):
        members = ("_parameters", "_buffers", "_modules")
        for m in members:
            da, db = getattr(a, m), getattr(b, m)
            if list(da) != list(db):
                self.diff(path, f"{m.strip('_')} {list(da)} (eager) vs {list(db)} (trace)")
                continue
            for k in da:
                self.compare(da[k], db[k], f"{path}.{k}")
        self._attributes({k: v for k, v in vars(a).items() if k not in members},
                         {k: v for k, v in vars(b).items() if k not in members}, path)


def _type_name(v):
    t = type(v)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def summarize(diffs):
    shown = "; ".join(diffs[:MAX_REPORTED])
    more = len(diffs) - MAX_REPORTED
    return shown + (f" (and {more} more)" if more > 0 else "")


# ---------------------------------------------------------------------------------------------
# Loading the traces


def import_traces(out_dir, unique):
    """Imports OUT/prologue.py, computation.py and epilogue.py as fresh modules, with OUT's
    thunderc_support as `thunderc_support`. Returns (prologue, computation, epilogue, support)
    modules."""
    sys.modules.pop("thunderc_support", None)
    sys.path.insert(0, out_dir)
    try:
        modules = []
        for name in ("prologue", "computation", "epilogue"):
            spec = importlib.util.spec_from_file_location(
                f"thunderc_traces_{unique}_{name}", os.path.join(out_dir, f"{name}.py"))
            mod = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = mod
            spec.loader.exec_module(mod)
            modules.append(mod)
        support = sys.modules["thunderc_support"]
    finally:
        sys.path.remove(out_dir)
    return (*modules, support)


def run_traces(traces, inputs, seed):
    prologue, computation, epilogue = (getattr(m, n) for m, n in
                                       zip(traces, ("prologue", "computation", "epilogue")))
    front = (inputs.self_value,) if inputs.has_self else ()
    ci, ei = prologue(*front, *inputs.args, **inputs.kwargs)
    torch.manual_seed(seed)
    co = computation(*ci)
    if not isinstance(co, tuple):
        raise TypeError(f"computation returned {type(co).__name__}, not a tuple")
    return epilogue(*ei, *co)


def _normalize_path(path):
    """Indices written `[0]` or `.0` name the same module child."""
    return re.sub(r"\[(\d+)\]", r".\1", path)


# ---------------------------------------------------------------------------------------------
# The checks of one graph


def _error_line(e):
    text = f"{type(e).__name__}: {e}".strip().splitlines()
    tb = traceback.extract_tb(e.__traceback__)
    trace_frames = [f for f in tb if os.path.basename(f.filename) in
                    ("prologue.py", "computation.py", "epilogue.py", "thunderc_support.py")]
    where = ""
    if trace_frames:
        f = trace_frames[-1]
        where = f" at {os.path.basename(f.filename)}:{f.lineno}: {(f.line or '').strip()}"
    return (text[0] if text else type(e).__name__) + where


def check_graph(thunderc, path, index, seed, keep, report):
    label = os.path.splitext(os.path.basename(path))[0]
    try:
        program = graph_eager.load(path)
    except Exception as e:
        report.check(False, f"{label}: load", _error_line(e))
        return
    devices = _devices(program.graph.get("inputs", {}))
    if any(d.startswith("cuda") for d in devices) and not torch.cuda.is_available():
        print(f"SKIP {label}: its inputs are on {', '.join(sorted(devices))}, and CUDA is not "
              "available")
        return

    # Eager on A.
    inputs_a = program.build_inputs(seed)
    inputs_b = program.build_inputs(seed)
    try:
        torch.manual_seed(seed)
        eager_result = program.run(inputs_a)
    except Exception as e:
        report.check(False, f"{label}: eager run", _error_line(e))
        return

    # Compile.
    out_dir = tempfile.mkdtemp(prefix=f"thunderc_{label}_")
    try:
        try:
            proc = subprocess.run([thunderc, "compile", path, "-o", out_dir],
                                  capture_output=True, text=True)
        except OSError as e:
            report.check(False, f"{label}: compile", f"cannot run {thunderc}: {e}")
            return
        if not report.check(proc.returncode == 0, f"{label}: compile",
                            "" if proc.returncode == 0 else
                            f"exit {proc.returncode}: {proc.stderr.strip()[:500]}"):
            return
        with program.install_classes():
            try:
                traces = import_traces(out_dir, f"{index}_{label}")
            except Exception as e:
                report.check(False, f"{label}: import traces", _error_line(e))
                return
            check_run(program, traces, inputs_a, inputs_b, eager_result, label, seed, report)
            _check_guards(program, traces, label, seed, report)
    finally:
        if keep:
            dest = os.path.join(keep, label)
            shutil.rmtree(dest, ignore_errors=True)
            shutil.copytree(out_dir, dest)
        shutil.rmtree(out_dir, ignore_errors=True)


def _devices(node, found=None):
    found = set() if found is None else found
    if isinstance(node, list):
        for x in node:
            _devices(x, found)
    elif isinstance(node, dict):
        if isinstance(node.get("device"), str):
            found.add(node["device"])
        for x in node.values():
            _devices(x, found)
    return found


def check_run(program, traces, inputs_a, inputs_b, eager_result, label, seed, report):
    try:
        trace_result = run_traces(traces[:3], inputs_b, seed)
    except Exception as e:
        report.check(False, f"{label}: run traces", _error_line(e))
        return
    report.check(True, f"{label}: run traces", "prologue accepted the inputs")

    comparer = Comparer()
    desc = program.graph.get("inputs", {})
    for ptr, a in inputs_a.objects.items():
        comparer.pair(a, inputs_b.objects[ptr], f"input {graph_eager.python_path(desc, ptr)}")
    for name, a in inputs_a.roots():
        b = dict(inputs_b.roots())[name]
        comparer.compare(a, b, name)
    input_diffs, comparer.diffs = comparer.diffs, []
    comparer.compare(eager_result, trace_result, "result")
    result_diffs = comparer.diffs
    report.check(not result_diffs, f"{label}: result",
                 summarize(result_diffs) if result_diffs else graph_eager.describe(trace_result))
    report.check(not input_diffs, f"{label}: inputs after the run",
                 summarize(input_diffs) if input_diffs else "")


def _check_guards(program, traces, label, seed, report):
    """Perturbs the inputs one property at a time. A perturbation of a tensor that the prologue
    checks or hands to the computation must be rejected with a GuardFailure naming its path.
    Any other perturbation must be rejected the same way or accepted, and then the traces must
    behave exactly like the program on the perturbed inputs (soundness)."""
    prologue_mod, support = traces[0], traces[3]
    desc = program.graph.get("inputs", {})
    try:
        guarded = _guarded_tensors(program, prologue_mod, desc, seed)
    except Exception as e:
        report.check(False, f"{label}: guards", f"the prologue rejected fresh inputs: "
                                               f"{_error_line(e)}")
        return

    failures = []
    rejected = accepted = 0
    for kind, ptr, rewrite in perturbations(desc):
        try:
            perturbed = program.build_inputs(seed, perturb={ptr: rewrite})
        except Exception:
            continue  # not a value PyTorch can build (e.g. an integer tensor requiring grad)
        shown = f"{graph_eager.python_path(desc, ptr)} ({kind})"
        front = (perturbed.self_value,) if perturbed.has_self else ()
        try:
            prologue_mod.prologue(*front, *perturbed.args, **perturbed.kwargs)
        except support.GuardFailure as e:
            rejected += 1
            _verbose(f"  {shown}: rejected: {e}")
            named = str(e).split(": ", 1)[0]
            spellings = _spellings(desc, ptr)
            if kind == "shared":  # either of the two inputs that are now one
                spellings |= _spellings(desc, rewrite(None)["ref"])
            if _normalize_path(named) not in spellings:
                failures.append(f"{shown}: rejected, but the GuardFailure names {named!r}: {e}")
            continue
        except Exception as e:
            failures.append(f"{shown}: the prologue raised {_error_line(e)}, not GuardFailure")
            continue
        accepted += 1
        _verbose(f"  {shown}: accepted")
        if kind in TENSOR_KINDS and ptr in guarded:
            failures.append(f"{shown}: accepted, though the trace relies on this tensor's "
                            "metadata")
            continue
        problem = _behaves_alike(program, traces, perturbed, seed, ptr, rewrite)
        if problem:
            failures.append(f"{shown}: accepted, then {problem}")
    report.check(not failures, f"{label}: guards",
                 summarize(failures) if failures else
                 f"{rejected} perturbations rejected with their paths, {accepted} accepted and "
                 "run alike")


VERBOSE = False


def _verbose(line):
    if VERBOSE:
        print(line)


def _guarded_tensors(program, prologue_mod, desc, seed):
    """JSON pointers of the input tensors that the prologue checks or passes to the computation
    (whose metadata the computation was specialised on)."""
    inputs = program.build_inputs(seed)
    found = {}
    original = getattr(prologue_mod, "check_tensor_metadata", None)

    def recording(t, *rest, **kw):
        found.setdefault(id(t), t)
        return original(t, *rest, **kw)

    if original is not None:
        prologue_mod.check_tensor_metadata = recording
    try:
        front = (inputs.self_value,) if inputs.has_self else ()
        computation_inputs = prologue_mod.prologue(*front, *inputs.args, **inputs.kwargs)[0]
    finally:
        if original is not None:
            prologue_mod.check_tensor_metadata = original
    for t in computation_inputs:
        if isinstance(t, torch.Tensor):
            found.setdefault(id(t), t)
    guarded = set()
    for t in found.values():
        guarded.update(p for p in inputs.pointers_of(t) if _is_tensor_desc(desc, p))
    return guarded


def _behaves_alike(program, traces, perturbed_b, seed, ptr, rewrite):
    """None when the traces on `perturbed_b` behave like the program on an equal input set;
    else what differs."""
    perturbed_a = program.build_inputs(seed, perturb={ptr: rewrite})
    try:
        torch.manual_seed(seed)
        eager_result = program.run(perturbed_a)
    except Exception as e:
        eager_error = e
    else:
        eager_error = None
    try:
        trace_result = run_traces(traces[:3], perturbed_b, seed)
    except Exception as e:
        if eager_error is not None:
            return None  # both fail
        return f"the traces failed ({_error_line(e)}) where the program runs"
    if eager_error is not None:
        return (f"the traces ran where the program fails "
                f"({type(eager_error).__name__}: {str(eager_error)[:200]})")
    comparer = Comparer()
    desc = program.graph.get("inputs", {})
    perturbed_desc = _perturbed_desc(desc, ptr, rewrite)
    for p, a in perturbed_a.objects.items():
        comparer.pair(a, perturbed_b.objects[p],
                      f"input {graph_eager.python_path(perturbed_desc, p)}")
    roots_b = dict(perturbed_b.roots())
    for name, a in perturbed_a.roots():
        comparer.compare(a, roots_b[name], name)
    comparer.compare(eager_result, trace_result, "result")
    if comparer.diffs:
        return "behaved differently: " + summarize(comparer.diffs)
    return None


def _perturbed_desc(desc, ptr, rewrite):
    desc = copy.deepcopy(desc)
    parts = graph_eager.pointer_parts(ptr)
    parent = graph_eager.node_at(desc, "".join(
        "/" + graph_eager.pointer_escape(p) for p in parts[:-1])) if len(parts) > 1 else desc
    last = int(parts[-1]) if isinstance(parent, list) else parts[-1]
    parent[last] = rewrite(parent[last])
    return desc


def _spellings(desc, ptr):
    """The paths (normalized) by which a guard may name the input at `ptr`: its own, and those
    through any ref to it or to an object containing it."""
    spellings = {ptr}
    node = graph_eager.node_at(desc, ptr)
    if isinstance(node, dict) and "ref" in node:
        spellings.add(graph_eager.final_target(desc, ptr))
    refs = [(p, graph_eager.final_target(desc, p)) for p, _ in _walk(desc) if _is_ref(desc, p)]
    for _ in range(3):  # aliases of aliases
        for ref, target in refs:
            for s in list(spellings):
                if s == target or s.startswith(target + "/"):
                    spellings.add(ref + s[len(target):])
    out = set()
    for s in spellings:
        try:
            out.add(_normalize_path(graph_eager.python_path(desc, s)))
        except graph_eager.GraphError:
            pass
    return out


def _is_ref(desc, ptr):
    node = graph_eager.node_at(desc, ptr)
    return isinstance(node, dict) and "ref" in node


def _is_tensor_desc(desc, ptr):
    node = graph_eager.node_at(desc, ptr)
    return isinstance(node, dict) and "tensor" in node


# ---------------------------------------------------------------------------------------------
# Perturbations of an input description


TENSOR_KINDS = ("shape", "dtype", "requires_grad")
_OTHER_DTYPE = {"float32": "float64", "float64": "float32", "float16": "float32",
                "bfloat16": "float32", "int64": "int32", "int32": "int64", "int16": "int64",
                "int8": "int64", "uint8": "int64", "bool": "uint8", "complex64": None}


def _walk(desc):
    """(JSON pointer, node) for every value of the input description, parents first."""
    def walk(node, ptr):
        yield ptr, node
        esc = graph_eager.pointer_escape
        if isinstance(node, list):
            for i, x in enumerate(node):
                yield from walk(x, f"{ptr}/{i}")
        elif isinstance(node, dict):
            if "list" in node:
                for i, x in enumerate(node["list"]):
                    yield from walk(x, f"{ptr}/list/{i}")
            elif "dict" in node:
                for k, x in node["dict"].items():
                    yield from walk(x, f"{ptr}/dict/{esc(k)}")
            elif "object" in node or "dataclass" in node or "module" in node:
                for part in ("attrs", "fields", "parameters", "buffers", "modules"):
                    for k, x in node.get(part, {}).items():
                        if x is not None or part == "attrs" or part == "fields":
                            yield from walk(x, f"{ptr}/{part}/{esc(k)}")
    if "self" in desc:
        yield from walk(desc["self"], "/self")
    for i, x in enumerate(desc.get("args", [])):
        yield from walk(x, f"/args/{i}")
    for k, x in desc.get("kwargs", {}).items():
        yield from walk(x, f"/kwargs/{graph_eager.pointer_escape(k)}")


def perturbations(desc):
    """(kind, JSON pointer, rewrite) for every single-property change of the input description:
    a scalar's value (and a zero float's sign), a tensor's shape, dtype or requires_grad, a
    sequence's or dict's length, a ModuleList's length, an alias broken into an equal copy, two
    inputs of equal metadata or class made one object."""
    first_like = {}  # tensor metadata or object class -> the first input of that kind
    for ptr, node in _walk(desc):
        if isinstance(node, dict) and ("tensor" in node or "object" in node):
            like = json.dumps({k: v for k, v in node.items() if k != "attrs"}, sort_keys=True)
            other = first_like.setdefault(like, ptr)
            if other != ptr and not ptr.startswith(other + "/"):
                # Two inputs the graph describes as distinct passed as one object.
                yield "shared", ptr, (lambda n, o=other: {"ref": o})
        if isinstance(node, bool):
            yield "value", ptr, (lambda n: not n)
        elif isinstance(node, int):
            yield "value", ptr, (lambda n: n + 1)
        elif isinstance(node, float):
            yield "value", ptr, (lambda n: n + 0.5)
            if node == 0:
                yield "sign", ptr, (lambda n: -n)
        elif isinstance(node, str):
            yield "value", ptr, (lambda n: n + "_")
        elif node is None:
            yield "value", ptr, (lambda n: 0)
        elif isinstance(node, list):
            yield "length", ptr, (lambda n: n + [copy.deepcopy(n[-1]) if n else 0])
        elif not isinstance(node, dict):
            continue
        elif "ref" in node:
            target = graph_eager.final_target(desc, ptr)
            copied = graph_eager.node_at(desc, target)
            yield "alias", ptr, (lambda n, c=copied: copy.deepcopy(c))
        elif "float" in node:
            yield "value", ptr, (lambda n: {"float": n["float"] + 0.5})
        elif "tensor" in node:
            yield "shape", ptr, _grow_shape
            if _OTHER_DTYPE.get(node.get("dtype", "float32")):
                yield "dtype", ptr, (lambda n: {**n, "dtype": _OTHER_DTYPE[n.get("dtype",
                                                                               "float32")]})
            yield "requires_grad", ptr, (lambda n: {**n, "requires_grad":
                                                    not n.get("requires_grad", False)})
        elif "list" in node:
            yield "length", ptr, (lambda n: {"list": n["list"] + [copy.deepcopy(n["list"][-1])
                                                                  if n["list"] else 0]})
        elif "dict" in node:
            yield "length", ptr, (lambda n: {"dict": {**n["dict"], "extra_key": 0}})
        elif "dtype" in node:
            if _OTHER_DTYPE.get(node["dtype"]):
                yield "value", ptr, (lambda n: {"dtype": _OTHER_DTYPE[n["dtype"]]})
        elif node.get("module") == "torch.nn.ModuleList" and node.get("modules"):
            yield "length", ptr, _grow_module_list


def _grow_shape(node):
    node = dict(node)
    shape = list(node["tensor"])
    node["tensor"] = [shape[0] + 1] + shape[1:] if shape else [1]
    return node


def _grow_module_list(node):
    node = copy.deepcopy(node)
    mods = node["modules"]
    last = list(mods)[-1]
    mods[str(len(mods))] = copy.deepcopy(mods[last])
    return node


# ---------------------------------------------------------------------------------------------


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("thunderc", help="path of the thunderc binary")
    parser.add_argument("graphs", nargs="*", help="graph files (default: the samples)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the input data")
    parser.add_argument("--keep", metavar="DIR", help="keep each graph's traces in DIR/<graph>")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="also print the outcome of every input perturbation")
    args = parser.parse_args(argv[1:])
    global VERBOSE
    VERBOSE = args.verbose
    graph_eager.ensure_torch_compat()
    report = Report()
    for i, g in enumerate(args.graphs or default_graphs()):
        try:
            check_graph(os.path.abspath(args.thunderc), os.path.abspath(g), i, args.seed,
                        args.keep and os.path.abspath(args.keep), report)
        except Exception as e:  # a bug in this checker: still report, and go on
            report.check(False, f"{os.path.basename(g)}: checker error", _error_line(e))
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
