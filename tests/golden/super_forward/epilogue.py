import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(embedded, again):
  # embedded: "cpu f32[2, 4, 4]"
  # again: "cpu f32[2, 4, 4]"
  return (embedded, again)
