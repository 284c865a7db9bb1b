import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  input_ids: "cpu i64[0, 5]" = args[0]
  check_tensor_metadata(input_ids, (0, 5), 'cpu', torch.int64, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((), ())
