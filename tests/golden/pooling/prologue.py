import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from app.resnet import ResNetStem as app_resnet_ResNetStem

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 8)
  p0: "<class 'app.resnet.ResNetStem'>" = args[0]
  check_type(p0, app_resnet_ResNetStem)
  p1: "<class 'torch.nn.Linear'>" = p0.classifier
  check_type(p1, torch.nn.Linear)
  classifier_bias: "cpu f32[5]" = p1.bias
  check_tensor_metadata(classifier_bias, (5,), 'cpu', torch.float32, True)
  classifier_weight: "cpu f32[5, 8]" = p1.weight
  check_tensor_metadata(classifier_weight, (5, 8), 'cpu', torch.float32, True)
  p2: "<class 'torch.nn.Sequential'>" = p0.embedder
  check_type(p2, torch.nn.Sequential)
  check_len(p2, 3)
  p3: "<class 'torch.nn.Conv2d'>" = p2[0]
  check_type(p3, torch.nn.Conv2d)
  p4: "None" = p3.bias
  check_none(p4)
  p5: "Any" = p3.dilation
  check_len(p5, 2)
  i6: "int 1" = p5[0]
  check_number_type_and_value(i6, 1)
  i7: "int 1" = p5[1]
  check_number_type_and_value(i7, 1)
  i8: "int 1" = p3.groups
  check_number_type_and_value(i8, 1)
  p9: "Any" = p3.padding
  check_len(p9, 2)
  i10: "int 3" = p9[0]
  check_number_type_and_value(i10, 3)
  i11: "int 3" = p9[1]
  check_number_type_and_value(i11, 3)
  s12: "str" = p3.padding_mode
  check_string_value(s12, 'zeros')
  p13: "Any" = p3.stride
  check_len(p13, 2)
  i14: "int 2" = p13[0]
  check_number_type_and_value(i14, 2)
  i15: "int 2" = p13[1]
  check_number_type_and_value(i15, 2)
  t_0_weight: "cpu f32[8, 3, 7, 7]" = p3.weight
  check_tensor_metadata(t_0_weight, (8, 3, 7, 7), 'cpu', torch.float32, True)
  p16: "<class 'torch.nn.ReLU'>" = p2[1]
  check_type(p16, torch.nn.ReLU)
  b17: "bool False" = p16.inplace
  check_number_type_and_value(b17, False)
  p18: "<class 'torch.nn.MaxPool2d'>" = p2[2]
  check_type(p18, torch.nn.MaxPool2d)
  b19: "bool False" = p18.ceil_mode
  check_number_type_and_value(b19, False)
  i20: "int 1" = p18.dilation
  check_number_type_and_value(i20, 1)
  i21: "int 3" = p18.kernel_size
  check_number_type_and_value(i21, 3)
  i22: "int 1" = p18.padding
  check_number_type_and_value(i22, 1)
  b23: "bool False" = p18.return_indices
  check_number_type_and_value(b23, False)
  i24: "int 2" = p18.stride
  check_number_type_and_value(i24, 2)
  p25: "<class 'torch.nn.Sequential'>" = p0.pooler
  check_type(p25, torch.nn.Sequential)
  check_len(p25, 2)
  p26: "<class 'torch.nn.AdaptiveAvgPool2d'>" = p25[0]
  check_type(p26, torch.nn.AdaptiveAvgPool2d)
  p27: "Any" = p26.output_size
  check_len(p27, 2)
  i28: "int 1" = p27[0]
  check_number_type_and_value(i28, 1)
  i29: "int 1" = p27[1]
  check_number_type_and_value(i29, 1)
  p30: "<class 'torch.nn.Flatten'>" = p25[1]
  check_type(p30, torch.nn.Flatten)
  i31: "int -1" = p30.end_dim
  check_number_type_and_value(i31, -1)
  i32: "int 1" = p30.start_dim
  check_number_type_and_value(i32, 1)
  pixel_values: "cpu f32[2, 3, 16, 16]" = args[1]
  check_tensor_metadata(pixel_values, (2, 3, 16, 16), 'cpu', torch.float32, False)
  x: "cpu f32[2, 4, 7, 6]" = args[2]
  check_tensor_metadata(x, (2, 4, 7, 6), 'cpu', torch.float32, False)
  windows: "cpu f32[2, 4, 4, 3]" = args[3]
  check_tensor_metadata(windows, (2, 4, 4, 3), 'cpu', torch.float32, False)
  p33: "<class 'torch.nn.AdaptiveAvgPool1d'>" = args[4]
  check_type(p33, torch.nn.AdaptiveAvgPool1d)
  i34: "int 1" = p33.output_size
  check_number_type_and_value(i34, 1)
  sequence_output: "cpu f32[2, 7, 6]" = args[5]
  check_tensor_metadata(sequence_output, (2, 7, 6), 'cpu', torch.float32, False)
  p35: "<class 'torch.nn.MaxPool1d'>" = args[6]
  check_type(p35, torch.nn.MaxPool1d)
  b36: "bool True" = p35.ceil_mode
  check_number_type_and_value(b36, True)
  i37: "int 1" = p35.dilation
  check_number_type_and_value(i37, 1)
  i38: "int 3" = p35.kernel_size
  check_number_type_and_value(i38, 3)
  i39: "int 1" = p35.padding
  check_number_type_and_value(i39, 1)
  b40: "bool False" = p35.return_indices
  check_number_type_and_value(b40, False)
  i41: "int 2" = p35.stride
  check_number_type_and_value(i41, 2)
  p42: "<class 'torch.nn.AvgPool1d'>" = args[7]
  check_type(p42, torch.nn.AvgPool1d)
  b43: "bool False" = p42.ceil_mode
  check_number_type_and_value(b43, False)
  b44: "bool False" = p42.count_include_pad
  check_number_type_and_value(b44, False)
  p45: "Any" = p42.kernel_size
  check_len(p45, 1)
  i46: "int 2" = p45[0]
  check_number_type_and_value(i46, 2)
  p47: "Any" = p42.padding
  check_len(p47, 1)
  i48: "int 1" = p47[0]
  check_number_type_and_value(i48, 1)
  p49: "Any" = p42.stride
  check_len(p49, 1)
  i50: "int 2" = p49[0]
  check_number_type_and_value(i50, 2)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((classifier_bias, classifier_weight, t_0_weight, pixel_values, x, windows, sequence_output), ())
