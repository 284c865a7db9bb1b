import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p_4, up, seg, aa, al, lin, ne, vol, ar, ar1):
  # p_4: "cpu f32[1, 30, 8]"
  # up: "cpu f32[2, 3, 8, 10]"
  # seg: "cpu f32[1, 4, 7, 9]"
  # aa: "cpu f32[1, 4, 3, 3]"
  # al: "cpu f32[2, 3, 6, 3]"
  # lin: "cpu f32[2, 3, 10]"
  # ne: "cpu f32[2, 3, 11]"
  # vol: "cpu f64[1, 2, 6, 4, 3]"
  # ar: "cpu f32[1, 4, 2, 4]"
  # ar1: "cpu f32[2, 3, 3]"
  return (p_4, up, seg, aa, al, lin, ne, vol, ar, ar1)
