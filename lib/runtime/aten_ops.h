// Running one op of the catalogue (ops/ops.def) on real ATen tensors. Arguments are bound as the
// catalogue binds them (ops::bind: every parameter in signature order, defaults filled in), with
// real tensors where the catalogue saw tensor metadata. Both the computation's interpreter and
// the eager reference run ops through here, so the two agree by construction on how a torch
// call maps to ATen; they differ only in what they run (the trace, or the program).
//
// In-place ops are run functionally (the receiver is cloned first) unless asked otherwise: the
// interpreter records them as producing a new version of the receiver. `torch.empty`/`empty_like` give zeros, so that runs are
// reproducible. Python numbers are weak operands (PyTorch's wrapped numbers).
#pragma once

#include "ops/ops.h"

#include <ATen/core/Tensor.h>

#include <optional>
#include <vector>

namespace thunderc::runtime {

// A bound argument: the catalogue's view of it, plus the real tensor for Tensor arguments (also
// inside Seq items).
struct AArg {
  ops::Arg meta;            // kind and Python value (tensor metadata unused)
  at::Tensor tensor;        // Tensor
  std::vector<AArg> items;  // Seq and Slice items (meta.items is ignored)
};

struct AResult {
  std::vector<at::Tensor> tensors; // one, or several for MultiOutput results
  bool multi = false;              // a tuple of tensors
  std::optional<ops::Arg> python;  // PythonResult ops: the Python value
};

// Throws ops::OpError when ATen rejects the call or the op is not supported here; the message
// names the op. With `in_place`, an InPlace op updates its receiver (bound[0]) itself, as the
// computation's `operator.setitem(t, i, v)` on a clone and its write-backs (`copy_`) do; the
// result is then the receiver.
AResult run_aten(ops::Op op, const std::vector<AArg> &bound, bool in_place = false);

// torch.nn.functional.interpolate of `x` as ops::interpolation resolved it: the ATen function it
// names, with the output size or the scale factors.
at::Tensor interpolate(const at::Tensor &x, const ops::Interpolation &r);

// The catalogue's metadata of a real tensor (for comparing against what the catalogue inferred);
// throws std::invalid_argument for a dtype or device type thunderc has no name for.
TensorMeta meta_of(const at::Tensor &t);
// meta_of(t) for `t`, an output of `op`, to compare with `want`, the type the trace gives it: the
// traces run under no_grad, where only a factory asked for it (requires_grad=True) gives a tensor
// that requires grad, so for the other ops requires_grad is taken from `want`.
TensorMeta result_meta(ops::Op op, const at::Tensor &t, const TensorMeta &want);
// type_comment(m) with requires_grad spelled out, for a mismatch's message.
std::string meta_text(const TensorMeta &m);

} // namespace thunderc::runtime
