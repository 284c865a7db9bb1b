import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, v, k):
  # x: "cpu f32[2, 3]"
  # v: "cpu f64[]"
  # k: "cpu f32[]"
  # x.fill_(v)
  x_1 = torch.clone(x)  # x_1: "cpu f32[2, 3]"
  torch.Tensor.fill_(x_1, v)
  # y = torch.zeros(3, dtype=torch.int64)
  y = torch.zeros((3,), dtype=torch.int64)  # y: "cpu i64[3]"
  # z = y.fill_(value=k)
  z = torch.clone(y)  # z: "cpu i64[3]"
  torch.Tensor.fill_(z, value=k)
  # s = torch.mul(x, 2.0)
  s = torch.mul(x_1, 2.0)  # s: "cpu f32[2, 3]"
  torch.Tensor.copy_(x, x_1)  # write-back into args[0]
  return (z, s)
