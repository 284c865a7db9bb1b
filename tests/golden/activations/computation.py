import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, big):
  # x: "cpu f32[2, 5]"
  # big: "cpu f32[3]"
  # activations.py:66: 	return input * 0.5 * (1.0 + torch.erf(input / math.sqrt(2.0)))
  a = torch.div(x, 1.4142135623730951)  # a: "cpu f32[2, 5]"
  b = torch.erf(a)  # b: "cpu f32[2, 5]"
  c = torch.add(b, 1.0)  # c: "cpu f32[2, 5]"
  d = torch.mul(x, 0.5)  # d: "cpu f32[2, 5]"
  e = torch.mul(d, c)  # e: "cpu f32[2, 5]"
  # lrelu = F.leaky_relu(x, negative_slope=0.2)
  lrelu = torch.nn.functional.leaky_relu(x, negative_slope=0.2)  # lrelu: "cpu f32[2, 5]"
  # elu = F.elu(x)
  elu = torch.nn.functional.elu(x)  # elu: "cpu f32[2, 5]"
  # mish = F.mish(x)
  mish = torch.nn.functional.mish(x)  # mish: "cpu f32[2, 5]"
  # softplus = F.softplus(x, beta=2, threshold=5)
  softplus = torch.nn.functional.softplus(x, beta=2, threshold=5)  # softplus: "cpu f32[2, 5]"
  # y = x.clone()
  y = torch.clone(x)  # y: "cpu f32[2, 5]"
  # F.leaky_relu(y, 0.1, True)
  y_1 = torch.nn.functional.leaky_relu(y, 0.1)  # y_1: "cpu f32[2, 5]"
  # y.floor_()
  y_2 = torch.floor(y_1)  # y_2: "cpu f32[2, 5]"
  # x4 = x * 4
  x4 = torch.mul(x, 4)  # x4: "cpu f32[2, 5]"
  # ceil, trunc, sign = x4.ceil(), x4.trunc(), x4.sign()
  ceil = torch.ceil(x4)  # ceil: "cpu f32[2, 5]"
  trunc = torch.trunc(x4)  # trunc: "cpu f32[2, 5]"
  sign = torch.sign(x4)  # sign: "cpu f32[2, 5]"
  # ax = x.abs()
  ax = torch.abs(x)  # ax: "cpu f32[2, 5]"
  # log1p = torch.log1p(ax)
  log1p = torch.log1p(ax)  # log1p: "cpu f32[2, 5]"
  # expm1 = torch.expm1(x)
  expm1 = torch.expm1(x)  # expm1: "cpu f32[2, 5]"
  # log2 = torch.log2(ax)
  log2 = torch.log2(ax)  # log2: "cpu f32[2, 5]"
  # huge = big * 1e38
  huge = torch.mul(big, 1e+38)  # huge: "cpu f32[3]"
  # clamped = torch.where(torch.isinf(huge), torch.zeros_like(huge), huge)
  inf = torch.isinf(huge)  # inf: "cpu b8[3]"
  zero = torch.zeros_like(huge)  # zero: "cpu f32[3]"
  clamped = torch.where(inf, zero, huge)  # clamped: "cpu f32[3]"
  # finite, nan = huge.isfinite(), torch.isnan(huge - huge)
  finite = torch.isfinite(huge)  # finite: "cpu b8[3]"
  diff = torch.sub(huge, huge)  # diff: "cpu f32[3]"
  nan = torch.isnan(diff)  # nan: "cpu b8[3]"
  return (e, lrelu, elu, mish, softplus, y_2, ceil, trunc, sign, log1p, expm1, log2, clamped, finite, nan)
