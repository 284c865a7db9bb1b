import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  logits: "cpu bf16[2, 4, 16]" = args[0]
  check_tensor_metadata(logits, (2, 4, 16), 'cpu', torch.bfloat16, False)
  input_ids: "cpu i64[2, 4]" = args[1]
  check_tensor_metadata(input_ids, (2, 4), 'cpu', torch.int64, False)
  probs: "cpu bf16[2, 4, 16]" = args[2]
  check_tensor_metadata(probs, (2, 4, 16), 'cpu', torch.bfloat16, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((logits, input_ids, probs), ())
