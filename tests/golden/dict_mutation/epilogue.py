import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0, total, t1, mean, t2):
  # p0: "Any"
  # total: "cpu f32[]"
  # t1: "cpu f32[]"
  # mean: "cpu f32[]"
  # t2: "cpu f32[]"
  p0['steps'] = 4
  p0['ce'] = total
  p0['aux'] = t1
  return {'ce': mean, 'aux': t2}
