import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(logits, a, a2, mx, ad, gap, shifted, flat, u, u2, pooled_1, ap1, m1, a1, m2, a2_1d):
  # logits: "cpu f32[2, 5]"
  # a: "cpu f32[2, 4, 4, 4]"
  # a2: "cpu f32[2, 4, 3, 2]"
  # mx: "cpu f32[2, 4, 5, 4]"
  # ad: "cpu f32[2, 4, 7, 2]"
  # gap: "cpu f32[2, 4, 1, 1]"
  # shifted: "cpu f32[2, 4, 4, 3]"
  # flat: "cpu f32[2, 4, 4, 3]"
  # u: "cpu f32[2, 4, 4, 3, 1]"
  # u2: "cpu f32[2, 2, 2, 7, 6]"
  # pooled_1: "cpu f32[2, 6]"
  # ap1: "cpu f32[2, 6, 3]"
  # m1: "cpu f32[2, 7, 4]"
  # a1: "cpu f32[2, 7, 4]"
  # m2: "cpu f32[2, 7, 2]"
  # a2_1d: "cpu f32[2, 7, 2]"
  return (logits, a, a2, mx, ad, gap, shifted, flat, u, u2, pooled_1, ap1, m1, a1, m2, a2_1d)
