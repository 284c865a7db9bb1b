// Meta rules of tensor factories (arange, zeros/ones/empty/full and their *_like forms) and of the
// Python-valued queries size/dim/numel. Factory dtypes follow PyTorch: float32 by default, arange
// int64 unless a bound is a float, full from its fill value (bool -> bool, int -> int64,
// float -> float32); requires_grad=True needs a floating dtype.
#include "ops/meta.h"

#include <cmath>
#include <fmt/format.h>

namespace thunderc::ops::detail {

namespace {

DType dtype_of_number(const Arg &a) {
  return a.kind == Arg::Kind::Bool  ? DType::Bool
         : a.kind == Arg::Kind::Int ? DType::Int64
                                    : DType::Float32;
}

// Trailing `dtype=None, device=None, requires_grad=False` starting at index i.
Arg make(const Ctx &c, size_t i, Shape shape, DType default_dtype, Device default_device) {
  for (int64_t d : shape)
    if (d < 0)
      c.fail("trying to create tensor with negative dimension " + std::to_string(d) + ": " +
             str(shape));
  DType dtype = c.opt_dtype(i).value_or(default_dtype);
  Device device = c.opt_device(i + 1).value_or(default_device);
  bool requires_grad = c.boolean(i + 2);
  if (requires_grad && !is_floating(dtype) && !is_complex(dtype))
    c.fail("only tensors of floating point and complex dtype can require gradients, got " +
           str(dtype));
  return Arg::of_tensor(TensorMeta{std::move(shape), dtype, normalize(device), requires_grad});
}

// torch.tensor(data): a number, or (nested) lists and tuples of numbers of one length per level,
// of ops::data_dtype unless dtype= says; a number an integer dtype cannot hold is an error, as in
// PyTorch.
Arg tensor_of_data(const Ctx &c) {
  Shape shape = data_shape(c.b[0]);
  auto check = [&](auto &self, const Arg &a, size_t dim) -> void {
    if (dim == shape.size()) {
      if (a.kind == Arg::Kind::Seq)
        c.fail(fmt::format("a {} where a number belongs (data must be rectangular)",
                           a.is_list ? "list" : "tuple"));
      if (a.kind != Arg::Kind::Bool && a.kind != Arg::Kind::Int && a.kind != Arg::Kind::Float)
        c.fail("data holds " + describe(a) + "; thunderc builds tensors of Python numbers only");
      return;
    }
    if (a.kind != Arg::Kind::Seq || static_cast<int64_t>(a.items.size()) != shape[dim])
      c.fail(fmt::format("ValueError: expected sequence of length {} at dim {} (got {})",
                         shape[dim], dim,
                         a.kind == Arg::Kind::Seq ? std::to_string(a.items.size()) : describe(a)));
    for (const Arg &item : a.items)
      self(self, item, dim + 1);
  };
  check(check, c.b[0], 0);
  std::vector<const Arg *> numbers;
  flatten_data(c.b[0], numbers);
  Arg out = make(c, 1, shape, data_dtype(numbers), Device{});
  // PyTorch converts each number into an integer dtype with an overflow check; a float one takes
  // any double (1e5 into float16 is inf).
  if (is_integral(out.tensor.dtype, false))
    for (const Arg *a : numbers)
      c.converts(*a, out.tensor.dtype);
  return out;
}

Arg arange(const Ctx &c) {
  for (size_t i : {0, 1, 2}) {
    if (c.is_tensor(i) && c.b[i].tensor.shape.empty()) // PyTorch reads a 0-dim tensor's value
      c.fail("argument '" + std::string(c.param(i)) + "' is a tensor (" + describe(c.b[i]) +
             "): the result's length depends on its value, unknown while tracing; give a Python "
             "number");
    if (c.b[i].kind != Arg::Kind::Int && c.b[i].kind != Arg::Kind::Float)
      c.fail("argument '" + std::string(c.param(i)) + "' must be a number, not " +
             describe(c.b[i]));
  }
  bool any_float = c.b[0].kind == Arg::Kind::Float || c.b[1].kind == Arg::Kind::Float ||
                   c.b[2].kind == Arg::Kind::Float;
  DType dtype = c.opt_dtype(3).value_or(any_float ? DType::Float32 : DType::Int64);
  if (dtype == DType::Bool || is_complex(dtype)) c.fail("not implemented for " + str(dtype));
  double start = c.number(0), end = c.number(1), step = c.number(2);
  double size = 0;
  constexpr double kInt64End = 9223372036854775808.0; // 2^63: casts at or past it are undefined
  if (is_integral(dtype, false)) { // the bounds are converted to the integer type first
    for (double x : {start, end, step})
      if (!(x > -kInt64End && x < kInt64End))
        c.fail("unsupported range: " + describe(c.b[0]) + " -> " + describe(c.b[1]) + " by " +
               describe(c.b[2]) + " (bounds beyond 64-bit integers)");
    auto s = static_cast<int64_t>(start), e = static_cast<int64_t>(end),
         st = static_cast<int64_t>(step);
    if (st == 0) c.fail("step must be nonzero");
    if (!((st > 0 && e >= s) || (st < 0 && e <= s)))
      c.fail("upper bound and larger bound inconsistent with step sign");
    __int128 sign = st > 0 ? 1 : -1; // e - s overflows 64 bits for bounds of opposite signs
    size = dtype == DType::Int64 ? static_cast<double>((__int128{e} - s + st - sign) / st)
                                 : std::ceil((end - start) / step);
  } else {
    if (!std::isfinite(start) || !std::isfinite(end))
      c.fail("unsupported range: " + describe(c.b[0]) + " -> " + describe(c.b[1]));
    if (step == 0) c.fail("step must be nonzero");
    if (!((step > 0 && end >= start) || (step < 0 && end <= start)))
      c.fail("upper bound and larger bound inconsistent with step sign");
    size = std::ceil((end - start) / step);
  }
  if (!(size < kInt64End)) c.fail(fmt::format("the range has {:g} elements, too many for a tensor", size));
  return make(c, 3, {static_cast<int64_t>(size)}, dtype, Device{});
}

} // namespace

Arg meta_factory(const Ctx &c) {
  switch (c.op) {
  case Op::arange:
    return arange(c);
  case Op::tensor:
    return tensor_of_data(c);
  case Op::zeros:
  case Op::ones:
  case Op::empty:
    return make(c, 1, c.ints(0), DType::Float32, Device{});
  case Op::rand: // uniform on [0, 1) or standard normal: floating or complex only
  case Op::randn: {
    if (!c.is_none(1))
      c.fail("thunderc does not support a generator; draw from the default one (generator=None)");
    Arg out = make(c, 2, c.ints(0), DType::Float32, Device{});
    if (!is_floating(out.tensor.dtype) && !is_complex(out.tensor.dtype))
      c.fail("expected a floating point or complex dtype, got " + str(out.tensor.dtype));
    return out;
  }
  case Op::full: {
    if (c.b[0].kind != Arg::Kind::Seq)
      c.fail("argument 'size' must be a tuple of ints, not " + describe(c.b[0]));
    if (!c.is_number(1)) c.fail("argument 'fill_value' must be a number, not " + describe(c.b[1]));
    Arg out = make(c, 2, c.ints(0), dtype_of_number(c.b[1]), Device{});
    c.converts(c.b[1], out.tensor.dtype);
    return out;
  }
  case Op::full_like: {
    const TensorMeta &t = c.tensor(0);
    if (!c.is_number(1)) c.fail("argument 'fill_value' must be a number, not " + describe(c.b[1]));
    Arg out = make(c, 2, t.shape, t.dtype, t.device);
    c.converts(c.b[1], out.tensor.dtype);
    return out;
  }
  default: { // zeros_like, ones_like, empty_like
    const TensorMeta &t = c.tensor(0);
    return make(c, 1, t.shape, t.dtype, t.device);
  }
  }
}

Arg meta_python(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  int64_t ndim = static_cast<int64_t>(t.shape.size());
  switch (c.op) {
  case Op::size: {
    if (auto d = c.opt_integer(1)) {
      if (ndim == 0)
        c.fail("dimension specified as " + std::to_string(*d) + " but tensor has no dimensions");
      return Arg::of_int(t.shape[c.wrap(*d, ndim)]);
    }
    std::vector<Arg> sizes;
    for (int64_t s : t.shape)
      sizes.push_back(Arg::of_int(s));
    return Arg::of_seq(std::move(sizes));
  }
  case Op::dim:
    return Arg::of_int(ndim);
  default:
    return Arg::of_int(numel(t.shape)); // numel
  }
}

} // namespace thunderc::ops::detail
