import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x, s):
  # x: "cpu f32[10, 2]"
  # s: "cpu f32[]"
  return (x, s)
