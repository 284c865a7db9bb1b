import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  x: "cpu f32[2, 3]" = args[0]
  check_tensor_metadata(x, (2, 3), 'cpu', torch.float32, False)
  v: "cpu f32[3]" = args[1]
  check_tensor_metadata(v, (3,), 'cpu', torch.float32, False)
  w: "cpu f32[4]" = args[2]
  check_tensor_metadata(w, (4,), 'cpu', torch.float32, False)
  m: "cpu f32[3, 3]" = args[3]
  check_tensor_metadata(m, (3, 3), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((m,), (x, v, w))
  return ((x, v, w, m), (m,))
