import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  hidden: "cpu f32[2, 4, 8]" = args[0]
  check_tensor_metadata(hidden, (2, 4, 8), 'cpu', torch.float32, False)
  attention_mask: "cpu i64[2, 4]" = args[1]
  check_tensor_metadata(attention_mask, (2, 4), 'cpu', torch.int64, False)
  image_embeds: "cpu f32[3, 8]" = args[2]
  check_tensor_metadata(image_embeds, (3, 8), 'cpu', torch.float32, False)
  w: "cpu f32[4, 5]" = args[3]
  check_tensor_metadata(w, (4, 5), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((hidden, attention_mask, image_embeds, w), ())
