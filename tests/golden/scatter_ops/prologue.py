import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  logits: "cpu f32[2, 5]" = args[0]
  check_tensor_metadata(logits, (2, 5), 'cpu', torch.float32, False)
  h: "cpu f32[3, 3]" = args[1]
  check_tensor_metadata(h, (3, 3), 'cpu', torch.float32, False)
  ids: "cpu i64[3]" = args[2]
  check_tensor_metadata(ids, (3,), 'cpu', torch.int64, False)
  image_features: "cpu f32[9]" = args[3]
  check_tensor_metadata(image_features, (9,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((logits, h, ids, image_features), ())
