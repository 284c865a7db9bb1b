import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 5)
  router_logits: "cpu f32[2, 3, 4]" = args[0]
  check_tensor_metadata(router_logits, (2, 3, 4), 'cpu', torch.float32, False)
  x: "cpu f32[3, 4, 5]" = args[1]
  check_tensor_metadata(x, (3, 4, 5), 'cpu', torch.float32, False)
  attention_mask: "cpu i64[2, 6]" = args[2]
  check_tensor_metadata(attention_mask, (2, 6), 'cpu', torch.int64, False)
  betas: "cpu f64[8]" = args[3]
  check_tensor_metadata(betas, (8,), 'cpu', torch.float64, False)
  counts: "cpu i32[2, 3]" = args[4]
  check_tensor_metadata(counts, (2, 3), 'cpu', torch.int32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((router_logits, x, attention_mask, betas, counts), ())
