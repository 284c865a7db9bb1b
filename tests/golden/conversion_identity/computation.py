import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(cache, new):
  # cache: "cpu f32[4, 3]"
  # new: "cpu f32[1, 3]"
  # pos = torch.arange(1, 2)
  pos = torch.arange(1, 2)  # pos: "cpu i64[1]"
  # k_out.index_copy_(0, pos, new)
  k_out = torch.index_copy(cache, 0, pos, new)  # k_out: "cpu f32[4, 3]"
  # wide = cache.to(torch.float64)
  wide = torch.Tensor.to(k_out, torch.float64)  # wide: "cpu f64[4, 3]"
  # wide.mul_(2)
  wide_1 = torch.mul(wide, 2)  # wide_1: "cpu f64[4, 3]"
  # picked = cache[[0, 2]]
  picked = operator.getitem(k_out, [0, 2])  # picked: "cpu f32[2, 3]"
  # picked.add_(1)
  picked_1 = torch.add(picked, 1)  # picked_1: "cpu f32[2, 3]"
  torch.Tensor.copy_(cache, k_out)  # write-back into args[0]
  return (wide_1, picked_1)
