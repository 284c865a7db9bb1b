import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2, 3]"
  # h = torch.tanh(x)
  h = torch.tanh(x)  # h: "cpu f32[2, 3]"
  # logits = hidden * n
  logits = torch.mul(h, 2)  # logits: "cpu f32[2, 3]"
  return (logits,)
