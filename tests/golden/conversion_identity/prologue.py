import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  cache: "cpu f32[4, 3]" = args[0]
  check_tensor_metadata(cache, (4, 3), 'cpu', torch.float32, False)
  new: "cpu f32[1, 3]" = args[1]
  check_tensor_metadata(new, (1, 3), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((cache,), (new,))
  return ((cache, new), (cache,))
