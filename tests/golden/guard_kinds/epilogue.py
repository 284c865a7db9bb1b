import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(y2):
  # y2: "cpu f64[2]"
  return (y2, 2, True, True, True)
