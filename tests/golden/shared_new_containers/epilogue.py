import collections
import torch
from thunderc_support import no_autocast
from app.out import Out as app_out_Out

@torch.no_grad()
@no_autocast
def epilogue(p0, p1, y):
  # p0: "Any"
  # p1: "<class 'app.state.C'>"
  # y: "cpu f32[2]"
  p2 = [y, 3]
  p1.items = p2
  p3 = {'a': p2}
  p0['k'] = p3
  p4 = collections.OrderedDict([('b', p2)])
  p5 = app_out_Out(inner=p3, od=p4)
  return (p2, p3, p4, p5, [p4])
