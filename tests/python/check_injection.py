"""Names from a graph are data: hostile strings must never become code in the emitted Python.

Usage: check_injection.py THUNDERC

Dict keys, string constants and `loc`/`src` texts from a corpus of hostile strings are compiled;
each emitted trace must parse with `ast` to exactly the intended statements, and every hostile
string must come back unchanged as a string constant (or stay inside its comment). Hostile
identifiers (attribute names, locals, class modules and qualnames, the program name) must be
rejected with exit code 1 and a located message.

The emitted C++ of `compile --so` gets the same treatment: a graph named after a C++ keyword, with
locals named after C++ keywords, macros and the names the generated code itself uses, and the
hostile strings as `loc`/`src` comments, must build into a library that computes what
computation.py computes. So must graphs and inputs named after the keywords of TorchScript's
schema parser (`NoneType`, `Ellipsis`: the names `torch._C.parse_schema` refuses), with the op's
schema naming computation.py's parameters.
"""

import ast
import json
import os
import subprocess
import sys
import tempfile

HOSTILE = [
    "a\nimport os",
    "'); __import__('os').system('echo pwned'); ('",
    '"""',
    "'''",
    "\\",
    "x\\",
    "\\'",
    "tab\there",
    "nul\x00byte",
    "line\u2028separator",
    "para\u2029separator",
    "next\x85line",
    "form\x0cfeed",
    "cr\rreturn",
    "# not a comment",
    "{}",
    "%s%d",
    "é ü ∑ 😀",
    "\ufeffbom",
    "class",
    "None",
    "__import__('os')",
    "k" * 5000,
]

# Valid Python identifiers that mean something else in C++ or in the generated file.
CPP_NAMES = ["new", "delete", "int", "NULL", "EOF", "errno", "this", "template", "xor", "bitand", "compl", "stdout",
             "main", "at", "c10", "torch", "std", "inputs", "n_inputs", "outputs", "result", "i",
             "TORCH_LIBRARY", "__LINE__", "__FILE__", "INT_MAX", "linux", "unix", "register"]

# Valid graph and input names that might mean something else to TorchScript's schema parser: the
# ones among them that torch._C.parse_schema refuses as an op's or an argument's name must still
# name the library's op and its arguments.
SCHEMA_NAMES = ["NoneType", "Ellipsis", "Tensor", "Optional", "Any", "Scalar", "t", "int", "float"]

BAD_IDENTIFIERS = ["a b", "a.b", "1x", "class", "x\n", "__import__('os')", "a;b", "é", ""]


def run(thunderc, *args):
    return subprocess.run([thunderc, *args], capture_output=True, text=True)


def operand(text):
    return "%" + text if text.startswith("%") else text  # "%%..." is the literal "%..."


def graph(keys, consts, loc, src):
    body = [
        {"op": "getitem", "obj": "%d", "index": operand(key), "out": f"v{i}", "loc": loc, "src": src}
        for i, key in enumerate(keys)
    ]
    body.append({"op": "call", "fn": "torch.mul", "args": ["%x", 2.0], "out": "y", "loc": loc, "src": src})
    for i, key in enumerate(keys):
        body.append({"op": "setitem", "obj": "%d", "index": operand(key), "value": "%y"})
    body.append({"op": "return", "value": ["%y", [operand(c) for c in consts]]})
    return {
        "format": "thunderc-graph", "version": 1, "name": "hostile",
        "functions": {"f": {"params": ["x", "d"], "body": body}},
        "entry": "f",
        "inputs": {"args": [{"tensor": [2]}, {"dict": {k: i for i, k in enumerate(keys)}}]},
    }


def cpp_graph():
    body, prev = [], "%x"
    for i, name in enumerate(CPP_NAMES):
        text = HOSTILE[i % len(HOSTILE)]
        fn = ["torch.mul", "torch.add", "torch.sub"][i % 3]
        body.append({"op": "call", "fn": fn, "args": [prev, 1.5 + i], "out": name, "loc": text, "src": text})
        prev = "%" + name
    body.append({"op": "return", "value": [prev, "%new"]})
    return {
        "format": "thunderc-graph", "version": 1, "name": "int",
        "functions": {"f": {"params": ["x"], "body": body}},
        "entry": "f",
        "inputs": {"args": [{"tensor": [3]}]},
    }


def check_cpp(thunderc, tmp, report):
    path = os.path.join(tmp, "cpp.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(cpp_graph(), f)
    out = os.path.join(tmp, "cpp_out")
    r = run(thunderc, "compile", path, "-o", out, "--so")
    if not report(r.returncode == 0, f"C++: hostile names and comments compile ({r.stderr.strip()[-300:]!r})"):
        return
    import importlib.util
    import torch
    sys.path.insert(0, out)
    spec = importlib.util.spec_from_file_location("computation", os.path.join(out, "computation.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    torch.ops.load_library(os.path.join(out, "int.so"))
    x = torch.arange(3, dtype=torch.float32)
    expected, got = mod.computation(x), torch.ops.thunderc.int(x)
    same = len(expected) == len(got) and all(torch.equal(a, b) for a, b in zip(expected, got))
    report(same, "C++: the library computes what computation.py computes")


# Run in a child process: a library whose op registration throws aborts the process loading it.
LOAD_AND_CALL = r"""
import importlib.util, inspect, json, sys
import torch
out, name = sys.argv[1], sys.argv[2]
sys.path.insert(0, out)
spec = importlib.util.spec_from_file_location("computation", out + "/computation.py")
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
torch.ops.load_library(f"{out}/{name}.so")
op = getattr(torch.ops.thunderc, name)
params = list(inspect.signature(mod.computation).parameters)
inputs = [torch.arange(3, dtype=torch.float32) + i for i in range(len(params))]
expected, got = mod.computation(*inputs), op(*inputs)
print(json.dumps({"same": len(expected) == len(got) and all(torch.equal(a, b) for a, b in zip(expected, got)),
                  "params": params, "schema": [a.name for a in op.default._schema.arguments]}))
"""


def check_cpp_schema_names(thunderc, tmp, report):
    import torch
    refused = []
    for n in SCHEMA_NAMES:
        try:
            torch._C.parse_schema(f"{n}(Tensor {n}) -> Tensor[]")
        except RuntimeError:
            refused.append(n)
    report("NoneType" in refused and "Ellipsis" in refused,
           f"C++: torch._C.parse_schema refuses the names {refused}")
    for name in refused:
        body = [{"op": "call", "fn": "torch.add", "args": ["%" + SCHEMA_NAMES[0], 1.0], "out": "acc"}]
        for p in SCHEMA_NAMES[1:]:
            body.append({"op": "call", "fn": "torch.mul", "args": ["%acc", "%" + p], "out": "acc"})
        body.append({"op": "return", "value": ["%acc", "%" + name]})
        g = {"format": "thunderc-graph", "version": 1, "name": name,
             "functions": {"f": {"params": SCHEMA_NAMES, "body": body}}, "entry": "f",
             "inputs": {"args": [{"tensor": [3]} for _ in SCHEMA_NAMES]}}
        path = os.path.join(tmp, f"schema_{name}.json")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(g, f)
        out = os.path.join(tmp, f"schema_{name}_out")
        r = run(thunderc, "compile", path, "-o", out, "--so")
        if not report(r.returncode == 0, f"C++: a graph named {name} with inputs {SCHEMA_NAMES} compiles "
                      f"({r.stderr.strip()[-300:]!r})"):
            continue
        child = subprocess.run([sys.executable, "-c", LOAD_AND_CALL, out, name], capture_output=True, text=True)
        result = json.loads(child.stdout) if child.returncode == 0 else {}
        ok = result.get("same") is True and result["params"] == result["schema"]
        report(ok, f"C++: torch.ops.thunderc.{name} loads and computes what computation.py computes, its "
               "schema naming computation.py's parameters" + ("" if ok else f" ({result or child.stderr.strip()[-300:]!r})"))


def strings_in(tree):
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def check_structure(name, text, problems):
    tree = ast.parse(text)
    defs = [n for n in tree.body if isinstance(n, ast.FunctionDef)]
    others = [n for n in tree.body if not isinstance(n, (ast.FunctionDef, ast.Import, ast.ImportFrom))]
    if len(defs) != 1 or others:
        problems.append(f"{name}: unexpected top-level statements {[type(n).__name__ for n in tree.body]}")
        return tree
    code_lines = [l for l in text.split("\n")[text.split("\n").index(next(
        l for l in text.split("\n") if l.startswith("def "))) + 1:] if l.strip() and not l.strip().startswith("#")]
    if len(defs[0].body) != len(code_lines):
        problems.append(f"{name}: {len(defs[0].body)} statements for {len(code_lines)} code lines")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("__import__", "exec", "eval"):
            problems.append(f"{name}: calls {node.func.id}")
    return tree


def main():
    thunderc = sys.argv[1]
    passed = failed = 0

    def report(ok, what):
        nonlocal passed, failed
        print(("PASS " if ok else "FAIL ") + what)
        passed += ok
        failed += not ok
        return ok

    with tempfile.TemporaryDirectory() as tmp:
        for i, text in enumerate(HOSTILE):
            # Each hostile string as a dict key, a returned constant, and the loc/src comments.
            g = graph([text, "plain"], [text], text, text)
            path = os.path.join(tmp, f"g{i}.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(g, f)
            out = os.path.join(tmp, f"out{i}")
            r = run(thunderc, "compile", path, "-o", out)
            if r.returncode != 0:
                report(False, f"hostile string {text[:20]!r}: compile failed: {r.stderr.strip()[:200]}")
                continue
            problems = []
            found = set()
            for trace in ("prologue", "computation", "epilogue"):
                with open(os.path.join(out, f"{trace}.py"), encoding="utf-8") as f:
                    source = f.read()
                try:
                    tree = check_structure(trace, source, problems)
                except SyntaxError as e:
                    problems.append(f"{trace}: does not parse: {e}")
                    continue
                found.update(strings_in(tree))
                for line in source.split("\n"):
                    if line.lstrip().startswith("#") and "\n" in line:
                        problems.append(f"{trace}: a comment spans lines")
            if text not in found:
                problems.append("the string does not come back unchanged as a constant")
            report(not problems, f"hostile string {text[:20]!r}: {'; '.join(problems) or 'stays data'}")

        for bad in BAD_IDENTIFIERS:
            for where in ("attribute", "local", "module", "qualname", "name"):
                if bad == "a.b" and where in ("module", "qualname"):
                    continue  # dotted names are valid there
                g = graph(["k"], ["c"], "l", "s")
                if where == "attribute":
                    g["functions"]["f"]["body"].insert(0, {"op": "getattr", "obj": "%x", "name": bad, "out": "z"})
                elif where == "local":
                    g["functions"]["f"]["body"][0]["out"] = bad
                elif where == "name":
                    g["name"] = bad
                else:
                    g["classes"] = {"C": {"module": "m", "qualname": "Q"}}
                    g["classes"]["C"][where] = bad
                path = os.path.join(tmp, "bad.json")
                with open(path, "w", encoding="utf-8") as f:
                    json.dump(g, f)
                out = os.path.join(tmp, f"bad_out_{where}_{BAD_IDENTIFIERS.index(bad)}")
                r = run(thunderc, "compile", path, "-o", out)
                ok = r.returncode == 1 and r.stderr.startswith(path + ": /") and not os.path.exists(out)
                report(ok, f"identifier {bad!r} as {where}: rejected ({r.returncode}: {r.stderr.strip()[:100]!r})")

        check_cpp(thunderc, tmp, report)
        check_cpp_schema_names(thunderc, tmp, report)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
