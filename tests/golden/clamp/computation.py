import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(query, positions, limit):
  # query: "cpu f32[2, 3]"
  # positions: "cpu i64[4]"
  # limit: "cpu f32[3]"
  # query.clamp_(min=-clip_qkv, max=clip_qkv)
  query_1 = torch.clamp(query, min=-0.25, max=0.25)  # query_1: "cpu f32[2, 3]"
  # pos = positions.clamp(0, 5)
  pos = torch.clamp(positions, 0, 5)  # pos: "cpu i64[4]"
  # capped = torch.clip(query, max=limit)
  capped = torch.clamp(query_1, max=limit)  # capped: "cpu f32[2, 3]"
  # halves = torch.clamp(positions, min=0.5)
  halves = torch.clamp(positions, min=0.5)  # halves: "cpu f32[4]"
  # from_one = positions.clamp_min(1)
  from_one = torch.clamp(positions, min=1)  # from_one: "cpu i64[4]"
  # below = torch.clamp_max(query, max=0.1)
  below = torch.clamp(query_1, max=0.1)  # below: "cpu f32[2, 3]"
  torch.Tensor.copy_(query, query_1)  # write-back into args[0]
  return (pos, capped, halves, from_one, below)
