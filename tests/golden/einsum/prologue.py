import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 7)
  x: "cpu f32[2, 5, 3]" = args[0]
  check_tensor_metadata(x, (2, 5, 3), 'cpu', torch.float32, False)
  inv_freq: "cpu f32[4]" = args[1]
  check_tensor_metadata(inv_freq, (4,), 'cpu', torch.float32, False)
  q: "cpu f32[1, 2, 3, 4]" = args[2]
  check_tensor_metadata(q, (1, 2, 3, 4), 'cpu', torch.float32, False)
  k: "cpu f32[1, 2, 5, 4]" = args[3]
  check_tensor_metadata(k, (1, 2, 5, 4), 'cpu', torch.float32, False)
  v: "cpu f32[1, 2, 5, 4]" = args[4]
  check_tensor_metadata(v, (1, 2, 5, 4), 'cpu', torch.float32, False)
  m: "cpu f32[4, 4]" = args[5]
  check_tensor_metadata(m, (4, 4), 'cpu', torch.float32, False)
  idx: "cpu i64[3]" = args[6]
  check_tensor_metadata(idx, (3,), 'cpu', torch.int64, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((x, inv_freq, q, k, v, m, idx), ())
