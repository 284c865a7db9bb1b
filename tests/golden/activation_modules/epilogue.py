import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x_8):
  # x_8: "cpu f32[2, 3]"
  return x_8
