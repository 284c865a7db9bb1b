import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0, total, total_1, mean, mean_1):
  # p0: "Any"
  # total: "cpu f32[]"
  # total_1: "cpu f32[]"
  # mean: "cpu f32[]"
  # mean_1: "cpu f32[]"
  p0['steps'] = 4
  p0['ce'] = total
  p0['aux'] = total_1
  return {'ce': mean, 'aux': mean_1}
