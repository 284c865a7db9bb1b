import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x, z, s):
  # x: "cpu f32[2, 3]"
  # z: "cpu i64[3]"
  # s: "cpu f32[2, 3]"
  return (x, z, z, s)
