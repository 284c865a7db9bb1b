import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, y, i, w):
  # x: "cpu f32[2, 3]"
  # y: "cpu f32[3]"
  # i: "cpu i64[4]"
  # w: "cpu f32[3, 3]"
  # acc += x
  acc = torch.add(x, 0)  # acc: "cpu f32[2, 3]"
  # x -= y
  x_1 = torch.sub(x, y)  # x_1: "cpu f32[2, 3]"
  # x /= 2
  x_2 = torch.div(x_1, 2)  # x_2: "cpu f32[2, 3]"
  # x **= 2
  x_3 = torch.pow(x_2, 2)  # x_3: "cpu f32[2, 3]"
  # i //= 2
  i_1 = torch.floor_divide(i, 2)  # i_1: "cpu i64[4]"
  # i %= 3
  i_2 = torch.remainder(i_1, 3)  # i_2: "cpu i64[4]"
  # m @= w
  m = torch.matmul(acc, w)  # m: "cpu f32[2, 3]"
  torch.Tensor.copy_(x, x_3)  # write-back into args[0]
  torch.Tensor.copy_(i, i_2)  # write-back into args[2]
  return (acc, m)
