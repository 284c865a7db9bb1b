import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, total):
  # x: "cpu f32[3]"
  # total: "cpu f32[]"
  s = torch.sum(x)  # s: "cpu f32[]"
  tot2 = torch.add(total, s)  # tot2: "cpu f32[]"
  return (tot2,)
