import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from unet.unet_parts import Up as unet_unet_parts_Up

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 8)
  p0: "<class 'unet.unet_parts.Up'>" = args[0]
  check_type(p0, unet_unet_parts_Up)
  p1: "<class 'torch.nn.ConvTranspose2d'>" = p0.up
  check_type(p1, torch.nn.ConvTranspose2d)
  up_bias: "cpu f32[2]" = p1.bias
  check_tensor_metadata(up_bias, (2,), 'cpu', torch.float32, True)
  p2: "Any" = p1.dilation
  check_len(p2, 2)
  i3: "int 1" = p2[0]
  check_number_type_and_value(i3, 1)
  i4: "int 1" = p2[1]
  check_number_type_and_value(i4, 1)
  i5: "int 1" = p1.groups
  check_number_type_and_value(i5, 1)
  p6: "Any" = p1.output_padding
  check_len(p6, 2)
  i7: "int 0" = p6[0]
  check_number_type_and_value(i7, 0)
  i8: "int 0" = p6[1]
  check_number_type_and_value(i8, 0)
  p9: "Any" = p1.padding
  check_len(p9, 2)
  i10: "int 0" = p9[0]
  check_number_type_and_value(i10, 0)
  i11: "int 0" = p9[1]
  check_number_type_and_value(i11, 0)
  s12: "str" = p1.padding_mode
  check_string_value(s12, 'zeros')
  p13: "Any" = p1.stride
  check_len(p13, 2)
  i14: "int 2" = p13[0]
  check_number_type_and_value(i14, 2)
  i15: "int 2" = p13[1]
  check_number_type_and_value(i15, 2)
  up_weight: "cpu f32[4, 2, 2, 2]" = p1.weight
  check_tensor_metadata(up_weight, (4, 2, 2, 2), 'cpu', torch.float32, True)
  p16: "<class 'torch.nn.ConvTranspose1d'>" = args[1]
  check_type(p16, torch.nn.ConvTranspose1d)
  upsample1d_bias: "cpu f32[2]" = p16.bias
  check_tensor_metadata(upsample1d_bias, (2,), 'cpu', torch.float32, True)
  p17: "Any" = p16.dilation
  check_len(p17, 1)
  i18: "int 1" = p17[0]
  check_number_type_and_value(i18, 1)
  i19: "int 1" = p16.groups
  check_number_type_and_value(i19, 1)
  p20: "Any" = p16.output_padding
  check_len(p20, 1)
  i21: "int 0" = p20[0]
  check_number_type_and_value(i21, 0)
  p22: "Any" = p16.padding
  check_len(p22, 1)
  i23: "int 2" = p22[0]
  check_number_type_and_value(i23, 2)
  s24: "str" = p16.padding_mode
  check_string_value(s24, 'zeros')
  p25: "Any" = p16.stride
  check_len(p25, 1)
  i26: "int 4" = p25[0]
  check_number_type_and_value(i26, 4)
  upsample1d_weight: "cpu f32[3, 2, 8]" = p16.weight
  check_tensor_metadata(upsample1d_weight, (3, 2, 8), 'cpu', torch.float32, True)
  p27: "<class 'torch.nn.ConvTranspose2d'>" = args[2]
  check_type(p27, torch.nn.ConvTranspose2d)
  p28: "None" = p27.bias
  check_none(p28)
  p29: "Any" = p27.dilation
  check_len(p29, 2)
  i30: "int 1" = p29[0]
  check_number_type_and_value(i30, 1)
  i31: "int 1" = p29[1]
  check_number_type_and_value(i31, 1)
  i32: "int 1" = p27.groups
  check_number_type_and_value(i32, 1)
  p33: "Any" = p27.kernel_size
  check_len(p33, 2)
  i34: "int 3" = p33[0]
  check_number_type_and_value(i34, 3)
  i35: "int 3" = p33[1]
  check_number_type_and_value(i35, 3)
  p36: "Any" = p27.padding
  check_len(p36, 2)
  i37: "int 1" = p36[0]
  check_number_type_and_value(i37, 1)
  i38: "int 1" = p36[1]
  check_number_type_and_value(i38, 1)
  s39: "str" = p27.padding_mode
  check_string_value(s39, 'zeros')
  p40: "Any" = p27.stride
  check_len(p40, 2)
  i41: "int 2" = p40[0]
  check_number_type_and_value(i41, 2)
  i42: "int 2" = p40[1]
  check_number_type_and_value(i42, 2)
  sized_weight: "cpu f32[4, 3, 3, 3]" = p27.weight
  check_tensor_metadata(sized_weight, (4, 3, 3, 3), 'cpu', torch.float32, True)
  low: "cpu f32[1, 4, 3, 4]" = args[3]
  check_tensor_metadata(low, (1, 4, 3, 4), 'cpu', torch.float32, False)
  skip: "cpu f32[1, 2, 6, 8]" = args[4]
  check_tensor_metadata(skip, (1, 2, 6, 8), 'cpu', torch.float32, False)
  audio: "cpu f32[1, 3, 5]" = args[5]
  check_tensor_metadata(audio, (1, 3, 5), 'cpu', torch.float32, False)
  x: "cpu f32[1, 4, 3, 3]" = args[6]
  check_tensor_metadata(x, (1, 4, 3, 3), 'cpu', torch.float32, False)
  w: "cpu f32[4, 3, 3, 2]" = args[7]
  check_tensor_metadata(w, (4, 3, 3, 2), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((up_bias, up_weight, upsample1d_bias, upsample1d_weight, sized_weight, low, skip, audio, x, w), ())
