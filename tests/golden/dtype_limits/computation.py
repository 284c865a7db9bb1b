import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(scores, ids):
  # scores: "cpu bf16[4, 4]"
  # ids: "cpu i32[3]"
  # mask = torch.full((4, 4), fill_value=min_dtype, dtype=dtype)
  mask = torch.full((4, 4), fill_value=-3.3895313892515355e+38, dtype=torch.bfloat16)  # mask: "cpu bf16[4, 4]"
  # mask = torch.triu(mask, diagonal=1)
  mask_1 = torch.triu(mask, diagonal=1)  # mask_1: "cpu bf16[4, 4]"
  # scores = scores + mask
  scores_1 = torch.add(scores, mask_1)  # scores_1: "cpu bf16[4, 4]"
  # negative = ids < 0
  negative = torch.lt(ids, 0)  # negative: "cpu b8[3]"
  # ids = ids.masked_fill(negative, id_max)
  ids_1 = torch.masked_fill(ids, negative, 2147483647)  # ids_1: "cpu i32[3]"
  # wide = scores.type(torch.float32)
  wide = torch.Tensor.to(scores_1, dtype=torch.float32)  # wide: "cpu f32[4, 4]"
  # long_ids = ids.type('torch.LongTensor')
  long_ids = torch.Tensor.to(ids_1, dtype=torch.int64)  # long_ids: "cpu i64[3]"
  return (scores_1, ids_1, wide, long_ids)
