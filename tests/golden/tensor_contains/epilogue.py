import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue():
  return False
