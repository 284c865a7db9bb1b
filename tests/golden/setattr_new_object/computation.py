import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2, 2]"
  y = torch.exp(x)  # y: "cpu f32[2, 2]"
  return (y,)
