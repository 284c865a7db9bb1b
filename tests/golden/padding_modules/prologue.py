import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 14)
  p0: "<class 'torch.nn.ZeroPad2d'>" = args[0]
  check_type(p0, torch.nn.ZeroPad2d)
  p1: "Any" = p0.padding
  check_len(p1, 4)
  i2: "int 1" = p1[0]
  check_number_type_and_value(i2, 1)
  i3: "int 2" = p1[1]
  check_number_type_and_value(i3, 2)
  i4: "int 0" = p1[2]
  check_number_type_and_value(i4, 0)
  i5: "int 1" = p1[3]
  check_number_type_and_value(i5, 1)
  f6: "float 0.0" = p0.value
  check_number_type_and_value(f6, 0.0)
  p7: "<class 'torch.nn.ConstantPad1d'>" = args[1]
  check_type(p7, torch.nn.ConstantPad1d)
  p8: "Any" = p7.padding
  check_len(p8, 2)
  i9: "int 2" = p8[0]
  check_number_type_and_value(i9, 2)
  i10: "int 2" = p8[1]
  check_number_type_and_value(i10, 2)
  f11: "float -1.5" = p7.value
  check_number_type_and_value(f11, -1.5)
  p12: "<class 'torch.nn.ReflectionPad2d'>" = args[2]
  check_type(p12, torch.nn.ReflectionPad2d)
  p13: "Any" = p12.padding
  check_len(p13, 4)
  i14: "int 2" = p13[0]
  check_number_type_and_value(i14, 2)
  i15: "int 2" = p13[1]
  check_number_type_and_value(i15, 2)
  i16: "int 1" = p13[2]
  check_number_type_and_value(i16, 1)
  i17: "int 1" = p13[3]
  check_number_type_and_value(i17, 1)
  p18: "<class 'torch.nn.ReflectionPad1d'>" = args[3]
  check_type(p18, torch.nn.ReflectionPad1d)
  p19: "Any" = p18.padding
  check_len(p19, 2)
  i20: "int 3" = p19[0]
  check_number_type_and_value(i20, 3)
  i21: "int 1" = p19[1]
  check_number_type_and_value(i21, 1)
  p22: "<class 'torch.nn.ReplicationPad3d'>" = args[4]
  check_type(p22, torch.nn.ReplicationPad3d)
  p23: "Any" = p22.padding
  check_len(p23, 6)
  i24: "int 1" = p23[0]
  check_number_type_and_value(i24, 1)
  i25: "int 1" = p23[1]
  check_number_type_and_value(i25, 1)
  i26: "int 1" = p23[2]
  check_number_type_and_value(i26, 1)
  i27: "int 1" = p23[3]
  check_number_type_and_value(i27, 1)
  i28: "int 0" = p23[4]
  check_number_type_and_value(i28, 0)
  i29: "int 2" = p23[5]
  check_number_type_and_value(i29, 2)
  p30: "<class 'torch.nn.ReplicationPad2d'>" = args[5]
  check_type(p30, torch.nn.ReplicationPad2d)
  p31: "Any" = p30.padding
  check_len(p31, 4)
  i32: "int -1" = p31[0]
  check_number_type_and_value(i32, -1)
  i33: "int 1" = p31[1]
  check_number_type_and_value(i33, 1)
  i34: "int 2" = p31[2]
  check_number_type_and_value(i34, 2)
  i35: "int 0" = p31[3]
  check_number_type_and_value(i35, 0)
  p36: "<class 'torch.nn.LogSoftmax'>" = args[6]
  check_type(p36, torch.nn.LogSoftmax)
  i37: "int -1" = p36.dim
  check_number_type_and_value(i37, -1)
  p38: "<class 'torch.nn.LogSoftmax'>" = args[7]
  check_type(p38, torch.nn.LogSoftmax)
  p39: "None" = p38.dim
  check_none(p39)
  p40: "<class 'torch.nn.Unflatten'>" = args[8]
  check_type(p40, torch.nn.Unflatten)
  i41: "int 1" = p40.dim
  check_number_type_and_value(i41, 1)
  p42: "Any" = p40.unflattened_size
  check_len(p42, 2)
  i43: "int 2" = p42[0]
  check_number_type_and_value(i43, 2)
  i44: "int 3" = p42[1]
  check_number_type_and_value(i44, 3)
  image: "cpu f32[1, 2, 4, 5]" = args[9]
  check_tensor_metadata(image, (1, 2, 4, 5), 'cpu', torch.float32, False)
  audio: "cpu f32[2, 6]" = args[10]
  check_tensor_metadata(audio, (2, 6), 'cpu', torch.float32, False)
  volume: "cpu f32[1, 1, 2, 3, 3]" = args[11]
  check_tensor_metadata(volume, (1, 1, 2, 3, 3), 'cpu', torch.float32, False)
  logits: "cpu f32[2, 3, 5]" = args[12]
  check_tensor_metadata(logits, (2, 3, 5), 'cpu', torch.float32, False)
  flat: "cpu f32[4, 6]" = args[13]
  check_tensor_metadata(flat, (4, 6), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((image, audio, volume, logits, flat), ())
