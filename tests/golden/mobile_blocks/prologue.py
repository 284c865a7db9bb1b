import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from torchvision.ops.misc import SqueezeExcitation as torchvision_ops_misc_SqueezeExcitation

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 8)
  p0: "<class 'torchvision.ops.misc.SqueezeExcitation'>" = args[0]
  check_type(p0, torchvision_ops_misc_SqueezeExcitation)
  p1: "<class 'torch.nn.ReLU'>" = p0.activation
  check_type(p1, torch.nn.ReLU)
  b2: "bool False" = p1.inplace
  check_number_type_and_value(b2, False)
  p3: "<class 'torch.nn.AdaptiveAvgPool2d'>" = p0.avgpool
  check_type(p3, torch.nn.AdaptiveAvgPool2d)
  i4: "int 1" = p3.output_size
  check_number_type_and_value(i4, 1)
  p5: "<class 'torch.nn.Conv2d'>" = p0.fc1
  check_type(p5, torch.nn.Conv2d)
  fc1_bias: "cpu f32[2]" = p5.bias
  check_tensor_metadata(fc1_bias, (2,), 'cpu', torch.float32, True)
  p6: "Any" = p5.dilation
  check_len(p6, 2)
  i7: "int 1" = p6[0]
  check_number_type_and_value(i7, 1)
  i8: "int 1" = p6[1]
  check_number_type_and_value(i8, 1)
  i9: "int 1" = p5.groups
  check_number_type_and_value(i9, 1)
  p10: "Any" = p5.padding
  check_len(p10, 2)
  i11: "int 0" = p10[0]
  check_number_type_and_value(i11, 0)
  i12: "int 0" = p10[1]
  check_number_type_and_value(i12, 0)
  s13: "str" = p5.padding_mode
  check_string_value(s13, 'zeros')
  p14: "Any" = p5.stride
  check_len(p14, 2)
  i15: "int 1" = p14[0]
  check_number_type_and_value(i15, 1)
  i16: "int 1" = p14[1]
  check_number_type_and_value(i16, 1)
  fc1_weight: "cpu f32[2, 4, 1, 1]" = p5.weight
  check_tensor_metadata(fc1_weight, (2, 4, 1, 1), 'cpu', torch.float32, True)
  p17: "<class 'torch.nn.Conv2d'>" = p0.fc2
  check_type(p17, torch.nn.Conv2d)
  fc2_bias: "cpu f32[4]" = p17.bias
  check_tensor_metadata(fc2_bias, (4,), 'cpu', torch.float32, True)
  p18: "Any" = p17.dilation
  check_len(p18, 2)
  i19: "int 1" = p18[0]
  check_number_type_and_value(i19, 1)
  i20: "int 1" = p18[1]
  check_number_type_and_value(i20, 1)
  i21: "int 1" = p17.groups
  check_number_type_and_value(i21, 1)
  p22: "Any" = p17.padding
  check_len(p22, 2)
  i23: "int 0" = p22[0]
  check_number_type_and_value(i23, 0)
  i24: "int 0" = p22[1]
  check_number_type_and_value(i24, 0)
  s25: "str" = p17.padding_mode
  check_string_value(s25, 'zeros')
  p26: "Any" = p17.stride
  check_len(p26, 2)
  i27: "int 1" = p26[0]
  check_number_type_and_value(i27, 1)
  i28: "int 1" = p26[1]
  check_number_type_and_value(i28, 1)
  fc2_weight: "cpu f32[4, 2, 1, 1]" = p17.weight
  check_tensor_metadata(fc2_weight, (4, 2, 1, 1), 'cpu', torch.float32, True)
  p29: "<class 'torch.nn.Hardsigmoid'>" = p0.scale_activation
  check_type(p29, torch.nn.Hardsigmoid)
  b30: "bool False" = p29.inplace
  check_number_type_and_value(b30, False)
  p31: "<class 'torch.nn.Hardswish'>" = args[1]
  check_type(p31, torch.nn.Hardswish)
  b32: "bool False" = p31.inplace
  check_number_type_and_value(b32, False)
  p33: "<class 'torch.nn.ReLU6'>" = args[2]
  check_type(p33, torch.nn.ReLU6)
  b34: "bool True" = p33.inplace
  check_number_type_and_value(b34, True)
  f35: "float 6.0" = p33.max_val
  check_number_type_and_value(f35, 6.0)
  f36: "float 0.0" = p33.min_val
  check_number_type_and_value(f36, 0.0)
  p37: "<class 'torch.nn.Hardtanh'>" = args[3]
  check_type(p37, torch.nn.Hardtanh)
  b38: "bool False" = p37.inplace
  check_number_type_and_value(b38, False)
  f39: "float 0.5" = p37.max_val
  check_number_type_and_value(f39, 0.5)
  f40: "float -0.5" = p37.min_val
  check_number_type_and_value(f40, -0.5)
  p41: "<class 'torch.nn.Upsample'>" = args[4]
  check_type(p41, torch.nn.Upsample)
  p42: "None" = p41.align_corners
  check_none(p42)
  s43: "str" = p41.mode
  check_string_value(s43, 'nearest')
  p44: "None" = p41.recompute_scale_factor
  check_none(p44)
  f45: "float 2.0" = p41.scale_factor
  check_number_type_and_value(f45, 2.0)
  p46: "None" = p41.size
  check_none(p46)
  p47: "<class 'torch.nn.Upsample'>" = args[5]
  check_type(p47, torch.nn.Upsample)
  b48: "bool False" = p47.align_corners
  check_number_type_and_value(b48, False)
  s49: "str" = p47.mode
  check_string_value(s49, 'bilinear')
  p50: "None" = p47.recompute_scale_factor
  check_none(p50)
  p51: "None" = p47.scale_factor
  check_none(p51)
  p52: "Any" = p47.size
  check_len(p52, 2)
  i53: "int 6" = p52[0]
  check_number_type_and_value(i53, 6)
  i54: "int 5" = p52[1]
  check_number_type_and_value(i54, 5)
  x: "cpu f32[1, 4, 3, 3]" = args[6]
  check_tensor_metadata(x, (1, 4, 3, 3), 'cpu', torch.float32, False)
  y: "cpu i64[2, 3]" = args[7]
  check_tensor_metadata(y, (2, 3), 'cpu', torch.int64, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((fc1_bias, fc1_weight, fc2_bias, fc2_weight, x, y), ())
