import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  x: "cpu f32[2, 3]" = args[0]
  check_tensor_metadata(x, (2, 3), 'cpu', torch.float32, False)
  v: "cpu f64[]" = args[1]
  check_tensor_metadata(v, (), 'cpu', torch.float64, False)
  k: "cpu f32[]" = args[2]
  check_tensor_metadata(k, (), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((x,), (v, k))
  return ((x, v, k), (x,))
