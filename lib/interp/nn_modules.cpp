// Forward of the built-in torch.nn modules, through the op catalogue. Every attribute PyTorch's
// forward reads (weight, bias, eps, normalized_shape, padding_idx, approximate, inplace, ...) is
// read like a program read, so input modules get guards for them (a missing bias is guarded None).
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <array>
#include <cmath>
#include <fmt/format.h>

namespace thunderc::interp {

// A convolution's _reversed_padding_repeated_twice, F.pad's pads for a padding_mode other than
// 'zeros': the module's own when it has one, else as its __init__ makes it from `padding` (a
// tuple, or 'same' / 'valid' with kernel_size, else the weight's shape, and dilation).
Value Interpreter::conv_pads(Value m, Value weight, Value padding, size_t dims) {
  if (std::optional<Value> own = try_getattr(m, "_reversed_padding_repeated_twice")) return *own;
  std::vector<Value> pads(2 * dims, num(0));
  if (h.is(padding, Kind::Str)) {
    rely(padding);
    if (h.as_str(padding) == "same") {
      std::vector<Value> kernel;
      if (std::optional<Value> k = try_getattr(m, "kernel_size")) {
        kernel = iterate(*k);
      } else if (h.is(weight, Kind::Tensor)) {
        rely_meta(weight);
        const std::vector<int64_t> &shape = h.meta(h.current(weight)).shape;
        for (size_t i = 2; i < shape.size(); ++i)
          kernel.push_back(num(shape[i]));
      }
      std::vector<Value> dilation = iterate(getattr(m, "dilation"));
      if (kernel.size() != dims || dilation.size() != dims)
        fail(fmt::format("a convolution of {} spatial dims has a kernel size of {} values and a "
                         "dilation of {}",
                         dims, kernel.size(), dilation.size()));
      for (size_t i = 0; i < dims; ++i) { // reversed: the last spatial dim's pads come first
        int64_t total = to_int(dilation[i], "dilation") * (to_int(kernel[i], "kernel_size") - 1);
        int64_t left = total / 2;
        pads[2 * (dims - 1 - i)] = num(left);
        pads[2 * (dims - 1 - i) + 1] = num(total - left);
      }
    }
  } else {
    std::vector<Value> given =
        h.is(padding, Kind::Int) ? std::vector<Value>(dims, padding) : iterate(padding);
    if (given.size() != dims)
      fail(fmt::format("a convolution of {} spatial dims has padding of {} values", dims,
                       given.size()));
    for (size_t i = 0; i < dims; ++i)
      pads[2 * (dims - 1 - i)] = pads[2 * (dims - 1 - i) + 1] = given[i];
  }
  return h.list(std::move(pads), kComputed);
}

// ConvTranspose1d/2d/3d.forward(input, output_size=None): the output padding is the module's, or
// what makes the output `output_size` (_ConvTransposeNd._output_padding), then F.conv_transposeNd.
Value Interpreter::conv_transpose(const std::string &cls, Value m, Args &args, Kwargs &kwargs) {
  static constexpr std::string_view params[] = {"input", "output_size"};
  std::vector<Value> a = bind_arguments(cls + ".forward()", params, 1, args, kwargs);
  Value mode = getattr(m, "padding_mode");
  rely(mode);
  if (!h.is(mode, Kind::Str) || h.as_str(mode) != "zeros")
    fail(fmt::format("{}: only 'zeros' padding mode is supported, not {}", cls, h.repr(mode)));
  size_t dims = size_t(cls[cls.size() - 2] - '0'); // torch.nn.ConvTranspose<dims>d
  ops::Op op = dims == 1   ? ops::Op::conv_transpose1d
               : dims == 2 ? ops::Op::conv_transpose2d
                           : ops::Op::conv_transpose3d;
  Value input = a[0], weight = getattr(m, "weight"), stride = getattr(m, "stride"),
        padding = getattr(m, "padding"), dilation = getattr(m, "dilation");
  Value output_padding;
  if (a[1]) rely(a[1]);
  if (!a[1] || h.is(a[1], Kind::None)) {
    output_padding = getattr(m, "output_padding");
  } else {
    if (!h.is(input, Kind::Tensor)) fail(fmt::format("{}: input must be a tensor", cls));
    rely_meta(input);
    const std::vector<int64_t> &in = h.meta(h.current(input)).shape;
    std::vector<Value> size = iterate(a[1]);
    size_t leading = in.size() == dims + 2 ? 2 : 1;
    if (size.size() == leading + dims) size.erase(size.begin(), size.begin() + leading);
    if (size.size() != dims || in.size() < leading + dims)
      fail(fmt::format("{}: output_size must have {} or {} elements (got {})", cls, dims,
                       dims + leading, size.size()));
    auto ints = [&](Value v, const char *what) {
      std::vector<Value> items = iterate(v);
      if (items.size() != dims)
        fail(fmt::format("{}: {} has {} values, not {}", cls, what, items.size(), dims));
      return items;
    };
    std::vector<Value> st = ints(stride, "stride"), pd = ints(padding, "padding"),
                       dl = ints(dilation, "dilation"),
                       ks = ints(getattr(m, "kernel_size"), "kernel_size");
    std::vector<Value> pads;
    for (size_t d = 0; d < dims; ++d) {
      int64_t s = to_int(st[d], "stride");
      int64_t least = (in[d + leading] - 1) * s - 2 * to_int(pd[d], "padding") +
                      to_int(dl[d], "dilation") * (to_int(ks[d], "kernel_size") - 1) + 1;
      int64_t want = to_int(size[d], "output_size");
      if (want < least || want > least + s - 1)
        fail(fmt::format("{}: requested an output size of {}, but valid sizes range from {} to "
                         "{} (for an input of {})",
                         cls, want, least, least + s - 1, in[d + leading]));
      pads.push_back(num(want - least));
    }
    output_padding = h.list(std::move(pads), kComputed);
  }
  return tensor_op(op,
                   {input, weight, getattr(m, "bias"), stride, padding, output_padding,
                    getattr(m, "groups"), dilation},
                   {});
}

// The built-in modules' forwards, by kind: a class's row is looked up once, when the interpreter
// first meets the class (ClassInfo::nn), and each call switches on its kind.
enum class Nn : uint8_t {
  Embedding,
  Conv,
  ConvTranspose,
  Pad,
  Attrs,
  Upsample,
  BatchNorm,
  Dropout,
  Activation,
  GELU,
  Identity,
  Softmax,
  MultiheadAttention,
  Sequential
};
struct NnRow {
  std::string_view cls;
  Nn kind;
  ops::Op op = ops::Op::linear;
  // Attrs: the op's operands after the input, the module's attributes of these names.
  // Activation: the attributes passed on (the module's `inplace` says which form). Pad: the mode.
  std::array<const char *, 7> attrs = {};
};

namespace {
using ops::Op;
constexpr NnRow kNnRows[] = {
    {"torch.nn.Linear", Nn::Attrs, Op::linear, {"weight", "bias"}},
    {"torch.nn.modules.linear.NonDynamicallyQuantizableLinear",
     Nn::Attrs,
     Op::linear,
     {"weight", "bias"}},
    {"torch.nn.Embedding", Nn::Embedding},
    {"torch.nn.Conv1d", Nn::Conv, Op::conv1d},
    {"torch.nn.Conv2d", Nn::Conv, Op::conv2d},
    {"torch.nn.Conv3d", Nn::Conv, Op::conv3d},
    {"torch.nn.ConvTranspose1d", Nn::ConvTranspose, Op::conv_transpose1d},
    {"torch.nn.ConvTranspose2d", Nn::ConvTranspose, Op::conv_transpose2d},
    {"torch.nn.ConvTranspose3d", Nn::ConvTranspose, Op::conv_transpose3d},
    {"torch.nn.MaxPool1d",
     Nn::Attrs,
     Op::max_pool1d,
     {"kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"}},
    {"torch.nn.MaxPool2d",
     Nn::Attrs,
     Op::max_pool2d,
     {"kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"}},
    {"torch.nn.AvgPool1d",
     Nn::Attrs,
     Op::avg_pool1d,
     {"kernel_size", "stride", "padding", "ceil_mode", "count_include_pad"}},
    {"torch.nn.AvgPool2d",
     Nn::Attrs,
     Op::avg_pool2d,
     {"kernel_size", "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override"}},
    {"torch.nn.AdaptiveAvgPool1d", Nn::Attrs, Op::adaptive_avg_pool1d, {"output_size"}},
    {"torch.nn.AdaptiveAvgPool2d", Nn::Attrs, Op::adaptive_avg_pool2d, {"output_size"}},
    // The padding modules: F.pad by their `padding` (2 ints per padded dim, last dim first).
    {"torch.nn.ZeroPad2d", Nn::Pad, Op::pad, {"constant"}},
    {"torch.nn.ConstantPad1d", Nn::Pad, Op::pad, {"constant"}},
    {"torch.nn.ConstantPad2d", Nn::Pad, Op::pad, {"constant"}},
    {"torch.nn.ConstantPad3d", Nn::Pad, Op::pad, {"constant"}},
    {"torch.nn.ReflectionPad1d", Nn::Pad, Op::pad, {"reflect"}},
    {"torch.nn.ReflectionPad2d", Nn::Pad, Op::pad, {"reflect"}},
    {"torch.nn.ReflectionPad3d", Nn::Pad, Op::pad, {"reflect"}},
    {"torch.nn.ReplicationPad1d", Nn::Pad, Op::pad, {"replicate"}},
    {"torch.nn.ReplicationPad2d", Nn::Pad, Op::pad, {"replicate"}},
    {"torch.nn.ReplicationPad3d", Nn::Pad, Op::pad, {"replicate"}},
    {"torch.nn.PReLU", Nn::Attrs, Op::prelu, {"weight"}},
    {"torch.nn.PixelShuffle", Nn::Attrs, Op::pixel_shuffle, {"upscale_factor"}},
    {"torch.nn.PixelUnshuffle", Nn::Attrs, Op::pixel_unshuffle, {"downscale_factor"}},
    {"torch.nn.Unflatten", Nn::Attrs, Op::unflatten, {"dim", "unflattened_size"}},
    {"torch.nn.Upsample", Nn::Upsample, Op::interpolate},
    {"torch.nn.Flatten", Nn::Attrs, Op::flatten, {"start_dim", "end_dim"}},
    {"torch.nn.GroupNorm", Nn::Attrs, Op::group_norm, {"num_groups", "weight", "bias", "eps"}},
    {"torch.nn.BatchNorm1d", Nn::BatchNorm, Op::batch_norm},
    {"torch.nn.BatchNorm2d", Nn::BatchNorm, Op::batch_norm},
    {"torch.nn.BatchNorm3d", Nn::BatchNorm, Op::batch_norm},
    {"torch.nn.LayerNorm",
     Nn::Attrs,
     Op::layer_norm,
     {"normalized_shape", "weight", "bias", "eps"}},
    {"torch.nn.Dropout", Nn::Dropout, Op::dropout},
    {"torch.nn.ReLU", Nn::Activation, Op::relu},
    {"torch.nn.SiLU", Nn::Activation, Op::silu},
    {"torch.nn.Mish", Nn::Activation, Op::mish},
    {"torch.nn.Hardswish", Nn::Activation, Op::hardswish},
    {"torch.nn.Hardsigmoid", Nn::Activation, Op::hardsigmoid},
    {"torch.nn.LeakyReLU", Nn::Activation, Op::leaky_relu, {"negative_slope"}},
    {"torch.nn.ELU", Nn::Activation, Op::elu, {"alpha"}},
    {"torch.nn.Hardtanh", Nn::Activation, Op::hardtanh, {"min_val", "max_val"}},
    {"torch.nn.ReLU6", Nn::Activation, Op::hardtanh, {"min_val", "max_val"}}, // Hardtanh(0, 6)
    {"torch.nn.GELU", Nn::GELU, Op::gelu},
    {"torch.nn.Softplus", Nn::Attrs, Op::softplus, {"beta", "threshold"}},
    {"torch.nn.Tanh", Nn::Attrs, Op::tanh},
    {"torch.nn.Sigmoid", Nn::Attrs, Op::sigmoid},
    {"torch.nn.Identity", Nn::Identity},
    {"torch.nn.Softmax", Nn::Softmax, Op::softmax},
    {"torch.nn.LogSoftmax", Nn::Softmax, Op::log_softmax},
    {"torch.nn.MultiheadAttention", Nn::MultiheadAttention},
    {"torch.nn.Sequential", Nn::Sequential},
};

} // namespace

const NnRow *nn_row(std::string_view builtin_cls) {
  for (const NnRow &r : kNnRows)
    if (r.cls == builtin_cls) return &r;
  return nullptr;
}

Value Interpreter::nn_forward(const ClassInfo &info, Value m, Args &args, Kwargs &kwargs) {
  const std::string &cls = info.builtin_base;
  auto attr = [&](const char *name) { return getattr(m, name); };
  auto input = [&]() {
    if (args.size() == 1 && kwargs.empty()) return args[0];
    if (args.empty() && kwargs.size() == 1 && kwargs[0].first == "input") return kwargs[0].second;
    fail(fmt::format("{}.forward() takes one argument, input", cls));
  };
  auto flag = [&](const char *name) { return truth(attr(name)); };
  const NnRow *row = info.nn;
  if (!row)
    fail(fmt::format(
        "{} has no forward that thunderc knows; declare the class with a forward method",
        py_str(cls)));
  switch (row->kind) {
  case Nn::Attrs: {
    Args operands;
    operands.reserve(1 + row->attrs.size());
    operands.push_back(input());
    for (const char *name : row->attrs)
      if (name) operands.push_back(attr(name));
    return tensor_op(row->op, std::move(operands), {});
  }
  case Nn::Embedding: {
    Value x = input();
    Value max_norm = attr("max_norm");
    if (!h.is(max_norm, Kind::None)) {
      rely(max_norm);
      fail("torch.nn.Embedding with max_norm renormalises its weight in place; not supported");
    }
    return tensor_op(Op::embedding,
                     {x, attr("weight"), attr("padding_idx"), max_norm, attr("norm_type"),
                      attr("scale_grad_by_freq"), attr("sparse")},
                     {});
  }
  case Nn::Conv: {
    Value x = input();
    Value mode = attr("padding_mode");
    rely(mode);
    std::string_view m_mode = h.is(mode, Kind::Str) ? h.as_str(mode) : "";
    if (m_mode != "zeros" && m_mode != "reflect" && m_mode != "replicate" && m_mode != "circular")
      fail(fmt::format("{}: padding_mode must be 'zeros', 'reflect', 'replicate' or 'circular', "
                       "not {}",
                       cls, h.repr(mode)));
    size_t dims = size_t(cls[cls.size() - 2] - '0'); // torch.nn.Conv<dims>d
    Value weight = attr("weight"), padding = attr("padding");
    if (m_mode != "zeros") { // _conv_forward: F.pad the input, then convolve without padding
      x = tensor_op(Op::pad, {x, conv_pads(m, weight, padding, dims), mode}, {});
      padding = h.tuple(std::vector<Value>(dims, num(0)), kComputed);
    }
    return tensor_op(
        row->op,
        {x, weight, attr("bias"), attr("stride"), padding, attr("dilation"), attr("groups")}, {});
  }
  case Nn::ConvTranspose:
    return conv_transpose(cls, m, args, kwargs);
  case Nn::Pad: {
    std::string_view mode = row->attrs[0];
    Args operands = {input(), attr("padding"), h.str(mode, kComputed)};
    if (mode == "constant") operands.push_back(attr("value"));
    return tensor_op(Op::pad, std::move(operands), {});
  }
  case Nn::Upsample:
    return tensor_op(
        Op::interpolate,
        {input(), attr("size"), attr("scale_factor"), attr("mode"), attr("align_corners")},
        {{"recompute_scale_factor", attr("recompute_scale_factor")}});
  case Nn::BatchNorm: {
    Value x = input();
    if (h.is(x, Kind::Tensor)) { // _check_input_dim
      rely_meta(x);
      size_t ndim = h.meta(h.current(x)).shape.size(), want = cls[cls.size() - 2] - '0' + 2;
      if (ndim != want && !(want == 3 && ndim == 2))
        fail(fmt::format("{} expected {} input, got {}D input", cls,
                         want == 3 ? "2D or 3D" : std::to_string(want) + "D", ndim));
    }
    Value momentum = attr("momentum");
    if (h.is(momentum, Kind::None)) {
      rely(momentum);
      momentum = h.floating(0.0, kComputed);
    }
    if (flag("training"))
      fail(fmt::format("{} in training mode updates its running statistics in place; trace the "
                       "model in eval mode (training=False)",
                       cls));
    Value mean = attr("running_mean"), var = attr("running_var");
    rely(mean);
    rely(var);
    bool batch_stats = h.is(mean, Kind::None) && h.is(var, Kind::None);
    return tensor_op(Op::batch_norm,
                     {x, mean, var, attr("weight"), attr("bias"), h.boolean(batch_stats, kComputed),
                      momentum, attr("eps")},
                     {});
  }
  case Nn::Dropout: { // F.dropout(input, p, training, inplace)
    Value x = input();
    Value p_value = attr("p");
    // In eval mode the input itself, whatever `inplace` says; in training mode dropout draws its
    // mask when the traces run.
    if (!flag("training") || to_float(p_value, "Dropout.p") == 0) return x;
    return tensor_op(Op::dropout, {x, p_value, h.boolean(true, kComputed), attr("inplace")}, {});
  }
  case Nn::Activation: { // the module's `inplace` attribute chooses the form
    Args operands = {input()};
    for (const char *name : row->attrs)
      if (name) operands.push_back(attr(name));
    return flag("inplace") ? inplace_op(row->op, operands, {}) : tensor_op(row->op, operands, {});
  }
  case Nn::GELU: {
    Value x = input();
    return tensor_op(Op::gelu, {x}, {{"approximate", attr("approximate")}});
  }
  case Nn::Identity:
    return input();
  case Nn::Softmax: {
    Value x = input();
    Value dim = attr("dim");
    if (h.is(dim, Kind::None) && h.is(x, Kind::Tensor)) {
      // torch 1.13's _get_softmax_dim (with a deprecation warning): 0 for 0-, 1- and 3-d inputs
      rely(dim);
      rely_meta(x);
      size_t ndim = h.meta(h.current(x)).shape.size();
      dim = num(ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1);
    }
    return tensor_op(row->op, {x, dim}, {});
  }
  case Nn::MultiheadAttention:
    return multihead_attention(m, args, kwargs);
  case Nn::Sequential: {
    Value x = input();
    for (Value sub : iterate(m))
      x = module_call(sub, {x}, {});
    return x;
  }
  }
  internal_error("a built-in module kind without a forward", __FILE__, __LINE__);
}

// torch.nn.MultiheadAttention.forward with F.multi_head_attention_forward, as PyTorch 2's Python
// code computes it (without bias_k, bias_v and add_zero_attn; its eval-mode fast path
// gives the same values), op for op: boolean masks become float masks of -inf, the packed input
// projection is one linear when query, key and value are one tensor, and the attention is bmm and
// softmax when the weights are returned, scaled_dot_product_attention when they are not.
Value Interpreter::multihead_attention(Value m, Args &args, Kwargs &kwargs) {
  using ops::Op;
  static constexpr std::string_view names[] = {"query",
                                               "key",
                                               "value",
                                               "key_padding_mask",
                                               "need_weights",
                                               "attn_mask",
                                               "average_attn_weights",
                                               "is_causal"};
  std::vector<Value> a = bind_arguments("MultiheadAttention.forward()", names, 3, args, kwargs);
  Value query = a[0], key = a[1], value = a[2];
  Value key_padding_mask = a[3] ? a[3] : h.none(), attn_mask = a[5] ? a[5] : h.none();
  bool need_weights = !a[4] || truth(a[4]), average = !a[6] || truth(a[6]);
  bool is_causal = a[7] && truth(a[7]);

  auto op = [&](Op o, Args xs, const Kwargs &kw = {}) { return tensor_op(o, std::move(xs), kw); };
  auto item = [&](Value seq, size_t i) { return h.items(seq)[i]; };
  auto tuple = [&](std::initializer_list<int64_t> xs) {
    std::vector<Value> items;
    for (int64_t x : xs)
      items.push_back(num(x));
    return h.tuple(std::move(items), kComputed);
  };
  auto shape = [&](Value t, const char *what) -> std::vector<int64_t> {
    if (!h.is(t, Kind::Tensor))
      fail(
          fmt::format("torch.nn.MultiheadAttention: {} must be a tensor, not {}", what, h.repr(t)));
    rely_meta(t);
    return h.meta(h.current(t)).shape;
  };
  auto is_none = [&](Value v) {
    rely_none(v);
    return h.is(v, Kind::None);
  };
  auto same = [&](Value x, Value y) { // Python's `is`
    rely_identity(x, y, x == y);
    return x == y;
  };

  std::vector<int64_t> q_shape = shape(query, "query");
  Value dtype = h.dtype(h.meta(h.current(query)).dtype, kComputed);
  // F._canonical_mask: a boolean mask becomes 0 where it is false and -inf where it is true.
  auto canonical = [&](Value mask, const char *name) {
    if (is_none(mask)) return mask;
    shape(mask, name);
    DType d = h.meta(h.current(mask)).dtype;
    if (d == DType::Bool)
      return op(Op::masked_fill, {op(Op::zeros_like, {mask}, {{"dtype", dtype}}), mask,
                                  h.floating(-INFINITY, kComputed)});
    if (!is_floating(d))
      fail(fmt::format("torch.nn.MultiheadAttention: only bool and floating types of {} are "
                       "supported, not {}",
                       name, dtype_name(d)));
    return mask;
  };
  key_padding_mask = canonical(key_padding_mask, "key_padding_mask");
  attn_mask = canonical(attn_mask, "attn_mask");

  // F._mha_shape_check
  size_t qdim = q_shape.size();
  if (qdim != 2 && qdim != 3)
    fail(fmt::format("torch.nn.MultiheadAttention: query should be unbatched 2D or batched 3D "
                     "tensor but received {}-D query "
                     "tensor",
                     qdim));
  bool batched = qdim == 3;
  const char *form = batched ? "batched (3-D)" : "unbatched (2-D)";
  for (auto [t, what] : {std::pair{key, "key"}, std::pair{value, "value"}})
    if (size_t n = shape(t, what).size(); n != qdim)
      fail(fmt::format("torch.nn.MultiheadAttention: For {} `query`, expected `{}` to be {}-D but "
                       "received {}-D tensor",
                       form, what, qdim, n));
  if (!h.is(key_padding_mask, Kind::None))
    if (size_t n = shape(key_padding_mask, "key_padding_mask").size(); n != qdim - 1)
      fail(fmt::format("torch.nn.MultiheadAttention: For {} `query`, expected `key_padding_mask` "
                       "to be `None` or {}-D but "
                       "received {}-D tensor",
                       form, qdim - 1, n));
  if (!h.is(attn_mask, Kind::None)) {
    std::vector<int64_t> s = shape(attn_mask, "attn_mask");
    if (s.size() != 2 && s.size() != 3)
      fail(fmt::format("torch.nn.MultiheadAttention: For {} `query`, expected `attn_mask` to be "
                       "`None`, 2-D or 3-D but "
                       "received {}-D tensor",
                       form, s.size()));
  }

  if (truth(getattr(m, "batch_first")) && batched) {
    if (same(key, value)) {
      if (same(query, key)) {
        query = key = value = op(Op::transpose, {query, num(1), num(0)});
      } else {
        query = op(Op::transpose, {query, num(1), num(0)});
        key = value = op(Op::transpose, {key, num(1), num(0)});
      }
    } else {
      query = op(Op::transpose, {query, num(1), num(0)});
      key = op(Op::transpose, {key, num(1), num(0)});
      value = op(Op::transpose, {value, num(1), num(0)});
    }
  }

  // F.multi_head_attention_forward
  if (!batched) {
    query = op(Op::unsqueeze, {query, num(1)});
    key = op(Op::unsqueeze, {key, num(1)});
    value = op(Op::unsqueeze, {value, num(1)});
    if (!h.is(key_padding_mask, Kind::None))
      key_padding_mask = op(Op::unsqueeze, {key_padding_mask, num(0)});
  }
  std::vector<int64_t> qs = shape(query, "query"), ks = shape(key, "key"),
                       vs = shape(value, "value");
  int64_t tgt_len = qs[0], bsz = qs[1], embed_dim = qs[2], src_len = ks[0];
  int64_t embed_to_check = to_int(getattr(m, "embed_dim"), "MultiheadAttention.embed_dim");
  int64_t heads = to_int(getattr(m, "num_heads"), "MultiheadAttention.num_heads");
  if (embed_dim != embed_to_check)
    fail(fmt::format("torch.nn.MultiheadAttention: was expecting embedding dimension of {}, but "
                     "got {} (the last dim of query must be the module's embed_dim)",
                     embed_to_check, embed_dim));
  if (heads <= 0)
    fail(fmt::format("torch.nn.MultiheadAttention: num_heads must be positive, not {}", heads));
  int64_t head_dim = embed_dim / heads;
  if (head_dim * heads != embed_dim)
    fail(fmt::format("torch.nn.MultiheadAttention: embed_dim {} not divisible by num_heads {}",
                     embed_dim, heads));
  bool packed = truth(getattr(m, "_qkv_same_embed_dim"));
  if (packed ? ks != vs : !std::equal(ks.begin(), ks.begin() + 2, vs.begin()))
    fail(fmt::format("torch.nn.MultiheadAttention: key shape {} does not match value shape {}",
                     shape_str(ks), shape_str(vs)));
  if (is_causal && is_none(attn_mask))
    fail("torch.nn.MultiheadAttention: need attn_mask if specifying the is_causal hint (the "
         "causal mask, such as torch.nn.Transformer.generate_square_subsequent_mask(n))");
  if (is_causal && h.is(key_padding_mask, Kind::None) && !need_weights) {
    attn_mask = h.none(); // scaled_dot_product_attention's is_causal does it
  } else if (!h.is(key_padding_mask, Kind::None)) {
    is_causal = false;
  }
  if (!is_none(getattr(m, "bias_k")) || !is_none(getattr(m, "bias_v")))
    fail("torch.nn.MultiheadAttention with add_bias_kv=True is not supported");
  if (truth(getattr(m, "add_zero_attn")))
    fail("torch.nn.MultiheadAttention with add_zero_attn=True is not supported");
  // Training: dropout on the attention weights (drawn when the traces run, as F.dropout's).
  Value dropout_p = truth(getattr(m, "training")) ? getattr(m, "dropout") : h.floating(0.0);
  bool dropout = to_float(dropout_p, "MultiheadAttention.dropout") > 0;

  // The input projections (F._in_projection_packed, F._in_projection).
  Value bias = packed ? getattr(m, "in_proj_bias") : h.none();
  Value q, k, v;
  if (packed) {
    Value w = getattr(m, "in_proj_weight");
    auto unpack = [&](Value proj, int64_t n) { // proj.unflatten(-1, (n, E)) ... .contiguous()
      proj = op(Op::unflatten, {proj, num(-1), tuple({n, embed_dim})});
      proj = op(Op::unsqueeze, {proj, num(0)});
      proj = op(Op::transpose, {proj, num(0), num(-2)});
      proj = op(Op::squeeze, {proj, num(-2)});
      return op(Op::contiguous, {proj});
    };
    if (same(key, value) && same(query, key)) {
      Value proj = unpack(op(Op::linear, {query, w, bias}), 3);
      q = op(Op::getitem, {proj, num(0)});
      k = op(Op::getitem, {proj, num(1)});
      v = op(Op::getitem, {proj, num(2)});
    } else if (same(key, value)) {
      Value sizes = h.list({num(embed_dim), num(embed_dim * 2)}, kComputed);
      Value ws = op(Op::split, {w, sizes});
      Value bs = is_none(bias) ? Value{} : op(Op::split, {bias, sizes});
      q = op(Op::linear, {query, item(ws, 0), bs ? item(bs, 0) : h.none()});
      Value kv = unpack(op(Op::linear, {key, item(ws, 1), bs ? item(bs, 1) : h.none()}), 2);
      k = op(Op::getitem, {kv, num(0)});
      v = op(Op::getitem, {kv, num(1)});
    } else {
      Value ws = op(Op::chunk, {w, num(3)});
      Value bs = is_none(bias) ? Value{} : op(Op::chunk, {bias, num(3)});
      q = op(Op::linear, {query, item(ws, 0), bs ? item(bs, 0) : h.none()});
      k = op(Op::linear, {key, item(ws, 1), bs ? item(bs, 1) : h.none()});
      v = op(Op::linear, {value, item(ws, 2), bs ? item(bs, 2) : h.none()});
    }
  } else {
    bias = getattr(m, "in_proj_bias");
    Value bs = is_none(bias) ? Value{} : op(Op::chunk, {bias, num(3)});
    q = op(Op::linear, {query, getattr(m, "q_proj_weight"), bs ? item(bs, 0) : h.none()});
    k = op(Op::linear, {key, getattr(m, "k_proj_weight"), bs ? item(bs, 1) : h.none()});
    v = op(Op::linear, {value, getattr(m, "v_proj_weight"), bs ? item(bs, 2) : h.none()});
  }

  if (!h.is(attn_mask, Kind::None)) {
    std::vector<int64_t> s = shape(attn_mask, "attn_mask");
    std::vector<int64_t> want = s.size() == 2 ? std::vector<int64_t>{tgt_len, src_len}
                                              : std::vector<int64_t>{bsz * heads, tgt_len, src_len};
    if (s != want)
      fail(fmt::format(
          "torch.nn.MultiheadAttention: The shape of the {}D attn_mask is {}, but should be {}.",
          s.size(), shape_str(s), shape_str(want)));
    if (s.size() == 2) attn_mask = op(Op::unsqueeze, {attn_mask, num(0)});
  }
  q = op(Op::transpose,
         {op(Op::view, {q, tuple({tgt_len, bsz * heads, head_dim})}), num(0), num(1)});
  k = op(Op::transpose, {op(Op::view, {k, tuple({ks[0], bsz * heads, head_dim})}), num(0), num(1)});
  v = op(Op::transpose, {op(Op::view, {v, tuple({vs[0], bsz * heads, head_dim})}), num(0), num(1)});
  if (!h.is(key_padding_mask, Kind::None)) {
    std::vector<int64_t> s = shape(key_padding_mask, "key_padding_mask");
    if (s != std::vector<int64_t>{bsz, src_len})
      fail(fmt::format(
          "torch.nn.MultiheadAttention: expecting key_padding_mask shape of [{}, {}], but got {}",
          bsz, src_len, shape_str(s)));
    Value kpm = op(Op::view, {key_padding_mask, tuple({bsz, 1, 1, src_len})});
    kpm = op(Op::expand, {kpm, tuple({-1, heads, -1, -1})});
    kpm = op(Op::reshape, {kpm, tuple({bsz * heads, 1, src_len})});
    attn_mask = h.is(attn_mask, Kind::None) ? kpm : op(Op::add, {attn_mask, kpm});
  }

  Value out, weights = h.none();
  if (need_weights) {
    Value scaled = op(Op::mul, {q, h.floating(std::sqrt(1.0 / double(head_dim)), kComputed)});
    Value kt = op(Op::transpose, {k, num(-2), num(-1)});
    weights = h.is(attn_mask, Kind::None) ? op(Op::bmm, {scaled, kt})
                                          : op(Op::baddbmm, {attn_mask, scaled, kt});
    weights = op(Op::softmax, {weights, num(-1)});
    if (dropout) weights = op(Op::dropout, {weights}, {{"p", dropout_p}});
    out = op(Op::bmm, {weights, v});
    out = op(Op::contiguous, {op(Op::transpose, {out, num(0), num(1)})});
    out = op(Op::view, {out, tuple({tgt_len * bsz, embed_dim})});
  } else {
    if (!h.is(attn_mask, Kind::None)) {
      std::vector<int64_t> s = h.meta(h.current(attn_mask)).shape;
      attn_mask = s[0] == 1 && s.size() == 3
                      ? op(Op::unsqueeze, {attn_mask, num(0)})
                      : op(Op::view, {attn_mask, tuple({bsz, heads, -1, src_len})});
    }
    q = op(Op::view, {q, tuple({bsz, heads, tgt_len, head_dim})});
    k = op(Op::view, {k, tuple({bsz, heads, src_len, head_dim})});
    v = op(Op::view, {v, tuple({bsz, heads, src_len, head_dim})});
    out = op(Op::scaled_dot_product_attention,
             {q, k, v, attn_mask, dropout_p, h.boolean(is_causal, kComputed)});
    out = op(Op::contiguous, {op(Op::permute, {out, tuple({2, 0, 1, 3})})});
    out = op(Op::view, {out, tuple({bsz * tgt_len, embed_dim})});
  }
  Value proj = getattr(m, "out_proj");
  out = op(Op::linear, {out, getattr(proj, "weight"), getattr(proj, "bias")});
  out = op(Op::view, {out, tuple({tgt_len, bsz, shape(out, "out_proj's output")[1]})});
  if (need_weights) {
    weights = op(Op::view, {weights, tuple({bsz, heads, tgt_len, src_len})});
    if (average) weights = op(Op::mean, {weights}, {{"dim", num(1)}});
  }
  if (!batched) {
    out = op(Op::squeeze, {out, num(1)});
    if (need_weights) weights = op(Op::squeeze, {weights, num(0)});
  } else if (truth(getattr(m, "batch_first"))) {
    out = op(Op::transpose, {out, num(1), num(0)});
  }
  return h.tuple({out, weights}, new_record());
}

} // namespace thunderc::interp
