import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0):
  # p0: "Any"
  p0[1] = 'b'
  p0[1] = 'c'
  p0[-0.0] = 'x'
  p0[-0.0] = 'y'
  p0[-0.0] = 'z'
  return None
