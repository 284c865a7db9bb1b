import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, mask):
  # x: "cpu f32[3, 2]"
  # mask: "cpu f32[3, 2]"
  # x = x * mask
  x_1 = torch.mul(x, mask)  # x_1: "cpu f32[3, 2]"
  # x = x[rows, :]
  x_2 = operator.getitem(x_1, (slice(-2, None, None), slice(None, None, None)))  # x_2: "cpu f32[2, 2]"
  # x = x * factor
  x_3 = torch.mul(x_2, 3.0)  # x_3: "cpu f32[2, 2]"
  return (x_3,)
