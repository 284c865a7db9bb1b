import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, v):
  # x: "cpu f32[3, 2]"
  # v: "cpu f32[3]"
  t0 = torch.clone(x)  # t0: "cpu f32[3, 2]"
  operator.setitem(t0, 0, 1.0)
  t1 = torch.clone(t0)  # t1: "cpu f32[3, 2]"
  operator.setitem(t1, (slice(None, None, None), 1), v)
  z = torch.sum(t1)  # z: "cpu f32[]"
  torch.Tensor.copy_(x, t1)  # write-back into args[0]
  return (z,)
