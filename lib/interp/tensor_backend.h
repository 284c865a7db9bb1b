// How tensor ops are run. The interpreter binds each op (ops::bind), builds its OpRecord and
// asks a backend for the result's metadata; it then makes Values for the outputs and tells the
// backend which. The tracing backend (thunderc compile) infers metadata with the op catalogue
// and holds no data. A backend over real ATen tensors (eager reference mode, lib/runtime) can run
// the same interpreter: it computes each op for real, keeps the tensors by Value, and can answer
// `scalar` where tracing must report data-dependent control flow.
#pragma once

#include "interp/program.h"

#include <optional>

namespace thunderc {

class TensorBackend {
public:
  virtual ~TensorBackend() = default;
  // The result of `op` (op, args, kwargs, bound set; outputs not yet): a Tensor Arg, a Seq of
  // Tensor Args (MultiOutput) or a Python value (PythonResult). Throws ops::OpError.
  virtual ops::Arg run(const OpRecord &op, const Heap &heap) = 0;
  // `op.outputs` now holds the Values made for the result.
  virtual void produced(const OpRecord &op, const Heap &heap) {}
  // The Python value of a one-element tensor version (bool(t), int(t), t.item()); nullopt when
  // unknown, which makes the program data-dependent.
  virtual std::optional<ops::Arg> scalar(Value version, const Heap &heap) { return std::nullopt; }
};

// Metadata only: ops::infer on the bound arguments.
class TracingBackend final : public TensorBackend {
public:
  ops::Arg run(const OpRecord &op, const Heap &) override {
    return ops::infer(op.op, op.bound_meta);
  }
};

} // namespace thunderc
