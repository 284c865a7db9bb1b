// Meta rules of ops that rearrange elements: views and reshapes (view, reshape with -1, permute,
// transpose, (un)squeeze, flatten, expand, narrow), copies with new shapes (repeat,
// repeat_interleave, triu/tril, constant pad, roll, flip), cat/stack, split/chunk/unbind, and the
// index-tensor ops (index_select, gather, index_copy, index_add, scatter, scatter_add). Strides are
// not tracked, so view() of a non-contiguous tensor is accepted.
#include "ops/meta.h"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>

namespace thunderc::ops::detail {

namespace {

int64_t ndim_of(const TensorMeta &t) {
  return static_cast<int64_t>(t.shape.size());
}

// at::infer_size: one -1 is inferred from the element count.
Shape infer_size(const Ctx &c, Shape shape, int64_t count) {
  int64_t known = 1;
  bool overflow = false; // the shape holds more than 2^63 - 1 elements: it fits no tensor
  std::optional<size_t> inferred;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] == -1) {
      if (inferred) c.fail("only one dimension can be inferred");
      inferred = i;
    } else if (shape[i] < 0) {
      c.fail("invalid shape dimension " + std::to_string(shape[i]));
    } else {
      overflow |= __builtin_mul_overflow(known, shape[i], &known);
    }
  }
  if (!overflow && (count == known || (inferred && known > 0 && count % known == 0))) {
    if (inferred) {
      if (known == 0)
        c.fail("cannot reshape tensor of 0 elements into shape " + str(shape) +
               " because the unspecified dimension size -1 can be any value and is ambiguous");
      shape[*inferred] = count / known;
    }
    return shape;
  }
  c.fail("shape '" + str(shape) + "' is invalid for input of size " + std::to_string(count));
}

// x.view(dtype): reinterprets the elements; the last dim absorbs a change of element size.
Arg view_dtype(const Ctx &c, const TensorMeta &t, DType to) {
  Shape shape = t.shape;
  int from_size = element_size(t.dtype), to_size = element_size(to);
  if (from_size != to_size) {
    if (shape.empty())
      c.fail("a 0-dim tensor cannot be viewed as " + str(to) + " (different element sizes)");
    if (to_size > from_size) {
      if (shape.back() % (to_size / from_size) != 0)
        c.fail("the last dim size " + std::to_string(shape.back()) + " must be divisible by " +
               std::to_string(to_size / from_size) + " to view " + str(t.dtype) + " as " + str(to));
      shape.back() /= to_size / from_size;
    } else {
      shape.back() *= from_size / to_size;
    }
  }
  return c.out(std::move(shape), to, t.device);
}

// Sizes of the parts of a dim of size `size` split into pieces of `split_size` (at::split).
std::vector<int64_t> split_sizes(const Ctx &c, int64_t size, int64_t split_size) {
  if (split_size < 0)
    c.fail("split expects split_size be non-negative, but got split_size=" +
           std::to_string(split_size));
  if (split_size == 0 && size != 0)
    c.fail("split_size can only be 0 if dimension size is 0, but got dimension size of " +
           std::to_string(size));
  int64_t parts = split_size == 0 ? 1 : std::max<int64_t>((size + split_size - 1) / split_size, 1);
  std::vector<int64_t> out(parts, split_size);
  out.back() = size - split_size * (parts - 1);
  return out;
}

// F.pad's reflect, replicate and circular modes (ATen's _pad_enum): 1, 2 or 3 trailing dims of an
// input with one or two leading (channel, batch) dims. `shape`, the input's, is padded in place.
void pad_modes(const Ctx &c, const TensorMeta &t, const std::string &mode, const Shape &pads,
               Shape &shape) {
  int64_t ndim = int64_t(shape.size()), n = int64_t(pads.size() / 2);
  if (!c.is_none(3) && c.number(3) != 0)
    c.fail(fmt::format("Padding mode \"{}\" doesn't take in value argument", mode));
  if (n < 1 || n > 3 || (ndim != n + 1 && ndim != n + 2))
    c.fail(fmt::format("Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for "
                       "now: {} padded dims need a {}-d or {}-d input, not {}-d",
                       n, n + 1, n + 2, ndim));
  if (mode == "circular" && ndim != n + 2)
    c.fail(fmt::format("Invalid padding size, expected {} but got {} (circular padding needs "
                       "batch and channel dims)",
                       2 * (ndim - 2), pads.size()));
  if (t.dtype == DType::Bool && mode != "circular")
    c.fail(fmt::format("{} padding is not implemented for 'Bool'", mode));
  // Non-empty dims: every dim but a batch dim; 1.13's 1-d and 2-d reflect also allow an empty
  // channel dim without a batch dim.
  int64_t from = ndim == n + 1 && (mode == "replicate" || n == 3) ? 0 : 1;
  if (mode != "circular")
    for (int64_t d = from; d < ndim; ++d)
      if (shape[d] == 0)
        c.fail(fmt::format("{} padding expects a {}D or {}D (batch mode) tensor with possibly 0 "
                           "batch size and other non-zero dimensions, but got {}",
                           mode, n + 1, n + 2, str(shape)));
  bool some_positive = false; // reflect and replicate: an output size >= 1 (1-d: the only one)
  for (int64_t k = 0; k < n; ++k) {
    int64_t d = ndim - 1 - k, before = pads[2 * k], after = pads[2 * k + 1], size = shape[d];
    __int128 out = __int128(size) + before + after; // pads may be near the int64 limits
    if (mode == "reflect" && (before >= size || after >= size))
      c.fail(fmt::format("Padding size should be less than the corresponding input dimension, but "
                         "got: padding ({}, {}) at dimension {} of input {}",
                         before, after, d, str(shape)));
    if (mode == "circular" && (before > size || after > size))
      c.fail("Padding value causes wrapping around more than once.");
    if (mode == "circular" && out < 0)
      c.fail("Negative padding value is resulting in an empty dimension");
    if (mode != "circular" && (out < 0 || (n == 1 && out < 1)))
      c.fail(fmt::format("input (size {} at dimension {}) is too small. Calculated output size: {}",
                         size, d, int64_t(out)));
    if (out > INT64_MAX) c.fail(fmt::format("the padded size of dimension {} is too large", d));
    some_positive |= out >= 1;
    shape[d] = int64_t(out);
  }
  if (mode != "circular" && !some_positive)
    c.fail(fmt::format("input {} is too small: every padded output size would be 0", str(shape)));
}

} // namespace

Arg meta_view(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  int64_t ndim = ndim_of(t);
  // The input's shape, for the ops that edit it (view, reshape and expand replace it: no copy).
  bool replaced = c.op == Op::view || c.op == Op::reshape || c.op == Op::expand ||
                  c.op == Op::expand_as;
  Shape shape = replaced ? Shape() : t.shape;
  switch (c.op) {
  case Op::view:
    if (c.b[1].kind == Arg::Kind::Seq && c.b[1].items.size() == 1 &&
        c.b[1].items[0].kind == Arg::Kind::DType)
      return view_dtype(c, t, c.b[1].items[0].dtype);
    [[fallthrough]];
  case Op::reshape:
    shape = infer_size(c, c.ints(1), numel(t.shape));
    break;
  case Op::permute: {
    Shape dims = c.ints(1);
    if (static_cast<int64_t>(dims.size()) != ndim)
      c.fail("number of dims don't match in permute: input.dim() = " + std::to_string(ndim) +
             " is not equal to len(dims) = " + std::to_string(dims.size()));
    std::vector<bool> seen(ndim);
    for (size_t i = 0; i < dims.size(); ++i) {
      int64_t d = c.wrap(dims[i], ndim);
      if (seen[d]) c.fail("repeated dim in permute: " + str(c.ints(1)));
      seen[d] = true;
      shape[i] = t.shape[d];
    }
    break;
  }
  case Op::transpose: {
    int64_t a = c.wrap(c.integer(1), ndim), b = c.wrap(c.integer(2), ndim);
    if (ndim > 0) std::swap(shape[a], shape[b]);
    break;
  }
  case Op::unsqueeze: {
    int64_t d = c.wrap(c.integer(1), ndim + 1);
    shape.insert(shape.begin() + d, 1);
    break;
  }
  case Op::squeeze:
    if (c.is_none(1)) {
      std::erase(shape, 1);
    } else {
      int64_t d = c.wrap(c.integer(1), ndim);
      if (ndim > 0 && shape[d] == 1) shape.erase(shape.begin() + d);
    }
    break;
  case Op::unflatten: { // dim becomes `sizes` (one -1 inferred)
    if (t.shape.empty())
      c.fail("dimension specified as " + std::to_string(c.integer(1)) +
             " but the tensor has no dimensions");
    int64_t d = c.wrap(c.integer(1), ndim);
    Shape sizes = c.ints(2);
    if (sizes.empty()) c.fail("sizes must be non-empty");
    sizes = infer_size(c, std::move(sizes), shape[d]);
    shape.erase(shape.begin() + d);
    shape.insert(shape.begin() + d, sizes.begin(), sizes.end());
    break;
  }
  case Op::flatten: {
    int64_t start = c.wrap(c.integer(1), ndim), end = c.wrap(c.integer(2), ndim);
    if (ndim == 0) return c.out({1}, t.dtype, t.device);
    if (start > end) c.fail("flatten() has invalid args: start_dim cannot come after end_dim");
    Shape merged(shape.begin(), shape.begin() + start);
    merged.push_back(numel(Shape(shape.begin() + start, shape.begin() + end + 1)));
    merged.insert(merged.end(), shape.begin() + end + 1, shape.end());
    shape = std::move(merged);
    break;
  }
  case Op::expand:
  case Op::expand_as: {
    Shape target = c.op == Op::expand ? c.ints(1) : c.tensor(1).shape;
    if (static_cast<int64_t>(target.size()) < ndim)
      c.fail("the number of sizes provided (" + std::to_string(target.size()) +
             ") must be greater or equal to the number of dimensions in the tensor (" +
             std::to_string(ndim) + ")");
    size_t lead = target.size() - ndim;
    for (size_t i = 0; i < target.size(); ++i) {
      if (i < lead) {
        if (target[i] < 0)
          c.fail("the expanded size of the tensor (" + std::to_string(target[i]) +
                 ") isn't allowed in a leading, non-existing dimension " + std::to_string(i));
        continue;
      }
      int64_t have = t.shape[i - lead];
      if (target[i] == -1)
        target[i] = have;
      else if (target[i] != have && (have != 1 || target[i] < 0))
        c.fail("the expanded size of the tensor (" + std::to_string(target[i]) +
               ") must match the existing size (" + std::to_string(have) +
               ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
               str(c.op == Op::expand ? c.ints(1) : target) + ".  Tensor sizes: " + str(t.shape));
    }
    shape = std::move(target);
    break;
  }
  case Op::repeat: {
    Shape repeats = c.ints(1);
    if (static_cast<int64_t>(repeats.size()) < ndim)
      c.fail("number of dimensions of repeat dims can not be smaller than number of dimensions of "
             "tensor");
    shape.insert(shape.begin(), repeats.size() - ndim, 1);
    for (size_t i = 0; i < shape.size(); ++i) {
      if (repeats[i] < 0)
        c.fail("trying to create tensor with negative dimension " + std::to_string(repeats[i]) +
               ": " + str(repeats));
      if (__builtin_mul_overflow(shape[i], repeats[i], &shape[i]))
        c.fail("the result's sizes overflow: " + str(t.shape) + " repeated " + str(repeats) +
               " times has a size past 2^63 - 1");
    }
    break;
  }
  case Op::repeat_interleave: {
    std::optional<int64_t> output_size = c.opt_integer(3), dim = c.opt_integer(2);
    if (dim && ndim == 0)
      c.fail("dimension specified as " + std::to_string(*dim) + " but tensor has no dimensions");
    if (dim) dim = c.wrap(*dim, ndim);
    int64_t total = 0; // the repeated dim's new size
    int64_t along = !dim ? numel(t.shape) : ndim == 0 ? 1 : t.shape[*dim];
    if (c.is_tensor(1)) {
      const TensorMeta &r = c.b[1].tensor;
      if (r.dtype != DType::Int64 && r.dtype != DType::Int32)
        c.fail("repeats has to be Long or Int tensor, got " + str(r.dtype));
      if (r.shape.size() > 1) c.fail("repeats must be 0-dim or 1-dim tensor");
      if (!r.shape.empty() && r.shape[0] != 1 && r.shape[0] != along)
        c.fail("repeats must have the same size as input along dim, got repeats of shape " +
               str(r.shape) + " for a dim of size " + std::to_string(along));
      if (!output_size)
        c.fail("the output shape depends on the values of the repeats tensor; pass output_size");
      total = *output_size;
    } else {
      int64_t r = c.integer(1);
      if (r < 0 && along > 0) c.fail("repeats can not be negative");
      if (__builtin_mul_overflow(along, r, &total))
        c.fail("the result's size overflows: " + std::to_string(along) + " elements repeated " +
               std::to_string(r) + " times is past 2^63 - 1");
      if (output_size && *output_size != total && along > 0)
        c.fail("allocated size does not match required size: output_size=" +
               std::to_string(*output_size) + " but the result has " + std::to_string(total) +
               " elements along dim");
    }
    if (dim)
      shape[*dim] = along > 0 ? total : 0;
    else
      shape = {along > 0 ? total : 0};
    break;
  }
  case Op::narrow: {
    if (ndim == 0) c.fail("narrow() cannot be applied to a 0-dim tensor");
    int64_t d = c.wrap(c.integer(1), ndim), start = c.integer(2), length = c.integer(3);
    int64_t size = shape[d];
    if (start < -size || start > size)
      c.fail("start out of range (expected to be in range of [" + std::to_string(-size) + ", " +
             std::to_string(size) + "], but got " + std::to_string(start) + ")");
    if (start < 0) start += size;
    if (length < 0) c.fail("length must be non-negative");
    if (length > size - start)
      c.fail("start (" + std::to_string(start) + ") + length (" + std::to_string(length) +
             ") exceeds dimension size (" + std::to_string(size) + ")");
    shape[d] = length;
    break;
  }
  case Op::pad: { // pairs (before, after) from the last dim; negative ones crop
    if (c.b[2].kind != Arg::Kind::Str)
      c.fail("argument 'mode' must be str, not " + describe(c.b[2]));
    const std::string &mode = c.b[2].s;
    if (mode != "constant" && mode != "reflect" && mode != "replicate" && mode != "circular")
      c.fail("Unrecognised padding mode " + mode);
    Shape pads = c.ints(1);
    if (pads.size() % 2)
      c.fail("Length of pad must be even but instead it equals " + std::to_string(pads.size()));
    if (pads.size() / 2 > size_t(ndim))
      c.fail(fmt::format("Length of pad should be no more than twice the number of dimensions of "
                         "the input. Pad length is {} while the input has {} dimensions.",
                         pads.size(), ndim));
    if (mode != "constant") {
      pad_modes(c, t, mode, pads, shape);
      break;
    }
    if (!c.is_none(3)) c.converts(Arg::of_float(c.number(3)), t.dtype); // a double, as value is
    bool grows = std::any_of(pads.begin(), pads.end(), [](int64_t p) { return p > 0; });
    for (size_t k = 0; k < pads.size() / 2; ++k) {
      int64_t d = ndim - 1 - int64_t(k), before = pads[2 * k], after = pads[2 * k + 1];
      int64_t size = shape[d]; // sums in 128 bits: pads may be near the int64 limits
      __int128 cropped = before < 0 ? __int128(size) + before : size,
               out = __int128(size) + before + after;
      if (cropped < 0 || (after < 0 && cropped + after < 0) || (grows && out <= 0))
        c.fail(fmt::format("the input size {}, plus padding {} and {}, resulted in a {} output "
                           "size, which is invalid. Check dimension {} of your input.",
                           size, before, after, grows ? "non-positive" : "negative", d));
      if (out > INT64_MAX) c.fail(fmt::format("the padded size of dimension {} is too large", d));
      shape[d] = int64_t(out);
    }
    break;
  }
  case Op::flip: { // dims a sequence of distinct dims
    if (c.b[1].kind != Arg::Kind::Seq)
      c.fail("argument 'dims' must be a tuple of ints, not " + describe(c.b[1]));
    Shape seen;
    for (int64_t d : c.ints(1)) {
      int64_t w = c.wrap(d, ndim);
      if (std::find(seen.begin(), seen.end(), w) != seen.end())
        c.fail("dim " + std::to_string(w) + " appears multiple times in the list of dims");
      seen.push_back(w);
    }
    break;
  }
  case Op::roll: { // one shift over the flattened input, or one per dim
    Shape shifts = c.ints(1), dims = c.is_none(2) ? Shape() : c.ints(2);
    if (shifts.empty()) c.fail("shifts required");
    if (!(dims.empty() && shifts.size() == 1) && shifts.size() != dims.size())
      c.fail(fmt::format("shifts and dims must align, got {} shifts and {} dims", shifts.size(),
                         dims.size()));
    if (ndim == 0 && !dims.empty()) c.fail("dims given for a 0-dim tensor, which has none");
    for (int64_t d : dims)
      c.wrap(d, ndim);
    break;
  }
  default: // triu, tril
    c.integer(1);
    if (ndim < 2) c.fail("input tensor must have at least 2 dimensions, got shape " + str(t.shape));
    break;
  }
  return c.out(std::move(shape), t.dtype, t.device);
}

// cat(tensors, dim) and stack(tensors, dim), with type promotion across the tensors.
Arg meta_concat(const Ctx &c) {
  std::vector<TensorMeta> ts = c.tensors(0);
  std::vector<const Arg *> operands;
  for (const Arg &a : c.b[0].items)
    operands.push_back(&a);
  DType dtype = c.result_type(operands);
  Device device = c.same_device(ts);
  int64_t dim = c.integer(1);
  if (c.op == Op::stack) {
    for (size_t i = 1; i < ts.size(); ++i)
      if (ts[i].shape != ts[0].shape)
        c.fail("stack expects each tensor to be equal size, but got " + str(ts[0].shape) +
               " at entry 0 and " + str(ts[i].shape) + " at entry " + std::to_string(i));
    Shape shape = ts[0].shape;
    shape.insert(shape.begin() + c.wrap(dim, ndim_of(ts[0]) + 1), static_cast<int64_t>(ts.size()));
    return c.out(std::move(shape), dtype, device);
  }
  for (size_t i = 0; i < ts.size(); ++i)
    if (ts[i].shape.empty())
      c.fail("zero-dimensional tensor (at position " + std::to_string(i) +
             ") cannot be concatenated");
  // Legacy behaviour: 1-d empty tensors are skipped.
  auto skipped = [](const TensorMeta &t) { return t.shape == Shape{0}; };
  auto first = std::find_if_not(ts.begin(), ts.end(), skipped);
  if (first == ts.end()) return c.out({0}, dtype, device); // dim is not checked then
  Shape shape = first->shape;
  int64_t d = c.wrap(dim, ndim_of(*first));
  shape[d] = 0;
  for (size_t i = 0; i < ts.size(); ++i) {
    if (skipped(ts[i])) continue;
    if (ts[i].shape.size() != first->shape.size())
      c.fail("tensors must have same number of dimensions: got " +
             std::to_string(first->shape.size()) + " and " + std::to_string(ts[i].shape.size()));
    for (size_t k = 0; k < shape.size(); ++k)
      if (static_cast<int64_t>(k) != d && ts[i].shape[k] != first->shape[k])
        c.fail("sizes of tensors must match except in dimension " + std::to_string(d) +
               ". Expected size " + std::to_string(first->shape[k]) + " but got size " +
               std::to_string(ts[i].shape[k]) + " for tensor number " + std::to_string(i) +
               " in the list");
    if (__builtin_add_overflow(shape[d], ts[i].shape[d], &shape[d]))
      c.fail("the result's size along dimension " + std::to_string(d) + " is past 2^63 - 1");
  }
  return c.out(std::move(shape), dtype, device);
}

// split(tensor, split_size_or_sections, dim) and chunk(input, chunks, dim): a tuple of views.
Arg meta_split(const Ctx &c) { // and unbind: a part per index of dim, without dim
  const TensorMeta &t = c.tensor(0);
  if (t.shape.empty()) c.fail("expects at least a 1-dimensional tensor");
  int64_t d = c.wrap(c.integer(c.op == Op::unbind ? 1 : 2), ndim_of(t));
  int64_t size = t.shape[d];
  std::vector<Arg> parts;
  if (c.op == Op::unbind) {
    Shape shape = t.shape;
    shape.erase(shape.begin() + d);
    for (int64_t k = 0; k < size; ++k)
      parts.push_back(c.out(shape, t.dtype, t.device));
    return Arg::of_seq(std::move(parts));
  }
  std::vector<int64_t> sizes;
  if (c.op == Op::chunk) {
    int64_t chunks = c.integer(1);
    if (chunks <= 0)
      c.fail("chunk expects `chunks` to be greater than 0, got: " + std::to_string(chunks));
    int64_t split_size = (size + chunks - 1) / chunks;
    sizes = split_size == 0 && size == 0 ? std::vector<int64_t>(chunks, 0)
                                         : split_sizes(c, size, split_size);
  } else if (c.b[1].kind == Arg::Kind::Int) {
    sizes = split_sizes(c, size, c.b[1].i);
  } else {
    sizes = c.ints(1);
    bool negative = std::any_of(sizes.begin(), sizes.end(), [](int64_t s) { return s < 0; });
    if (negative || std::accumulate(sizes.begin(), sizes.end(), int64_t{0}) != size)
      c.fail("split_with_sizes expects split_sizes to sum exactly to " + std::to_string(size) +
             " (input tensor's size at dimension " + std::to_string(d) +
             ") and have only non-negative entries, but got split_sizes=" + str(sizes));
  }
  for (int64_t s : sizes) {
    Shape shape = t.shape;
    shape[d] = s;
    parts.push_back(c.out(std::move(shape), t.dtype, t.device));
  }
  return Arg::of_seq(std::move(parts));
}

// index_select(input, dim, index), gather(input, dim, index), index_copy(_)(input, dim, index,
// source), index_add(input, dim, index, source, alpha), scatter(input, dim, index, src or value),
// scatter_add(input, dim, index, src). The index values are only known when the op runs.
Arg meta_index(const Ctx &c) {
  const TensorMeta &t = c.tensor(0), &index = c.tensor(2);
  int64_t ndim = ndim_of(t);
  int64_t d = c.wrap(c.integer(1), ndim);
  Shape shape = t.shape;
  switch (c.op) {
  case Op::index_select: {
    if (index.dtype != DType::Int64 && index.dtype != DType::Int32)
      c.fail("expected dtype int32 or int64 for index, got " + str(index.dtype));
    if (index.shape.size() > 1)
      c.fail("index is supposed to be a vector, got shape " + str(index.shape));
    int64_t n = numel(index.shape);
    if (ndim == 0) {
      if (n != 1)
        c.fail("index to scalar can have only 1 value, got " + std::to_string(n) + " value(s)");
    } else {
      shape[d] = n;
    }
    c.same_device({&t, &index});
    break;
  }
  case Op::gather: {
    c.boolean(3);
    shape = index.shape;
    if (numel(index.shape) == 0) break;
    if (index.dtype != DType::Int64)
      c.fail("expected dtype int64 for index, got " + str(index.dtype));
    int64_t index_ndim = ndim_of(index);
    if (std::max<int64_t>(index_ndim, 1) != std::max<int64_t>(ndim, 1))
      c.fail("index tensor must have the same number of dimensions as input tensor (index " +
             str(index.shape) + ", input " + str(t.shape) + ")");
    for (int64_t k = 0; k < index_ndim; ++k)
      if (k != d && index.shape[k] > (ndim == 0 ? 1 : t.shape[k]))
        c.fail("size does not match at dimension " + std::to_string(k) + " expected index " +
               str(index.shape) + " to be smaller than self " + str(t.shape) +
               " apart from dimension " + std::to_string(d));
    break;
  }
  case Op::scatter:
  case Op::scatter_add: { // input[..., index[i, j], ...] = src[i, j] along dim
    const TensorMeta *src = c.is_tensor(3) ? &c.b[3].tensor : nullptr;
    if (!src && (c.op == Op::scatter_add || !c.is_number(3)))
      c.fail("argument '" + std::string(c.param(3)) + "' must be a tensor" +
             (c.op == Op::scatter ? " or a number" : "") + ", not " + describe(c.b[3]));
    if (src && src->dtype != t.dtype)
      c.fail("expected self and src to have the same dtype, but got " + str(t.dtype) + " and " +
             str(src->dtype));
    if (!src) c.converts(c.b[3], t.dtype);
    c.same_device({&t, &index, src ? src : &t});
    if (numel(index.shape) == 0) break;
    if (index.dtype != DType::Int64)
      c.fail("expected dtype int64 for index, got " + str(index.dtype) +
             " (convert it with .long())");
    int64_t index_ndim = std::max<int64_t>(ndim_of(index), 1);
    auto size = [](const TensorMeta &m, int64_t k) { return m.shape.empty() ? 1 : m.shape[k]; };
    if (index_ndim != std::max<int64_t>(ndim, 1) ||
        (src && index_ndim != std::max<int64_t>(ndim_of(*src), 1)))
      c.fail("index tensor must have the same number of dimensions as self" +
             std::string(src ? " and src" : "") + " (index " + str(index.shape) + ", self " +
             str(t.shape) + (src ? ", src " + str(src->shape) : "") + ")");
    for (int64_t k = 0; k < index_ndim; ++k)
      if ((k != d && size(index, k) > size(t, k)) || (src && size(index, k) > size(*src, k)))
        c.fail("expected index " + str(index.shape) + " to be no larger than self " + str(t.shape) +
               " apart from dimension " + std::to_string(d) +
               (src ? " and no larger than src " + str(src->shape) : ""));
    break;
  }
  default: { // index_copy, index_copy_, index_add
    const TensorMeta &source = c.tensor(3);
    if (c.op == Op::index_add) c.number(4), c.converts(c.b[4], t.dtype);
    if (index.shape.size() > 1)
      c.fail("index should have dimension 1 or 0 (got " + std::to_string(index.shape.size()) + ")");
    int64_t source_ndim = ndim_of(source);
    if (source_ndim > 0 && d >= source_ndim)
      c.fail("dim " + std::to_string(d) + " is out of range for source of shape " +
             str(source.shape));
    int64_t n = numel(index.shape), along = source_ndim == 0 ? 1 : source.shape[d];
    if (n != along)
      c.fail("number of indices (" + std::to_string(n) + ") should be equal to source.size(dim) (" +
             std::to_string(along) + ")");
    if (index.dtype != DType::Int64 && (c.op != Op::index_add || index.dtype != DType::Int32))
      c.fail(std::string(c.op == Op::index_add ? "expected dtype int32 or int64 for index"
                                               : "expected a long tensor for index") +
             ", but got " + str(index.dtype));
    if (source.dtype != t.dtype)
      c.fail("self and source expected to have the same dtype, but got (self) " + str(t.dtype) +
             " and (source) " + str(source.dtype));
    if (normalize(t.device) != normalize(source.device) ||
        normalize(t.device) != normalize(index.device))
      c.fail("expected self, index and source on the same device, got " + device_name(t.device) +
             ", " + device_name(index.device) + " and " + device_name(source.device));
    Shape a = t.shape, b = source.shape;
    if (!a.empty()) a.erase(a.begin() + d);
    if (!b.empty()) b.erase(b.begin() + d);
    if (a != b)
      c.fail("source/destination tensor must have same slice shapes, got destination " +
             str(t.shape) + " and source " + str(source.shape) + " at dim " + std::to_string(d));
    break;
  }
  }
  return c.out(std::move(shape), t.dtype, t.device);
}

} // namespace thunderc::ops::detail
