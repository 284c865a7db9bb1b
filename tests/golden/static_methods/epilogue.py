import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(y_1):
  # y_1: "cpu f32[3, 3]"
  return (y_1, 0)
