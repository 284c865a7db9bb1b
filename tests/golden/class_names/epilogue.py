import collections
import torch
from thunderc_support import no_autocast
from a.b import D as a_b_D
from a_b import D as a_b_D_2
from no import autocast as no_autocast_2

@torch.no_grad()
@no_autocast
def epilogue(y):
  # y: "cpu f32[2]"
  p0 = no_autocast_2(v=y)
  p1 = a_b_D(v=1)
  p2 = a_b_D_2(v=2)
  p3 = collections.OrderedDict([('n', p0), ('b', 1)])
  return (p0, p1, p2, p3)
