import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from sr.model import Upsampler as sr_model_Upsampler

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 6)
  p0: "<class 'sr.model.Upsampler'>" = args[0]
  check_type(p0, sr_model_Upsampler)
  p1: "<class 'torch.nn.PReLU'>" = p0.act
  check_type(p1, torch.nn.PReLU)
  act_weight: "cpu f32[3]" = p1.weight
  check_tensor_metadata(act_weight, (3,), 'cpu', torch.float32, True)
  p2: "<class 'torch.nn.Conv2d'>" = p0.conv
  check_type(p2, torch.nn.Conv2d)
  conv_bias: "cpu f32[12]" = p2.bias
  check_tensor_metadata(conv_bias, (12,), 'cpu', torch.float32, True)
  p3: "Any" = p2.dilation
  check_len(p3, 2)
  i4: "int 1" = p3[0]
  check_number_type_and_value(i4, 1)
  i5: "int 1" = p3[1]
  check_number_type_and_value(i5, 1)
  i6: "int 1" = p2.groups
  check_number_type_and_value(i6, 1)
  p7: "Any" = p2.padding
  check_len(p7, 2)
  i8: "int 1" = p7[0]
  check_number_type_and_value(i8, 1)
  i9: "int 1" = p7[1]
  check_number_type_and_value(i9, 1)
  s10: "str" = p2.padding_mode
  check_string_value(s10, 'zeros')
  p11: "Any" = p2.stride
  check_len(p11, 2)
  i12: "int 1" = p11[0]
  check_number_type_and_value(i12, 1)
  i13: "int 1" = p11[1]
  check_number_type_and_value(i13, 1)
  conv_weight: "cpu f32[12, 3, 3, 3]" = p2.weight
  check_tensor_metadata(conv_weight, (12, 3, 3, 3), 'cpu', torch.float32, True)
  p14: "<class 'torch.nn.PixelShuffle'>" = p0.shuffle
  check_type(p14, torch.nn.PixelShuffle)
  i15: "int 2" = p14.upscale_factor
  check_number_type_and_value(i15, 2)
  p16: "<class 'torch.nn.PixelUnshuffle'>" = args[1]
  check_type(p16, torch.nn.PixelUnshuffle)
  i17: "int 2" = p16.downscale_factor
  check_number_type_and_value(i17, 2)
  p18: "<class 'torch.nn.PReLU'>" = args[2]
  check_type(p18, torch.nn.PReLU)
  prelu1_weight: "cpu f32[1]" = p18.weight
  check_tensor_metadata(prelu1_weight, (1,), 'cpu', torch.float32, True)
  image: "cpu f32[1, 3, 4, 5]" = args[3]
  check_tensor_metadata(image, (1, 3, 4, 5), 'cpu', torch.float32, False)
  a: "cpu f32[2, 4, 3]" = args[4]
  check_tensor_metadata(a, (2, 4, 3), 'cpu', torch.float32, False)
  w: "cpu f32[4]" = args[5]
  check_tensor_metadata(w, (4,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((act_weight, conv_bias, conv_weight, prelu1_weight, image, a, w), ())
