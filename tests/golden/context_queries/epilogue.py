import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(y):
  # y: "cpu f32[2]"
  return y
