"""Nothing lost, nothing different: `thunderc compile` writes its files atomically and
deterministically.

Usage: check_outputs.py THUNDERC SOURCE_DIR

* a failing compile leaves the previous outputs of the directory intact and no temporary file,
  also when one of the files to replace is a directory;
* the same graph compiled 100 times, 8 at a time, gives byte-identical files;
* concurrent compiles of different graphs into different directories equal sequential ones;
* a large graph (bench/gen_graphs.py llama, 32 layers), for which thunderc reserves its heap with
  huge pages, compiles to the same files with THUNDERC_NO_HUGE_PAGES=1;
* running out of memory (an address-space limit) gives a message and exit 3, not an abort.
"""

import concurrent.futures
import filecmp
import json
import os
import resource
import subprocess
import sys
import tempfile

FILES = ["prologue.py", "computation.py", "epilogue.py", "thunderc_support.py"]


def compile_to(thunderc, graph, out):
    return subprocess.run([thunderc, "compile", graph, "-o", out], capture_output=True, text=True)


def snapshot(d):
    return {f: open(os.path.join(d, f), "rb").read() for f in sorted(os.listdir(d))}


def main():
    thunderc, source = sys.argv[1], sys.argv[2]
    samples = os.path.join(source, "samples")
    llama = os.path.join(samples, "llama_tiny.json")
    failing = os.path.join(source, "tests", "errors", "unreturnable_new_object.json")
    passed = failed = 0

    def report(ok, what):
        nonlocal passed, failed
        print(("PASS " if ok else "FAIL ") + what)
        passed += ok
        failed += not ok

    with tempfile.TemporaryDirectory() as tmp:
        d = os.path.join(tmp, "kept")
        report(compile_to(thunderc, llama, d).returncode == 0, "compile into a fresh directory")
        before = snapshot(d)
        r = compile_to(thunderc, failing, d)
        report(r.returncode == 1, f"a failing compile exits 1 ({r.returncode})")
        report(snapshot(d) == before, "a failing compile leaves the previous outputs intact, no temporaries")
        for blocked in ("computation.py", "epilogue.py"):  # replaced after prologue.py
            b = os.path.join(tmp, "blocked_" + blocked)
            os.mkdir(b)
            for f in FILES:
                if f == blocked:
                    os.mkdir(os.path.join(b, f))
                else:
                    with open(os.path.join(b, f), "w") as out:
                        out.write("old\n")
            before = {f: open(os.path.join(b, f)).read() for f in FILES if f != blocked}
            r = compile_to(thunderc, llama, b)
            after = {f: open(os.path.join(b, f)).read() for f in FILES if f != blocked}
            report(r.returncode == 1 and after == before and sorted(os.listdir(b)) == sorted(FILES),
                   f"a compile whose {blocked} is a directory exits 1 ({r.returncode}) and replaces no file")

        reference = os.path.join(tmp, "reference")
        compile_to(thunderc, llama, reference)
        outs = [os.path.join(tmp, f"run{i}") for i in range(100)]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(lambda o: compile_to(thunderc, llama, o).returncode, outs))
        same = all(c == 0 for c in codes) and all(
            filecmp.cmp(os.path.join(reference, f), os.path.join(o, f), shallow=False) for o in outs for f in FILES)
        report(same, "100 parallel compiles of one graph give byte-identical files")

        graphs = sorted(os.path.join(samples, g) for g in os.listdir(samples) if g.endswith(".json"))
        jobs = [(g, os.path.join(tmp, f"par_{os.path.basename(g)}_{k}")) for k in range(3) for g in graphs]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(lambda j: compile_to(thunderc, *j).returncode, jobs))
        ok = all(c == 0 for c in codes)
        for g, out in jobs:
            seq = os.path.join(tmp, "seq_" + os.path.basename(g))
            if not os.path.exists(seq):
                compile_to(thunderc, g, seq)
            ok &= snapshot(seq) == snapshot(out)
        report(ok, f"{len(jobs)} concurrent compiles of {len(graphs)} graphs equal sequential ones")

        large = os.path.join(tmp, "llama_L32.json")
        subprocess.run([sys.executable, os.path.join(source, "bench", "gen_graphs.py"), "llama", "--layers", "32",
                        "-o", large], check=True)
        runs = {}
        for label, extra in (("huge", {}), ("plain", {"THUNDERC_NO_HUGE_PAGES": "1"})):
            out = os.path.join(tmp, f"large_{label}")
            runs[label] = subprocess.run([thunderc, "--log-level", "debug", "compile", large, "-o", out],
                                         capture_output=True, text=True, env={**os.environ, **extra})
            runs[label].out = out
        reserved = [line for line in runs["huge"].stderr.splitlines() if "heap: " in line]
        # A sanitizer's allocator does not grow the heap: only the path is checked there.
        sanitized = "asan" in subprocess.run(["ldd", thunderc], capture_output=True, text=True).stdout
        report(all(r.returncode == 0 for r in runs.values()) and len(reserved) == 1
               and (sanitized or ("advised to use huge pages" in reserved[0]
                                  and int(reserved[0].split("heap: ")[1].split()[0]) >= os.path.getsize(large) >> 20))
               and not any("heap: " in line for line in runs["plain"].stderr.splitlines())
               and snapshot(runs["huge"].out) == snapshot(runs["plain"].out),
               f"a large graph compiles the same with the huge-page heap as without ({reserved})")

        # Out of memory (an address-space limit well below what a loop of 9M iterations takes):
        # a message and exit 3, not an abort, and no output. A sanitizer's allocator aborts.
        if not sanitized:
            hungry = os.path.join(tmp, "hungry.json")
            with open(hungry, "w") as f:
                json.dump({"format": "thunderc-graph", "version": 1, "name": "hungry",
                           "functions": {"f": {"params": ["x"], "body": [
                               {"op": "call", "fn": "builtins.range", "args": [9_000_000], "out": "r"},
                               {"op": "for", "target": "i", "iter": "%r", "body": []},
                               {"op": "return", "value": "%x"}]}},
                           "entry": "f", "inputs": {"args": [{"tensor": [2]}]}}, f)
            out = os.path.join(tmp, "hungry_out")
            limit = lambda: resource.setrlimit(resource.RLIMIT_AS, (200 << 20, 200 << 20))  # noqa: E731
            r = subprocess.run([thunderc, "compile", hungry, "-o", out], capture_output=True, text=True,
                               preexec_fn=limit)
            report(r.returncode == 3 and "out of memory" in r.stderr and not os.path.exists(out),
                   f"out of memory: exit 3 ({r.returncode}) with a message, no output ({r.stderr.strip()[-200:]})")

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
