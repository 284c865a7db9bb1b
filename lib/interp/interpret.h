// Interpreting a graph: runs the entry function over the wrapped input values (metadata only),
// tracking provenance, and returns the Program record (program.h). Bounded: graph call depth,
// executed statements and native stack use, each with a located error naming the limit.
#pragma once

#include "graph/graph.h"
#include "interp/program.h"

#include <cstddef>

namespace thunderc {

class TensorBackend;

struct InterpOptions {
  size_t max_frames = 200;            // graph function calls nested at once
  size_t max_statements = 10'000'000; // statements executed (loops unrolled), all calls together
  size_t max_stack_bytes = 4u << 20;  // native stack the interpreter may use below its entry
  TensorBackend *backend = nullptr;   // null: tracing (metadata only)
  // Every op's OpRecord::bound and OpRecord::bound_meta (the C++ emitter and the native runtime
  // read them; the printed traces do not): false leaves bound empty and frees bound_meta once
  // the op has run.
  bool bound_arguments = true;
};

// Throws UserError (located by JSON pointer, with the graph call stack) when the program cannot
// be traced: data-dependent control flow, a bad op call, an unknown attribute, a `raise`, ...
Program interpret(const Graph &graph, const InterpOptions &options = {});

} // namespace thunderc
