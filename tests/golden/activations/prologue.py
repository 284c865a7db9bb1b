import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  x: "cpu f32[2, 5]" = args[0]
  check_tensor_metadata(x, (2, 5), 'cpu', torch.float32, False)
  big: "cpu f32[3]" = args[1]
  check_tensor_metadata(big, (3,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((x, big), ())
