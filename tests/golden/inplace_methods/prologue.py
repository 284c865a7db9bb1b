import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  x: "cpu f32[2, 3]" = args[0]
  check_tensor_metadata(x, (2, 3), 'cpu', torch.float32, False)
  y: "cpu f32[2, 3]" = args[1]
  check_tensor_metadata(y, (2, 3), 'cpu', torch.float32, False)
  mask: "cpu b8[2, 3]" = args[2]
  check_tensor_metadata(mask, (2, 3), 'cpu', torch.bool, False)
  window: "cpu b8[3]" = args[3]
  check_tensor_metadata(window, (3,), 'cpu', torch.bool, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((x, mask), (y, window))
  return ((x, y, mask, window), (x,))
