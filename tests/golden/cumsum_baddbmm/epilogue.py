import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(position_ids, scores_1, running):
  # position_ids: "cpu i64[2, 5]"
  # scores_1: "cpu f32[2, 3, 3]"
  # running: "cpu f64[2, 3, 3]"
  return (position_ids, scores_1, running)
