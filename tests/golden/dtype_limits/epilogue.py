import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(scores_1, ids_1, wide, long_ids):
  # scores_1: "cpu bf16[4, 4]"
  # ids_1: "cpu i32[3]"
  # wide: "cpu f32[4, 4]"
  # long_ids: "cpu i64[3]"
  return (scores_1, ids_1, 1.1920928955078125e-07, 'finfo(resolution=0.01, min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=bfloat16)', 32, 'torch.BFloat16Tensor', wide, long_ids)
