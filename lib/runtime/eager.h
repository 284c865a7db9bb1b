// The eager reference for `thunderc run --check`: the original program run directly, without
// traces. The interpreter (lib/interp) runs the graph with a TensorBackend over real ATen
// tensors: every op is computed as it is met (runtime/aten_ops.h), input tensors are the real
// ones, `tensor.item()` and friends see real values. Then the Program's own record is applied to
// the real inputs: the in-place updates of input tensors, the side effects on input objects in
// program order, and the return value built from the interpreter's values (input objects as
// themselves). Nothing here reads the prologue, computation or epilogue.
#pragma once

#include "graph/graph.h"
#include "interp/interpret.h"
#include "runtime/rvalue.h"

#include <string>
#include <vector>

namespace thunderc::runtime {

struct EagerRun {
  RRef result;
  // Ops whose real result differs in shape, dtype or device from what the op catalogue inferred
  // while tracing (the traces were built with the inferred metadata): one line each.
  std::vector<std::string> meta_mismatches;
};

// Mutates `inputs` as the program does. Throws UserError as interpret() does.
EagerRun run_eager(const Graph &g, const Roots &inputs, const InterpOptions &options = {});

} // namespace thunderc::runtime
