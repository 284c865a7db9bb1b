import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(m1, m2, a, b, u, x, n):
  # m1: "cpu b8[2, 3]"
  # m2: "cpu b8[3]"
  # a: "cpu i32[2, 3]"
  # b: "cpu i64[3]"
  # u: "cpu u8[3]"
  # x: "cpu f32[64]"
  # n: "cpu i64[5]"
  # both = m1 & m2
  both = torch.bitwise_and(m1, m2)  # both: "cpu b8[2, 3]"
  # either = m1 | m2
  either = torch.bitwise_or(m1, m2)  # either: "cpu b8[2, 3]"
  # one = m1 ^ m2
  one = torch.bitwise_xor(m1, m2)  # one: "cpu b8[2, 3]"
  # neither = ~m1
  neither = torch.bitwise_not(m1)  # neither: "cpu b8[2, 3]"
  # rb = True & m2
  rb = torch.bitwise_and(m2, True)  # rb: "cpu b8[3]"
  # ri = 1 | m2
  ri = torch.bitwise_or(m2, 1)  # ri: "cpu i64[3]"
  # ab = a & b
  ab = torch.bitwise_and(a, b)  # ab: "cpu i64[2, 3]"
  # xu = 6 ^ u
  xu = torch.bitwise_xor(u, 6)  # xu: "cpu u8[3]"
  # um = u | m1
  um = torch.bitwise_or(u, m1)  # um: "cpu u8[2, 3]"
  # na = ~a
  na = torch.bitwise_not(a)  # na: "cpu i32[2, 3]"
  # nu = ~u
  nu = torch.bitwise_not(u)  # nu: "cpu u8[3]"
  # ax = a.bitwise_xor(-1)
  ax = torch.bitwise_xor(a, -1)  # ax: "cpu i32[2, 3]"
  # ob = torch.bitwise_or(3, b)
  ob = torch.bitwise_or(3, b)  # ob: "cpu i64[3]"
  # nb = torch.bitwise_not(b)
  nb = torch.bitwise_not(b)  # nb: "cpu i64[3]"
  # a |= b
  a_1 = torch.bitwise_or(a, b)  # a_1: "cpu i64[2, 3]"
  a_2 = torch.Tensor.to(a_1, dtype=torch.int32)  # a_2: "cpu i32[2, 3]"
  # u ^= 255
  u_1 = torch.bitwise_xor(u, 255)  # u_1: "cpu u8[3]"
  # k &= a
  k = torch.bitwise_and(a_2, 12)  # k: "cpu i32[2, 3]"
  # q = 3.0 / x
  q = torch.reciprocal(x)  # q: "cpu f32[64]"
  q_1 = torch.mul(q, 3.0)  # q_1: "cpu f32[64]"
  # qi = 2 / n
  qi = torch.reciprocal(n)  # qi: "cpu f32[5]"
  qi_1 = torch.mul(qi, 2)  # qi_1: "cpu f32[5]"
  # fi = 7 // x
  fi = torch.floor_divide(7, x)  # fi: "cpu f32[64]"
  # mx = 2.5 % x
  mx = torch.remainder(2.5, x)  # mx: "cpu f32[64]"
  # px = 1.5 ** x
  px = torch.pow(1.5, x)  # px: "cpu f32[64]"
  torch.Tensor.copy_(m1, both)  # write-back into args[0]
  torch.Tensor.copy_(a, a_2)  # write-back into args[2]
  torch.Tensor.copy_(u, u_1)  # write-back into args[4]
  return (both, either, one, neither, rb, ri, ab, xu, um, na, nu, ax, ob, nb, k, q_1, qi_1, fi, mx, px)
