import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0, z):
  # p0: "<class 'app.state.Box'>"
  # z: "cpu f32[3]"
  p0.v = 1
  return (z, 0)
