import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, inv_freq, q, k, v, m, idx):
  # x: "cpu f32[2, 5, 3]"
  # inv_freq: "cpu f32[4]"
  # q: "cpu f32[1, 2, 3, 4]"
  # k: "cpu f32[1, 2, 5, 4]"
  # v: "cpu f32[1, 2, 5, 4]"
  # m: "cpu f32[4, 4]"
  # idx: "cpu i64[3]"
  # t = torch.arange(seq_len, dtype=inv_freq.dtype)
  t = torch.arange(5, dtype=torch.float32)  # t: "cpu f32[5]"
  # freqs = torch.einsum("i,j->ij", t, inv_freq)
  freqs = torch.einsum('i,j->ij', (t, inv_freq))  # freqs: "cpu f32[5, 4]"
  # emb = torch.cat((freqs, freqs), dim=-1)
  emb = torch.cat((freqs, freqs), dim=-1)  # emb: "cpu f32[5, 8]"
  # sinusoid = torch.einsum("i , j -> i j", t, inv_freq)
  sinusoid = torch.einsum('i , j -> i j', (t, inv_freq))  # sinusoid: "cpu f32[5, 4]"
  # scores = torch.einsum("bhqd,bhkd->bhqk", q, k)
  scores = torch.einsum('bhqd,bhkd->bhqk', (q, k))  # scores: "cpu f32[1, 2, 3, 5]"
  # probs = scores.softmax(-1)
  probs = torch.softmax(scores, -1)  # probs: "cpu f32[1, 2, 3, 5]"
  # attn = torch.einsum("bhqk,bhkd->bqhd", probs, v)
  attn = torch.einsum('bhqk,bhkd->bqhd', (probs, v))  # attn: "cpu f32[1, 3, 2, 4]"
  # xt = torch.einsum("...ij->...ji", x)
  xt = torch.einsum('...ij->...ji', (x,))  # xt: "cpu f32[2, 3, 5]"
  # dot = torch.einsum("ij,ij->", [m, m])
  dot = torch.einsum('ij,ij->', (m, m))  # dot: "cpu f32[]"
  # trace = torch.einsum("ii", m)
  trace = torch.einsum('ii', (m,))  # trace: "cpu f32[]"
  # isq = torch.einsum("i,i->", idx, idx)
  isq = torch.einsum('i,i->', (idx, idx))  # isq: "cpu i64[]"
  # isum = torch.einsum("i->", idx)
  isum = torch.einsum('i->', (idx,))  # isum: "cpu i64[]"
  # chain = torch.einsum("ij,jk,k->i", m, m, inv_freq)
  chain = torch.einsum('ij,jk,k->i', (m, m, inv_freq))  # chain: "cpu f32[4]"
  return (emb, sinusoid, attn, xt, dot, trace, isq, isum, chain)
