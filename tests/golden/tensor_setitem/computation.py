import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, v):
  # x: "cpu f32[3, 2]"
  # v: "cpu f32[3]"
  x_1 = torch.clone(x)  # x_1: "cpu f32[3, 2]"
  operator.setitem(x_1, 0, 1.0)
  x_2 = torch.clone(x_1)  # x_2: "cpu f32[3, 2]"
  operator.setitem(x_2, (slice(None, None, None), 1), v)
  z = torch.sum(x_2)  # z: "cpu f32[]"
  torch.Tensor.copy_(x, x_2)  # write-back into args[0]
  return (z,)
