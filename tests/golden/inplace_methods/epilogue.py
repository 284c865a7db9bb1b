import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x, z_3):
  # x: "cpu f32[2, 3]"
  # z_3: "cpu f32[2, 3]"
  return (x, z_3, True)
