// infer(): dispatch to the meta rule of each op's family, and the helpers all families share
// (argument accessors, dimension wrapping, broadcasting, type promotion, devices). The promotion
// code follows c10::promoteTypes and at::native::result_type so that Python numbers, 0-dim tensors
// and dimensioned tensors combine exactly as in PyTorch.
#include "ops/meta.h"

#include "support/diagnostics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace thunderc::ops {
namespace detail {

std::string str(const Shape &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}
std::string str(DType d) {
  return d == Complex128 ? "complex128" : d == Complex32 ? "complex32" : std::string(dtype_name(d));
}
bool complex_type(DType d) {
  return d == Complex128 || d == Complex32 || is_complex(d);
}
std::string str(const TensorMeta &t) {
  return type_comment(t);
}
int64_t numel(const Shape &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

std::string_view Ctx::name() const {
  return info(op).torch_name;
}
std::string_view Ctx::param(size_t i) const {
  std::span<const Param> ps = params(op);
  return i < ps.size() ? ps[i].name : std::string_view("?");
}
void Ctx::fail(const std::string &message) const {
  throw OpError(std::string(name()) + "(): " + message);
}

namespace {
[[noreturn]] void wrong(const Ctx &c, size_t i, std::string_view expected) {
  c.fail("argument '" + std::string(c.param(i)) + "' must be " + std::string(expected) + ", not " +
         describe(c.b[i]));
}
bool number_kind(Arg::Kind k) {
  return k == Arg::Kind::Bool || k == Arg::Kind::Int || k == Arg::Kind::Float;
}
} // namespace

bool Ctx::is_number(size_t i) const {
  return number_kind(b[i].kind);
}

const TensorMeta &Ctx::tensor(size_t i) const {
  if (!is_tensor(i)) wrong(*this, i, "a tensor");
  return b[i].tensor;
}
const TensorMeta *Ctx::opt_tensor(size_t i) const {
  return is_none(i) ? nullptr : &tensor(i);
}

bool Ctx::boolean(size_t i) const {
  if (b[i].kind != Arg::Kind::Bool) wrong(*this, i, "a bool");
  return b[i].b;
}
int64_t Ctx::integer(size_t i) const {
  if (b[i].kind != Arg::Kind::Int) wrong(*this, i, "an int");
  return b[i].i;
}
std::optional<int64_t> Ctx::opt_integer(size_t i) const {
  return is_none(i) ? std::nullopt : std::optional(integer(i));
}
double Ctx::number(size_t i) const {
  if (!is_number(i)) wrong(*this, i, "a number");
  const Arg &a = b[i];
  return a.kind == Arg::Kind::Float ? a.f
         : a.kind == Arg::Kind::Int ? static_cast<double>(a.i)
                                    : a.b;
}
std::optional<double> Ctx::opt_number(size_t i) const {
  return is_none(i) ? std::nullopt : std::optional(number(i));
}
std::optional<DType> Ctx::opt_dtype(size_t i) const {
  if (is_none(i)) return std::nullopt;
  if (b[i].kind != Arg::Kind::DType) wrong(*this, i, "a torch.dtype");
  return b[i].dtype;
}
std::optional<Device> Ctx::opt_device(size_t i) const {
  const Arg &a = b[i];
  switch (a.kind) {
  case Arg::Kind::None:
    return std::nullopt;
  case Arg::Kind::Device:
    return normalize(a.device);
  case Arg::Kind::Int:
    if (a.i >= 0) return Device{Device::Type::CUDA, static_cast<int>(a.i)};
    break;
  case Arg::Kind::Str:
    if (auto d = parse_device(a.s)) return normalize(*d);
    fail("expected a device such as 'cpu', 'cuda' or 'cuda:0' for argument '" +
         std::string(param(i)) + "', got " + describe(a));
  default:
    break;
  }
  wrong(*this, i, "a torch.device");
}
Shape Ctx::ints(size_t i) const {
  const Arg &a = b[i];
  if (a.kind == Arg::Kind::Int) return {a.i};
  Shape out;
  if (a.kind == Arg::Kind::Seq) {
    out.reserve(a.items.size()); // one allocation, not one per doubling
    for (const Arg &item : a.items) {
      if (item.kind != Arg::Kind::Int) wrong(*this, i, "a tuple of ints");
      out.push_back(item.i);
    }
    return out;
  }
  wrong(*this, i, "a tuple of ints");
}
std::vector<TensorMeta> Ctx::tensors(size_t i) const {
  const Arg &a = b[i];
  if (a.kind != Arg::Kind::Seq) wrong(*this, i, "a tuple or list of tensors");
  if (a.items.empty()) fail("expected a non-empty list of tensors");
  std::vector<TensorMeta> out;
  out.reserve(a.items.size());
  for (const Arg &item : a.items) {
    if (item.kind != Arg::Kind::Tensor) wrong(*this, i, "a tuple or list of tensors");
    out.push_back(item.tensor);
  }
  return out;
}

int64_t Ctx::wrap(int64_t dim, int64_t ndim) const {
  int64_t n = std::max<int64_t>(ndim, 1);
  if (dim < -n || dim >= n)
    fail("dimension out of range (expected to be in range of [" + std::to_string(-n) + ", " +
         std::to_string(n - 1) + "], but got " + std::to_string(dim) + ")");
  return dim < 0 ? dim + n : dim;
}

Shape Ctx::broadcast(std::span<const int64_t> a, std::span<const int64_t> b, size_t room) const {
  size_t n = std::max(a.size(), b.size());
  Shape out;
  out.reserve(n + room);
  out.resize(n);
  for (size_t i = 0; i < n; ++i) {
    int64_t x = i < n - a.size() ? 1 : a[i - (n - a.size())];
    int64_t y = i < n - b.size() ? 1 : b[i - (n - b.size())];
    if (x != y && x != 1 && y != 1)
      fail("the size of tensor a (" + std::to_string(x) + ") must match the size of tensor b (" +
           std::to_string(y) + ") at non-singleton dimension " + std::to_string(i) + " (shapes " +
           str(Shape(a.begin(), a.end())) + " and " + str(Shape(b.begin(), b.end())) + ")");
    out[i] = x == 1 ? y : x;
  }
  return out;
}

void Ctx::expands_to(const Shape &from, const Shape &to, std::string_view what) const {
  bool ok = from.size() <= to.size();
  for (size_t i = 0; ok && i < from.size(); ++i) {
    int64_t f = from[from.size() - 1 - i], t = to[to.size() - 1 - i];
    ok = f == t || f == 1;
  }
  if (!ok)
    fail(std::string(what) + " of shape " + str(from) + " cannot be broadcast to shape " + str(to));
}

DType Ctx::promote(DType a, DType b) const {
  if (a == b) return a;
  if (a == DType::Bool) return b;
  if (b == DType::Bool) return a;
  if (complex_type(a) || complex_type(b)) {
    DType other = complex_type(a) ? b : a;
    return a == Complex128 || b == Complex128 || other == DType::Float64 ? Complex128
                                                                         : DType::Complex64;
  }
  bool fa = is_floating(a), fb = is_floating(b);
  if (fa && fb) {
    if ((a == DType::Float16 && b == DType::BFloat16) ||
        (a == DType::BFloat16 && b == DType::Float16))
      return DType::Float32;
    return std::max(a, b);
  }
  if (fa || fb) return fa ? a : b;
  if (a == DType::UInt8 || b == DType::UInt8) {
    DType other = a == DType::UInt8 ? b : a;
    return other == DType::Int8 ? DType::Int16 : other;
  }
  return std::max(a, b);
}

// The index lists are short (an op's operands): gathered on the stack.
constexpr size_t max_indices = 4;

DType Ctx::result_type(std::initializer_list<size_t> indices) const {
  THUNDERC_ASSERT(indices.size() <= max_indices, "result_type: too many operands");
  std::array<const Arg *, max_indices> operands;
  size_t n = 0;
  for (size_t i : indices) {
    if (!is_tensor(i) && !is_number(i)) wrong(*this, i, "a tensor or a number");
    operands[n++] = &b[i];
  }
  return result_type(std::span(operands.data(), n));
}

DType Ctx::result_type(std::span<const Arg *const> operands) const {
  using O = std::optional<DType>;
  O dimensioned, zero_dim, wrapped;
  auto update = [&](O &r, DType d) { r = r ? promote(*r, d) : d; };
  for (const Arg *a : operands) {
    if (a->kind == Arg::Kind::Tensor)
      update(a->tensor.shape.empty() ? zero_dim : dimensioned, a->tensor.dtype);
    else
      update(wrapped, a->kind == Arg::Kind::Bool  ? DType::Bool
                      : a->kind == Arg::Kind::Int ? DType::Int64
                                                  : DType::Float32); // the default dtype
  }
  // at::native's combine_categories: a higher-priority group wins within the same category.
  auto combine = [&](O higher, O lower) -> O {
    if (!higher) return lower;
    if (!lower) return higher;
    if (complex_type(*higher)) return higher;
    if (complex_type(*lower)) { // the complex type with higher's precision (c10::toComplexType)
      if (!is_floating(*higher)) return lower;
      return *higher == DType::Float16   ? Complex32
             : *higher == DType::Float64 ? Complex128
                                         : DType::Complex64;
    }
    if (is_floating(*higher)) return higher;
    if (*higher == DType::Bool || is_floating(*lower)) return promote(*higher, *lower);
    return higher;
  };
  O r = combine(dimensioned, combine(zero_dim, wrapped));
  THUNDERC_ASSERT(r.has_value(), "result_type of no operands");
  return *r;
}

Device normalize(Device d) {
  if (d.type == Device::Type::CUDA && d.index < 0) d.index = 0;
  return d;
}

Device Ctx::same_device(std::span<const TensorMeta *const> tensors) const {
  std::optional<Device> dev;
  for (const TensorMeta *t : tensors) {
    Device d = normalize(t->device);
    if (t->shape.empty() && d.type == Device::Type::CPU) continue;
    if (dev && *dev != d)
      fail("expected all tensors to be on the same device, but found at least two devices, " +
           device_name(*dev) + " and " + device_name(d));
    dev = d;
  }
  return dev ? *dev : Device{};
}

Device Ctx::same_device(const std::vector<TensorMeta> &tensors) const {
  std::vector<const TensorMeta *> metas;
  metas.reserve(tensors.size());
  for (const TensorMeta &t : tensors)
    metas.push_back(&t);
  return same_device(metas);
}

Device Ctx::device(std::initializer_list<size_t> indices) const {
  THUNDERC_ASSERT(indices.size() <= max_indices, "device: too many operands");
  std::array<const TensorMeta *, max_indices> ts;
  size_t n = 0;
  for (size_t i : indices)
    if (is_tensor(i)) ts[n++] = &b[i].tensor;
  return same_device(std::span(ts.data(), n));
}

namespace {
// A plain recursive function: the recursive lambda through std::any_of it replaces cost ~90
// instructions an op (l32, callgrind), most arguments being tensors and scalars.
bool requires_grad(const Arg &a) {
  if (a.kind == Arg::Kind::Tensor) return a.tensor.requires_grad;
  for (const Arg &x : a.items)
    if (requires_grad(x)) return true;
  return false;
}
} // namespace

bool Ctx::grad() const {
  for (const Arg &a : b)
    if (requires_grad(a)) return true;
  return false;
}

void Ctx::kernel_supports(bool supported, const Shape &result, DType dtype) const {
  if (!supported && numel(result) > 0) fail("not implemented for " + str(dtype) + " tensors");
}

void Ctx::converts(const Arg &a, DType d) const {
  // c10::overflows: ints wrap into uint8 from -255 on; floats must lie in the range, or for
  // floating dtypes be infinite or NaN; nothing overflows bool.
  if (d == DType::Bool || (a.kind != Arg::Kind::Int && a.kind != Arg::Kind::Float)) return;
  bool overflow = false;
  if (is_integral(d, false)) {
    int64_t max = integer_max(d), min = integer_min(d);
    overflow = a.kind == Arg::Kind::Float // 2**63 passes into int64 (as the double of its max)
                   ? !(a.f >= static_cast<double>(min) && a.f <= static_cast<double>(max))
                   : d == DType::UInt8 ? a.i < -max || a.i > max : a.i < min || a.i > max;
  } else {
    double max = d == DType::Float16    ? 65504.0
                 : d == DType::BFloat16 ? 0x1.fep127
                 : d == DType::Float64  ? std::numeric_limits<double>::max()
                                        : std::numeric_limits<float>::max(); // float32, complex64
    double v = a.kind == Arg::Kind::Float ? a.f : static_cast<double>(a.i);
    overflow = std::isfinite(v) && (v < -max || v > max);
  }
  if (overflow)
    fail("value " + describe(a) + " cannot be converted to type " + str(d) + " without overflow");
}

Arg Ctx::out(Shape shape, DType dtype, Device device) const {
  if (dtype == Complex128 || dtype == Complex32)
    fail("the result would be " + str(dtype) + ", which thunderc does not support");
  bool differentiable = is_floating(dtype) || is_complex(dtype);
  Arg a; // filled in place and returned as is: no TensorMeta temporary moved twice
  a.kind = Arg::Kind::Tensor;
  a.tensor.shape = std::move(shape);
  a.tensor.dtype = dtype;
  a.tensor.device = normalize(device);
  a.tensor.requires_grad = differentiable && grad();
  return a;
}

bool can_cast(DType from, DType to) {
  if (complex_type(from) && !complex_type(to)) return false;
  if (is_floating(from) && is_integral(to, false)) return false;
  return from == DType::Bool || to != DType::Bool;
}

DType to_real(DType d) {
  return d == DType::Complex64 ? DType::Float32
         : d == Complex128     ? DType::Float64
         : d == Complex32      ? DType::Float16
                               : d;
}

} // namespace detail

namespace {
using detail::Ctx;

Arg apply_rule(const Ctx &c) {
  using namespace detail;
  // clang-format off
  switch (c.op) {
  case Op::add: case Op::sub: case Op::mul: case Op::div: case Op::floor_divide: case Op::remainder:
  case Op::pow:
  case Op::maximum: case Op::minimum: case Op::eq: case Op::ne: case Op::lt: case Op::le:
  case Op::gt: case Op::ge: case Op::logical_and: case Op::logical_or: case Op::bitwise_and:
  case Op::bitwise_or: case Op::bitwise_xor:
    return meta_binary(c);
  case Op::where: case Op::clamp: return meta_where(c);
  case Op::neg: case Op::abs: case Op::exp: case Op::log: case Op::sqrt: case Op::rsqrt:
  case Op::sin: case Op::cos: case Op::tanh: case Op::sigmoid: case Op::logical_not: case Op::relu:
  case Op::gelu: case Op::silu: case Op::dropout: case Op::clone: case Op::contiguous:
  case Op::bitwise_not: case Op::reciprocal: case Op::round: case Op::erf: case Op::log1p:
  case Op::expm1: case Op::log2: case Op::floor: case Op::ceil: case Op::trunc: case Op::sign:
  case Op::isnan: case Op::isinf: case Op::isfinite: case Op::leaky_relu: case Op::elu:
  case Op::mish: case Op::softplus: case Op::hardtanh: case Op::relu6: case Op::hardswish:
  case Op::hardsigmoid:
    return meta_unary(c);
  case Op::to: case Op::type_as: case Op::to_float: case Op::to_half: case Op::to_bfloat16:
  case Op::to_long: case Op::to_int: case Op::to_bool: case Op::to_double:
    return meta_convert(c);
  case Op::sum: case Op::mean: case Op::amax: case Op::amin: case Op::max: case Op::min:
  case Op::argmax: case Op::argmin:
  case Op::var: case Op::any: case Op::all: case Op::topk: case Op::sort: case Op::argsort:
  case Op::norm: case Op::vector_norm: case Op::std: case Op::prod: case Op::logsumexp:
    return meta_reduction(c);
  case Op::softmax: case Op::log_softmax: case Op::cumsum: case Op::cumprod:
    return meta_softmax(c);
  case Op::layer_norm: return meta_layer_norm(c);
  case Op::group_norm: return meta_group_norm(c);
  case Op::batch_norm: return meta_batch_norm(c);
  case Op::view: case Op::reshape: case Op::permute: case Op::transpose: case Op::unsqueeze:
  case Op::squeeze: case Op::flatten: case Op::unflatten: case Op::expand: case Op::expand_as: case Op::repeat:
  case Op::repeat_interleave: case Op::narrow: case Op::triu: case Op::tril: case Op::pad:
  case Op::roll: case Op::flip:
    return meta_view(c);
  case Op::cat: case Op::stack: return meta_concat(c);
  case Op::split: case Op::chunk: case Op::unbind: return meta_split(c);
  case Op::index_select: case Op::gather: case Op::index_copy: case Op::index_copy_:
  case Op::index_add: case Op::scatter: case Op::scatter_add:
    return meta_index(c);
  case Op::masked_scatter: return meta_masked_scatter(c);
  case Op::masked_fill: case Op::masked_fill_: return meta_masked_fill(c);
  case Op::getitem: return meta_getitem(c);
  case Op::setitem_: return meta_setitem(c);
  case Op::arange: case Op::zeros: case Op::ones: case Op::empty: case Op::full: case Op::tensor:
  case Op::rand: case Op::randn:
  case Op::zeros_like: case Op::ones_like: case Op::empty_like: case Op::full_like:
    return meta_factory(c);
  case Op::matmul: case Op::bmm: return meta_matmul(c);
  case Op::conv1d: case Op::conv2d: case Op::conv3d: return meta_conv(c);
  case Op::conv_transpose1d: case Op::conv_transpose2d: case Op::conv_transpose3d:
    return meta_conv_transpose(c);
  case Op::max_pool2d: case Op::avg_pool2d: case Op::max_pool1d: case Op::avg_pool1d:
  case Op::adaptive_avg_pool1d:
  case Op::adaptive_avg_pool2d:
    return meta_pool(c);
  case Op::interpolate: return meta_interpolate(c);
  case Op::einsum: return meta_einsum(c);
  case Op::addmm: case Op::baddbmm: case Op::linear: case Op::embedding: case Op::one_hot:
  case Op::cross_entropy: case Op::prelu:
  case Op::scaled_dot_product_attention:
    return meta_nn(c);
  case Op::pixel_shuffle: case Op::pixel_unshuffle: return meta_pixel_shuffle(c);
  case Op::add_: case Op::mul_: case Op::copy_: case Op::zero_: case Op::fill_:
    return meta_inplace(c);
  case Op::size: case Op::dim: case Op::numel: return meta_python(c);
  }
  // clang-format on
  THUNDERC_ASSERT(false, "op without a meta rule");
}

// A tensor PyTorch would refuse to make: a negative size, more than 2^63 - 1 elements ("numel:
// integer multiplication overflow"), or, but for expand's views, which share their input's memory,
// more than 2^63 - 1 bytes ("Storage size calculation overflowed"). thunderc's sizes are int64:
// such a result would carry wrapped-around sizes.
void check_sizes(const Ctx &c, const Arg &a) {
  for (const Arg &item : a.items)
    check_sizes(c, item);
  if (a.kind != Arg::Kind::Tensor) return;
  const detail::Shape &shape = a.tensor.shape;
  if (std::any_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; }))
    c.fail("the result would have a negative size: " + detail::str(shape));
  const std::optional<int64_t> numel = checked_numel(shape);
  if (!numel)
    c.fail("the result's shape " + detail::str(shape) + " has more than 2^63 - 1 elements");
  if (c.op != Op::expand && c.op != Op::expand_as && !checked_bytes(numel, a.tensor.dtype))
    c.fail("the result, " + detail::str(a.tensor) + ", would take more than 2^63 - 1 bytes");
}
} // namespace

Arg infer(Op op, const std::vector<Arg> &bound) {
  THUNDERC_ASSERT(bound.size() == params(op).size(),
                  "ops::infer() takes the arguments bind() returns");
  Ctx c{op, bound};
  Arg result = apply_rule(c);
  check_sizes(c, result);
  return result;
}

} // namespace thunderc::ops
