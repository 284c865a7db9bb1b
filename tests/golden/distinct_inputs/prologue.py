import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  x: "cpu f32[3]" = args[0]
  check_tensor_metadata(x, (3,), 'cpu', torch.float32, False)
  y: "cpu f32[3]" = args[1]
  check_tensor_metadata(y, (3,), 'cpu', torch.float32, False)
  p0: "<class 'app.state.Box'>" = args[2]
  p1: "<class 'app.state.Box'>" = args[3]
  i2: "int 0" = p1.v
  check_number_type_and_value(i2, 0)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((x, p0), (y, p1))
  return ((x, y), (p0,))
