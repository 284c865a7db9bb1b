import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x, z):
  # x: "cpu f32[3, 2]"
  # z: "cpu f32[]"
  return (z, x)
