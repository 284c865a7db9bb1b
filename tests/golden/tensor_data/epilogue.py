import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(hidden_1, ints, floats, flags, empty, raw):
  # hidden_1: "cpu bf16[2, 3]"
  # ints: "cpu i64[2, 2]"
  # floats: "cpu f32[2]"
  # flags: "cpu b8[2]"
  # empty: "cpu f32[0]"
  # raw: "cpu u8[3]"
  return (hidden_1, ints, floats, flags, empty, raw)
