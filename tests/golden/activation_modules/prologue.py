import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  p0: "<class 'torch.nn.ModuleList'>" = args[0]
  check_len(p0, 9)
  p1: "<class 'torch.nn.Tanh'>" = p0[0]
  check_type(p1, torch.nn.Tanh)
  p2: "<class 'torch.nn.LeakyReLU'>" = p0[1]
  check_type(p2, torch.nn.LeakyReLU)
  b3: "bool False" = p2.inplace
  check_number_type_and_value(b3, False)
  f4: "float 0.3" = p2.negative_slope
  check_number_type_and_value(f4, 0.3)
  p5: "<class 'torch.nn.ELU'>" = p0[2]
  check_type(p5, torch.nn.ELU)
  f6: "float 1.0" = p5.alpha
  check_number_type_and_value(f6, 1.0)
  b7: "bool False" = p5.inplace
  check_number_type_and_value(b7, False)
  p8: "<class 'torch.nn.Mish'>" = p0[3]
  check_type(p8, torch.nn.Mish)
  b9: "bool True" = p8.inplace
  check_number_type_and_value(b9, True)
  p10: "<class 'torch.nn.Softplus'>" = p0[4]
  check_type(p10, torch.nn.Softplus)
  i11: "int 2" = p10.beta
  check_number_type_and_value(i11, 2)
  i12: "int 20" = p10.threshold
  check_number_type_and_value(i12, 20)
  p13: "<class 'torch.nn.Sigmoid'>" = p0[5]
  check_type(p13, torch.nn.Sigmoid)
  p14: "<class 'torch.nn.Identity'>" = p0[6]
  check_type(p14, torch.nn.Identity)
  p15: "<class 'torch.nn.Softmax'>" = p0[7]
  check_type(p15, torch.nn.Softmax)
  i16: "int -1" = p15.dim
  check_number_type_and_value(i16, -1)
  p17: "<class 'torch.nn.LeakyReLU'>" = p0[8]
  check_type(p17, torch.nn.LeakyReLU)
  b18: "bool True" = p17.inplace
  check_number_type_and_value(b18, True)
  f19: "float 0.01" = p17.negative_slope
  check_number_type_and_value(f19, 0.01)
  x: "cpu f32[2, 3]" = args[1]
  check_tensor_metadata(x, (2, 3), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((x,), ())
