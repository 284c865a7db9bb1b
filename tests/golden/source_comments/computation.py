import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2]"
  # model.py:10: 	y = x * 2
  y = torch.mul(x, 2.0)  # y: "cpu f32[2]"
  # model.py:11
  z = torch.add(y, 1.0)  # z: "cpu f32[2]"
  # w = -z
  w = torch.neg(z)  # w: "cpu f32[2]"
  v = torch.exp(w)  # v: "cpu f32[2]"
  return (v,)
