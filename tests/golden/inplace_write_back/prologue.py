import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  x: "cpu f32[10, 2]" = args[0]
  check_tensor_metadata(x, (10, 2), 'cpu', torch.float32, False)
  idx: "cpu i64[2]" = args[1]
  check_tensor_metadata(idx, (2,), 'cpu', torch.int64, False)
  src: "cpu f32[2, 2]" = args[2]
  check_tensor_metadata(src, (2, 2), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((x,), (idx, src))
  return ((x, idx, src), (x,))
