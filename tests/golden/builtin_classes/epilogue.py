import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x_3):
  # x_3: "cpu f32[2, 2]"
  return (x_3, False, int, True)
