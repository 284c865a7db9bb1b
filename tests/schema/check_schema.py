#!/usr/bin/env python3
"""Check schemas/graph.schema.json: the schema itself, every sample and positive test graph, and a
set of invalid graphs that it must reject at the expected place.

Usage: python3 tests/schema/check_schema.py [PROJECT_ROOT]
Needs python3-jsonschema (Draft 2020-12 support). Prints one line per check and ends with
"N passed, M failed"; exits 1 when anything failed.
"""
import copy
import json
import os
import subprocess
import sys

from jsonschema import Draft202012Validator

ROOT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                       os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))

MINIMAL = {
    "format": "thunderc-graph",
    "version": 1,
    "name": "add",
    "functions": {
        "forward": {
            "params": ["a", "b"],
            "body": [
                {"op": "call", "fn": "torch.add", "args": ["%a", "%b"], "out": "c"},
                {"op": "return", "value": "%c"},
            ],
        }
    },
    "entry": "forward",
    "inputs": {"args": [{"tensor": [2, 2]}, {"tensor": [2, 2]}], "kwargs": {}},
}


# Every form of the format at least once: the schema must not be stricter than the format.
EVERY_FORM = {
    "format": "thunderc-graph",
    "version": 1,
    "name": "every_form",
    "classes": {
        "State": {"module": "app.state", "qualname": "State", "methods": {"bump": "State.bump"}},
        "Out": {"module": "app.out", "qualname": "make.<locals>.Out",
                "dataclass": {"fields": ["x", "extra"], "defaults": {"extra": {"dtype": "float16"}}}},
        "Block": {"module": "app.model", "qualname": "Block", "base": "torch.nn.Module",
                  "methods": {"forward": "Block.forward"}},
    },
    "functions": {
        "State.bump": {"params": ["self", {"name": "by", "default": 1}],
                       "body": [{"op": "getattr", "obj": "%self", "name": "n", "out": "n"},
                                {"op": "call", "fn": "operator.add", "args": ["%n", "%by"], "out": "n"},
                                {"op": "setattr", "obj": "%self", "name": "n", "value": "%n"},
                                {"op": "return"}]},
        "collect": {"params": ["a", "*rest", {"name": "scale", "default": 1}, "**options"],
                    "body": [{"op": "assign", "value": [{"*": "%rest"}, {"list": [{"*": "%rest"}]}],
                              "out": "shape"},
                             {"op": "call", "fn": "keywords_only", "args": [{"*": "%rest"}],
                              "kwargs": {"**": "%options"}, "out": "r"},
                             {"op": "return", "value": "%r"}]},
        "keywords_only": {"params": [{"name": "b", "default": None}, "*", "c"],
                          "body": [{"op": "return", "value": "%c"}]},
        "Block.forward": {"params": ["self", "x"],
                          "body": [{"op": "getattr", "obj": "%self", "name": "proj", "out": "proj"},
                                   {"op": "call", "fn": "%proj", "args": ["%x"], "out": "y"},
                                   {"op": "return", "value": "%y"}]},
        "forward": {
            "params": ["self", "x", "state", "opts", {"name": "flag", "default": None}],
            "body": [
                {"op": "call", "fn": "%self", "args": ["%x"], "out": "y", "loc": "m.py:3", "src": "y = self(x)"},
                {"op": "method", "obj": "%state", "name": "bump", "kwargs": {"by": 2}},
                {"op": "getitem", "obj": "%y", "index": [{"ellipsis": None}, {"slice": [None, -1, None]}, None],
                 "out": "z"},
                {"op": "assign", "value": {"dict": {"a": ["%z", {"list": [1, 2.5, {"float": 3}]}],
                                                    "b": "%%not a local", "c": {"device": "cuda:1"},
                                                    "d": {"class": "Out"}}}, "out": "d"},
                {"op": "setitem", "obj": "%d", "index": "e", "value": True},
                {"op": "call", "fn": "builtins.isinstance", "args": ["%state", {"class": "State"}], "out": "ok"},
                {"op": "if", "cond": "%ok", "then": [], "else": [{"op": "raise", "message": "not a State"}]},
                {"op": "getattr", "obj": "%d", "name": "items", "out": "items"},
                {"op": "call", "fn": "%items", "out": "pairs"},
                {"op": "for", "target": ["k", "v"], "iter": "%pairs", "body": [
                    {"op": "assign", "value": "%k", "out": "last"}]},
                {"op": "for", "target": "i", "iter": {"list": [0, 1]}, "body": []},
                {"op": "getattr", "obj": "%d", "name": "get", "out": "get"},
                {"op": "call", "fn": "%get", "args": ["d"], "out": "cls"},
                {"op": "new", "class": "%cls", "kwargs": {"x": "%z"}, "out": "out"},
                {"op": "new", "class": "builtins.list", "args": [["%out", "%last"]], "out": "result"},
                {"op": "return", "value": "%result"},
            ],
        },
    },
    "entry": "forward",
    "inputs": {
        "self": {"module": "Block",
                 "modules": {"proj": {"module": "torch.nn.Linear",
                                      "parameters": {"weight": {"tensor": [4, 4], "dtype": "bfloat16", "device": "cuda:0",
                                                                "requires_grad": True},
                                                     "bias": None},
                                      "attrs": {"in_features": 4, "out_features": 4}},
                             "extra": None,
                             "again": {"ref": "/self/modules/proj"}},
                 "buffers": {"tied": {"ref": "/self/modules/proj/parameters/weight"}, "none": None}},
        "args": [{"tensor": [2, 4], "dtype": "bfloat16", "device": "cuda:0"}],
        "kwargs": {
            "state": {"object": "State", "attrs": {"n": 0, "items": {"list": [{"tensor": [0]}]},
                                                   "name": "%s", "meta": {"dict": {"a b": [1, None]}}}},
            "opts": {"dataclass": "Out", "fields": {"x": {"device": "meta"}}},
        },
    },
}


def variant(edit):
    g = copy.deepcopy(MINIMAL)
    edit(g)
    return g


def body(g):
    return g["functions"]["forward"]["body"]


def setitem(path, value):
    def edit(g):
        node = g
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def delete(key):
    return lambda g: g.pop(key)


# (what, graph, JSON pointer of the place an error must be reported at)
INVALID = [
    ("wrong format", variant(setitem(["format"], "thunder-graph")), "/format"),
    ("version 2", variant(setitem(["version"], 2)), "/version"),
    ("missing entry", variant(delete("entry")), ""),
    ("name is not an identifier", variant(setitem(["name"], "my-program")), "/name"),
    ("unknown top-level field", variant(setitem(["comment"], "x")), ""),
    ("statement with an unknown field",
     variant(lambda g: body(g)[0].update(kwarg={"alpha": 2})), "/functions/forward/body/0"),
    ("unknown op", variant(lambda g: body(g)[0].update(op="apply")), "/functions/forward/body/0/op"),
    ("statement without op", variant(lambda g: body(g)[0].pop("op")), "/functions/forward/body/0"),
    ("call without fn", variant(lambda g: body(g)[0].pop("fn")), "/functions/forward/body/0"),
    ("bad dtype", variant(setitem(["inputs", "args", 0, "dtype"], "float8")), "/inputs/args/0/dtype"),
    ("bad device", variant(setitem(["inputs", "args", 0, "device"], "gpu0")), "/inputs/args/0/device"),
    ("device index beyond 8 bits", variant(setitem(["inputs", "args", 0, "device"], "cuda:128")),
     "/inputs/args/0/device"),
    ("negative shape entry", variant(setitem(["inputs", "args", 0, "tensor"], [2, -1])), "/inputs/args/0/tensor/1"),
    ("fractional shape entry", variant(setitem(["inputs", "args", 0, "tensor"], [2, 1.5])), "/inputs/args/0/tensor/1"),
    ("module class that is a dataclass",
     variant(setitem(["classes"], {"C": {"module": "m", "qualname": "C", "base": "torch.nn.Module",
                                         "dataclass": {"fields": ["x"]}}})), "/classes/C"),
    ("class module with a keyword part",
     variant(setitem(["classes"], {"C": {"module": "app.class", "qualname": "C"}})), "/classes/C/module"),
    ("integer tensor that requires grad",
     variant(lambda g: g["inputs"]["args"][0].update(dtype="int64", requires_grad=True)), "/inputs/args/0/dtype"),
    ("tensor with an unknown field", variant(setitem(["inputs", "args", 0, "shape"], [2])), "/inputs/args/0"),
    ("value object of no known form", variant(setitem(["inputs", "args", 0], {"array": [1]})), "/inputs/args/0"),
    ("non-identifier local in out", variant(lambda g: body(g)[0].update(out="2c")), "/functions/forward/body/0/out"),
    ("keyword as a local in out", variant(lambda g: body(g)[0].update(out="class")), "/functions/forward/body/0/out"),
    ("local reference that is not an identifier",
     variant(lambda g: body(g)[0].update(args=["%a", "%b-1"])), "/functions/forward/body/0/args/1"),
    ("keyword as a parameter", variant(setitem(["functions", "forward", "params"], ["a", "lambda"])),
     "/functions/forward/params/1"),
    ("attribute name that is not an identifier",
     variant(lambda g: body(g).insert(0, {"op": "getattr", "obj": "%a", "name": "foo.bar", "out": "x"})),
     "/functions/forward/body/0/name"),
    ("slice with two bounds",
     variant(lambda g: body(g).insert(0, {"op": "getitem", "obj": "%a", "index": {"slice": [0, 1]}, "out": "x"})),
     "/functions/forward/body/0/index/slice"),
    ("tensor literal as an operand",
     variant(lambda g: body(g)[0].update(args=["%a", {"tensor": [2, 2]}])), "/functions/forward/body/0/args/1"),
    ("if without then", variant(lambda g: body(g).insert(0, {"op": "if", "cond": True})), "/functions/forward/body/0"),
    ("for with an empty target list",
     variant(lambda g: body(g).insert(0, {"op": "for", "target": [], "iter": "%a", "body": []})),
     "/functions/forward/body/0/target"),
    ("ref outside inputs", variant(setitem(["inputs", "args", 1], {"ref": "/functions/forward"})), "/inputs/args/1/ref"),
    ("dataclass field default that is a slice",
     variant(setitem(["classes"], {"Out": {"module": "m", "qualname": "Out",
                                           "dataclass": {"fields": ["y"], "defaults": {"y": {"slice": [0, 1, None]}}}}})),
     "/classes/Out/dataclass/defaults/y"),
    ("shape entry beyond 64 bits", variant(setitem(["inputs", "args", 0, "tensor"], [2, 2 ** 64])),
     "/inputs/args/0/tensor/1"),
    ("assign without out", variant(lambda g: body(g).insert(0, {"op": "assign", "value": 1})),
     "/functions/forward/body/0"),
    ("sub-module that is a tensor",
     variant(setitem(["inputs", "self"], {"module": "torch.nn.ModuleList", "modules": {"0": {"tensor": [1]}}})),
     "/inputs/self/modules/0"),
    ("parameter default that is not a constant",
     variant(setitem(["functions", "forward", "params"], ["a", {"name": "b", "default": {"tensor": [1]}}])),
     "/functions/forward/params/1/default"),
    ("module parameter that is not a tensor",
     variant(setitem(["inputs", "self"], {"module": "torch.nn.Linear", "parameters": {"weight": 3}})),
     "/inputs/self/parameters/weight"),
    ("tensor with a device as an operand",
     variant(lambda g: body(g)[0].update(args=["%a", {"tensor": [2, 2], "device": "cpu"}])),
     "/functions/forward/body/0/args/1"),
    ("tensor with a dtype as a parameter default",
     variant(setitem(["functions", "forward", "params"],
                     ["a", {"name": "b", "default": {"tensor": [1], "dtype": "float32"}}])),
     "/functions/forward/params/1/default"),
    ("class qualname that is a keyword",
     variant(setitem(["classes"], {"C": {"module": "m", "qualname": "class"}})), "/classes/C/qualname"),
    ("class qualname with a digit in a <...> part",
     variant(setitem(["classes"], {"C": {"module": "m", "qualname": "x.<a1>.MLP"}})), "/classes/C/qualname"),
    ("sub-module named with a keyword",
     variant(setitem(["inputs", "self"], {"module": "torch.nn.Module", "modules": {"class": None}})),
     "/inputs/self/modules"),
    ("class deriving from builtins.dict",
     variant(setitem(["classes"], {"D": {"module": "m", "qualname": "D", "base": "builtins.dict"}})),
     "/classes/D/base"),
    ("class deriving from collections.OrderedDict",
     variant(setitem(["classes"], {"D": {"module": "m", "qualname": "D", "base": "collections.OrderedDict"}})),
     "/classes/D/base"),
]


def pointer(path):
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in path)


def main():
    passed = failed = 0

    def report(ok, what, detail=""):
        nonlocal passed, failed
        if ok:
            passed += 1
        else:
            failed += 1
        print(("PASS " if ok else "FAIL ") + what + (": " + detail if detail else ""))

    schema_path = os.path.join(ROOT, "schemas", "graph.schema.json")
    try:
        with open(schema_path) as f:
            schema = json.load(f)
        Draft202012Validator.check_schema(schema)
    except Exception as e:  # noqa: BLE001 - report any failure as a failed check
        report(False, "schemas/graph.schema.json is a valid draft 2020-12 schema", str(e).splitlines()[0])
        print(f"{passed} passed, {failed} failed")
        return 1
    report(True, "schemas/graph.schema.json is a valid draft 2020-12 schema")
    validator = Draft202012Validator(schema)

    positives = []
    for folder in ("samples", os.path.join("tests", "graphs")):
        full = os.path.join(ROOT, folder)
        if not os.path.isdir(full):
            continue
        for dirpath, _, files in sorted(os.walk(full)):
            for name in sorted(files):
                if name.endswith(".json"):
                    positives.append(os.path.relpath(os.path.join(dirpath, name), ROOT))
    report(any(p.startswith("samples") for p in positives), "samples/ holds graphs")
    for rel in positives:
        try:
            with open(os.path.join(ROOT, rel)) as f:
                graph = json.load(f)
        except (OSError, ValueError) as e:
            report(False, f"valid: {rel}", f"not JSON: {e}")
            continue
        errors = sorted(validator.iter_errors(graph), key=lambda e: list(e.absolute_path))
        report(not errors, f"valid: {rel}",
               "; ".join(f"{pointer(e.absolute_path) or '/'}: {e.message}" for e in errors[:3]))

    report(not list(validator.iter_errors(MINIMAL)), "valid: minimal inline graph")
    errors = list(validator.iter_errors(EVERY_FORM))
    report(not errors, "valid: inline graph using every form",
           "; ".join(f"{pointer(e.absolute_path) or '/'}: {e.message}" for e in errors[:3]))
    for what, graph, where in INVALID:
        errors = list(validator.iter_errors(graph))
        if not errors:
            report(False, f"rejected: {what}", "the schema accepts it")
            continue
        places = sorted({pointer(e.absolute_path) for e in errors})
        report(where in places, f"rejected: {what}",
               "" if where in places else f"expected an error at '{where}', got {places}")

    generator = os.path.join(ROOT, "samples", "gen_llama.py")
    if os.path.exists(generator):
        run = subprocess.run([sys.executable, generator, "--check"], capture_output=True, text=True)
        report(run.returncode == 0, "samples/gen_llama.py output matches the committed llama samples",
               run.stderr.strip())

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
