// The op catalogue: every tensor op thunderc knows, defined once in ops.def (one row per op:
// id, torch spelling, ATen spelling, Python-style signature, flags). The interpreter dispatches
// through lookup_*/bind/infer, the printers read the spellings, codegen reads the ATen name.
// Meta functions compute output shape, dtype and device with PyTorch's broadcasting and type
// promotion rules and reject exactly what PyTorch rejects (OpError).
#pragma once

#include "values/tensor_meta.h"

#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace thunderc::ops {

// An argument as meta functions see it.
struct Arg {
  enum class Kind : uint8_t {
    None,
    Bool,
    Int,
    Float,
    Str,
    DType,
    Device,
    Tensor,
    Seq,
    Slice,
    Ellipsis
  };
  Kind kind = Kind::None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;
  DType dtype = DType::Float32;
  Device device;
  TensorMeta tensor;
  std::vector<Arg> items; // Seq: tuple/list elements; Slice: start, stop, step (None when absent)
  bool is_list = false; // Seq: a Python list (as an index it is one advanced index, like a tensor)

  static Arg none() { return {}; }
  static Arg of_bool(bool v);
  static Arg of_int(int64_t v);
  static Arg of_float(double v);
  static Arg of_str(std::string v);
  static Arg of_dtype(DType v);
  static Arg of_device(Device v);
  static Arg of_tensor(TensorMeta v);
  static Arg of_seq(std::vector<Arg> v);
  static Arg of_list(std::vector<Arg> v); // a Seq with is_list set
  static Arg of_slice(Arg start, Arg stop, Arg step);
  static Arg ellipsis();
};

// Python's repr of an argument, for messages: None, True, 3, 2.5, 'text', torch.float32,
// device(type='cuda', index=0), (1, 2), [1, 2], slice(None, 2, None), Ellipsis, and a tensor as
// its type comment in angle brackets: <cpu f32[2, 3]>.
std::string describe(const Arg &);
// torch.tensor's data (a number, or lists and tuples of them): its numbers in order, and its
// shape as PyTorch measures it (from the first items; the meta rule checks the rest).
void flatten_data(const Arg &data, std::vector<const Arg *> &numbers);
// The dtype torch.tensor infers from those numbers: bool when every one is, int64 when every one
// is an int or a bool, else (floats, or no numbers) float32.
DType data_dtype(std::span<const Arg *const> numbers);
std::vector<int64_t> data_shape(const Arg &data);
using Kwargs = std::vector<std::pair<std::string_view, Arg>>; // keys borrowed from the caller

enum class Op : uint16_t {
#define THUNDERC_OP(id, torch_name, aten_name, signature, flags) id,
#include "ops/ops.def"
#undef THUNDERC_OP
};

enum Flag : uint32_t {
  Pure = 1,          // no side effects
  InPlace = 2,       // mutates its first argument (name ends in '_'); see functional()
  View = 4,          // result may alias its input (always for view/permute/...; reshape, to,
                     // contiguous, getitem, dropout(training=False) when no copy is needed)
  Factory = 8,       // creates a tensor from Python values (arange, zeros, full, ...)
  PythonResult = 16, // returns a Python value (size, dim, numel), not a tensor
  MultiOutput = 32,  // returns a tuple of tensors (split, chunk; max/min only when given a dim)
  Method = 64,       // a function that is also a tensor method named like its spelling's last part
  Random = 128,      // may draw random numbers (dropout): never merge two calls
};

struct OpInfo {
  Op op;
  std::string_view id; // "add"
  std::string_view
      torch_name; // printed spelling: "torch.add", "torch.nn.functional.silu", "torch.Tensor.view"
  std::string_view aten_name; // "at::add"
  std::string_view signature; // "input, other, *, alpha=1"
  uint32_t flags;
};

const OpInfo &info(Op);
std::span<const OpInfo> all_ops();

// One parameter of an op's signature, parsed once from OpInfo::signature.
struct Param {
  std::string_view name;                 // as PyTorch spells it: "input", "dim", "keepdim"
  std::optional<Arg> default_value;      // nullopt: required
  bool keyword_only = false;             // after `*` or after a `*name` parameter
  bool variadic = false;                 // `*size`: takes the remaining positionals as one Seq
  std::vector<std::string_view> aliases; // other keyword spellings accepted (`a|b`)
};
// The parameters of an op in signature order; bind() returns one Arg per entry.
std::span<const Param> params(Op);

// `fn` of a call statement: "torch.add", "torch.nn.functional.silu", "torch.Tensor.view", and the
// tensor-valued operator.* functions ("operator.add", "operator.getitem").
std::optional<Op> lookup_function(std::string_view qualified_name);
// `name` of a method statement whose receiver is a tensor: "view", "add_", "size".
std::optional<Op> lookup_method(std::string_view method_name);
// For an InPlace op, its out-of-place counterpart (add_ -> add); nullopt otherwise.
std::optional<Op> functional(Op);
// A tensor method that is PyTorch's in-place form of a shape-preserving op without a row of its
// own: "sub_" -> sub, "exp_" -> exp, "triu_" -> triu (the result is cast to the receiver's dtype:
// x.eq_(y) of a float x holds 0.0 and 1.0); nullopt otherwise.
std::optional<Op> inplace_form(std::string_view method_name);
// Other spellings of catalogue ops, for lookup_function (a function: "torch.concat",
// "operator.add") or lookup_method (a tensor method: "multiply").
struct Alias {
  std::string_view name;
  Op op;
  bool method;
};
std::span<const Alias> aliases();
// Every method name inplace_form() accepts, with its op, sorted by name.
std::vector<std::pair<std::string, Op>> inplace_forms();
// A loss's `reduction` as ATen's at::Reduction takes it: 'none' 0, 'mean' 1, 'sum' 2
// (cross_entropy's meta rule has checked the name).
inline int64_t reduction_code(std::string_view reduction) {
  return reduction == "none" ? 0 : reduction == "mean" ? 1 : 2;
}
// adaptive_avg_pool2d's output_size as PyTorch's Python binding passes it to ATen: an int twice,
// a sequence with its None items replaced by the input's sizes there (the meta rule has checked
// it).
std::vector<int64_t> adaptive_output_size(const Arg &output_size,
                                          const std::vector<int64_t> &input_shape);
// torch.nn.functional.interpolate(input, size, scale_factor, mode, align_corners,
// recompute_scale_factor, antialias) as PyTorch 1.13's Python function calls ATen: the function for
// the mode and the input's dims, and the output size or the scale factors it passes on. Throws
// OpError for what the Python function raises.
struct Interpolation {
  std::string_view aten; // "upsample_bilinear2d", "_upsample_bicubic2d_aa", ...; for 'area':
                         // "adaptive_avg_pool1d" or "adaptive_avg_pool2d"
  bool linear = false;   // linear, bilinear, bicubic, trilinear: takes align_corners
  bool align_corners = false;
  std::vector<int64_t> size;  // passed when scales is empty
  std::vector<double> scales; // passed when not empty
  std::vector<int64_t> out;   // the output's spatial sizes, as ATen works them out
};
Interpolation interpolation(const std::vector<Arg> &bound, const std::vector<int64_t> &input_shape);
// to, type_as and the dtype methods (float, half, ...): the input itself when nothing changes.
inline bool is_conversion(Op op) {
  return op == Op::to || op == Op::type_as || op == Op::to_float || op == Op::to_half ||
         op == Op::to_bfloat16 || op == Op::to_double || op == Op::to_long || op == Op::to_int ||
         op == Op::to_bool;
}
// eq, ne, lt, le, gt, ge.
inline bool is_comparison(Op op) {
  return op == Op::eq || op == Op::ne || op == Op::lt || op == Op::le || op == Op::gt ||
         op == Op::ge;
}

// Thrown when an op is called wrongly or PyTorch would reject the arguments; the message names
// the op and the offending shapes/dtypes. The interpreter adds the statement location.
class OpError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Positional and keyword arguments bound to the signature, defaults filled in, in signature order.
// PyTorch's overloads are folded in: `x.to(dtype)` / `x.to(other)` bind device and dtype,
// `torch.arange(end)` binds start=0, `x.var(unbiased)` binds unbiased. Throws OpError naming the
// op.
// Takes its arguments by value: callers that are done with them move them in.
std::vector<Arg> bind(Op, std::vector<Arg> args, Kwargs kwargs);

// Output metadata of a bound call: a Tensor Arg, a Seq of Tensor Args (MultiOutput), or a Python
// value (PythonResult). In-place ops return the metadata of their (unchanged) first argument.
// Python numbers are weak operands (PyTorch's wrapped numbers). Only semantic checks are made:
// kernels a backend lacks for a dtype (Half on CPU) are accepted. Shapes that depend on tensor
// data (a bool-mask index, tensor repeats without output_size) are rejected with OpError.
// requires_grad follows eager grad mode: set when a floating input requires grad.
Arg infer(Op, const std::vector<Arg> &bound);

} // namespace thunderc::ops
