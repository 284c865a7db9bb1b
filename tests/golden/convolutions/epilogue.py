import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(embeddings_1, h_4, dw, dil, vid, sig):
  # embeddings_1: "cpu f32[2, 5, 16]"
  # h_4: "cpu f32[2, 5, 8]"
  # dw: "cpu f32[4, 6, 5]"
  # dil: "cpu f32[4, 6, 5]"
  # vid: "cpu f64[1, 5, 2, 2, 2]"
  # sig: "cpu f32[1, 6]"
  return (embeddings_1, h_4, dw, dil, vid, sig)
