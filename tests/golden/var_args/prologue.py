import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_string_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  x: "cpu f32[2, 3]" = args[0]
  check_tensor_metadata(x, (2, 3), 'cpu', torch.float32, False)
  arg1: "cpu f32[2, 3]" = args[1]
  check_tensor_metadata(arg1, (2, 3), 'cpu', torch.float32, False)
  arg2: "cpu f32[3]" = args[2]
  check_tensor_metadata(arg2, (3,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 4)
  check_keys(kwargs, ('scale', 'bias', 'mode', 'flag'))
  bias: "cpu f32[3]" = kwargs['bias']
  check_tensor_metadata(bias, (3,), 'cpu', torch.float32, False)
  b0: "bool True" = kwargs['flag']
  check_number_type_and_value(b0, True)
  s1: "str" = kwargs['mode']
  check_string_value(s1, 'add')
  f2: "float 2.0" = kwargs['scale']
  check_number_type_and_value(f2, 2.0)
  return ((x, arg1, bias), (arg1, arg2, bias))
