import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(scores_processed, ranking, sorted_1):
  # scores_processed: "cpu f32[2, 7]"
  # ranking: "cpu i64[2, 7]"
  # sorted_1: "cpu f32[2, 7]"
  return (scores_processed, ranking, sorted_1, True)
