import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[4]"
  y = torch.neg(x)  # y: "cpu f32[4]"
  return (y,)
