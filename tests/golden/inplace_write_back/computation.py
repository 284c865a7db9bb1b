import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, idx, src):
  # x: "cpu f32[10, 2]"
  # idx: "cpu i64[2]"
  # src: "cpu f32[2, 2]"
  x_1 = torch.index_copy(x, 0, idx, src)  # x_1: "cpu f32[10, 2]"
  x_2 = torch.mul(x_1, 2.0)  # x_2: "cpu f32[10, 2]"
  s = torch.sum(x_2)  # s: "cpu f32[]"
  torch.Tensor.copy_(x, x_2)  # write-back into args[0]
  return (s,)
