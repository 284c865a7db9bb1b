import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  query: "cpu f32[2, 4, 5, 8]" = args[0]
  check_tensor_metadata(query, (2, 4, 5, 8), 'cpu', torch.float32, False)
  key: "cpu f32[2, 2, 5, 8]" = args[1]
  check_tensor_metadata(key, (2, 2, 5, 8), 'cpu', torch.float32, False)
  value: "cpu f32[2, 2, 5, 8]" = args[2]
  check_tensor_metadata(value, (2, 2, 5, 8), 'cpu', torch.float32, False)
  mask: "cpu b8[5, 5]" = args[3]
  check_tensor_metadata(mask, (5, 5), 'cpu', torch.bool, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((query, key, value, mask), ())
