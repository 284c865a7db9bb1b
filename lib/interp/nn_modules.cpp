// Forward of the built-in torch.nn modules, through the op catalogue. Every attribute PyTorch's
// forward reads (weight, bias, eps, normalized_shape, padding_idx, approximate, inplace, ...) is
// read like a program read, so input modules get guards for them (a missing bias is guarded None).
#include "interp/interpreter.h"

#include "support/text.h"

#include <fmt/format.h>

namespace thunderc::interp {

Value Interpreter::nn_forward(const std::string &cls, Value m, Args &args, Kwargs &kwargs) {
  auto attr = [&](const char *name) { return getattr(m, name); };
  auto input = [&]() {
    if (args.size() == 1 && kwargs.empty()) return args[0];
    if (args.empty() && kwargs.size() == 1 && kwargs[0].first == "input") return kwargs[0].second;
    fail(fmt::format("{}.forward() takes one argument, input", cls));
  };
  auto flag = [&](const char *name) { return truth(attr(name)); };
  using ops::Op;
  if (cls == "torch.nn.Linear")
    return tensor_op(Op::linear, {input(), attr("weight"), attr("bias")}, {});
  if (cls == "torch.nn.Embedding") {
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
  if (cls == "torch.nn.Conv1d" || cls == "torch.nn.Conv2d" || cls == "torch.nn.Conv3d") {
    Value x = input();
    Value mode = attr("padding_mode"); // others pad the input first; not supported yet
    rely(mode);
    if (!h.is(mode, Kind::Str) || h.as_str(mode) != "zeros")
      fail(fmt::format("{} with padding_mode {} is not supported; only 'zeros' is", cls,
                       h.repr(mode)));
    char dims = cls[cls.size() - 2]; // torch.nn.Conv<dims>d
    Op op = dims == '1' ? Op::conv1d : dims == '2' ? Op::conv2d : Op::conv3d;
    return tensor_op(op,
                     {x, attr("weight"), attr("bias"), attr("stride"), attr("padding"),
                      attr("dilation"), attr("groups")},
                     {});
  }
  if (cls == "torch.nn.MaxPool2d")
    return tensor_op(Op::max_pool2d,
                     {input(), attr("kernel_size"), attr("stride"), attr("padding"),
                      attr("dilation"), attr("ceil_mode"), attr("return_indices")},
                     {});
  if (cls == "torch.nn.AvgPool2d")
    return tensor_op(Op::avg_pool2d,
                     {input(), attr("kernel_size"), attr("stride"), attr("padding"),
                      attr("ceil_mode"), attr("count_include_pad"), attr("divisor_override")},
                     {});
  if (cls == "torch.nn.AdaptiveAvgPool1d")
    return tensor_op(Op::adaptive_avg_pool1d, {input(), attr("output_size")}, {});
  if (cls == "torch.nn.AdaptiveAvgPool2d")
    return tensor_op(Op::adaptive_avg_pool2d, {input(), attr("output_size")}, {});
  if (cls == "torch.nn.Flatten")
    return tensor_op(Op::flatten, {input(), attr("start_dim"), attr("end_dim")}, {});
  if (cls == "torch.nn.GroupNorm")
    return tensor_op(Op::group_norm,
                     {input(), attr("num_groups"), attr("weight"), attr("bias"), attr("eps")}, {});
  if (cls == "torch.nn.BatchNorm1d" || cls == "torch.nn.BatchNorm2d" ||
      cls == "torch.nn.BatchNorm3d") {
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
  if (cls == "torch.nn.LayerNorm")
    return tensor_op(Op::layer_norm,
                     {input(), attr("normalized_shape"), attr("weight"), attr("bias"), attr("eps")},
                     {});
  if (cls == "torch.nn.Dropout") {
    Value x = input();
    Value p_value = attr("p");
    bool training = flag("training"); // in eval mode the input itself, whatever `inplace` says
    if (training && to_float(p_value, "Dropout.p") > 0)
      fail("torch.nn.Dropout in training mode draws random numbers; trace the model in eval mode "
           "(training=False)");
    return x;
  }
  // Activations with an `inplace` attribute, and the attribute each passes on, if any.
  static constexpr struct {
    std::string_view cls;
    Op op;
    const char *param;
  } activations[] = {{"torch.nn.ReLU", Op::relu, nullptr},
                     {"torch.nn.SiLU", Op::silu, nullptr},
                     {"torch.nn.Mish", Op::mish, nullptr},
                     {"torch.nn.LeakyReLU", Op::leaky_relu, "negative_slope"},
                     {"torch.nn.ELU", Op::elu, "alpha"}};
  for (const auto &a : activations) {
    if (cls != a.cls) continue;
    Args operands = {input()};
    if (a.param) operands.push_back(attr(a.param));
    return flag("inplace") ? inplace_op(a.op, operands, {}) : tensor_op(a.op, operands, {});
  }
  if (cls == "torch.nn.GELU") {
    Value x = input();
    return tensor_op(Op::gelu, {x}, {{"approximate", attr("approximate")}});
  }
  if (cls == "torch.nn.Softplus")
    return tensor_op(Op::softplus, {input(), attr("beta"), attr("threshold")}, {});
  if (cls == "torch.nn.Tanh") return tensor_op(Op::tanh, {input()}, {});
  if (cls == "torch.nn.Sigmoid") return tensor_op(Op::sigmoid, {input()}, {});
  if (cls == "torch.nn.Identity") return input();
  if (cls == "torch.nn.Softmax") {
    Value x = input();
    Value dim = attr("dim");
    if (h.is(dim, Kind::None) && h.is(x, Kind::Tensor)) {
      // torch 1.13's _get_softmax_dim (with a deprecation warning): 0 for 0-, 1- and 3-d inputs
      rely(dim);
      rely_meta(x);
      size_t ndim = h.meta(h.current(x)).shape.size();
      dim = num(ndim == 0 || ndim == 1 || ndim == 3 ? 0 : 1);
    }
    return tensor_op(Op::softmax, {x, dim}, {});
  }
  if (cls == "torch.nn.Sequential") {
    Value x = input();
    for (Value sub : iterate(m))
      x = module_call(sub, {x}, {});
    return x;
  }
  fail(fmt::format("{} has no forward that thunderc knows; declare the class with a forward method",
                   py_str(cls)));
}

} // namespace thunderc::interp
