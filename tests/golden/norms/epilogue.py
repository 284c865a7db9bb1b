import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(sentence_3, l1_3, image, fro, maxabs, fro2, p3, vn, vmin):
  # sentence_3: "cpu f32[2, 8]"
  # l1_3: "cpu f32[2, 4, 8]"
  # image: "cpu f32[3, 8]"
  # fro: "cpu f32[]"
  # maxabs: "cpu f32[5]"
  # fro2: "cpu f32[1, 1]"
  # p3: "cpu f64[4]"
  # vn: "cpu f32[2, 4, 1]"
  # vmin: "cpu f32[]"
  return (sentence_3, l1_3, image, fro, maxabs, fro2, p3, vn, vmin)
