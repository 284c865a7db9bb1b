import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(hidden):
  # hidden: "cpu bf16[2, 3]"
  # normalizer = torch.tensor(hidden_size**0.5, dtype=dtype)
  normalizer = torch.tensor(55.42562584220407, dtype=torch.bfloat16)  # normalizer: "cpu bf16[]"
  # hidden = hidden * normalizer
  hidden_1 = torch.mul(hidden, normalizer)  # hidden_1: "cpu bf16[2, 3]"
  # ints = torch.tensor([[1, 2], [3, True]])
  ints = torch.tensor([[1, 2], [3, True]])  # ints: "cpu i64[2, 2]"
  # floats = torch.tensor((1, 2.5))
  floats = torch.tensor((1, 2.5))  # floats: "cpu f32[2]"
  # flags = torch.tensor([True, False])
  flags = torch.tensor([True, False])  # flags: "cpu b8[2]"
  # empty = torch.tensor([])
  empty = torch.tensor([])  # empty: "cpu f32[0]"
  # raw = torch.tensor([-1, 255, 2.7], dtype=torch.uint8)
  raw = torch.tensor([-1, 255, 2.7], dtype=torch.uint8)  # raw: "cpu u8[3]"
  return (hidden_1, ints, floats, flags, empty, raw)
