import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from transformers.models.encodec.modeling_encodec import EncodecConv1d as transformers_models_encodec_modeling_encodec_EncodecConv1d

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 7)
  p0: "<class 'transformers.models.encodec.modeling_encodec.EncodecConv1d'>" = args[0]
  check_type(p0, transformers_models_encodec_modeling_encodec_EncodecConv1d)
  p1: "<class 'torch.nn.Conv1d'>" = p0.conv
  check_type(p1, torch.nn.Conv1d)
  conv_bias: "cpu f32[3]" = p1.bias
  check_tensor_metadata(conv_bias, (3,), 'cpu', torch.float32, True)
  p2: "Any" = p1.dilation
  check_len(p2, 1)
  i3: "int 1" = p2[0]
  check_number_type_and_value(i3, 1)
  i4: "int 1" = p1.groups
  check_number_type_and_value(i4, 1)
  p5: "Any" = p1.padding
  check_len(p5, 1)
  i6: "int 0" = p5[0]
  check_number_type_and_value(i6, 0)
  s7: "str" = p1.padding_mode
  check_string_value(s7, 'zeros')
  p8: "Any" = p1.stride
  check_len(p8, 1)
  i9: "int 2" = p8[0]
  check_number_type_and_value(i9, 2)
  conv_weight: "cpu f32[3, 2, 4]" = p1.weight
  check_tensor_metadata(conv_weight, (3, 2, 4), 'cpu', torch.float32, True)
  s10: "str" = p0.pad_mode
  check_string_value(s10, 'reflect')
  p11: "<class 'torch.nn.Conv1d'>" = args[1]
  check_type(p11, torch.nn.Conv1d)
  reflect_conv_bias: "cpu f32[3]" = p11.bias
  check_tensor_metadata(reflect_conv_bias, (3,), 'cpu', torch.float32, True)
  p12: "Any" = p11.dilation
  check_len(p12, 1)
  i13: "int 1" = p12[0]
  check_number_type_and_value(i13, 1)
  i14: "int 1" = p11.groups
  check_number_type_and_value(i14, 1)
  p15: "Any" = p11.padding
  check_len(p15, 1)
  i16: "int 2" = p15[0]
  check_number_type_and_value(i16, 2)
  s17: "str" = p11.padding_mode
  check_string_value(s17, 'reflect')
  p18: "Any" = p11.stride
  check_len(p18, 1)
  i19: "int 1" = p18[0]
  check_number_type_and_value(i19, 1)
  reflect_conv_weight: "cpu f32[3, 2, 3]" = p11.weight
  check_tensor_metadata(reflect_conv_weight, (3, 2, 3), 'cpu', torch.float32, True)
  p20: "<class 'torch.nn.Conv2d'>" = args[2]
  check_type(p20, torch.nn.Conv2d)
  p21: "Any" = p20._reversed_padding_repeated_twice
  check_len(p21, 4)
  i22: "int 2" = p21[0]
  check_number_type_and_value(i22, 2)
  i23: "int 2" = p21[1]
  check_number_type_and_value(i23, 2)
  i24: "int 1" = p21[2]
  check_number_type_and_value(i24, 1)
  i25: "int 1" = p21[3]
  check_number_type_and_value(i25, 1)
  p26: "None" = p20.bias
  check_none(p26)
  p27: "Any" = p20.dilation
  check_len(p27, 2)
  i28: "int 1" = p27[0]
  check_number_type_and_value(i28, 1)
  i29: "int 1" = p27[1]
  check_number_type_and_value(i29, 1)
  i30: "int 1" = p20.groups
  check_number_type_and_value(i30, 1)
  s31: "str" = p20.padding_mode
  check_string_value(s31, 'circular')
  p32: "Any" = p20.stride
  check_len(p32, 2)
  i33: "int 1" = p32[0]
  check_number_type_and_value(i33, 1)
  i34: "int 1" = p32[1]
  check_number_type_and_value(i34, 1)
  circular_conv_weight: "cpu f32[2, 2, 3, 3]" = p20.weight
  check_tensor_metadata(circular_conv_weight, (2, 2, 3, 3), 'cpu', torch.float32, True)
  p35: "<class 'torch.nn.Conv1d'>" = args[3]
  check_type(p35, torch.nn.Conv1d)
  same_conv_bias: "cpu f32[2]" = p35.bias
  check_tensor_metadata(same_conv_bias, (2,), 'cpu', torch.float32, True)
  p36: "Any" = p35.dilation
  check_len(p36, 1)
  i37: "int 2" = p36[0]
  check_number_type_and_value(i37, 2)
  i38: "int 1" = p35.groups
  check_number_type_and_value(i38, 1)
  p39: "Any" = p35.kernel_size
  check_len(p39, 1)
  i40: "int 4" = p39[0]
  check_number_type_and_value(i40, 4)
  s41: "str" = p35.padding
  check_string_value(s41, 'same')
  s42: "str" = p35.padding_mode
  check_string_value(s42, 'replicate')
  p43: "Any" = p35.stride
  check_len(p43, 1)
  i44: "int 1" = p43[0]
  check_number_type_and_value(i44, 1)
  same_conv_weight: "cpu f32[2, 2, 4]" = p35.weight
  check_tensor_metadata(same_conv_weight, (2, 2, 4), 'cpu', torch.float32, True)
  audio: "cpu f32[1, 2, 9]" = args[4]
  check_tensor_metadata(audio, (1, 2, 9), 'cpu', torch.float32, False)
  image: "cpu f32[1, 2, 5, 6]" = args[5]
  check_tensor_metadata(image, (1, 2, 5, 6), 'cpu', torch.float32, False)
  volume: "cpu f32[1, 1, 3, 4, 5]" = args[6]
  check_tensor_metadata(volume, (1, 1, 3, 4, 5), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((conv_bias, conv_weight, reflect_conv_bias, reflect_conv_weight, circular_conv_weight, same_conv_bias, same_conv_weight, audio, image, volume), ())
