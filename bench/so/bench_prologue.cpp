// The prologue's cost per call in the native run path (`thunderc run`): the prologue trace of a
// graph executed by lib/runtime/trace_exec.cpp on real inputs (built by runtime/inputs.h from the
// graph's input description, as `thunderc run` builds them), every unpack and every check,
// repeatedly. Thread CPU time per call, min and median over rounds, of
//  * a run of a PreparedPrologue made once (the per-call cost: the headline figure), and
//  * run_prologue, which prepares the prologue and runs it once (as `thunderc run` does).
// The two are timed in alternating rounds of the same run.
//
//   bench_so_prologue GRAPH [ROUNDS] [ROUND_MS]
//
// Prints the prologue's size and
//   PROLOGUE <graph name> <instructions> <checks> min_us median_us          (prepared, per run)
//   PROLOGUE_ONESHOT <graph name> <instructions> <checks> min_us median_us  (prepare + run)
#include "graph/load.h"
#include "interp/interpret.h"
#include "passes/passes.h"
#include "runtime/inputs.h"
#include "runtime/py_literal.h"
#include "runtime/trace_exec.h"
#include "trace/build.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

namespace {

double thread_cpu_us() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

} // namespace

int main(int argc, char **argv) {
  using namespace thunderc;
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_so_prologue GRAPH [ROUNDS] [ROUND_MS]\n");
    return 2;
  }
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 51;
  const double round_ms = argc > 3 ? std::atof(argv[3]) : 5;
  Graph g = load_graph(argv[1]);
  Program program = interpret(g);
  Traces traces = build_traces(g, program);
  run_pipeline(traces.prologue, traces.computation); // as lib/runtime/run.cpp does
  runtime::Roots inputs = runtime::build_inputs(g, {});
  runtime::LiteralReader literals(g);
  size_t instructions = 0, checks = 0;
  for (const Instr &ins : traces.prologue.body) {
    if (ins.kind == Instr::Kind::Comment) continue;
    ++instructions;
    checks += ins.kind == Instr::Kind::Call && std::string_view(ins.callee).starts_with("check_");
  }
  runtime::PreparedPrologue prepared(traces.prologue, literals);
  size_t sink = 0, runs = 0;
  auto batch = [&](bool oneshot, int calls) {
    const double t0 = thread_cpu_us();
    for (int i = 0; i < calls; ++i)
      sink += (oneshot ? runtime::run_prologue(traces.prologue, literals, inputs) : prepared.run(inputs))
                  .computation_inputs.size();
    runs += calls;
    return (thread_cpu_us() - t0) / calls;
  };
  struct Series {
    const char *tag, *what;
    bool oneshot;
    int calls = 0;
    std::vector<double> t;
  } series[] = {{"PROLOGUE", "prepared once, per run", false}, {"PROLOGUE_ONESHOT", "prepare + run", true}};
  for (Series &s : series) {
    batch(s.oneshot, 20);
    s.calls = std::max(1, static_cast<int>(round_ms * 1000 / batch(s.oneshot, 20)));
  }
  for (int r = 0; r < rounds; ++r)
    for (Series &s : series) s.t.push_back(batch(s.oneshot, s.calls));
  std::printf("%s: prologue of %zu instructions (%zu checks), %zu computation inputs\n", g.name.c_str(), instructions,
              checks, sink / runs);
  for (Series &s : series) {
    std::sort(s.t.begin(), s.t.end());
    std::printf("  %s: %d rounds of %d calls: per call min %.3f us, median %.3f us\n", s.what, rounds, s.calls,
                s.t.front(), s.t[s.t.size() / 2]);
  }
  for (Series &s : series)
    std::printf("%s %s %zu %zu %.3f %.3f\n", s.tag, g.name.c_str(), instructions, checks, s.t.front(), s.t[s.t.size() / 2]);
  return 0;
}
