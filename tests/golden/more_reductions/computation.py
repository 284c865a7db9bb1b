import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(router_logits, x, attention_mask, betas, counts):
  # router_logits: "cpu f32[2, 3, 4]"
  # x: "cpu f32[3, 4, 5]"
  # attention_mask: "cpu i64[2, 6]"
  # betas: "cpu f64[8]"
  # counts: "cpu i32[2, 3]"
  # log_z = torch.logsumexp(router_logits, dim=-1)
  lse = torch.logsumexp(router_logits, dim=-1)  # lse: "cpu f32[2, 3]"
  # z_loss = log_z**2
  z = torch.pow(lse, 2)  # z: "cpu f32[2, 3]"
  # return torch.sum(z_loss) / (num_groups * tokens_per_group)
  s = torch.sum(z)  # s: "cpu f32[]"
  loss = torch.div(s, 6)  # loss: "cpu f32[]"
  # sd = x.std(-1, keepdim=True, unbiased=False)
  sd = torch.std(x, -1, keepdim=True, unbiased=False)  # sd: "cpu f32[3, 4, 1]"
  # sd2 = torch.std(x, dim=(0, 1))
  sd2 = torch.std(x, dim=(0, 1))  # sd2: "cpu f32[5]"
  # lse2 = x.logsumexp((0, 2), keepdim=True)
  lse2 = torch.logsumexp(x, (0, 2), keepdim=True)  # lse2: "cpu f32[1, 4, 1]"
  # mask = attention_mask.flip([-1]).cumsum(-1).flip([-1]).bool()
  m = torch.flip(attention_mask, (-1,))  # m: "cpu i64[2, 6]"
  m_1 = torch.cumsum(m, -1)  # m_1: "cpu i64[2, 6]"
  m_2 = torch.flip(m_1, (-1,))  # m_2: "cpu i64[2, 6]"
  mask = torch.Tensor.bool(m_2)  # mask: "cpu b8[2, 6]"
  # alphas = 1.0 - betas
  alphas = torch.sub(betas, 1.0)  # alphas: "cpu f64[8]"
  alphas_1 = torch.neg(alphas)  # alphas_1: "cpu f64[8]"
  # alphas_cumprod = torch.cumprod(alphas, dim=0)
  alphas_cumprod = torch.cumprod(alphas_1, dim=0)  # alphas_cumprod: "cpu f64[8]"
  # p = torch.prod(counts, dim=-1)
  p = torch.prod(counts, dim=-1)  # p: "cpu i64[2]"
  # pall = counts.prod(dtype=torch.float64)
  pall = torch.prod(counts, dtype=torch.float64)  # pall: "cpu f64[]"
  return (loss, sd, sd2, lse2, mask, alphas_cumprod, p, pall)
