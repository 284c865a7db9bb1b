import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, y):
  # x: "cpu f32[3]"
  # y: "cpu f32[3]"
  x_1 = torch.add(x, 1.0)  # x_1: "cpu f32[3]"
  z = torch.mul(y, 2.0)  # z: "cpu f32[3]"
  torch.Tensor.copy_(x, x_1)  # write-back into args[0]
  return (z,)
