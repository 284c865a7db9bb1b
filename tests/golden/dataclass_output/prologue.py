import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  features: "cpu f32[8, 32]" = args[0]
  check_tensor_metadata(features, (8, 32), 'cpu', torch.float32, False)
  weight: "cpu f32[10, 32]" = args[1]
  check_tensor_metadata(weight, (10, 32), 'cpu', torch.float32, False)
  bias: "cpu f32[10]" = args[2]
  check_tensor_metadata(bias, (10,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((features, weight, bias), ())
