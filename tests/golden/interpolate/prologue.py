import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 5)
  position_embedding: "cpu f32[16, 8]" = args[0]
  check_tensor_metadata(position_embedding, (16, 8), 'cpu', torch.float32, False)
  feature_map: "cpu f32[2, 3, 4, 5]" = args[1]
  check_tensor_metadata(feature_map, (2, 3, 4, 5), 'cpu', torch.float32, False)
  logits: "cpu f32[1, 4, 5, 6]" = args[2]
  check_tensor_metadata(logits, (1, 4, 5, 6), 'cpu', torch.float32, False)
  signal: "cpu f32[2, 3, 7]" = args[3]
  check_tensor_metadata(signal, (2, 3, 7), 'cpu', torch.float32, False)
  volume: "cpu f64[1, 2, 3, 4, 6]" = args[4]
  check_tensor_metadata(volume, (1, 2, 3, 4, 6), 'cpu', torch.float64, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((position_embedding, feature_map, logits, signal, volume), ())
