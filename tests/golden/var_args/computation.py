import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, arg1, bias):
  # x: "cpu f32[2, 3]"
  # arg1: "cpu f32[2, 3]"
  # bias: "cpu f32[3]"
  # y = a * b + bias
  y = torch.mul(x, arg1)  # y: "cpu f32[2, 3]"
  y_1 = torch.add(y, bias)  # y_1: "cpu f32[2, 3]"
  # y = y + k
  y_2 = torch.add(y_1, 1)  # y_2: "cpu f32[2, 3]"
  # out = out * scale
  out = torch.mul(y_2, 2.0)  # out: "cpu f32[2, 3]"
  # d = operator.sub(*items)
  d = torch.sub(x, out)  # d: "cpu f32[2, 3]"
  # viewed = x.view(hidden_shape)
  viewed = torch.Tensor.view(x, (2, -1, 1))  # viewed: "cpu f32[2, 3, 1]"
  return (out, d, viewed)
