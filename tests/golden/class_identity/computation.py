import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(y):
  # y: "cpu f32[2]"
  y_1 = torch.add(y, 3)  # y_1: "cpu f32[2]"
  return (y_1,)
