import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(scores, masked):
  # scores: "cpu f32[2, 3, 3]"
  # masked: "cpu f32[2, 3, 3]"
  return (masked, scores)
