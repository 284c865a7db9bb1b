// Meta rules of the ops over spatial dims: conv1d/2d/3d, max_pool2d, avg_pool2d,
// adaptive_avg_pool1d/2d and interpolate, as ATen 1.13 checks them (and torch.nn.functional's
// Python code before it).
#include "ops/meta.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace thunderc::ops::detail {

namespace {

// ATen's adaptive_avg_pool2d of an input of shape `s` to `size` (two ints >= 0): the output shape.
Shape adaptive_avg_pool2d_shape(const Ctx &c, const Shape &s, DType dtype, const Shape &size) {
  size_t ndim = s.size();
  if (size[0] < 0 || size[1] < 0)
    c.fail("elements of output_size must be greater than or equal to 0, got " + str(size));
  if (size == Shape{1, 1}) { // ATen takes the mean over the last two dims: any input of 2+ dims
    if (ndim < 2) c.fail("expected an input of 2 or more dimensions, got input of size " + str(s));
    if (!is_floating(dtype) && dtype != DType::Complex64)
      c.fail("not implemented for " + str(dtype) + " tensors");
    Shape out(s.begin(), s.end() - 2);
    out.insert(out.end(), {1, 1});
    return out;
  }
  if (ndim != 3 && ndim != 4) c.fail("expected a 3-D or 4-D input, got input of size " + str(s));
  for (size_t d = ndim - 2; d < ndim; ++d)
    if (s[d] == 0)
      c.fail("expected an input of non-zero size in its non-batch dims, got input of size " +
             str(s));
  Shape out(s.begin(), s.end() - 2);
  out.insert(out.end(), size.begin(), size.end());
  c.kernel_supports(is_floating(dtype), out, dtype);
  return out;
}

// ATen's adaptive_avg_pool1d: adaptive_avg_pool2d of the [.., 1, L] view to (1, size).
Shape adaptive_avg_pool1d_shape(const Ctx &c, const Shape &s, DType dtype, int64_t size) {
  Shape s2 = s;
  s2.insert(s2.end() - 1, 1);
  Shape out = adaptive_avg_pool2d_shape(c, s2, dtype, {1, size});
  out.erase(out.end() - 2);
  return out;
}

} // namespace

// max_pool2d, avg_pool2d and adaptive_avg_pool2d over the last two dims of a 3-D [C, H, W] or 4-D
// [N, C, H, W] input (max_pool1d, avg_pool1d and adaptive_avg_pool1d over the last dim of a 2-D or
// 3-D one), as ATen 1.13 checks them. A pooled dim of size n gives
// floor((n + 2 * padding - dilation * (kernel - 1) - 1 + (ceil_mode ? stride - 1 : 0)) / stride)
// + 1, less one where ceil_mode would start the last window in the right padding; the padding is
// at most half the kernel. The sizes are C ints in ATen (larger ones are refused).
Arg meta_pool(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  const Shape &s = t.shape;
  size_t ndim = s.size();
  if (c.op == Op::adaptive_avg_pool1d) {
    if (ndim != 2 && ndim != 3) c.fail("expected a 2-D or 3-D input, got input of size " + str(s));
    Shape size = c.ints(1);
    if (size.size() != 1) c.fail("output_size should contain one int, got " + describe(c.b[1]));
    return c.out(adaptive_avg_pool1d_shape(c, s, t.dtype, size[0]), t.dtype, t.device);
  }
  if (c.op == Op::adaptive_avg_pool2d) {
    Shape size;
    const Arg &o = c.b[1];
    if (o.kind == Arg::Kind::Seq) { // torch.nn.functional's _list_with_default
      if (ndim <= o.items.size())
        c.fail(fmt::format("expected an input of at least {} dimensions, got input of size {}",
                           o.items.size() + 1, str(s)));
      for (const Arg &item : o.items)
        if (item.kind != Arg::Kind::None && item.kind != Arg::Kind::Int)
          c.fail("argument 'output_size' must be a tuple of ints or None, not " + describe(o));
      size = adaptive_output_size(o, s);
    } else {
      size = Shape(2, c.integer(1));
    }
    if (size.size() != 2) c.fail("output_size must be 2 ints, got " + str(size));
    return c.out(adaptive_avg_pool2d_shape(c, s, t.dtype, size), t.dtype, t.device);
  }
  bool max = c.op == Op::max_pool2d || c.op == Op::max_pool1d;
  size_t dims = c.op == Op::max_pool1d || c.op == Op::avg_pool1d ? 1 : 2;
  // kernel_size, stride (None or empty: the kernel's), padding, dilation: one int or `dims`
  auto pair = [&](size_t i, bool may_be_empty, Shape fallback) {
    Shape v = c.is_none(i) ? Shape() : c.ints(i);
    if (v.empty() && may_be_empty) return fallback;
    if (v.size() == 1) v.resize(dims, v[0]);
    if (v.size() != dims)
      c.fail(fmt::format("{} must be a single int or a tuple of {} ints, got {}", c.param(i), dims,
                         describe(c.b[i])));
    for (int64_t x : v)
      if (x < std::numeric_limits<int32_t>::min() || x > std::numeric_limits<int32_t>::max())
        c.fail(fmt::format("{} {} does not fit in int32", c.param(i), x));
    return v;
  };
  Shape kernel = pair(1, false, {}), stride = pair(2, true, kernel), padding = pair(3, false, {});
  Shape dilation = max ? pair(4, false, {}) : Shape(dims, 1);
  bool ceil_mode = c.boolean(max ? 5 : 4);
  if (max && c.boolean(6))
    c.fail(fmt::format("thunderc does not support return_indices=True; call {} without it",
                       info(c.op).torch_name));
  if (!max) c.boolean(5);
  if (c.op == Op::avg_pool2d) {
    std::optional<int64_t> divisor = c.opt_integer(6);
    if (divisor && *divisor == 0) c.fail("divisor_override must not be zero");
  }
  if (ndim != dims + 1 && ndim != dims + 2)
    c.fail(fmt::format("expected a {}-D or {}-D input, got input of size {}", dims + 1, dims + 2,
                       str(s)));
  Shape out(s.begin(), s.end() - dims);
  for (size_t d = 0; d < dims; ++d) {
    int64_t n = s[ndim - dims + d], k = kernel[d], st = stride[d], p = padding[d], dl = dilation[d];
    if (k <= 0) c.fail("kernel size should be greater than zero, got " + str(kernel));
    if (st <= 0) c.fail("stride should be greater than zero, got " + str(stride));
    if (dl <= 0) c.fail("dilation should be greater than zero, got " + str(dilation));
    if (p < 0) c.fail("padding must be non-negative, got " + str(padding));
    if (p > k / 2)
      c.fail("padding should be at most half of the kernel size, got padding " + str(padding) +
             " and kernel size " + str(kernel));
    // in 128 bits: a uint8 input's dim may be near 2^63
    __int128 span = __int128(n) + 2 * p - __int128(dl) * (k - 1) - 1 + (ceil_mode ? st - 1 : 0);
    __int128 size = (span >= 0 ? span / st : -((-span + st - 1) / st)) + 1; // floor division
    if (ceil_mode && (size - 1) * st >= __int128(n) + p) --size;
    if (size > std::numeric_limits<int64_t>::max())
      c.fail(fmt::format("the output size at pooled dim {} exceeds 2^63 - 1", d));
    out.push_back(int64_t(size));
  }
  bool empty_plane = std::find(s.begin() + (ndim == dims + 2), s.end(), 0) != s.end();
  if (empty_plane)
    c.fail("expected an input with optional 0 dim batch size and non-empty other dims, got input "
           "of size " +
           str(s));
  int64_t least = c.op == Op::max_pool1d ? 0 : 1; // 1.13's max_pool1d gives empty outputs
  if (std::any_of(out.end() - dims, out.end(), [&](int64_t x) { return x < least; }))
    c.fail(fmt::format("given input size {}, the output size {} is too small", str(s), str(out)));
  bool supported = is_floating(t.dtype) || (!max && t.dtype == DType::Int64);
  if (!supported) c.fail("not implemented for " + str(t.dtype) + " tensors");
  return c.out(std::move(out), t.dtype, t.device);
}

namespace {
// A convolution's input as [N, C, *spatial] (unbatched [C, *spatial] gets N = 1); `batched` says
// which it was.
Shape conv_input(const Ctx &c, const TensorMeta &input, size_t dims, bool &batched) {
  size_t ndim = input.shape.size();
  if (ndim != dims + 1 && ndim != dims + 2)
    c.fail(
        fmt::format("expected a {}-D (unbatched) or {}-D (batched) input, but got input of size {}",
                    dims + 1, dims + 2, str(input.shape)));
  batched = ndim == dims + 2;
  Shape in = input.shape;
  if (!batched) in.insert(in.begin(), 1);
  return in;
}

// Argument `i` of a convolution over `n` spatial dims: one int for all, or one per dim.
Shape per_dim(const Ctx &c, size_t i, size_t n) {
  Shape v = c.ints(i);
  if (v.size() == 1) v.assign(n, v[0]);
  if (v.size() != n)
    c.fail(fmt::format("expected {0} to be a single integer value or a list of {1} values to "
                       "match the convolution dimensions, but got {0}={2}",
                       c.param(i), n, str(c.ints(i))));
  return v;
}
} // namespace

// conv_transpose1d/2d/3d as ATen checks them (at::convolution with transposed=true). input
// [N, C, *spatial] or unbatched [C, *spatial]; weight [C, out_channels / groups, *kernel]; stride,
// padding, output_padding and dilation one int for every spatial dim or one per dim. A spatial dim
// of size n gives (n - 1) * stride - 2 * padding + dilation * (kernel - 1) + output_padding + 1.
Arg meta_conv_transpose(const Ctx &c) {
  size_t dims = c.op == Op::conv_transpose1d ? 1 : c.op == Op::conv_transpose2d ? 2 : 3;
  const TensorMeta &input = c.tensor(0), &weight = c.tensor(1);
  const TensorMeta *bias = c.opt_tensor(2);
  Device device = c.same_device({&input, &weight, bias ? bias : &input});
  bool batched;
  Shape in = conv_input(c, input, dims, batched);
  const Shape &w = weight.shape;
  if (w.size() != in.size())
    c.fail(fmt::format("expected {0}-dimensional input for {0}-dimensional weight {1}, but got "
                       "{2}-dimensional input of size {3}",
                       w.size(), str(w), in.size(), str(in)));
  Shape stride = per_dim(c, 3, dims), padding = per_dim(c, 4, dims),
        output_padding = per_dim(c, 5, dims), dilation = per_dim(c, 7, dims);
  int64_t groups = c.integer(6);
  if (groups <= 0) c.fail("non-positive groups is not supported");
  bool empty = numel(in) == 0; // ATen's path for empty inputs skips the kernel's checks
  for (size_t d = 0; d < dims; ++d) {
    if (padding[d] < 0) c.fail("negative padding is not supported");
    if (output_padding[d] < 0) c.fail("negative output_padding is not supported");
    if (stride[d] <= 0) c.fail("non-positive stride is not supported");
    if (dilation[d] <= 0) c.fail("dilation should be greater than zero, but got " + str(dilation));
    if (!empty && output_padding[d] >= stride[d] && output_padding[d] >= dilation[d])
      c.fail(fmt::format("output padding must be smaller than either stride or dilation, but got "
                         "output_padding {}, stride {} and dilation {}",
                         str(output_padding), str(stride), str(dilation)));
  }
  if (w[0] < groups || w[0] % groups != 0)
    c.fail(
        fmt::format("given groups={}, expected weight {} to have a multiple of {} at dimension 0",
                    groups, str(w), groups));
  if (in[1] != w[0])
    c.fail(fmt::format("given transposed=1, weight of size {}, expected input {} to have {} "
                       "channels, but got {} channels",
                       str(w), str(input.shape), w[0], in[1]));
  if (numel(w) == 0) c.fail("expected a non-empty weight, but got weight of size " + str(w));
  if (in[0] != 0 && std::any_of(in.begin() + 2, in.end(), [](int64_t n) { return n == 0; }))
    c.fail("only zero batch or zero channel inputs are supported, but got input of size " +
           str(input.shape));
  __int128 out_channels = __int128(w[1]) * groups;
  if (bias && (bias->shape.size() != 1 || bias->shape[0] != out_channels))
    c.fail(fmt::format("given transposed=1, weight of size {}, expected bias to be 1-dimensional "
                       "with {} elements, but got bias of size {}",
                       str(w), int64_t(out_channels), str(bias->shape)));
  if (out_channels > std::numeric_limits<int64_t>::max())
    c.fail("the number of output channels exceeds 2^63 - 1");
  Shape out = {in[0], int64_t(out_channels)};
  for (size_t d = 0; d < dims; ++d) { // in 128 bits: sizes, paddings and dilations may be huge
    __int128 size = (__int128(in[d + 2]) - 1) * stride[d] - __int128(2) * padding[d] +
                    __int128(dilation[d]) * (w[d + 2] - 1) + output_padding[d] + 1;
    if (size > std::numeric_limits<int64_t>::max())
      c.fail(fmt::format("the output size at spatial dimension {} exceeds 2^63 - 1", d));
    if (size <= 0)
      c.fail(fmt::format("given input size {}, the calculated output size at spatial dimension "
                         "{} is {}: too small",
                         str(input.shape), d, int64_t(size)));
    out.push_back(int64_t(size));
  }
  if (input.dtype != weight.dtype || (bias && bias->dtype != input.dtype))
    c.fail("expected input, weight and bias of the same dtype, but got " + str(input.dtype) + ", " +
           str(weight.dtype) + " and " + (bias ? str(bias->dtype) : "None"));
  if (!batched) out.erase(out.begin());
  c.kernel_supports(is_floating(input.dtype) || input.dtype == DType::Int64, out, input.dtype);
  return c.out(std::move(out), input.dtype, device);
}

// conv1d/conv2d/conv3d as ATen checks them (at::convolution's check_shape_forward, and
// _convolution_mode for a padding string). input [N, C, *spatial] or unbatched [C, *spatial];
// weight [out_channels, C / groups, *kernel]; stride, padding and dilation one int for every
// spatial dim or one per dim. A spatial dim of size n gives
// (n + total padding - dilation * (kernel - 1) - 1) / stride + 1; 'same' pads dilation *
// (kernel - 1) in all (the extra one on the right where that is odd), 'valid' nothing.
Arg meta_conv(const Ctx &c) {
  size_t dims = c.op == Op::conv1d ? 1 : c.op == Op::conv2d ? 2 : 3;
  const TensorMeta &input = c.tensor(0), &weight = c.tensor(1);
  const TensorMeta *bias = c.opt_tensor(2);
  Device device = c.same_device({&input, &weight, bias ? bias : &input});
  bool batched;
  Shape in = conv_input(c, input, dims, batched);
  const Shape &w = weight.shape;
  if (w.size() < 3) c.fail("weight should have at least three dimensions, got " + str(w));
  size_t k = w.size() - 2;
  Shape stride = per_dim(c, 3, k), dilation = per_dim(c, 5, k), padding(k, 0);
  bool same = false;
  if (c.b[4].kind == Arg::Kind::Str) {
    const std::string &mode = c.b[4].s;
    if (mode != "same" && mode != "valid")
      c.fail("invalid padding string '" + mode + "'; expected 'same' or 'valid'");
    same = mode == "same";
    if (same && std::any_of(stride.begin(), stride.end(), [](int64_t s) { return s != 1; }))
      c.fail("padding='same' is not supported for strided convolutions");
  } else {
    padding = per_dim(c, 4, k);
  }
  int64_t groups = c.integer(6);
  if (groups <= 0) c.fail("non-positive groups is not supported");
  for (size_t d = 0; d < k; ++d) {
    if (padding[d] < 0) c.fail("negative padding is not supported");
    if (stride[d] <= 0) c.fail("non-positive stride is not supported");
    if (dilation[d] <= 0) c.fail("dilation should be greater than zero, but got " + str(dilation));
  }
  if (w.size() != in.size())
    c.fail(fmt::format("expected {0}-dimensional input for {0}-dimensional weight {1}, but got "
                       "{2}-dimensional input of size {3}",
                       w.size(), str(w), in.size(), str(in)));
  if (w[0] < groups || w[0] % groups != 0)
    c.fail(
        fmt::format("given groups={}, expected weight {} to have a multiple of {} at dimension 0",
                    groups, str(w), groups));
  if (in[1] != w[1] * groups)
    c.fail(fmt::format("given groups={}, weight of size {}, expected input {} to have {} channels, "
                       "but got {} channels",
                       groups, str(w), str(input.shape), w[1] * groups, in[1]));
  if (w[1] == 0) // 1.13's path for empty inputs gives in[1] channels, not w[0]
    c.fail("thunderc does not support convolutions over zero input channels: PyTorch 1.13 gives "
           "them a result of 0 channels instead of out_channels");
  if (std::any_of(w.begin() + 2, w.end(), [](int64_t n) { return n <= 0; }))
    c.fail("kernel size should be greater than zero, but got weight of size " + str(w));
  if (in[0] != 0 && std::any_of(in.begin() + 2, in.end(), [](int64_t n) { return n == 0; }))
    c.fail("only zero batch or zero channel inputs are supported, but got input of size " +
           str(input.shape));
  if (bias && (bias->shape.size() != 1 || bias->shape[0] != w[0]))
    c.fail(fmt::format("given weight of size {}, expected bias to be 1-dimensional with {} "
                       "elements, but got bias of size {}",
                       str(w), w[0], str(bias->shape)));
  Shape out = {in[0], w[0]};
  for (size_t d = 0; d < k; ++d) { // in 128 bits: sizes, paddings and dilations may be huge
    __int128 kernel = __int128(dilation[d]) * (w[d + 2] - 1) + 1;
    __int128 padded = in[d + 2] + (same ? kernel - 1 : __int128(2) * padding[d]);
    if (padded > std::numeric_limits<int64_t>::max())
      c.fail(fmt::format("padded input size at spatial dimension {} exceeds 2^63 - 1", d));
    if (padded < kernel)
      c.fail(fmt::format("padded input size {} is smaller than the dilated kernel size {} at "
                         "spatial dimension {}",
                         padded, kernel, d));
    out.push_back(int64_t((padded - kernel) / stride[d] + 1));
  }
  if (input.dtype != weight.dtype || (bias && bias->dtype != input.dtype))
    c.fail("expected input, weight and bias of the same dtype, but got " + str(input.dtype) + ", " +
           str(weight.dtype) + " and " + (bias ? str(bias->dtype) : "None"));
  if (!batched) out.erase(out.begin());
  c.kernel_supports(input.dtype != DType::Bool, out, input.dtype);
  return c.out(std::move(out), input.dtype, device);
}

// torch.nn.functional.interpolate: interpolation() resolves the call as the Python function does
// ('area' is adaptive average pooling to the output size); ATen's upsample kernels then need every
// spatial size of the input and of the output above 0, and compute the output size from a scale
// factor by truncating size * scale.
Arg meta_interpolate(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  Interpolation r = interpolation(c.b, t.shape);
  if (r.aten == "adaptive_avg_pool2d") // mode='area'
    return c.out(adaptive_avg_pool2d_shape(c, t.shape, t.dtype, r.size), t.dtype, t.device);
  if (r.aten == "adaptive_avg_pool1d")
    return c.out(adaptive_avg_pool1d_shape(c, t.shape, t.dtype, r.size[0]), t.dtype, t.device);
  for (size_t d = 0; d < r.out.size(); ++d)
    if (t.shape[d + 2] <= 0 || r.out[d] <= 0)
      c.fail(fmt::format("input and output sizes should be greater than 0, but got input size {} "
                         "and output size {}",
                         str(t.shape), str(r.out)));
  if (numel(Shape(t.shape.begin() + 1, t.shape.end())) == 0)
    c.fail("expected an input with optional 0 dim batch size and non-empty other dims, got input "
           "of size " +
           str(t.shape));
  Shape out(t.shape.begin(), t.shape.begin() + 2);
  out.insert(out.end(), r.out.begin(), r.out.end());
  // the kernels compute their indices and weights for any input, empty ones too
  if (!is_floating(t.dtype) && (r.linear || t.dtype != DType::UInt8))
    c.fail("not implemented for " + str(t.dtype) + " tensors");
  return c.out(std::move(out), t.dtype, t.device);
}

// pixel_shuffle: [*, C * r * r, H, W] -> [*, C, H * r, W * r]; pixel_unshuffle the inverse, H and
// W multiples of r.
Arg meta_pixel_shuffle(const Ctx &c) {
  const TensorMeta &t = c.tensor(0);
  bool shuffle = c.op == Op::pixel_shuffle;
  int64_t r = c.integer(1);
  Shape s = t.shape;
  size_t n = s.size();
  if (n < 3)
    c.fail(fmt::format("{} expects input to have at least 3 dimensions, but got input with {} "
                       "dimension(s)",
                       shuffle ? "pixel_shuffle" : "pixel_unshuffle", n));
  if (r <= 0)
    c.fail(fmt::format("{} must be greater than 0, but got: {}",
                       shuffle ? "upscale_factor" : "downscale_factor", r));
  __int128 r2 = __int128(r) * r;
  if (shuffle) {
    if (s[n - 3] % r2 != 0)
      c.fail(fmt::format("pixel_shuffle expects its input's 'channel' dimension to be divisible by "
                         "the square of upscale_factor, but input.size(-3)={} is not divisible by "
                         "{}",
                         s[n - 3], int64_t(std::min<__int128>(r2, INT64_MAX))));
    __int128 h = __int128(s[n - 2]) * r, w = __int128(s[n - 1]) * r;
    if (h > INT64_MAX || w > INT64_MAX) c.fail("pixel_shuffle: the output size exceeds 2^63 - 1");
    s[n - 3] = int64_t(s[n - 3] / r2), s[n - 2] = int64_t(h), s[n - 1] = int64_t(w);
  } else {
    for (size_t d : {n - 2, n - 1})
      if (s[d] % r != 0)
        c.fail(fmt::format("pixel_unshuffle expects {} to be divisible by downscale_factor, but "
                           "input.size({})={} is not divisible by {}",
                           d == n - 2 ? "height" : "width", int64_t(d) - int64_t(n), s[d], r));
    __int128 ch = __int128(s[n - 3]) * r2;
    if (ch > INT64_MAX) c.fail("pixel_unshuffle: the output size exceeds 2^63 - 1");
    if (numel(s) > 0) // ATen's CPU kernel returns a copy of an empty input, of the input's shape
      s[n - 3] = int64_t(ch), s[n - 2] /= r, s[n - 1] /= r;
  }
  return c.out(std::move(s), t.dtype, t.device);
}

} // namespace thunderc::ops::detail

namespace thunderc::ops {

std::vector<int64_t> adaptive_output_size(const Arg &output_size,
                                          const std::vector<int64_t> &input_shape) {
  if (output_size.kind != Arg::Kind::Seq) return {output_size.i, output_size.i};
  std::vector<int64_t> out;
  size_t n = output_size.items.size(), lead = input_shape.size() - n;
  for (size_t i = 0; i < n; ++i) {
    const Arg &item = output_size.items[i];
    out.push_back(item.kind == Arg::Kind::None ? input_shape[lead + i] : item.i);
  }
  return out;
}

Interpolation interpolation(const std::vector<Arg> &b, const std::vector<int64_t> &shape) {
  detail::Ctx c{Op::interpolate, b};
  if (b[3].kind != Arg::Kind::Str) c.fail("mode must be a string, not " + describe(b[3]));
  const std::string &mode = b[3].s;
  Interpolation r;
  r.linear = mode == "linear" || mode == "bilinear" || mode == "bicubic" || mode == "trilinear";
  if (!r.linear && mode != "nearest" && mode != "nearest-exact" && mode != "area")
    c.fail("mode must be one of nearest, linear, bilinear, bicubic, trilinear, area or "
           "nearest-exact, got " +
           describe(b[3]));
  if (r.linear)
    r.align_corners = !c.is_none(4) && c.boolean(4);
  else if (!c.is_none(4))
    c.fail("align_corners can only be set with the interpolating modes: linear | bilinear | "
           "bicubic | trilinear");
  size_t dims = shape.size() > 2 ? shape.size() - 2 : 0;
  auto per_dim = [&](size_t i, auto item) {
    const Arg &a = b[i];
    std::vector<decltype(item(a))> v;
    if (a.kind == Arg::Kind::Seq) {
      if (a.items.size() != dims)
        c.fail(fmt::format("{} {} does not match the input's {} spatial dimensions (input size "
                           "{})",
                           c.param(i), describe(a), dims, detail::str(shape)));
      for (const Arg &x : a.items)
        v.push_back(item(x));
    } else {
      v.assign(dims, item(a));
    }
    return v;
  };
  bool has_size = !c.is_none(1), has_scale = !c.is_none(2);
  if (has_size && has_scale) c.fail("only one of size or scale_factor should be defined");
  if (!has_size && !has_scale) c.fail("either size or scale_factor should be defined");
  if (has_size)
    r.size = per_dim(1, [&](const Arg &x) {
      if (x.kind != Arg::Kind::Int)
        c.fail("size must be an int or a tuple of ints, not " + describe(b[1]));
      return x.i;
    });
  else
    r.scales = per_dim(2, [&](const Arg &x) {
      if (x.kind != Arg::Kind::Int && x.kind != Arg::Kind::Float && x.kind != Arg::Kind::Bool)
        c.fail("scale_factor must be a number or a tuple of numbers, not " + describe(b[2]));
      return x.kind == Arg::Kind::Float ? x.f : double(x.kind == Arg::Kind::Int ? x.i : x.b);
    });
  bool recompute = !c.is_none(5) && c.boolean(5);
  if (recompute && has_size)
    c.fail("recompute_scale_factor is not meaningful with an explicit size");
  if (mode == "area" && has_scale) recompute = true; // area needs an output size
  if (recompute) { // Python's math.floor(input size * scale)
    for (size_t d = 0; d < dims; ++d) {
      double v = std::floor(double(shape[d + 2]) * r.scales[d]);
      if (!std::isfinite(v) || v < -9.2e18 || v > 9.2e18)
        c.fail("cannot convert the output size " + std::to_string(v) + " to an integer");
      r.size.push_back(int64_t(v));
    }
    r.scales.clear();
  }
  bool antialias = c.boolean(6);
  if (antialias && !((mode == "bilinear" || mode == "bicubic") && shape.size() == 4))
    c.fail("the anti-alias option is only supported for bilinear and bicubic modes");
  static constexpr struct {
    std::string_view mode;
    size_t ndim;
    bool antialias;
    std::string_view aten;
  } kernels[] = {{"nearest", 3, false, "upsample_nearest1d"},
                 {"nearest", 4, false, "upsample_nearest2d"},
                 {"nearest", 5, false, "upsample_nearest3d"},
                 {"nearest-exact", 3, false, "_upsample_nearest_exact1d"},
                 {"nearest-exact", 4, false, "_upsample_nearest_exact2d"},
                 {"nearest-exact", 5, false, "_upsample_nearest_exact3d"},
                 {"linear", 3, false, "upsample_linear1d"},
                 {"bilinear", 4, false, "upsample_bilinear2d"},
                 {"bilinear", 4, true, "_upsample_bilinear2d_aa"},
                 {"trilinear", 5, false, "upsample_trilinear3d"},
                 {"bicubic", 4, false, "upsample_bicubic2d"},
                 {"bicubic", 4, true, "_upsample_bicubic2d_aa"},
                 {"area", 3, false, "adaptive_avg_pool1d"},
                 {"area", 4, false, "adaptive_avg_pool2d"}};
  for (const auto &k : kernels)
    if (k.mode == mode && k.ndim == shape.size() && k.antialias == antialias) r.aten = k.aten;
  if (r.aten.empty())
    c.fail(fmt::format("got {}-D input, but mode '{}' takes {}", shape.size(), mode,
                       mode == "nearest" || mode == "nearest-exact" ? "3-D, 4-D or 5-D input"
                       : mode == "linear"                           ? "3-D input"
                       : mode == "trilinear"                        ? "5-D input"
                       : mode == "area" ? "3-D or 4-D input here (thunderc has no "
                                          "adaptive_avg_pool3d for a 5-D one)"
                                        : "4-D input"));
  if (r.scales.empty()) {
    r.out = r.size;
  } else { // ATen: c10::checked_convert<int64_t>(input size * scale), truncated
    for (size_t d = 0; d < dims; ++d) {
      double v = double(shape[d + 2]) * r.scales[d];
      if (!(v > -9.2e18 && v < 9.2e18))
        c.fail(fmt::format("the output size {} * {} cannot be converted to int64 without overflow",
                           shape[d + 2], r.scales[d]));
      r.out.push_back(int64_t(v));
    }
  }
  return r;
}

} // namespace thunderc::ops
