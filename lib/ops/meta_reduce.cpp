// Meta rules of reductions (sum, mean, prod, amax/amin, max/min, any/all, argmax/argmin, var, std,
// logsumexp, norm, topk, sort), softmax/log_softmax, cumsum/cumprod, layer_norm, group_norm and
// batch_norm. Reductions share one
// dimension-list rule (None or an empty list reduces all dims, duplicates are rejected, keepdim
// keeps size-1 dims); the dtype rules are PyTorch's: sum of bool/int -> int64, mean and var only of
// floating/complex, argmax and max's indices -> int64.
#include "ops/meta.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace thunderc::ops::detail {

namespace {

// Wrapped dims to reduce (sorted, unique); an absent or empty list means every dim.
std::vector<int64_t> reduce_dims(const Ctx &c, size_t i, int64_t ndim) {
  std::vector<int64_t> dims;
  if (!c.is_none(i))
    for (int64_t d : c.ints(i)) {
      int64_t w = c.wrap(d, ndim);
      if (std::find(dims.begin(), dims.end(), w) != dims.end())
        c.fail("dim " + std::to_string(w) + " appears multiple times in the list of dims");
      dims.push_back(w);
    }
  if (dims.empty())
    for (int64_t d = 0; d < ndim; ++d)
      dims.push_back(d);
  return dims;
}

Shape reduced(const Shape &shape, const std::vector<int64_t> &dims, bool keepdim) {
  Shape out;
  for (int64_t d = 0; d < static_cast<int64_t>(shape.size()); ++d) {
    bool gone = std::find(dims.begin(), dims.end(), d) != dims.end();
    if (!gone)
      out.push_back(shape[d]);
    else if (keepdim)
      out.push_back(1);
  }
  return out;
}

// max, min, amax, amin, argmax and argmin have no identity: reducing an empty dim is an error.
void check_nonempty(const Ctx &c, const Shape &shape, const std::vector<int64_t> &dims) {
  for (int64_t d : dims)
    if (d < static_cast<int64_t>(shape.size()) && shape[d] == 0)
      c.fail("expected reduction dim " + std::to_string(d) +
             " to have non-zero size (input shape " + str(shape) + ")");
}

// Indices into a tensor (argsort's, max/min's over a dim, topk's, sort's): int64, never requiring
// grad.
Arg indices(const Shape &shape, Device device) {
  return Arg::of_tensor(TensorMeta{shape, DType::Int64, normalize(device), false});
}

// (values, indices): max/min over a dim, topk and sort.
Arg values_indices(const Ctx &c, const Shape &shape, DType dtype, Device device) {
  return Arg::of_seq({c.out(shape, dtype, device), indices(shape, device)});
}

} // namespace

Arg meta_reduction(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  int64_t ndim = static_cast<int64_t>(t.shape.size());
  DType d = t.dtype;
  switch (c.op) {
  case Op::prod: { // one dim or none, which takes no keepdim; bool and integers to int64
    bool keepdim = c.boolean(2);
    std::optional<DType> dtype = c.opt_dtype(3);
    if (c.is_none(1) && keepdim) c.fail("keepdim=True requires a dim");
    Shape shape = c.is_none(1) ? Shape() : reduced(t.shape, {c.wrap(c.integer(1), ndim)}, keepdim);
    return c.out(std::move(shape),
                 dtype                  ? *dtype
                 : is_integral(d, true) ? DType::Int64
                                        : d,
                 t.device);
  }
  case Op::logsumexp: { // bool and integers in the default float dtype; not complex
    // dim=() reduces every dim; 1.13's kernel then fails unless keepdim or no element is read
    if (ndim > 0 && numel(t.shape) > 0 && c.b[1].kind == Arg::Kind::Seq && c.b[1].items.empty() &&
        !c.boolean(2))
      c.fail("dim=() without keepdim=True is not supported (PyTorch 1.13 fails on it); give the "
             "dims to reduce");
    if (is_complex(d)) c.fail("expected a real tensor, got " + str(d));
    Shape shape = reduced(t.shape, reduce_dims(c, 1, ndim), c.boolean(2));
    return c.out(std::move(shape), is_integral(d, true) ? DType::Float32 : d, t.device);
  }
  case Op::sum:
  case Op::mean: {
    bool keepdim = c.boolean(2);
    std::optional<DType> dtype = c.opt_dtype(3);
    Shape shape = reduced(t.shape, reduce_dims(c, 1, ndim), keepdim);
    if (c.op == Op::sum) {
      d = dtype ? *dtype : is_integral(d, true) ? DType::Int64 : d;
    } else {
      d = dtype.value_or(d);
      if (!is_floating(d) && !is_complex(d))
        c.fail("could not infer output dtype: " +
               std::string(dtype ? "optional dtype" : "input dtype") +
               " must be either a floating point or complex dtype, got " + str(d));
    }
    return c.out(std::move(shape), d, t.device);
  }
  case Op::amax:
  case Op::amin: {
    std::vector<int64_t> dims = reduce_dims(c, 1, ndim);
    check_nonempty(c, t.shape, dims);
    Shape shape = reduced(t.shape, dims, c.boolean(2));
    c.kernel_supports(!is_complex(d), shape, d);
    return c.out(std::move(shape), d, t.device);
  }
  case Op::topk: { // values and int64 indices of the k largest (or smallest) along dim
    int64_t dim = c.wrap(c.integer(2), ndim), k = c.integer(1);
    c.boolean(3), c.boolean(4);
    if (k < 0 || k > (ndim > 0 ? t.shape[dim] : 1)) c.fail("selected index k out of range");
    if (d == DType::Bool || is_complex(d)) c.fail("not implemented for " + str(d) + " tensors");
    Shape shape = t.shape;
    if (ndim > 0) shape[dim] = k;
    return values_indices(c, shape, d, t.device);
  }
  case Op::norm: { // p a number or None (the p-norm over dim, all dims when None) or 'fro'
    const Arg &p = c.b[1];
    bool fro = p.kind == Arg::Kind::Str;
    if (fro && p.s != "fro")
      c.fail(p.s == "nuc" ? std::string("thunderc does not support the nuclear norm (p='nuc')")
                          : "only valid string values are 'fro' and 'nuc', found " + p.s);
    if (!fro) c.opt_number(1); // None is 2
    std::optional<DType> dtype = c.opt_dtype(4);
    if (fro && dtype) c.fail("dtype argument is not supported in frobenius norm");
    std::vector<int64_t> dims = reduce_dims(c, 2, ndim);
    if (fro && !c.is_none(2) && c.ints(2).size() > 2)
      c.fail("expected at most 2 dimensions for the frobenius norm, got " +
             std::to_string(c.ints(2).size()));
    if (!dtype && !is_floating(d) && !is_complex(d))
      c.fail("input dtype should be either floating point or complex, got " + str(d) +
             " (pass dtype=, or convert the input with .float())");
    if (dtype && !is_floating(*dtype) && !is_complex(*dtype))
      c.fail("the desired output dtype should be either floating point or complex, got " +
             str(*dtype));
    return c.out(reduced(t.shape, dims, c.boolean(3)), dtype.value_or(to_real(d)), t.device);
  }
  case Op::vector_norm: { // the ord-norm over dim (every dim when None or empty)
    double ord = c.number(1);
    std::optional<DType> dtype = c.opt_dtype(4);
    std::vector<int64_t> dims = reduce_dims(c, 2, ndim);
    if (!is_floating(d) && !is_complex(d))
      c.fail("expected a floating point or complex tensor as input, got " + str(d));
    if (dtype && is_complex(*dtype) != is_complex(d))
      c.fail("dtype should be " + std::string(is_complex(d) ? "complex" : "real") + " for " +
             (is_complex(d) ? "complex" : "real") + " inputs, got " + str(*dtype));
    if (dtype && c.promote(d, *dtype) != *dtype)
      c.fail("the dtype of the input (" + str(d) +
             ") should be convertible without narrowing to the specified dtype (" + str(*dtype) +
             ")");
    if (ord < 0 || std::isinf(ord)) check_nonempty(c, t.shape, dims); // no identity
    return c.out(reduced(t.shape, dims, c.boolean(3)), to_real(dtype.value_or(d)), t.device);
  }
  case Op::sort:
  case Op::argsort: { // the values in order along dim and their int64 indices, or the indices
    c.wrap(c.integer(1), ndim);
    c.boolean(2), c.boolean(3);
    // A 0-dim tensor is its own sorted copy; the sorting kernels lack complex dtypes.
    if (is_complex(d) && ndim > 0) c.fail("not implemented for " + str(d) + " tensors");
    if (c.op == Op::argsort) return indices(t.shape, t.device);
    return values_indices(c, t.shape, d, t.device);
  }
  case Op::max:
  case Op::min: {
    bool keepdim = c.boolean(2);
    if (c.is_tensor(1)) { // torch.max(input, other): the elementwise maximum
      if (keepdim) c.fail("keepdim is not an argument of the elementwise form max(input, other)");
      std::vector<Arg> pair = {c.b[0], c.b[1]};
      return infer(c.op == Op::max ? Op::maximum : Op::minimum, pair);
    }
    if (is_complex(d)) c.fail("not implemented for complex tensors");
    if (c.is_none(1)) {
      if (keepdim) c.fail("keepdim=True requires a dim");
      if (numel(t.shape) == 0)
        c.fail("expected reduction dim to be specified for input.numel() == 0 (input shape " +
               str(t.shape) + ")");
      return c.out({}, d, t.device);
    }
    std::vector<int64_t> dims = {c.wrap(c.integer(1), ndim)};
    check_nonempty(c, t.shape, dims);
    Shape shape = reduced(t.shape, dims, keepdim);
    return values_indices(c, shape, d, t.device);
  }
  case Op::any:
  case Op::all: { // torch 1.13: one dim or none; uint8 stays uint8 (its legacy "bool")
    bool keepdim = c.boolean(2);
    DType out = d == DType::UInt8 ? DType::UInt8 : DType::Bool;
    if (c.is_none(1)) {
      if (keepdim) c.fail("keepdim=True requires a dim");
      return c.out({}, out, t.device);
    }
    return c.out(reduced(t.shape, {c.wrap(c.integer(1), ndim)}, keepdim), out, t.device);
  }
  case Op::argmax:
  case Op::argmin: {
    bool keepdim = c.boolean(2), supported = !is_complex(d) && d != DType::Bool;
    if (c.is_none(1)) {
      if (numel(t.shape) == 0)
        c.fail("expected reduction dim to be specified for input.numel() == 0 (input shape " +
               str(t.shape) + ")");
      c.kernel_supports(supported, {1}, d);
      return c.out(keepdim ? Shape(t.shape.size(), 1) : Shape{}, DType::Int64, t.device);
    }
    std::vector<int64_t> dims = {c.wrap(c.integer(1), ndim)};
    check_nonempty(c, t.shape, dims);
    Shape shape = reduced(t.shape, dims, keepdim);
    // Reducing a dim of size 1 needs no kernel: the indices are all 0.
    c.kernel_supports(supported || (ndim > 0 && t.shape[dims[0]] == 1), shape, d);
    return c.out(std::move(shape), DType::Int64, t.device);
  }
  default: { // var and std(input, dim=None, unbiased=None, keepdim=False, *, correction=None)
    if (!c.is_none(2)) c.boolean(2);
    if (!c.is_none(4)) c.number(4);
    if (!c.is_none(2) && !c.is_none(4)) c.fail("only one of unbiased and correction may be given");
    if (!is_floating(d) && !is_complex(d))
      c.fail("std and var only support floating point and complex dtypes, got " + str(d));
    return c.out(reduced(t.shape, reduce_dims(c, 1, ndim), c.boolean(3)), to_real(d), t.device);
  }
  }
}

Arg meta_softmax(const Ctx &c) { // and cumsum and cumprod, of bool and integers int64 by default
  const TensorMeta &t = c.tensor(0);
  c.wrap(c.integer(1), static_cast<int64_t>(t.shape.size()));
  if (c.op == Op::cumsum || c.op == Op::cumprod)
    return c.out(t.shape,
                 c.opt_dtype(2).value_or(is_integral(t.dtype, true) ? DType::Int64 : t.dtype),
                 t.device);
  DType d = c.opt_dtype(2).value_or(t.dtype);
  c.kernel_supports(is_floating(d), t.shape, d);
  return c.out(t.shape, d, t.device);
}

// layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05)
Arg meta_layer_norm(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  if (c.b[1].kind != Arg::Kind::Seq)
    c.fail("argument 'normalized_shape' must be a tuple of ints, not " + describe(c.b[1]));
  Shape normalized = c.ints(1);
  const TensorMeta *weight = c.opt_tensor(2), *bias = c.opt_tensor(3);
  c.number(4);
  if (normalized.empty())
    c.fail("expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
           "element, but got normalized_shape = []");
  for (const TensorMeta *p : {weight, bias})
    if (p && p->shape != normalized)
      c.fail("expected " + std::string(p == weight ? "weight" : "bias") +
             " to be of same shape as normalized_shape, but got " +
             (p == weight ? "weight" : "bias") + " of shape " + str(p->shape) +
             " and normalized_shape = " + str(normalized));
  bool fits = t.shape.size() >= normalized.size() &&
              std::equal(normalized.begin(), normalized.end(), t.shape.end() - normalized.size());
  if (!fits)
    c.fail("given normalized_shape=" + str(normalized) + ", expected input with shape [*, " +
           str(normalized).substr(1) + ", but got input of size " + str(t.shape));
  if (!is_floating(t.dtype)) c.fail("not implemented for " + str(t.dtype) + " tensors");
  for (const TensorMeta *p : {weight, bias})
    if (p && p->dtype != t.dtype)
      c.fail("expected weight and bias of the input's dtype " + str(t.dtype) + ", got " +
             str(p->dtype));
  std::vector<const TensorMeta *> all = {&t};
  for (const TensorMeta *p : {weight, bias})
    if (p) all.push_back(p);
  return c.out(t.shape, t.dtype, c.same_device(all));
}

namespace {
// Every dim but the channels' (dim 1) is 1: PyTorch's _verify_batch_size refuses to normalise such
// an input over batch statistics.
bool one_per_channel(const Shape &shape) {
  for (size_t i = 0; i < shape.size(); ++i)
    if (i != 1 && shape[i] != 1) return false;
  return true;
}
} // namespace

// group_norm(input, num_groups, weight, bias, eps) as torch.nn.functional.group_norm and ATen check
// it: input [N, C, *] of a floating dtype, C a multiple of num_groups, weight and bias [C] of the
// input's dtype; the Python function also refuses a single value per group (N = 1, C = num_groups
// and nothing else).
Arg meta_group_norm(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  int64_t groups = c.integer(1);
  const TensorMeta *weight = c.opt_tensor(2), *bias = c.opt_tensor(3);
  c.number(4);
  if (t.shape.size() < 2)
    c.fail("expected an input of 2 or more dimensions [N, C, *], but got input of size " +
           str(t.shape));
  int64_t channels = t.shape[1];
  if (groups <= 0)
    c.fail("expected num_groups to be greater than 0, got " + std::to_string(groups));
  if (channels % groups != 0)
    c.fail("expected the number of channels in the input to be divisible by num_groups, but got "
           "input of size " +
           str(t.shape) + " and num_groups=" + std::to_string(groups));
  if (one_per_channel(t.shape) && channels == groups)
    c.fail("expected more than 1 value per group, got input of size " + str(t.shape));
  for (const TensorMeta *p : {weight, bias})
    if (p && (p->shape.size() != 1 || p->shape[0] != channels))
      c.fail(fmt::format("expected {} to be a vector of the input's {} channels, but got {} of "
                         "size {}",
                         p == weight ? "weight" : "bias", channels, p == weight ? "weight" : "bias",
                         str(p->shape)));
  if (!is_floating(t.dtype)) c.fail("not implemented for " + str(t.dtype) + " tensors");
  for (const TensorMeta *p : {weight, bias})
    if (p && p->dtype != t.dtype)
      c.fail("expected weight and bias of the input's dtype " + str(t.dtype) + ", got " +
             str(p->dtype));
  return c.out(t.shape, t.dtype, c.same_device({&t, weight ? weight : &t, bias ? bias : &t}));
}

// batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps): input
// [N, C, *] of a floating dtype; running_mean, running_var, weight and bias of C elements, all of
// one dtype, the input's or float32 for a bfloat16 or float16 input. Evaluation mode normalises
// with the running statistics; training mode computes the batch's, and with running statistics
// would update them in place, which thunderc does not support.
Arg meta_batch_norm(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  const TensorMeta *params[] = {c.opt_tensor(1), c.opt_tensor(2), c.opt_tensor(3), c.opt_tensor(4)};
  static constexpr const char *names[] = {"running_mean", "running_var", "weight", "bias"};
  bool training = c.boolean(5);
  c.number(6);
  c.number(7);
  if (training && (params[0] || params[1]))
    c.fail("thunderc does not support batch_norm in training mode with running statistics, which "
           "it updates in place; trace the model in eval mode (training=False)");
  if (!training && (!params[0] || !params[1]))
    c.fail("running_mean and running_var must be given in evaluation mode (training=False)");
  if (t.shape.size() < 2)
    c.fail("expected an input of 2 or more dimensions [N, C, *], but got input of size " +
           str(t.shape));
  int64_t channels = t.shape[1];
  if (training && one_per_channel(t.shape))
    c.fail("expected more than 1 value per channel when training, got input of size " +
           str(t.shape));
  std::optional<DType> param_dtype;
  for (size_t i = 0; i < 4; ++i) {
    const TensorMeta *p = params[i];
    if (!p) continue;
    if (numel(p->shape) != channels || (i < 2 && p->shape.size() != 1))
      c.fail(fmt::format("expected {} of the input's {} channels, but got {} of size {}", names[i],
                         channels, names[i], str(p->shape)));
    if (param_dtype && *param_dtype != p->dtype)
      c.fail("expected running_mean, running_var, weight and bias of one dtype, got " +
             str(*param_dtype) + " and " + str(p->dtype));
    param_dtype = p->dtype;
  }
  if (!is_floating(t.dtype)) c.fail("not implemented for " + str(t.dtype) + " tensors");
  bool mixed =
      param_dtype == DType::Float32 && (t.dtype == DType::BFloat16 || t.dtype == DType::Float16);
  if (param_dtype && *param_dtype != t.dtype && !mixed)
    c.fail("expected running_mean, running_var, weight and bias of the input's dtype " +
           str(t.dtype) + " (or float32 for a bfloat16 or float16 input), got " +
           str(*param_dtype));
  std::vector<const TensorMeta *> all = {&t};
  for (const TensorMeta *p : params)
    if (p) all.push_back(p);
  return c.out(t.shape, t.dtype, c.same_device(all));
}

} // namespace thunderc::ops::detail
