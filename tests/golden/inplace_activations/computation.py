import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, w):
  # x: "cpu f32[2, 3]"
  # w: "cpu f32[4]"
  # y = x.clone()
  y = torch.clone(x)  # y: "cpu f32[2, 3]"
  # a = x.clone()
  a = torch.clone(x)  # a: "cpu f32[2, 3]"
  # F.silu(x, inplace=True)
  x_1 = torch.nn.functional.silu(x)  # x_1: "cpu f32[2, 3]"
  # b = x.clone()
  b = torch.clone(x_1)  # b: "cpu f32[2, 3]"
  # r = F.relu(y, inplace=True)
  r = torch.nn.functional.relu(y)  # r: "cpu f32[2, 3]"
  # y.mul_(-1.0)
  y_1 = torch.mul(r, -1.0)  # y_1: "cpu f32[2, 3]"
  # y.relu_()
  y_2 = torch.nn.functional.relu(y_1)  # y_2: "cpu f32[2, 3]"
  # d = F.dropout(x, 0.5, False, True)
  d = torch.nn.functional.dropout(x_1, 0.5, False)  # d: "cpu f32[2, 3]"
  # h = F.relu(w, True)
  h = torch.nn.functional.relu(w)  # h: "cpu f32[4]"
  # s = torch.sum(x)
  s = torch.sum(d)  # s: "cpu f32[]"
  torch.Tensor.copy_(x, d)  # write-back into args[0]
  torch.Tensor.copy_(w, h)  # write-back into args[1]
  return (y_2, a, b, s)
