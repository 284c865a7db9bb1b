import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2]"
  # y = x * 2
  y = torch.mul(x, 2)  # y: "cpu f32[2]"
  return (y,)
