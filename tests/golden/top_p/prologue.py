import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "<class 'transformers.generation.logits_process.TopPLogitsWarper'>" = args[0]
  f1: "float float('-inf')" = p0.filter_value
  check_number_type_and_value(f1, float('-inf'))
  i2: "int 1" = p0.min_tokens_to_keep
  check_number_type_and_value(i2, 1)
  f3: "float 0.8" = p0.top_p
  check_number_type_and_value(f3, 0.8)
  scores: "cpu f32[2, 7]" = args[2]
  check_tensor_metadata(scores, (2, 7), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((scores,), ())
