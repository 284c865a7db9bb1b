import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(m1, a, u, both, either, one, neither, rb, ri, ab, xu, um, na, nu, ax, ob, nb, k, q_1, qi_1, fi, mx, px):
  # m1: "cpu b8[2, 3]"
  # a: "cpu i32[2, 3]"
  # u: "cpu u8[3]"
  # both: "cpu b8[2, 3]"
  # either: "cpu b8[2, 3]"
  # one: "cpu b8[2, 3]"
  # neither: "cpu b8[2, 3]"
  # rb: "cpu b8[3]"
  # ri: "cpu i64[3]"
  # ab: "cpu i64[2, 3]"
  # xu: "cpu u8[3]"
  # um: "cpu u8[2, 3]"
  # na: "cpu i32[2, 3]"
  # nu: "cpu u8[3]"
  # ax: "cpu i32[2, 3]"
  # ob: "cpu i64[3]"
  # nb: "cpu i64[3]"
  # k: "cpu i32[2, 3]"
  # q_1: "cpu f32[64]"
  # qi_1: "cpu f32[5]"
  # fi: "cpu f32[64]"
  # mx: "cpu f32[64]"
  # px: "cpu f32[64]"
  return (both, either, one, neither, rb, ri, ab, xu, um, na, nu, ax, ob, nb, m1, a, u, k, q_1, qi_1, fi, mx, px)
