import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(a, b, c, d, e, g, k, l, u):
  # a: "cpu f32[1, 2, 5, 8]"
  # b: "cpu f32[2, 10]"
  # c: "cpu f32[1, 2, 6, 9]"
  # d: "cpu f32[2, 10]"
  # e: "cpu f32[1, 1, 4, 5, 5]"
  # g: "cpu f32[1, 2, 6, 5]"
  # k: "cpu f32[2, 3, 5]"
  # l: "cpu f32[2, 3, 5]"
  # u: "cpu f32[4, 2, 3]"
  return (a, b, c, d, e, g, k, l, u)
