import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(loss, sd, sd2, lse2, mask, alphas_cumprod, p, pall):
  # loss: "cpu f32[]"
  # sd: "cpu f32[3, 4, 1]"
  # sd2: "cpu f32[5]"
  # lse2: "cpu f32[1, 4, 1]"
  # mask: "cpu b8[2, 6]"
  # alphas_cumprod: "cpu f64[8]"
  # p: "cpu i64[2]"
  # pall: "cpu f64[]"
  return (loss, sd, sd2, lse2, mask, alphas_cumprod, p, pall)
