import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0, y):
  # p0: "<class 'app.state.Counter'>"
  # y: "cpu f32[3]"
  p0.last = y
  p0.n = 5
  return y
