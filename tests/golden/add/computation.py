import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(a, b):
  # a: "cpu f32[2, 2]"
  # b: "cpu f32[2, 2]"
  # add.py:2: 	c = a + b
  c = torch.add(a, b)  # c: "cpu f32[2, 2]"
  return (c,)
