import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(attention_mask, embed_positions_weight):
  # attention_mask: "cpu b8[2, 5]"
  # embed_positions_weight: "cpu f32[10, 4]"
  # attention_mask = attention_mask.long()
  attention_mask_1 = torch.Tensor.long(attention_mask)  # attention_mask_1: "cpu i64[2, 5]"
  # positions = torch.cumsum(attention_mask, dim=1)
  positions = torch.cumsum(attention_mask_1, 1)  # positions: "cpu i64[2, 5]"
  # positions = (positions * attention_mask).long() - 1
  positions_1 = torch.mul(positions, attention_mask_1)  # positions_1: "cpu i64[2, 5]"
  positions_2 = torch.sub(positions_1, 1)  # positions_2: "cpu i64[2, 5]"
  # positions = positions[:, past_key_values_length:]
  positions_3 = operator.getitem(positions_2, (slice(None, None, None), slice(1, None, None)))  # positions_3: "cpu i64[2, 4]"
  # return super().forward(positions + self.offset)
  shifted = torch.add(positions_3, 2)  # shifted: "cpu i64[2, 4]"
  embedded = torch.nn.functional.embedding(shifted, embed_positions_weight, None, None, 2.0, False, False)  # embedded: "cpu f32[2, 4, 4]"
  # again = nn.Embedding.forward(self=self, input=shifted)
  again = torch.nn.functional.embedding(shifted, embed_positions_weight, None, None, 2.0, False, False)  # again: "cpu f32[2, 4, 4]"
  return (embedded, again)
