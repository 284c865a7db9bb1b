import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from app.audio import FeatureEncoder as app_audio_FeatureEncoder
from app.resnet import BasicBlock as app_resnet_BasicBlock

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 13)
  p0: "<class 'app.resnet.BasicBlock'>" = args[0]
  check_type(p0, app_resnet_BasicBlock)
  p1: "<class 'torch.nn.BatchNorm2d'>" = p0.bn1
  check_type(p1, torch.nn.BatchNorm2d)
  bn1_bias: "cpu f32[4]" = p1.bias
  check_tensor_metadata(bn1_bias, (4,), 'cpu', torch.float32, True)
  f2: "float 1e-05" = p1.eps
  check_number_type_and_value(f2, 1e-05)
  f3: "float 0.1" = p1.momentum
  check_number_type_and_value(f3, 0.1)
  bn1_running_mean: "cpu f32[4]" = p1.running_mean
  check_tensor_metadata(bn1_running_mean, (4,), 'cpu', torch.float32, False)
  bn1_running_var: "cpu f32[4]" = p1.running_var
  check_tensor_metadata(bn1_running_var, (4,), 'cpu', torch.float32, False)
  b4: "bool False" = p1.training
  check_number_type_and_value(b4, False)
  bn1_weight: "cpu f32[4]" = p1.weight
  check_tensor_metadata(bn1_weight, (4,), 'cpu', torch.float32, True)
  p5: "<class 'torch.nn.BatchNorm2d'>" = p0.bn2
  check_type(p5, torch.nn.BatchNorm2d)
  bn2_bias: "cpu f32[4]" = p5.bias
  check_tensor_metadata(bn2_bias, (4,), 'cpu', torch.float32, True)
  f6: "float 0.001" = p5.eps
  check_number_type_and_value(f6, 0.001)
  f7: "float 0.1" = p5.momentum
  check_number_type_and_value(f7, 0.1)
  bn2_running_mean: "cpu f32[4]" = p5.running_mean
  check_tensor_metadata(bn2_running_mean, (4,), 'cpu', torch.float32, False)
  bn2_running_var: "cpu f32[4]" = p5.running_var
  check_tensor_metadata(bn2_running_var, (4,), 'cpu', torch.float32, False)
  b8: "bool False" = p5.training
  check_number_type_and_value(b8, False)
  bn2_weight: "cpu f32[4]" = p5.weight
  check_tensor_metadata(bn2_weight, (4,), 'cpu', torch.float32, True)
  p9: "<class 'torch.nn.Conv2d'>" = p0.conv1
  check_type(p9, torch.nn.Conv2d)
  p10: "None" = p9.bias
  check_none(p10)
  p11: "Any" = p9.dilation
  check_len(p11, 2)
  i12: "int 1" = p11[0]
  check_number_type_and_value(i12, 1)
  i13: "int 1" = p11[1]
  check_number_type_and_value(i13, 1)
  i14: "int 1" = p9.groups
  check_number_type_and_value(i14, 1)
  p15: "Any" = p9.padding
  check_len(p15, 2)
  i16: "int 1" = p15[0]
  check_number_type_and_value(i16, 1)
  i17: "int 1" = p15[1]
  check_number_type_and_value(i17, 1)
  s18: "str" = p9.padding_mode
  check_string_value(s18, 'zeros')
  p19: "Any" = p9.stride
  check_len(p19, 2)
  i20: "int 1" = p19[0]
  check_number_type_and_value(i20, 1)
  i21: "int 1" = p19[1]
  check_number_type_and_value(i21, 1)
  conv1_weight: "cpu f32[4, 4, 3, 3]" = p9.weight
  check_tensor_metadata(conv1_weight, (4, 4, 3, 3), 'cpu', torch.float32, True)
  p22: "<class 'torch.nn.Conv2d'>" = p0.conv2
  check_type(p22, torch.nn.Conv2d)
  p23: "None" = p22.bias
  check_none(p23)
  p24: "Any" = p22.dilation
  check_len(p24, 2)
  i25: "int 1" = p24[0]
  check_number_type_and_value(i25, 1)
  i26: "int 1" = p24[1]
  check_number_type_and_value(i26, 1)
  i27: "int 1" = p22.groups
  check_number_type_and_value(i27, 1)
  p28: "Any" = p22.padding
  check_len(p28, 2)
  i29: "int 1" = p28[0]
  check_number_type_and_value(i29, 1)
  i30: "int 1" = p28[1]
  check_number_type_and_value(i30, 1)
  s31: "str" = p22.padding_mode
  check_string_value(s31, 'zeros')
  p32: "Any" = p22.stride
  check_len(p32, 2)
  i33: "int 1" = p32[0]
  check_number_type_and_value(i33, 1)
  i34: "int 1" = p32[1]
  check_number_type_and_value(i34, 1)
  conv2_weight: "cpu f32[4, 4, 3, 3]" = p22.weight
  check_tensor_metadata(conv2_weight, (4, 4, 3, 3), 'cpu', torch.float32, True)
  p35: "<class 'torch.nn.ReLU'>" = p0.relu
  check_type(p35, torch.nn.ReLU)
  b36: "bool True" = p35.inplace
  check_number_type_and_value(b36, True)
  p37: "<class 'app.audio.FeatureEncoder'>" = args[1]
  check_type(p37, app_audio_FeatureEncoder)
  p38: "<class 'torch.nn.Conv1d'>" = p37.conv
  check_type(p38, torch.nn.Conv1d)
  p39: "None" = p38.bias
  check_none(p39)
  p40: "Any" = p38.dilation
  check_len(p40, 1)
  i41: "int 1" = p40[0]
  check_number_type_and_value(i41, 1)
  i42: "int 1" = p38.groups
  check_number_type_and_value(i42, 1)
  p43: "Any" = p38.padding
  check_len(p43, 1)
  i44: "int 0" = p43[0]
  check_number_type_and_value(i44, 0)
  s45: "str" = p38.padding_mode
  check_string_value(s45, 'zeros')
  p46: "Any" = p38.stride
  check_len(p46, 1)
  i47: "int 2" = p46[0]
  check_number_type_and_value(i47, 2)
  conv_weight: "cpu f32[6, 1, 4]" = p38.weight
  check_tensor_metadata(conv_weight, (6, 1, 4), 'cpu', torch.float32, True)
  p48: "<class 'torch.nn.GroupNorm'>" = p37.layer_norm
  check_type(p48, torch.nn.GroupNorm)
  layer_norm_bias: "cpu f32[6]" = p48.bias
  check_tensor_metadata(layer_norm_bias, (6,), 'cpu', torch.float32, True)
  f49: "float 1e-05" = p48.eps
  check_number_type_and_value(f49, 1e-05)
  i50: "int 6" = p48.num_groups
  check_number_type_and_value(i50, 6)
  layer_norm_weight: "cpu f32[6]" = p48.weight
  check_tensor_metadata(layer_norm_weight, (6,), 'cpu', torch.float32, True)
  p51: "<class 'torch.nn.BatchNorm1d'>" = args[2]
  check_type(p51, torch.nn.BatchNorm1d)
  p52: "None" = p51.bias
  check_none(p52)
  f53: "float 1e-05" = p51.eps
  check_number_type_and_value(f53, 1e-05)
  p54: "None" = p51.momentum
  check_none(p54)
  bn_running_mean: "cpu f32[3]" = p51.running_mean
  check_tensor_metadata(bn_running_mean, (3,), 'cpu', torch.float32, False)
  bn_running_var: "cpu f32[3]" = p51.running_var
  check_tensor_metadata(bn_running_var, (3,), 'cpu', torch.float32, False)
  b55: "bool False" = p51.training
  check_number_type_and_value(b55, False)
  p56: "None" = p51.weight
  check_none(p56)
  image: "cpu f32[2, 4, 5, 5]" = args[3]
  check_tensor_metadata(image, (2, 4, 5, 5), 'cpu', torch.float32, False)
  audio: "cpu f32[2, 20]" = args[4]
  check_tensor_metadata(audio, (2, 20), 'cpu', torch.float32, False)
  features: "cpu f32[5, 3]" = args[5]
  check_tensor_metadata(features, (5, 3), 'cpu', torch.float32, False)
  x: "cpu f32[3, 4, 2]" = args[6]
  check_tensor_metadata(x, (3, 4, 2), 'cpu', torch.float32, False)
  mean: "cpu f32[4]" = args[7]
  check_tensor_metadata(mean, (4,), 'cpu', torch.float32, False)
  var: "cpu f32[4]" = args[8]
  check_tensor_metadata(var, (4,), 'cpu', torch.float32, False)
  gamma: "cpu f32[4]" = args[9]
  check_tensor_metadata(gamma, (4,), 'cpu', torch.float32, False)
  beta: "cpu f32[4]" = args[10]
  check_tensor_metadata(beta, (4,), 'cpu', torch.float32, False)
  x16: "cpu bf16[3, 4, 2]" = args[11]
  check_tensor_metadata(x16, (3, 4, 2), 'cpu', torch.bfloat16, False)
  p57: "<class 'torch.nn.BatchNorm1d'>" = args[12]
  check_type(p57, torch.nn.BatchNorm1d)
  p58: "None" = p57.bias
  check_none(p58)
  f59: "float 1e-05" = p57.eps
  check_number_type_and_value(f59, 1e-05)
  f60: "float 0.1" = p57.momentum
  check_number_type_and_value(f60, 0.1)
  p61: "None" = p57.running_mean
  check_none(p61)
  p62: "None" = p57.running_var
  check_none(p62)
  b63: "bool False" = p57.training
  check_number_type_and_value(b63, False)
  p64: "None" = p57.weight
  check_none(p64)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((bn1_running_var, bn2_running_var, bn_running_var), (bn1_bias, bn1_running_mean, bn1_weight, bn2_bias, bn2_running_mean, bn2_weight, conv1_weight, conv2_weight, conv_weight, layer_norm_bias, layer_norm_weight, bn_running_mean, image, audio, features, x, mean, var, gamma, beta, x16))
  return ((bn1_bias, bn1_running_mean, bn1_running_var, bn1_weight, bn2_bias, bn2_running_mean, bn2_running_var, bn2_weight, conv1_weight, conv2_weight, conv_weight, layer_norm_bias, layer_norm_weight, bn_running_mean, bn_running_var, image, audio, features, x, mean, var, gamma, beta, x16), ())
