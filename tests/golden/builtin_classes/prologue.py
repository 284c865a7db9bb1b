import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  x: "cpu f32[3, 2]" = args[0]
  check_tensor_metadata(x, (3, 2), 'cpu', torch.float32, False)
  mask: "cpu f32[3, 2]" = args[1]
  check_tensor_metadata(mask, (3, 2), 'cpu', torch.float32, False)
  i0: "int 2" = args[2]
  check_number_type_and_value(i0, 2)
  i1: "int 3" = args[3]
  check_number_type_and_value(i1, 3)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((x, mask), ())
