import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  attention_mask: "cpu i64[2, 5]" = args[0]
  check_tensor_metadata(attention_mask, (2, 5), 'cpu', torch.int64, False)
  query: "cpu f32[2, 3, 4]" = args[1]
  check_tensor_metadata(query, (2, 3, 4), 'cpu', torch.float32, False)
  key: "cpu f32[2, 3, 4]" = args[2]
  check_tensor_metadata(key, (2, 3, 4), 'cpu', torch.float32, False)
  f0: "float 0.5" = args[3]
  check_number_type_and_value(f0, 0.5)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((attention_mask, query, key), ())
