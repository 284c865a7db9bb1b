import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(d_w):
  # d_w: "cpu f32[2]"
  w1 = torch.add(d_w, 1.0)  # w1: "cpu f32[2]"
  return (w1,)
