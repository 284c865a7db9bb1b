import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(x, p0, y):
  # x: "cpu f32[4]"
  # p0: "<class 'app.state.Counter'>"
  # y: "cpu f32[4]"
  return (x, p0, y)
