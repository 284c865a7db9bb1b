#include "values/module_defaults.h"

#include <map>

namespace thunderc {

const std::vector<ModuleDefault> &module_defaults(const std::string &cls) {
  using K = ModuleDefault::Kind;
  static const ModuleDefault training{K::Bool, "training", Slot::Attr};
  static const ModuleDefault inplace{K::Bool, "inplace", Slot::Attr};
  static const std::vector<ModuleDefault> max_pool = {training,
                                                      {K::Int, "padding", Slot::Attr, 0},
                                                      {K::Int, "dilation", Slot::Attr, 1},
                                                      {K::Bool, "return_indices", Slot::Attr},
                                                      {K::Bool, "ceil_mode", Slot::Attr}};
  static const std::map<std::string, std::vector<ModuleDefault>> table = {
      {"torch.nn.Linear", {training, {K::None, "bias", Slot::Parameter}}},
      {"torch.nn.modules.linear.NonDynamicallyQuantizableLinear",
       {training, {K::None, "bias", Slot::Parameter}}},
      {"torch.nn.MultiheadAttention",
       {training,
        {K::None, "in_proj_bias", Slot::Parameter},
        {K::None, "bias_k", Slot::Attr}, // plain attributes when None, as PyTorch sets them
        {K::None, "bias_v", Slot::Attr},
        {K::Bool, "add_zero_attn", Slot::Attr},
        {K::Float, "dropout", Slot::Attr, 0.0},
        {K::Bool, "batch_first", Slot::Attr},
        {K::Bool, "_qkv_same_embed_dim", Slot::Attr, 1}}},
      {"torch.nn.Embedding",
       {training,
        {K::None, "padding_idx", Slot::Attr},
        {K::None, "max_norm", Slot::Attr},
        {K::Float, "norm_type", Slot::Attr, 2.0},
        {K::Bool, "scale_grad_by_freq", Slot::Attr},
        {K::Bool, "sparse", Slot::Attr}}},
      {"torch.nn.LayerNorm",
       {training,
        {K::None, "weight", Slot::Parameter},
        {K::None, "bias", Slot::Parameter},
        {K::Float, "eps", Slot::Attr, 1e-5},
        {K::WeightShape, "normalized_shape", Slot::Attr}}},
      {"torch.nn.GroupNorm",
       {training,
        {K::None, "weight", Slot::Parameter},
        {K::None, "bias", Slot::Parameter},
        {K::Float, "eps", Slot::Attr, 1e-5}}},
      {"torch.nn.MaxPool1d", max_pool},
      {"torch.nn.MaxPool2d", max_pool},
      {"torch.nn.AvgPool1d",
       {training,
        {K::Int, "padding", Slot::Attr, 0},
        {K::Bool, "ceil_mode", Slot::Attr},
        {K::Bool, "count_include_pad", Slot::Attr, 1}}},
      {"torch.nn.AvgPool2d",
       {training,
        {K::Int, "padding", Slot::Attr, 0},
        {K::Bool, "ceil_mode", Slot::Attr},
        {K::Bool, "count_include_pad", Slot::Attr, 1},
        {K::None, "divisor_override", Slot::Attr}}},
      {"torch.nn.Upsample",
       {training,
        {K::None, "size", Slot::Attr},
        {K::None, "scale_factor", Slot::Attr},
        {K::Str, "mode", Slot::Attr, 0, "nearest"},
        {K::None, "align_corners", Slot::Attr},
        {K::None, "recompute_scale_factor", Slot::Attr}}},
      {"torch.nn.Flatten",
       {training, {K::Int, "start_dim", Slot::Attr, 1}, {K::Int, "end_dim", Slot::Attr, -1}}},
      {"torch.nn.Dropout", {training, {K::Float, "p", Slot::Attr, 0.5}, inplace}},
      {"torch.nn.ReLU", {training, inplace}},
      {"torch.nn.SiLU", {training, inplace}},
      {"torch.nn.GELU", {training, {K::Str, "approximate", Slot::Attr, 0, "none"}}},
      {"torch.nn.Softmax", {training, {K::None, "dim", Slot::Attr}}},
      {"torch.nn.LogSoftmax", {training, {K::None, "dim", Slot::Attr}}},
      {"torch.nn.ZeroPad2d", {training, {K::Float, "value", Slot::Attr, 0.0}}},
      {"torch.nn.LeakyReLU", {training, {K::Float, "negative_slope", Slot::Attr, 0.01}, inplace}},
      {"torch.nn.ELU", {training, {K::Float, "alpha", Slot::Attr, 1.0}, inplace}},
      {"torch.nn.Mish", {training, inplace}},
      {"torch.nn.Hardswish", {training, inplace}},
      {"torch.nn.Hardsigmoid", {training, inplace}},
      {"torch.nn.Hardtanh",
       {training,
        {K::Float, "min_val", Slot::Attr, -1.0},
        {K::Float, "max_val", Slot::Attr, 1.0},
        inplace}},
      {"torch.nn.ReLU6",
       {training,
        {K::Float, "min_val", Slot::Attr, 0.0},
        {K::Float, "max_val", Slot::Attr, 6.0},
        inplace}},
      {"torch.nn.Softplus",
       {training, {K::Int, "beta", Slot::Attr, 1}, {K::Int, "threshold", Slot::Attr, 20}}},
  };
  static const std::vector<ModuleDefault> conv = {training,
                                                  {K::None, "bias", Slot::Parameter},
                                                  {K::WeightTuple, "stride", Slot::Attr, 1},
                                                  {K::WeightTuple, "padding", Slot::Attr, 0},
                                                  {K::WeightTuple, "dilation", Slot::Attr, 1},
                                                  {K::Int, "groups", Slot::Attr, 1},
                                                  {K::Str, "padding_mode", Slot::Attr, 0, "zeros"}};
  if (cls == "torch.nn.Conv1d" || cls == "torch.nn.Conv2d" || cls == "torch.nn.Conv3d") return conv;
  static const std::vector<ModuleDefault> conv_transpose = [] {
    std::vector<ModuleDefault> v = conv;
    v.push_back({K::WeightTuple, "output_padding", Slot::Attr, 0});
    return v;
  }();
  if (cls == "torch.nn.ConvTranspose1d" || cls == "torch.nn.ConvTranspose2d" ||
      cls == "torch.nn.ConvTranspose3d")
    return conv_transpose;
  static const std::vector<ModuleDefault> batch_norm = {training,
                                                        {K::None, "weight", Slot::Parameter},
                                                        {K::None, "bias", Slot::Parameter},
                                                        {K::None, "running_mean", Slot::Buffer},
                                                        {K::None, "running_var", Slot::Buffer},
                                                        {K::Float, "eps", Slot::Attr, 1e-5},
                                                        {K::Float, "momentum", Slot::Attr, 0.1}};
  if (cls == "torch.nn.BatchNorm1d" || cls == "torch.nn.BatchNorm2d" ||
      cls == "torch.nn.BatchNorm3d")
    return batch_norm;
  static const std::vector<ModuleDefault> only_training = {training};
  auto it = table.find(cls);
  return it == table.end() ? only_training : it->second;
}

} // namespace thunderc
