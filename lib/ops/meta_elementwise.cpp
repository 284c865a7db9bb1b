// Meta rules of elementwise ops: binary ops (broadcasting; result dtype from at::result_type, so a
// Python number is a weak operand), unary ops (int -> float for the floating functions), where,
// clamp, conversions, masked_fill, masked_scatter, and the in-place ops, whose result must fit
// their first argument (same shape after broadcasting, result dtype castable to its dtype).
#include "ops/meta.h"

namespace thunderc::ops::detail {

namespace {

// Ops whose Python binding turns a number into a tensor in either position (torch.add(2, t)).
bool numbers_as_tensors(Op op) {
  return op == Op::add || op == Op::sub || op == Op::mul || op == Op::div ||
         op == Op::floor_divide || op == Op::add_ || op == Op::mul_;
}

// add/sub's alpha (at::native::alpha_check) and sub's bool check.
void check_add_sub(const Ctx &c, DType common, size_t alpha, bool subtract) {
  if (!c.is_number(alpha)) c.fail("argument 'alpha' must be a number, not " + describe(c.b[alpha]));
  const Arg &a = c.b[alpha];
  if (a.kind == Arg::Kind::Bool && common != DType::Bool)
    c.fail("boolean alpha only supported for boolean results");
  if (a.kind == Arg::Kind::Float && !is_floating(common) && !complex_type(common))
    c.fail("for integral input tensors, argument alpha must not be a floating point number");
  auto is_bool = [&](size_t i) {
    return (c.is_tensor(i) && c.b[i].tensor.dtype == DType::Bool) || c.b[i].kind == Arg::Kind::Bool;
  };
  if (subtract && (is_bool(0) || is_bool(1)))
    c.fail("subtraction, the `-` operator, with a bool tensor is not supported; use the `~` or "
           "`logical_not()` operator to invert a mask");
}

const Shape &shape_of(const Ctx &c, size_t i) {
  static const Shape scalar;
  return c.is_tensor(i) ? c.b[i].tensor.shape : scalar;
}

// TensorIterator's common dtype: operands of one dtype keep it (a Python float counts as float64
// here, so torch.add(2.5, 2.5) is float64); else at::result_type.
DType common_dtype(const Ctx &c) {
  auto raw = [&](size_t i) {
    const Arg &a = c.b[i];
    return a.kind == Arg::Kind::Tensor ? a.tensor.dtype
           : a.kind == Arg::Kind::Bool ? DType::Bool
           : a.kind == Arg::Kind::Int  ? DType::Int64
                                       : DType::Float64;
  };
  return raw(0) == raw(1) ? raw(0) : c.result_type({0, 1});
}

} // namespace

Arg meta_binary(const Ctx &c) {
  Op op = c.op;
  // Python numbers: allowed as `other` except for tensor-only ops; as `input` where PyTorch's
  // binding allows it or a reflected operator (2 < t, 2 ** t) reaches the op.
  bool tensor_only =
      op == Op::maximum || op == Op::minimum || op == Op::logical_and || op == Op::logical_or;
  for (size_t i : {0, 1})
    if (!c.is_tensor(i) && (tensor_only || !c.is_number(i)))
      c.fail("argument '" + std::string(c.param(i)) + "' must be a tensor" +
             (tensor_only ? "" : " or a number") + ", not " + describe(c.b[i]));
  if (!c.is_tensor(0) && !c.is_tensor(1) && !numbers_as_tensors(op))
    c.fail("expected a tensor argument, got " + describe(c.b[0]) + " and " + describe(c.b[1]));
  Shape shape = c.broadcast(shape_of(c, 0), shape_of(c, 1));
  Device device = c.device({0, 1});
  DType common = common_dtype(c);
  DType result = common;
  auto unsupported = [&](std::string_view what) {
    c.fail(std::string(what) + " is not supported for " + str(common) + " operands (" +
           describe(c.b[0]) + " and " + describe(c.b[1]) + ")");
  };
  switch (op) {
  case Op::add:
  case Op::sub:
    check_add_sub(c, common, 2, op == Op::sub);
    break;
  case Op::div:
    if (c.is_none(2)) {
      if (!is_floating(common) && !complex_type(common)) result = DType::Float32;
    } else {
      const Arg &mode = c.b[2];
      if (mode.kind != Arg::Kind::Str || (mode.s != "trunc" && mode.s != "floor"))
        c.fail("expected rounding_mode to be one of None, 'trunc', or 'floor' but found " +
               describe(mode));
      if (common == DType::Bool || complex_type(common)) unsupported("division with rounding_mode");
    }
    break;
  case Op::floor_divide:
    if (common == DType::Bool || complex_type(common)) unsupported("floor division");
    break;
  case Op::remainder:
    if (common == DType::Bool || complex_type(common)) unsupported("remainder");
    break;
  case Op::pow:
    if (common == DType::Bool) unsupported("pow");
    if (c.is_tensor(0) && is_integral(c.b[0].tensor.dtype, true) && c.b[1].kind == Arg::Kind::Int &&
        c.b[1].i < 0)
      c.fail("integers to negative integer powers are not allowed");
    break;
  case Op::maximum:
  case Op::minimum:
    if (complex_type(common)) unsupported(op == Op::maximum ? "maximum" : "minimum");
    break;
  case Op::bitwise_and:
  case Op::bitwise_or:
  case Op::bitwise_xor:
    // PyTorch's kernels exist for integral and bool dtypes only (even empty tensors are refused:
    // "bitwise_and_cpu" not implemented for 'Float'); bool with bool stays bool.
    if (!is_integral(common, true))
      unsupported(op == Op::bitwise_and  ? "bitwise and (the `&` operator)"
                  : op == Op::bitwise_or ? "bitwise or (the `|` operator)"
                                         : "bitwise xor (the `^` operator)");
    break;
  case Op::lt:
  case Op::le:
  case Op::gt:
  case Op::ge:
    if (complex_type(common)) unsupported("ordering comparison");
    result = DType::Bool;
    break;
  default:
    if (is_comparison(op) || op == Op::logical_and || op == Op::logical_or) result = DType::Bool;
    break;
  }
  return c.out(std::move(shape), result, device);
}

Arg meta_unary(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  DType d = t.dtype;
  auto reject = [&](std::string_view why) {
    c.fail("not supported for " + str(d) + " tensors" + (why.empty() ? "" : ": ") +
           std::string(why));
  };
  switch (c.op) {
  case Op::neg:
    if (d == DType::Bool)
      reject("negation, the `-` operator, on a bool tensor is not supported; use the `~` or "
             "`logical_not()` operator to invert a mask");
    break;
  case Op::abs:
    if (d == DType::Bool) reject("");
    d = to_real(d);
    break;
  case Op::erf: // no complex kernels
  case Op::log1p:
  case Op::expm1:
    if (is_complex(d)) reject("");
    [[fallthrough]];
  case Op::exp:
  case Op::log:
  case Op::log2:
  case Op::sqrt:
  case Op::rsqrt:
  case Op::sin:
  case Op::cos:
  case Op::tanh:
  case Op::sigmoid:
  case Op::reciprocal:
    if (is_integral(d, true)) d = DType::Float32; // int_to_float with the default dtype
    break;
  case Op::floor: // of integers a copy
  case Op::ceil:
  case Op::trunc:
  case Op::sign:
    if (is_complex(d) || (d == DType::Bool && c.op != Op::sign)) reject("");
    break;
  case Op::logical_not:
  case Op::isnan:
  case Op::isinf:
  case Op::isfinite:
    d = DType::Bool;
    break;
  case Op::leaky_relu:
  case Op::elu:
  case Op::softplus:
    c.number(1);
    if (c.op == Op::softplus)
      c.number(2);
    else
      c.boolean(2);
    if (!is_floating(d)) reject("");
    break;
  case Op::mish:
  case Op::hardswish:
  case Op::hardsigmoid:
    c.boolean(1);
    if (!is_floating(d)) reject("");
    break;
  case Op::hardtanh: // clamp(input, min_val, max_val), but not of bool tensors
  case Op::relu6: {  // hardtanh(input, 0, 6)
    bool h = c.op == Op::hardtanh;
    double lo = h ? c.number(1) : 0, hi = h ? c.number(2) : 6;
    c.boolean(h ? 3 : 1);
    if (d == DType::Bool || is_complex(d)) reject("");
    if (d == DType::UInt8 && (lo < 0 || hi < 0))
      c.fail("cannot do hardtanh on an unsigned type with negative limits");
    break;
  }
  case Op::bitwise_not: // logical not on bool, bitwise not on integers; no kernel for the rest
    if (!is_integral(d, true)) reject("bitwise not is for integer and bool tensors");
    break;
  case Op::round: // of integers a copy; given decimals (even 0), only of floating types
    if (d == DType::Bool || is_complex(d) || (c.opt_integer(1) && !is_floating(d))) reject("");
    break;
  case Op::relu:
    c.boolean(1);
    if (d == DType::Bool || is_complex(d)) reject("");
    break;
  case Op::gelu: {
    const Arg &a = c.b[1];
    if (a.kind != Arg::Kind::Str || (a.s != "none" && a.s != "tanh"))
      c.fail("approximate argument must be either 'none' or 'tanh', got " + describe(a));
    if (!is_floating(d)) reject("");
    break;
  }
  case Op::silu:
    c.boolean(1);
    if (!is_floating(d) && !is_complex(d)) reject("");
    break;
  case Op::dropout: {
    double p = c.number(1);
    c.boolean(2), c.boolean(3);
    if (p < 0 || p > 1)
      c.fail("dropout probability has to be between 0 and 1, but got " + describe(c.b[1]));
    if (c.b[2].b && p > 0 && p < 1 && numel(t.shape) > 0 && !is_floating(d))
      reject("dropout in training mode");
    break;
  }
  default:
    break; // clone, contiguous
  }
  return c.out(t.shape, d, t.device);
}

Arg meta_where(const Ctx &c) { // and clamp(input, min=None, max=None): numbers or tensors
  if (c.op == Op::clamp) {
    if (c.is_none(1) && c.is_none(2)) c.fail("At least one of 'min' or 'max' must not be None");
    const TensorMeta &t = c.tensor(0);
    Shape shape = t.shape;
    for (size_t i : {1, 2})
      if (!c.is_none(i)) shape = c.broadcast(shape, shape_of(c, i));
    DType d = c.is_none(1)   ? c.result_type({0, 2})
              : c.is_none(2) ? c.result_type({0, 1})
                             : c.result_type({0, 1, 2});
    c.kernel_supports(d != DType::Bool && !is_complex(d), shape, d);
    c.converts(c.b[1], d), c.converts(c.b[2], d);
    return c.out(std::move(shape), d, c.device({0, 1, 2}));
  }
  const TensorMeta &cond = c.tensor(0);
  if (cond.dtype != DType::Bool && cond.dtype != DType::UInt8)
    c.fail("expected condition to be a boolean tensor, but got a tensor with dtype " +
           str(cond.dtype));
  Shape shape = c.broadcast(c.broadcast(cond.shape, shape_of(c, 1)), shape_of(c, 2));
  DType d = c.result_type({1, 2});
  c.converts(c.b[1], d), c.converts(c.b[2], d);
  return c.out(std::move(shape), d, c.device({0, 1, 2}));
}

Arg meta_convert(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  DType d = t.dtype;
  Device device = t.device;
  switch (c.op) {
  case Op::to:
    c.boolean(3), c.boolean(4);
    if (auto dev = c.opt_device(1)) device = *dev;
    if (auto dt = c.opt_dtype(2)) d = *dt;
    break;
  case Op::type_as:
    d = c.tensor(1).dtype;
    break;
  case Op::to_float:
    d = DType::Float32;
    break;
  case Op::to_half:
    d = DType::Float16;
    break;
  case Op::to_bfloat16:
    d = DType::BFloat16;
    break;
  case Op::to_double:
    d = DType::Float64;
    break;
  case Op::to_long:
    d = DType::Int64;
    break;
  case Op::to_int:
    d = DType::Int32;
    break;
  default:
    d = DType::Bool;
    break; // to_bool
  }
  return c.out(t.shape, d, device);
}

// masked_fill(input, mask, value) and masked_fill_: value is a number or a 0-dim tensor.
Arg meta_masked_fill(const Ctx &c) {
  const TensorMeta &self = c.tensor(0), &mask = c.tensor(1);
  if (mask.dtype != DType::Bool && mask.dtype != DType::UInt8)
    c.fail("only boolean masks are supported, but got mask with dtype " + str(mask.dtype));
  if (c.is_tensor(2)) {
    if (!c.b[2].tensor.shape.empty())
      c.fail("only a 0-dimensional value tensor is supported, but got a tensor with " +
             std::to_string(c.b[2].tensor.shape.size()) + " dimension(s)");
  } else if (!c.is_number(2)) {
    c.fail("argument 'value' must be a number or a 0-dim tensor, not " + describe(c.b[2]));
  }
  c.converts(c.b[2], self.dtype);
  Device device = c.same_device({&self, &mask});
  Shape shape = self.shape;
  if (c.op == Op::masked_fill_)
    c.expands_to(mask.shape, self.shape, "mask");
  else
    shape = c.broadcast(self.shape, mask.shape);
  return c.out(std::move(shape), self.dtype, device);
}

// masked_scatter(input, mask, source): input and mask broadcast; source gives the values in order
// (it must hold at least as many elements as the mask has true ones: known when the op runs).
Arg meta_masked_scatter(const Ctx &c) {
  const TensorMeta &self = c.tensor(0), &mask = c.tensor(1), &source = c.tensor(2);
  Shape shape = c.broadcast(self.shape, mask.shape);
  if (self.dtype != source.dtype)
    c.fail("expected self and source to have the same dtype, but got " + str(self.dtype) + " and " +
           str(source.dtype) + " (convert source with .to(dtype))");
  if (mask.dtype != DType::Bool && mask.dtype != DType::UInt8)
    c.fail("expected a bool mask, got " + str(mask.dtype));
  return c.out(std::move(shape), self.dtype, c.same_device({&self, &mask, &source}));
}

// add_, mul_, copy_, zero_, fill_: the result is the first argument, updated.
Arg meta_inplace(const Ctx &c) {
  const TensorMeta &self = c.tensor(0);
  switch (c.op) {
  case Op::add_:
  case Op::mul_: {
    if (!c.is_tensor(1) && !c.is_number(1))
      c.fail("argument 'other' must be a tensor or a number, not " + describe(c.b[1]));
    DType common = common_dtype(c);
    if (c.op == Op::add_) check_add_sub(c, common, 2, false);
    if (!can_cast(common, self.dtype))
      c.fail("result type " + str(common) + " can't be cast to the desired output type " +
             str(self.dtype));
    c.expands_to(shape_of(c, 1), self.shape, "other");
    c.device({0, 1});
    break;
  }
  case Op::copy_:
    c.boolean(2);
    if (c.is_tensor(1))
      c.expands_to(c.b[1].tensor.shape, self.shape, "src");
    else if (!c.is_number(1))
      c.fail("argument 'src' must be a tensor, not " + describe(c.b[1]));
    break;
  case Op::fill_:
    if (c.is_tensor(1) && !c.b[1].tensor.shape.empty())
      c.fail("only a 0-dimensional value tensor is supported, but got a tensor with " +
             std::to_string(c.b[1].tensor.shape.size()) + " dimension(s)");
    if (!c.is_tensor(1) && !c.is_number(1))
      c.fail("argument 'value' must be a number or a 0-dim tensor, not " + describe(c.b[1]));
    c.converts(c.b[1], self.dtype);
    break;
  default:
    break; // zero_
  }
  return c.out(self.shape, self.dtype, self.device);
}

} // namespace thunderc::ops::detail
