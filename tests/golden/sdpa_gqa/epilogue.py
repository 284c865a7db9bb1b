import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(a, b, c):
  # a: "cpu f32[2, 4, 5, 8]"
  # b: "cpu f32[2, 4, 5, 8]"
  # c: "cpu f32[2, 4, 5, 8]"
  return (a, b, c)
