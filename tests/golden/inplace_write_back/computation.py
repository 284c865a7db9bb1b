import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, idx, src):
  # x: "cpu f32[10, 2]"
  # idx: "cpu i64[2]"
  # src: "cpu f32[2, 2]"
  t0 = torch.index_copy(x, 0, idx, src)  # t0: "cpu f32[10, 2]"
  t1 = torch.mul(t0, 2.0)  # t1: "cpu f32[10, 2]"
  s = torch.sum(t1)  # s: "cpu f32[]"
  torch.Tensor.copy_(x, t1)  # write-back into args[0]
  return (s,)
