import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(attention_mask, query, key):
  # attention_mask: "cpu i64[2, 5]"
  # query: "cpu f32[2, 3, 4]"
  # key: "cpu f32[2, 3, 4]"
  # positions = torch.cumsum(attention_mask, dim=1)
  positions = torch.cumsum(attention_mask, dim=1)  # positions: "cpu i64[2, 5]"
  # positions = positions * attention_mask
  positions_1 = torch.mul(positions, attention_mask)  # positions_1: "cpu i64[2, 5]"
  # position_ids = positions - 1
  position_ids = torch.sub(positions_1, 1)  # position_ids: "cpu i64[2, 5]"
  # scores = torch.zeros(2, 3, 3, dtype=torch.float32)
  scores = torch.zeros((2, 3, 3), dtype=torch.float32)  # scores: "cpu f32[2, 3, 3]"
  # key_t = key.transpose(1, 2)
  key_t = torch.transpose(key, 1, 2)  # key_t: "cpu f32[2, 4, 3]"
  # scores = torch.baddbmm(scores, query, key_t, beta=1.0, alpha=norm_factor)
  scores_1 = torch.baddbmm(scores, query, key_t, beta=1.0, alpha=0.5)  # scores_1: "cpu f32[2, 3, 3]"
  # running = scores.cumsum(-1, dtype=torch.float64)
  running = torch.cumsum(scores_1, -1, dtype=torch.float64)  # running: "cpu f64[2, 3, 3]"
  return (position_ids, scores_1, running)
