// Executing the three traces from C++ on real values, instruction by instruction, as Python would
// run the printed files:
//  * the prologue unpacks the inputs (attribute and item loads, module.get_parameter/get_buffer/
//    get_submodule) and runs every check with thunderc_support's semantics and messages
//    (`kwargs['past_key_values'].key_cache[0]: expected shape (1, 8, 128, 64), got (1, 8, 256, 64)`);
//  * the computation is interpreted op by op on ATen (runtime/aten_ops.h), each instruction's
//    typed bound arguments (Instr::bound) giving the call; the write-backs (copy_) update
//    the input tensors in place;
//  * the epilogue applies the side effects to the real input objects and rebuilds the result.
#pragma once

#include "graph/graph.h"
#include "runtime/py_literal.h"
#include "runtime/rvalue.h"
#include "trace/trace.h"

#include <memory>
#include <stdexcept>
#include <vector>

namespace thunderc::runtime {

// The prologue rejected the inputs; the message names the input's path.
class GuardFailure : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct PrologueResult {
  std::vector<RRef> computation_inputs, epilogue_inputs;
};

// The prologue prepared once for repeated runs: literals parsed, callees resolved, value slots and
// the input paths that messages name laid out, so that run() only unpacks and compares (no string
// or map work unless a check fails). `literals` must outlive it (failure messages use it); the
// trace need not. run() reuses the object's slots and lookup caches: one thread at a time.
class PreparedPrologue {
public:
  PreparedPrologue(const Trace &prologue, const LiteralReader &literals);
  ~PreparedPrologue();
  PreparedPrologue(PreparedPrologue &&) noexcept;
  PreparedPrologue &operator=(PreparedPrologue &&) noexcept;

  // Throws GuardFailure when a check fails or an unpack finds nothing at its path.
  PrologueResult run(const Roots &inputs);

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// PreparedPrologue(prologue, literals).run(inputs), for a single run.
PrologueResult run_prologue(const Trace &prologue, const LiteralReader &literals, const Roots &inputs);

// Throws ops::OpError when ATen rejects an op (located by the op's source comment), and
// InternalError when an op's result differs from the metadata the trace was built with.
std::vector<at::Tensor> run_computation(const Trace &computation, const std::vector<at::Tensor> &inputs);

RRef run_epilogue(const Trace &epilogue, const LiteralReader &literals, const std::vector<RRef> &inputs);

} // namespace thunderc::runtime
