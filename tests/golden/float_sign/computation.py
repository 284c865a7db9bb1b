import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[3]"
  y = torch.div(x, 0.0)  # y: "cpu f32[3]"
  return (y,)
