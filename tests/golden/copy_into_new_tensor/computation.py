import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(z):
  # z: "cpu f32[3]"
  # y.copy_(z)
  y_1 = torch.clone(z)  # y_1: "cpu f32[3]"
  # w.copy_(z)
  w_1 = torch.Tensor.expand(z, (2, 3))  # w_1: "cpu f32[2, 3]"
  w_2 = torch.clone(w_1)  # w_2: "cpu f32[2, 3]"
  return (y_1, w_2)
