// Interpreter benchmark and dump tool (built by bench/bench_interp.sh against the core library).
//   bench_interp dump GRAPH        print the Program record (describe()) of a graph
//   bench_interp time GRAPH [N]    interpret N times, report time per executed statement
//   bench_interp synthetic         interpret generated graphs of growing size (a loop over
//                                  layers of Python arithmetic, attribute reads and tensor ops)
//                                  and report time per executed statement and its growth
#include "graph/load.h"
#include "interp/interpret.h"
#include "support/diagnostics.h"

#include <chrono>
#include <cstdio>
#include <string>

using namespace thunderc;

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// forward(self, x): for layer in self.layers: x = layer(x) with `layers` a ModuleList of
// `layers` Block modules; Block.forward does Python arithmetic, attribute and item reads, a list
// append, a dict update and three tensor ops, 16 statements per layer.
std::string synthetic(int layers) {
  std::string block = R"([
    {"op": "getattr", "obj": "%self", "name": "scale", "out": "s"},
    {"op": "call", "fn": "operator.mul", "args": ["%s", 2], "out": "s2"},
    {"op": "call", "fn": "operator.add", "args": ["%s2", 1], "out": "s3"},
    {"op": "getattr", "obj": "%self", "name": "w", "out": "w"},
    {"op": "getattr", "obj": "%x", "name": "shape", "out": "shape"},
    {"op": "getitem", "obj": "%shape", "index": -1, "out": "d"},
    {"op": "call", "fn": "operator.eq", "args": ["%d", 8], "out": "ok"},
    {"op": "if", "cond": "%ok", "then": [{"op": "assign", "value": 1, "out": "k"}],
     "else": [{"op": "raise", "message": "bad width"}]},
    {"op": "assign", "value": {"list": []}, "out": "acc"},
    {"op": "method", "obj": "%acc", "name": "append", "args": ["%s3"]},
    {"op": "assign", "value": {"dict": {"a": 1}}, "out": "cfg"},
    {"op": "setitem", "obj": "%cfg", "index": "b", "value": "%k"},
    {"op": "call", "fn": "torch.matmul", "args": ["%x", "%w"], "out": "h"},
    {"op": "call", "fn": "torch.nn.functional.silu", "args": ["%h"], "out": "h2"},
    {"op": "call", "fn": "operator.add", "args": ["%x", "%h2"], "out": "y"},
    {"op": "return", "value": "%y"}
  ])";
  std::string modules;
  for (int i = 0; i < layers; ++i)
    modules +=
        (i ? ", " : "") + std::string("\"") + std::to_string(i) +
        R"(": {"module": "Block", "parameters": {"w": {"tensor": [8, 8]}}, "attrs": {"scale": 3}})";
  return R"({"format": "thunderc-graph", "version": 1, "name": "synthetic",
    "classes": {"Net": {"module": "bench", "qualname": "Net", "base": "torch.nn.Module", "methods": {"forward": "Net.forward"}},
                "Block": {"module": "bench", "qualname": "Block", "base": "torch.nn.Module", "methods": {"forward": "Block.forward"}}},
    "functions": {
      "Net.forward": {"params": ["self", "x"], "body": [
        {"op": "getattr", "obj": "%self", "name": "layers", "out": "layers"},
        {"op": "for", "target": "layer", "iter": "%layers", "body": [
          {"op": "call", "fn": "%layer", "args": ["%x"], "out": "x"}]},
        {"op": "return", "value": "%x"}]},
      "Block.forward": {"params": ["self", "x"], "body": )" +
         block + R"(}},
    "entry": "Net.forward",
    "inputs": {"self": {"module": "Net", "modules": {"layers": {"module": "torch.nn.ModuleList", "modules": {)" +
         modules + R"(}}}}, "args": [{"tensor": [4, 8]}]}})";
}

struct Timing {
  double seconds;
  size_t statements, ops;
};

Timing time_graph(const Graph &g, int repeat) {
  Timing best{1e30, 0, 0};
  for (int r = 0; r < repeat; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    Program p = interpret(g);
    double s = seconds_since(t0);
    if (s < best.seconds) best = {s, p.statements, p.ops.size()};
  }
  return best;
}
} // namespace

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "synthetic";
  try {
    if (mode == "dump" && argc > 2) {
      Graph g = load_graph(argv[2]);
      std::fputs(describe(interpret(g)).c_str(), stdout);
      return 0;
    }
    if (mode == "time" && argc > 2) {
      Graph g = load_graph(argv[2]);
      Timing t = time_graph(g, argc > 3 ? std::stoi(argv[3]) : 5);
      std::printf("%s: %zu statements, %zu ops, %.3f ms, %.3f us/statement\n", argv[2],
                  t.statements, t.ops, t.seconds * 1e3, t.seconds * 1e6 / double(t.statements));
      return 0;
    }
    if (mode == "synthetic" && argc > 2) { // one size, once: for perf stat
      Graph g = load_graph_text(synthetic(std::stoi(argv[2])), "synthetic.json");
      Timing t = time_graph(g, 1);
      std::printf("%zu statements, %.3f us/statement\n", t.statements,
                  t.seconds * 1e6 / double(t.statements));
      return 0;
    }
    if (mode == "synthetic") {
      std::printf("%8s %12s %8s %10s %14s %8s\n", "layers", "statements", "ops", "ms",
                  "us/statement", "growth");
      double first = 0;
      for (int layers : {10, 100, 1000, 6250, 25000}) {
        Graph g = load_graph_text(synthetic(layers), "synthetic.json");
        Timing t = time_graph(g, layers >= 1000 ? 3 : 10);
        double per = t.seconds * 1e6 / double(t.statements);
        if (first == 0) first = per;
        std::printf("%8d %12zu %8zu %10.3f %14.3f %8.2f\n", layers, t.statements, t.ops,
                    t.seconds * 1e3, per, per / first);
      }
      return 0;
    }
  } catch (const UserError &e) {
    std::fprintf(stderr, "%s\n", e.render("graph").c_str());
    return 1;
  }
  std::fprintf(stderr, "usage: bench_interp [synthetic | dump GRAPH | time GRAPH [N]]\n");
  return 2;
}
