import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x):
  # x: "cpu f32[4, 4]"
  return (x, False, False)
