import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  scores: "cpu bf16[4, 4]" = args[0]
  check_tensor_metadata(scores, (4, 4), 'cpu', torch.bfloat16, False)
  ids: "cpu i32[3]" = args[1]
  check_tensor_metadata(ids, (3,), 'cpu', torch.int32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((scores, ids), ())
