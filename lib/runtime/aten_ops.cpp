#include "runtime/aten_ops.h"

#include "runtime/rvalue.h"

#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <ATen/TensorIndexing.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace thunderc::runtime {

namespace {

using AK = ops::Arg::Kind;
using ops::Op;

[[noreturn]] void fail(Op op, const std::string &what) {
  throw ops::OpError(fmt::format("{}(): {}", ops::info(op).torch_name, what));
}

struct Call {
  Op op;
  const std::vector<AArg> &a;
  bool in_place = false;

  const AArg &at(size_t i) const {
    if (i >= a.size()) fail(op, fmt::format("argument {} is missing", i));
    return a[i];
  }
  bool none(size_t i) const { return at(i).meta.kind == AK::None; }
  bool is_tensor(size_t i) const { return at(i).meta.kind == AK::Tensor; }

  const at::Tensor &tensor(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind != AK::Tensor || !x.tensor.defined())
      fail(op, fmt::format("argument '{}' must be a tensor, not {}", param(i), ops::describe(x.meta)));
    return x.tensor;
  }
  std::string_view param(size_t i) const {
    auto ps = ops::params(op);
    return i < ps.size() ? ps[i].name : std::string_view("?");
  }
  c10::optional<at::Tensor> opt_tensor(size_t i) const {
    if (none(i)) return c10::nullopt;
    return tensor(i);
  }
  static bool number(const ops::Arg &m) { return m.kind == AK::Bool || m.kind == AK::Int || m.kind == AK::Float; }
  at::Scalar scalar(size_t i) const { return scalar_of(at(i)); }
  at::Scalar scalar_of(const AArg &x) const {
    switch (x.meta.kind) {
    case AK::Bool: return at::Scalar(x.meta.b);
    case AK::Int: return at::Scalar(x.meta.i);
    case AK::Float: return at::Scalar(x.meta.f);
    case AK::Tensor:
      if (x.tensor.defined() && x.tensor.numel() == 1) return x.tensor.item();
      [[fallthrough]];
    default: fail(op, fmt::format("expected a number, got {}", ops::describe(x.meta)));
    }
  }
  // A tensor operand; a Python number becomes a wrapped number (a weak operand in promotion).
  at::Tensor operand(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind == AK::Tensor) return tensor(i);
    if (!number(x.meta)) fail(op, fmt::format("argument '{}' must be a tensor or a number, not {}", param(i),
                                             ops::describe(x.meta)));
    return at::native::wrapped_scalar_tensor(scalar_of(x));
  }
  int64_t integer(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind == AK::Int || x.meta.kind == AK::Bool) return x.meta.i;
    if (x.meta.kind == AK::Tensor && x.tensor.defined() && x.tensor.numel() == 1) return x.tensor.item<int64_t>();
    fail(op, fmt::format("argument '{}' must be an int, not {}", param(i), ops::describe(x.meta)));
  }
  c10::optional<int64_t> opt_int(size_t i) const {
    if (none(i)) return c10::nullopt;
    return integer(i);
  }
  double real(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind == AK::Float) return x.meta.f;
    if (x.meta.kind == AK::Int || x.meta.kind == AK::Bool) return double(x.meta.i);
    fail(op, fmt::format("argument '{}' must be a number, not {}", param(i), ops::describe(x.meta)));
  }
  bool boolean(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind == AK::Bool) return x.meta.b;
    if (x.meta.kind == AK::Int) return x.meta.i != 0;
    fail(op, fmt::format("argument '{}' must be a bool, not {}", param(i), ops::describe(x.meta)));
  }
  std::vector<int64_t> ints(size_t i) const {
    const AArg &x = at(i);
    std::vector<int64_t> out;
    if (x.meta.kind == AK::Seq) {
      for (const AArg &item : x.items) {
        if (item.meta.kind == AK::Int) out.push_back(item.meta.i);
        else if (item.meta.kind == AK::Tensor && item.tensor.defined() && item.tensor.numel() == 1)
          out.push_back(item.tensor.item<int64_t>());
        else fail(op, fmt::format("argument '{}' must be a sequence of ints, not {}", param(i), ops::describe(x.meta)));
      }
      return out;
    }
    out.push_back(integer(i));
    return out;
  }
  c10::optional<at::ScalarType> opt_dtype(size_t i) const {
    if (none(i)) return c10::nullopt;
    if (at(i).meta.kind != AK::DType) fail(op, fmt::format("argument '{}' must be a dtype", param(i)));
    return to_aten(at(i).meta.dtype);
  }
  c10::optional<at::Device> opt_device(size_t i) const {
    if (none(i)) return c10::nullopt;
    const AArg &x = at(i);
    if (x.meta.kind == AK::Device) return to_aten(x.meta.device);
    if (x.meta.kind == AK::Str) return at::Device(x.meta.s);
    fail(op, fmt::format("argument '{}' must be a device", param(i)));
  }
  std::vector<at::Tensor> tensors(size_t i) const {
    const AArg &x = at(i);
    if (x.meta.kind != AK::Seq) fail(op, fmt::format("argument '{}' must be a sequence of tensors", param(i)));
    std::vector<at::Tensor> out;
    for (const AArg &item : x.items) {
      if (item.meta.kind != AK::Tensor) fail(op, fmt::format("argument '{}' must be a sequence of tensors", param(i)));
      out.push_back(item.tensor);
    }
    return out;
  }
};

// A Python index value as an ATen index: a list (or a sequence inside a tuple) is an advanced
// index tensor, as in Python.
at::Tensor sequence_index(Op op, const AArg &x) {
  std::vector<int64_t> shape;
  std::vector<int64_t> ints;
  std::vector<uint8_t> bools;
  bool saw_bool = false, saw_int = false;
  std::function<void(const AArg &, size_t)> flatten = [&](const AArg &v, size_t depth) {
    if (v.meta.kind == AK::Seq) {
      if (shape.size() <= depth) shape.push_back(int64_t(v.items.size()));
      else if (shape[depth] != int64_t(v.items.size())) fail(op, "an index list is ragged");
      for (const AArg &i : v.items) flatten(i, depth + 1);
      return;
    }
    if (v.meta.kind == AK::Bool) saw_bool = true, bools.push_back(v.meta.b), ints.push_back(v.meta.b);
    else if (v.meta.kind == AK::Int) saw_int = true, ints.push_back(v.meta.i);
    else fail(op, "an index list may hold ints or bools only, not " + ops::describe(v.meta));
  };
  flatten(x, 0);
  if (saw_bool && !saw_int) {
    at::Tensor t = at::empty({int64_t(bools.size())}, at::kBool);
    std::copy(bools.begin(), bools.end(), t.data_ptr<bool>());
    return t.view(shape);
  }
  at::Tensor t = at::empty({int64_t(ints.size())}, at::kLong);
  std::copy(ints.begin(), ints.end(), t.data_ptr<int64_t>());
  return t.view(shape);
}

at::indexing::TensorIndex index_of(Op op, const AArg &x) {
  using namespace at::indexing;
  switch (x.meta.kind) {
  case AK::None: return TensorIndex(None);
  case AK::Ellipsis: return TensorIndex(Ellipsis);
  case AK::Bool: return TensorIndex(x.meta.b);
  case AK::Int: return TensorIndex(x.meta.i);
  case AK::Tensor: return TensorIndex(x.tensor);
  case AK::Seq: return TensorIndex(sequence_index(op, x));
  case AK::Slice: {
    auto bound = [&](size_t k) -> c10::optional<int64_t> {
      if (k >= x.items.size() || x.items[k].meta.kind == AK::None) return c10::nullopt;
      const AArg &b = x.items[k];
      if (b.meta.kind == AK::Int || b.meta.kind == AK::Bool) return b.meta.i;
      if (b.meta.kind == AK::Tensor && b.tensor.defined() && b.tensor.numel() == 1) return b.tensor.item<int64_t>();
      fail(op, "slice bounds must be ints or None, not " + ops::describe(b.meta));
    };
    return TensorIndex(Slice(bound(0), bound(1), bound(2)));
  }
  default: fail(op, "unsupported index " + ops::describe(x.meta));
  }
}

std::vector<at::indexing::TensorIndex> indices_of(Op op, const AArg &index) {
  std::vector<at::indexing::TensorIndex> out;
  if (index.meta.kind == AK::Seq && !index.meta.is_list) {
    for (const AArg &i : index.items) out.push_back(index_of(op, i));
  } else {
    out.push_back(index_of(op, index));
  }
  return out;
}

// torch.nn.functional.interpolate: the ATen upsample function PyTorch's Python function picks, with
// the output size or the scale factors it passes on.
at::Tensor interpolate(const Call &c) {
  std::vector<ops::Arg> bound;
  for (size_t i = 0; i < c.a.size(); ++i)
    bound.push_back(c.at(i).meta);
  const at::Tensor &x = c.tensor(0);
  return runtime::interpolate(x, ops::interpolation(bound, x.sizes().vec()));
}

} // namespace

at::Tensor interpolate(const at::Tensor &x, const ops::Interpolation &r) {
  at::OptionalIntArrayRef size;
  c10::optional<at::ArrayRef<double>> scales;
  if (r.scales.empty())
    size = r.size;
  else
    scales = r.scales;
  bool align = r.align_corners;
  std::string_view f = r.aten;
  if (f == "adaptive_avg_pool1d") return at::adaptive_avg_pool1d(x, r.size); // mode='area'
  if (f == "adaptive_avg_pool2d") return at::adaptive_avg_pool2d(x, r.size);
  if (f == "upsample_nearest1d") return at::upsample_nearest1d(x, size, scales);
  if (f == "upsample_nearest2d") return at::upsample_nearest2d(x, size, scales);
  if (f == "upsample_nearest3d") return at::upsample_nearest3d(x, size, scales);
  if (f == "_upsample_nearest_exact1d") return at::_upsample_nearest_exact1d(x, size, scales);
  if (f == "_upsample_nearest_exact2d") return at::_upsample_nearest_exact2d(x, size, scales);
  if (f == "_upsample_nearest_exact3d") return at::_upsample_nearest_exact3d(x, size, scales);
  if (f == "upsample_linear1d") return at::upsample_linear1d(x, size, align, scales);
  if (f == "upsample_bilinear2d") return at::upsample_bilinear2d(x, size, align, scales);
  if (f == "_upsample_bilinear2d_aa") return at::_upsample_bilinear2d_aa(x, size, align, scales);
  if (f == "upsample_trilinear3d") return at::upsample_trilinear3d(x, size, align, scales);
  if (f == "upsample_bicubic2d") return at::upsample_bicubic2d(x, size, align, scales);
  return at::_upsample_bicubic2d_aa(x, size, align, scales);
}

namespace {

// torch.nn.functional.conv1d/2d/3d: the padding ints, or a string ('same' or 'valid').
at::Tensor conv(const Call &c) {
  const at::Tensor &x = c.tensor(0), &w = c.tensor(1);
  c10::optional<at::Tensor> b = c.opt_tensor(2);
  std::vector<int64_t> stride = c.ints(3), dilation = c.ints(5);
  int64_t groups = c.integer(6);
  auto run = [&](const auto &padding) {
    if (c.op == Op::conv1d) return at::conv1d(x, w, b, stride, padding, dilation, groups);
    if (c.op == Op::conv2d) return at::conv2d(x, w, b, stride, padding, dilation, groups);
    return at::conv3d(x, w, b, stride, padding, dilation, groups);
  };
  if (c.at(4).meta.kind == AK::Str) return run(c10::string_view(c.at(4).meta.s));
  return run(c.ints(4));
}

// PyTorch 2's math definition of scaled_dot_product_attention (libtorch 1.13 has none); the same
// steps as thunderc_support's Python fallback, so both give the same bits.
at::Tensor sdpa(const Call &c) {
  at::Tensor q = c.tensor(0), k = c.tensor(1), v = c.tensor(2);
  c10::optional<at::Tensor> mask = c.opt_tensor(3);
  double dropout_p = c.real(4);
  bool is_causal = c.boolean(5);
  int64_t L = q.size(-2), S = k.size(-2);
  double scale = c.none(6) ? 1 / std::sqrt(double(q.size(-1))) : c.real(6);
  if (c.boolean(7) && (k.size(-3) != q.size(-3) || v.size(-3) != q.size(-3))) {
    // enable_gqa: key and value heads repeated to the query's
    k = k.repeat_interleave(q.size(-3) / k.size(-3), -3);
    v = v.repeat_interleave(q.size(-3) / v.size(-3), -3);
  }
  at::Tensor bias = at::zeros({L, S}, q.options());
  if (is_causal) {
    at::Tensor causal = at::ones({L, S}, q.options().dtype(at::kBool)).tril(0);
    bias = bias.masked_fill(causal.logical_not(), -std::numeric_limits<double>::infinity());
  }
  if (mask) {
    if (mask->scalar_type() == at::kBool)
      bias = bias.masked_fill(mask->logical_not(), -std::numeric_limits<double>::infinity());
    else
      bias = at::add(bias, *mask);
  }
  at::Tensor weight = at::softmax(at::add(at::mul(at::matmul(q, k.transpose(-2, -1)), scale), bias), -1);
  if (dropout_p > 0.0) weight = at::dropout(weight, dropout_p, true);
  return at::matmul(weight, v);
}

at::Tensor squeeze(const Call &c) {
  const at::Tensor &t = c.tensor(0);
  if (c.none(1)) return t.squeeze();
  std::vector<int64_t> dims = c.ints(1);
  int64_t n = std::max<int64_t>(t.dim(), 1);
  for (int64_t &d : dims) d = d < 0 ? d + n : d;
  std::sort(dims.rbegin(), dims.rend());
  at::Tensor out = t;
  for (int64_t d : dims) out = out.squeeze(d);
  return out;
}

// A factory's requires_grad, set after the tensor is made as PyTorch's Python binding does: a
// factory honours it even under no_grad, where thunderc runs its traces.
at::Tensor requiring_grad(const Call &c, size_t i, at::Tensor t) {
  if (c.boolean(i)) t.set_requires_grad(true);
  return t;
}

c10::optional<at::IntArrayRef> opt_dims(const Call &c, size_t i, std::vector<int64_t> &storage) {
  if (c.none(i)) return c10::nullopt;
  storage = c.ints(i);
  return at::IntArrayRef(storage);
}

at::Tensor one(const Call &c) {
  switch (c.op) {
  // Elementwise binary.
  case Op::add:
    if (!c.is_tensor(0)) return at::add(c.operand(0), c.operand(1), c.scalar(2));
    return c.is_tensor(1) ? at::add(c.tensor(0), c.tensor(1), c.scalar(2)) : at::add(c.tensor(0), c.scalar(1), c.scalar(2));
  case Op::sub:
    if (!c.is_tensor(0)) return at::sub(c.operand(0), c.operand(1), c.scalar(2));
    return c.is_tensor(1) ? at::sub(c.tensor(0), c.tensor(1), c.scalar(2)) : at::sub(c.tensor(0), c.scalar(1), c.scalar(2));
  case Op::mul:
    if (!c.is_tensor(0)) return at::mul(c.operand(0), c.operand(1));
    return c.is_tensor(1) ? at::mul(c.tensor(0), c.tensor(1)) : at::mul(c.tensor(0), c.scalar(1));
  case Op::div: {
    c10::optional<c10::string_view> mode;
    if (!c.none(2)) mode = c10::string_view(c.at(2).meta.s);
    if (!c.is_tensor(0)) return at::div(c.operand(0), c.operand(1), mode);
    return c.is_tensor(1) ? at::div(c.tensor(0), c.tensor(1), mode) : at::div(c.tensor(0), c.scalar(1), mode);
  }
  case Op::floor_divide:
    if (c.is_tensor(0) && !c.is_tensor(1)) return at::floor_divide(c.tensor(0), c.scalar(1));
    return at::floor_divide(c.operand(0), c.operand(1));
  case Op::remainder:
    if (c.is_tensor(0) && !c.is_tensor(1)) return at::remainder(c.tensor(0), c.scalar(1));
    return at::remainder(c.operand(0), c.operand(1));
  case Op::pow:
    if (!c.is_tensor(0)) return at::pow(c.scalar(0), c.tensor(1));
    return c.is_tensor(1) ? at::pow(c.tensor(0), c.tensor(1)) : at::pow(c.tensor(0), c.scalar(1));
  case Op::maximum: return at::maximum(c.operand(0), c.operand(1));
  case Op::minimum: return at::minimum(c.operand(0), c.operand(1));
#define THUNDERC_BINARY(name)                                                                    \
  case Op::name:                                                                                  \
    if (c.is_tensor(0) && !c.is_tensor(1)) return at::name(c.tensor(0), c.scalar(1));              \
    return at::name(c.operand(0), c.operand(1));
    THUNDERC_BINARY(eq)
    THUNDERC_BINARY(ne)
    THUNDERC_BINARY(lt)
    THUNDERC_BINARY(le)
    THUNDERC_BINARY(gt)
    THUNDERC_BINARY(ge)
    THUNDERC_BINARY(bitwise_and)
    THUNDERC_BINARY(bitwise_or)
    THUNDERC_BINARY(bitwise_xor)
#undef THUNDERC_BINARY
  case Op::logical_and: return at::logical_and(c.operand(0), c.operand(1));
  case Op::logical_or: return at::logical_or(c.operand(0), c.operand(1));
  case Op::where: {
    const at::Tensor &cond = c.tensor(0);
    bool t1 = c.is_tensor(1), t2 = c.is_tensor(2);
    if (t1 && t2) return at::where(cond, c.tensor(1), c.tensor(2));
    if (t1) return at::where(cond, c.tensor(1), c.scalar(2));
    if (t2) return at::where(cond, c.scalar(1), c.tensor(2));
    return at::where(cond, c.scalar(1), c.scalar(2));
  }

  // Elementwise unary.
  case Op::neg: return at::neg(c.tensor(0));
  case Op::abs: return at::abs(c.tensor(0));
  case Op::exp: return at::exp(c.tensor(0));
  case Op::log: return at::log(c.tensor(0));
  case Op::sqrt: return at::sqrt(c.tensor(0));
  case Op::rsqrt: return at::rsqrt(c.tensor(0));
  case Op::sin: return at::sin(c.tensor(0));
  case Op::cos: return at::cos(c.tensor(0));
  case Op::tanh: return at::tanh(c.tensor(0));
  case Op::sigmoid: return at::sigmoid(c.tensor(0));
  case Op::erf:
    return at::erf(c.tensor(0));
  case Op::log1p:
    return at::log1p(c.tensor(0));
  case Op::expm1:
    return at::expm1(c.tensor(0));
  case Op::log2:
    return at::log2(c.tensor(0));
  case Op::floor:
    return at::floor(c.tensor(0));
  case Op::ceil:
    return at::ceil(c.tensor(0));
  case Op::trunc:
    return at::trunc(c.tensor(0));
  case Op::sign:
    return at::sign(c.tensor(0));
  case Op::isnan:
    return at::isnan(c.tensor(0));
  case Op::isinf:
    return at::isinf(c.tensor(0));
  case Op::isfinite:
    return at::isfinite(c.tensor(0));
  case Op::leaky_relu:
    return at::leaky_relu(c.tensor(0), c.scalar(1));
  case Op::elu:
    return at::elu(c.tensor(0), c.scalar(1));
  case Op::mish:
    return at::mish(c.tensor(0));
  case Op::prelu:
    return at::prelu(c.tensor(0), c.tensor(1));
  case Op::pixel_shuffle:
    return at::pixel_shuffle(c.tensor(0), c.integer(1));
  case Op::pixel_unshuffle:
    return at::pixel_unshuffle(c.tensor(0), c.integer(1));
  case Op::hardtanh:
    return at::hardtanh(c.tensor(0), c.scalar(1), c.scalar(2));
  case Op::relu6:
    return at::relu6(c.tensor(0));
  case Op::hardswish:
    return at::hardswish(c.tensor(0));
  case Op::hardsigmoid:
    return at::hardsigmoid(c.tensor(0));
  case Op::softplus:
    return at::softplus(c.tensor(0), c.scalar(1), c.scalar(2));
  case Op::logical_not: return at::logical_not(c.tensor(0));
  case Op::bitwise_not: return at::bitwise_not(c.tensor(0));
  case Op::reciprocal: return at::reciprocal(c.tensor(0));
  case Op::round:
    return c.none(1) ? at::round(c.tensor(0)) : at::round(c.tensor(0), c.integer(1));
  case Op::relu: return at::relu(c.tensor(0));
  case Op::gelu: return at::gelu(c.tensor(0), c.at(1).meta.s);
  case Op::silu: return at::silu(c.tensor(0));
  case Op::dropout: return at::dropout(c.tensor(0), c.real(1), c.boolean(2));
  case Op::clone: return at::clone(c.tensor(0));
  case Op::contiguous: return c.tensor(0).contiguous();

  // Conversions.
  case Op::to: {
    const at::Tensor &t = c.tensor(0);
    return t.to(c.opt_dtype(2), c10::nullopt, c.opt_device(1), c10::nullopt, c.boolean(3), c.boolean(4), c10::nullopt);
  }
  case Op::type_as: return c.tensor(0).type_as(c.tensor(1));
  case Op::to_float: return c.tensor(0).to(at::kFloat);
  case Op::to_half: return c.tensor(0).to(at::kHalf);
  case Op::to_bfloat16: return c.tensor(0).to(at::kBFloat16);
  case Op::to_double:
    return c.tensor(0).to(at::kDouble);
  case Op::to_long: return c.tensor(0).to(at::kLong);
  case Op::to_int: return c.tensor(0).to(at::kInt);
  case Op::to_bool: return c.tensor(0).to(at::kBool);

  // Reductions.
  case Op::sum:
  case Op::mean: {
    std::vector<int64_t> dims;
    auto d = opt_dims(c, 1, dims);
    bool keepdim = c.boolean(2);
    // dim=None with keepdim=True reduces every dim and keeps them all, as size 1 (the dim
    // overload with no dims); without keepdim, the overload Python calls for torch.sum(x).
    const at::Tensor &t = c.tensor(0);
    if (!d && !keepdim)
      return c.op == Op::sum ? at::sum(t, c.opt_dtype(3)) : at::mean(t, c.opt_dtype(3));
    at::OptionalIntArrayRef dim = d ? at::OptionalIntArrayRef(*d) : at::OptionalIntArrayRef();
    return c.op == Op::sum ? at::sum(t, dim, keepdim, c.opt_dtype(3))
                           : at::mean(t, dim, keepdim, c.opt_dtype(3));
  }
  case Op::amax: return at::amax(c.tensor(0), c.ints(1), c.boolean(2));
  case Op::amin:
    return at::amin(c.tensor(0), c.ints(1), c.boolean(2));
  // torch.max(input, other) is the elementwise maximum (the dim form is in run_aten).
  case Op::max:
    return c.is_tensor(1) ? at::maximum(c.tensor(0), c.tensor(1)) : at::max(c.tensor(0));
  case Op::min:
    return c.is_tensor(1) ? at::minimum(c.tensor(0), c.tensor(1)) : at::min(c.tensor(0));
  case Op::any:
    return c.none(1) ? at::any(c.tensor(0)) : at::any(c.tensor(0), c.integer(1), c.boolean(2));
  case Op::all:
    return c.none(1) ? at::all(c.tensor(0)) : at::all(c.tensor(0), c.integer(1), c.boolean(2));
  case Op::argmax: return at::argmax(c.tensor(0), c.opt_int(1), c.boolean(2));
  case Op::argmin:
    return at::argmin(c.tensor(0), c.opt_int(1), c.boolean(2));
  case Op::var:
  case Op::std: {
    std::vector<int64_t> dims;
    auto d = opt_dims(c, 1, dims);
    // correction is an int in torch 1.13 (a float is a TypeError there). It must reach ATen as an
    // optional: a plain int64_t converts to the `bool unbiased` overload (correction=2 ran as 1).
    c10::optional<int64_t> correction =
        c.none(4) ? (c.none(2) || c.boolean(2) ? 1 : 0) : c.integer(4);
    auto dims_arg = d ? at::OptionalIntArrayRef(*d) : at::OptionalIntArrayRef();
    if (c.op == Op::std) return at::std(c.tensor(0), dims_arg, correction, c.boolean(3));
    return at::var(c.tensor(0), dims_arg, correction, c.boolean(3));
  }
  case Op::prod:
    if (c.none(1)) return at::prod(c.tensor(0), c.opt_dtype(3));
    return at::prod(c.tensor(0), c.integer(1), c.boolean(2), c.opt_dtype(3));
  case Op::logsumexp:
    return at::logsumexp(c.tensor(0), c.ints(1), c.boolean(2));
  case Op::cumprod:
    return at::cumprod(c.tensor(0), c.integer(1), c.opt_dtype(2));
  case Op::clamp: { // the Tensor overload when a bound is a tensor (a number then wrapped)
    if (c.is_tensor(1) || c.is_tensor(2)) {
      auto bound = [&](size_t i) { return c.none(i) ? c10::optional<at::Tensor>() : c.operand(i); };
      return at::clamp(c.tensor(0), bound(1), bound(2));
    }
    auto bound = [&](size_t i) { return c.none(i) ? c10::optional<at::Scalar>() : c.scalar(i); };
    return at::clamp(c.tensor(0), bound(1), bound(2));
  }
  case Op::norm: { // as PyTorch 1.13's torch.norm calls ATen: 'fro' is frobenius_norm
    std::vector<int64_t> dims;
    if (!c.none(2)) dims = c.ints(2);
    if (c.at(1).meta.kind == AK::Str) return at::frobenius_norm(c.tensor(0), dims, c.boolean(3));
    for (int64_t d = 0; c.none(2) && d < c.tensor(0).dim(); ++d)
      dims.push_back(d);
    auto p = c.none(1) ? c10::optional<at::Scalar>() : c.scalar(1);
    if (auto dtype = c.opt_dtype(4)) return at::norm(c.tensor(0), p, dims, c.boolean(3), *dtype);
    return at::norm(c.tensor(0), p, dims, c.boolean(3));
  }
  case Op::vector_norm: {
    std::vector<int64_t> dims;
    if (!c.none(2)) dims = c.ints(2);
    return at::linalg_vector_norm(c.tensor(0), c.scalar(1),
                                  c.none(2) ? at::OptionalIntArrayRef()
                                            : at::OptionalIntArrayRef(dims),
                                  c.boolean(3), c.opt_dtype(4));
  }
  case Op::cumsum:
    return at::cumsum(c.tensor(0), c.integer(1), c.opt_dtype(2));
  case Op::softmax: return at::softmax(c.tensor(0), c.integer(1), c.opt_dtype(2));
  case Op::log_softmax: return at::log_softmax(c.tensor(0), c.integer(1), c.opt_dtype(2));
  case Op::layer_norm:
    return at::layer_norm(c.tensor(0), c.ints(1), c.opt_tensor(2), c.opt_tensor(3), c.real(4), true);
  case Op::group_norm:
    return at::group_norm(c.tensor(0), c.integer(1), c.opt_tensor(2), c.opt_tensor(3), c.real(4),
                          true);
  case Op::batch_norm: // ATen takes weight and bias before the running statistics
    return at::batch_norm(c.tensor(0), c.opt_tensor(3), c.opt_tensor(4), c.opt_tensor(1),
                          c.opt_tensor(2), c.boolean(5), c.real(6), c.real(7), true);

  // Shapes and views.
  case Op::view: return c.tensor(0).view(c.ints(1));
  case Op::reshape: return at::reshape(c.tensor(0), c.ints(1));
  case Op::permute: return c.tensor(0).permute(c.ints(1));
  case Op::transpose: return c.tensor(0).transpose(c.integer(1), c.integer(2));
  case Op::unsqueeze: return c.tensor(0).unsqueeze(c.integer(1));
  case Op::squeeze: return squeeze(c);
  case Op::flatten: return c.tensor(0).flatten(c.integer(1), c.integer(2));
  case Op::expand: return c.tensor(0).expand(c.ints(1));
  case Op::expand_as: return c.tensor(0).expand_as(c.tensor(1));
  case Op::repeat: return c.tensor(0).repeat(c.ints(1));
  case Op::repeat_interleave:
    if (c.is_tensor(1)) return at::repeat_interleave(c.tensor(0), c.tensor(1), c.opt_int(2), c.opt_int(3));
    return at::repeat_interleave(c.tensor(0), c.integer(1), c.opt_int(2), c.opt_int(3));
  case Op::cat: return at::cat(c.tensors(0), c.integer(1));
  case Op::stack: return at::stack(c.tensors(0), c.integer(1));
  case Op::narrow: return at::narrow(c.tensor(0), c.integer(1), c.integer(2), c.integer(3));
  case Op::getitem: return c.tensor(0).index(indices_of(c.op, c.at(1)));
  case Op::index_select: return at::index_select(c.tensor(0), c.integer(1), c.tensor(2));
  case Op::gather: return at::gather(c.tensor(0), c.integer(1), c.tensor(2), c.boolean(3));
  case Op::masked_fill:
    if (c.is_tensor(2)) return at::masked_fill(c.tensor(0), c.tensor(1), c.tensor(2));
    return at::masked_fill(c.tensor(0), c.tensor(1), c.scalar(2));
  case Op::index_copy: return at::index_copy(c.tensor(0), c.integer(1), c.tensor(2), c.tensor(3));
  case Op::index_add:
    return at::index_add(c.tensor(0), c.integer(1), c.tensor(2), c.tensor(3), c.scalar(4));
  case Op::scatter:
    if (c.is_tensor(3)) return at::scatter(c.tensor(0), c.integer(1), c.tensor(2), c.tensor(3));
    return at::scatter(c.tensor(0), c.integer(1), c.tensor(2), c.scalar(3));
  case Op::scatter_add:
    return at::scatter_add(c.tensor(0), c.integer(1), c.tensor(2), c.tensor(3));
  case Op::masked_scatter:
    return at::masked_scatter(c.tensor(0), c.tensor(1), c.tensor(2));
  case Op::argsort:
    return at::argsort(c.tensor(0), c.boolean(3), c.integer(1), c.boolean(2));
  case Op::triu: return at::triu(c.tensor(0), c.integer(1));
  case Op::tril: return at::tril(c.tensor(0), c.integer(1));
  case Op::unflatten:
    return at::unflatten(c.tensor(0), c.integer(1), c.ints(2));
  case Op::flip:
    return at::flip(c.tensor(0), c.ints(1));
  case Op::roll:
    return at::roll(c.tensor(0), c.ints(1), c.none(2) ? std::vector<int64_t>() : c.ints(2));
  case Op::pad:
    return at::pad(c.tensor(0), c.ints(1), c.at(2).meta.s,
                   c.none(3) ? c10::nullopt : c10::optional<double>(c.real(3)));

  // Factories.
  case Op::arange: {
    at::Scalar start = c.scalar(0), step = c.scalar(2);
    at::Scalar end = c.none(1) ? start : c.scalar(1);
    if (c.none(1)) start = at::Scalar(int64_t(0));
    return requiring_grad(
        c, 5, at::arange(start, end, step, c.opt_dtype(3), c10::nullopt, c.opt_device(4), c10::nullopt));
  }
  case Op::zeros:
  case Op::empty:
    return requiring_grad(c, 3,
                          at::zeros(c.ints(0), at::TensorOptions().dtype(c.opt_dtype(1)).device(c.opt_device(2))));
  case Op::rand:
  case Op::randn: {
    auto options = at::TensorOptions().dtype(c.opt_dtype(2)).device(c.opt_device(3));
    return requiring_grad(
        c, 4, c.op == Op::rand ? at::rand(c.ints(0), options) : at::randn(c.ints(0), options));
  }
  case Op::ones:
    return requiring_grad(c, 3,
                          at::ones(c.ints(0), at::TensorOptions().dtype(c.opt_dtype(1)).device(c.opt_device(2))));
  case Op::full:
    return requiring_grad(
        c, 4, at::full(c.ints(0), c.scalar(1), c.opt_dtype(2), c10::nullopt, c.opt_device(3), c10::nullopt));
  case Op::tensor: { // the numbers as int64 or double, converted into the dtype as PyTorch does
    std::vector<const ops::Arg *> numbers;
    ops::flatten_data(c.at(0).meta, numbers);
    bool any_float = std::any_of(numbers.begin(), numbers.end(),
                                 [](const ops::Arg *a) { return a->kind == AK::Float; });
    auto options = at::TensorOptions()
                       .dtype(c.opt_dtype(1).value_or(to_aten(ops::data_dtype(numbers))))
                       .device(c.opt_device(2));
    auto value = [](const ops::Arg *a) {
      return a->kind == AK::Float ? a->f : a->kind == AK::Int ? double(a->i) : double(a->b);
    };
    at::Tensor t;
    if (any_float) {
      std::vector<double> v;
      for (const ops::Arg *a : numbers)
        v.push_back(value(a));
      t = at::tensor(v);
    } else {
      std::vector<int64_t> v;
      for (const ops::Arg *a : numbers)
        v.push_back(a->kind == AK::Int ? a->i : a->b);
      t = at::tensor(v);
    }
    // at::tensor(values, options) has no bfloat16 kernel in libtorch 1.13: convert after.
    return requiring_grad(c, 3, t.to(options).reshape(ops::data_shape(c.at(0).meta)));
  }
  case Op::zeros_like:
  case Op::empty_like:
    return requiring_grad(
        c, 3, at::zeros_like(c.tensor(0), c.opt_dtype(1), c10::nullopt, c.opt_device(2), c10::nullopt, c10::nullopt));
  case Op::ones_like:
    return requiring_grad(
        c, 3, at::ones_like(c.tensor(0), c.opt_dtype(1), c10::nullopt, c.opt_device(2), c10::nullopt, c10::nullopt));
  case Op::full_like:
    return requiring_grad(c, 4,
                          at::full_like(c.tensor(0), c.scalar(1), c.opt_dtype(2), c10::nullopt, c.opt_device(3),
                                        c10::nullopt, c10::nullopt));

  // Linear algebra and neural-network functions.
  case Op::matmul: return at::matmul(c.tensor(0), c.tensor(1));
  case Op::bmm: return at::bmm(c.tensor(0), c.tensor(1));
  case Op::einsum:
    return at::einsum(c.at(0).meta.s, c.tensors(1));
  case Op::addmm:
    return at::addmm(c.tensor(0), c.tensor(1), c.tensor(2), c.scalar(3), c.scalar(4));
  case Op::baddbmm:
    return at::baddbmm(c.tensor(0), c.tensor(1), c.tensor(2), c.scalar(3), c.scalar(4));
  case Op::linear: return at::linear(c.tensor(0), c.tensor(1), c.opt_tensor(2));
  case Op::conv1d:
  case Op::conv2d:
  case Op::conv3d:
    return conv(c);
  case Op::conv_transpose1d:
    return at::conv_transpose1d(c.tensor(0), c.tensor(1), c.opt_tensor(2), c.ints(3), c.ints(4),
                                c.ints(5), c.integer(6), c.ints(7));
  case Op::conv_transpose2d:
    return at::conv_transpose2d(c.tensor(0), c.tensor(1), c.opt_tensor(2), c.ints(3), c.ints(4),
                                c.ints(5), c.integer(6), c.ints(7));
  case Op::conv_transpose3d:
    return at::conv_transpose3d(c.tensor(0), c.tensor(1), c.opt_tensor(2), c.ints(3), c.ints(4),
                                c.ints(5), c.integer(6), c.ints(7));
  case Op::interpolate:
    return interpolate(c);
  case Op::max_pool2d: // an omitted stride is the kernel's, which ATen takes from an empty list
    return at::max_pool2d(c.tensor(0), c.ints(1), c.none(2) ? std::vector<int64_t>() : c.ints(2),
                          c.ints(3), c.ints(4), c.boolean(5));
  case Op::avg_pool2d:
    return at::avg_pool2d(c.tensor(0), c.ints(1), c.none(2) ? std::vector<int64_t>() : c.ints(2),
                          c.ints(3), c.boolean(4), c.boolean(5), c.opt_int(6));
  case Op::max_pool1d:
    return at::max_pool1d(c.tensor(0), c.ints(1), c.none(2) ? std::vector<int64_t>() : c.ints(2),
                          c.ints(3), c.ints(4), c.boolean(5));
  case Op::avg_pool1d:
    return at::avg_pool1d(c.tensor(0), c.ints(1), c.none(2) ? std::vector<int64_t>() : c.ints(2),
                          c.ints(3), c.boolean(4), c.boolean(5));
  case Op::adaptive_avg_pool1d:
    return at::adaptive_avg_pool1d(c.tensor(0), c.ints(1));
  case Op::adaptive_avg_pool2d:
    return at::adaptive_avg_pool2d(
        c.tensor(0), ops::adaptive_output_size(c.at(1).meta, c.tensor(0).sizes().vec()));
  case Op::one_hot:
    return at::one_hot(c.tensor(0), c.integer(1));
  case Op::cross_entropy:
    return at::cross_entropy_loss(c.tensor(0), c.tensor(1), c.opt_tensor(2),
                                  ops::reduction_code(c.at(6).meta.s), c.integer(4), c.real(7));
  case Op::embedding: {
    if (!c.none(3)) fail(c.op, "max_norm is not supported (it renormalises the weight in place)");
    const at::Tensor &weight = c.tensor(1);
    int64_t padding = c.none(2) ? -1 : c.integer(2);
    if (padding < 0 && !c.none(2)) padding += weight.size(0);
    return at::embedding(weight, c.tensor(0), padding, c.boolean(5), c.boolean(6));
  }
  case Op::scaled_dot_product_attention: return sdpa(c);

  // In-place ops: on a clone of the receiver, or on the receiver itself when asked.
  case Op::add_:
  case Op::mul_:
  case Op::copy_:
  case Op::index_copy_:
  case Op::masked_fill_:
  case Op::zero_:
  case Op::fill_:
  case Op::setitem_: {
    at::Tensor out = c.in_place ? c.tensor(0) : c.tensor(0).clone();
    switch (c.op) {
    case Op::add_: c.is_tensor(1) ? out.add_(c.tensor(1), c.scalar(2)) : out.add_(c.scalar(1), c.scalar(2)); break;
    case Op::mul_: c.is_tensor(1) ? out.mul_(c.tensor(1)) : out.mul_(c.scalar(1)); break;
    case Op::copy_: out.copy_(c.operand(1), c.boolean(2)); break;
    case Op::index_copy_: out.index_copy_(c.integer(1), c.tensor(2), c.tensor(3)); break;
    case Op::masked_fill_:
      c.is_tensor(2) ? out.masked_fill_(c.tensor(1), c.tensor(2)) : out.masked_fill_(c.tensor(1), c.scalar(2));
      break;
    case Op::zero_: out.zero_(); break;
    case Op::fill_: c.is_tensor(1) ? out.fill_(c.tensor(1)) : out.fill_(c.scalar(1)); break;
    case Op::setitem_:
      if (c.is_tensor(2)) out.index_put_(indices_of(c.op, c.at(1)), c.tensor(2));
      else out.index_put_(indices_of(c.op, c.at(1)), c.scalar(2));
      break;
    default: break;
    }
    return out;
  }
  default: break;
  }
  fail(c.op, "has no ATen implementation in thunderc run");
}

} // namespace

TensorMeta meta_of(const at::Tensor &t) {
  TensorMeta m;
  m.shape.assign(t.sizes().begin(), t.sizes().end());
  m.dtype = from_aten(t.scalar_type());
  std::optional<Device> device = from_aten(t.device());
  if (!device) throw std::invalid_argument("unsupported device " + t.device().str());
  m.device = *device;
  m.requires_grad = t.requires_grad();
  return m;
}

TensorMeta result_meta(ops::Op op, const at::Tensor &t, const TensorMeta &want) {
  TensorMeta got = meta_of(t);
  auto ps = ops::params(op);
  if (std::none_of(ps.begin(), ps.end(), [](const ops::Param &p) { return p.name == "requires_grad"; }))
    got.requires_grad = want.requires_grad;
  return got;
}

std::string meta_text(const TensorMeta &m) {
  return type_comment(m) + (m.requires_grad ? " requires_grad=True" : " requires_grad=False");
}

AResult run_aten(ops::Op op, const std::vector<AArg> &bound, bool in_place) {
  Call c{op, bound, in_place && (ops::info(op).flags & ops::InPlace)};
  if (in_place && !c.in_place) fail(op, "is not an in-place op");
  AResult r;
  try {
    switch (op) {
    case Op::size: {
      const at::Tensor &t = c.tensor(0);
      if (!c.none(1)) {
        int64_t d = c.integer(1);
        r.python = ops::Arg::of_int(t.size(d));
      } else {
        std::vector<ops::Arg> dims;
        for (int64_t s : t.sizes()) dims.push_back(ops::Arg::of_int(s));
        r.python = ops::Arg::of_seq(std::move(dims));
      }
      return r;
    }
    case Op::dim: r.python = ops::Arg::of_int(c.tensor(0).dim()); return r;
    case Op::numel: r.python = ops::Arg::of_int(c.tensor(0).numel()); return r;
    case Op::max:
    case Op::min:
      if (!c.none(1) && !c.is_tensor(1)) { // the dim form: values and indices
        auto [values, indices] = op == Op::max ? at::max(c.tensor(0), c.integer(1), c.boolean(2))
                                               : at::min(c.tensor(0), c.integer(1), c.boolean(2));
        r.tensors = {values, indices};
        r.multi = true;
        return r;
      }
      break;
    case Op::split:
      r.multi = true;
      r.tensors = c.at(1).meta.kind == AK::Seq ? c.tensor(0).split_with_sizes(c.ints(1), c.integer(2))
                                               : c.tensor(0).split(c.integer(1), c.integer(2));
      return r;
    case Op::chunk:
      r.multi = true;
      r.tensors = c.tensor(0).chunk(c.integer(1), c.integer(2));
      return r;
    case Op::unbind:
      r.multi = true;
      r.tensors = c.tensor(0).unbind(c.integer(1));
      return r;
    case Op::topk: {
      auto [values, indices] =
          at::topk(c.tensor(0), c.integer(1), c.integer(2), c.boolean(3), c.boolean(4));
      r.tensors = {values, indices};
      r.multi = true;
      return r;
    }
    case Op::sort: {
      auto [values, indices] = at::sort(c.tensor(0), c.boolean(3), c.integer(1), c.boolean(2));
      r.tensors = {values, indices};
      r.multi = true;
      return r;
    }
    default: break;
    }
    r.tensors = {one(c)};
  } catch (const ops::OpError &) {
    throw;
  } catch (const c10::Error &e) {
    throw ops::OpError(fmt::format("{}(): ATen rejected the call: {}", ops::info(op).torch_name,
                                   e.what_without_backtrace()));
  } catch (const std::exception &e) {
    throw ops::OpError(fmt::format("{}(): {}", ops::info(op).torch_name, e.what()));
  }
  return r;
}

} // namespace thunderc::runtime
