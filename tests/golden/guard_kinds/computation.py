import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2]"
  y = torch.add(x, 3)  # y: "cpu f32[2]"
  y2 = torch.Tensor.to(y, torch.float64)  # y2: "cpu f64[2]"
  return (y2,)
