import torch
from thunderc_support import no_autocast
from app.out import Inner as app_out_Inner
from app.out import Outer as app_out_Outer

@torch.no_grad()
@no_autocast
def epilogue(x, s):
  # x: "cpu f32[2]"
  # s: "cpu f32[2]"
  p0 = app_out_Inner(t=s, n=3)
  p1 = app_out_Outer(inner=p0, pair=(x, {'a': s, 'b': (1, 'two', None)}), extra=None)
  return (p1, p0, [s, 2.5])
