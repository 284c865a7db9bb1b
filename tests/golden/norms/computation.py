import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(hidden, attention_mask, image_embeds, w):
  # hidden: "cpu f32[2, 4, 8]"
  # attention_mask: "cpu i64[2, 4]"
  # image_embeds: "cpu f32[3, 8]"
  # w: "cpu f32[4, 5]"
  # mask = attention_mask.unsqueeze(-1).expand(token_embeddings.size()).float()
  m = torch.unsqueeze(attention_mask, -1)  # m: "cpu i64[2, 4, 1]"
  m_1 = torch.Tensor.expand(m, (2, 4, 8))  # m_1: "cpu i64[2, 4, 8]"
  mask = torch.Tensor.float(m_1)  # mask: "cpu f32[2, 4, 8]"
  # summed = torch.sum(token_embeddings * mask, 1)
  masked = torch.mul(hidden, mask)  # masked: "cpu f32[2, 4, 8]"
  summed = torch.sum(masked, 1)  # summed: "cpu f32[2, 8]"
  # count = torch.clamp(mask.sum(1), min=1e-9)
  count = torch.sum(mask, 1)  # count: "cpu f32[2, 8]"
  count_1 = torch.clamp(count, min=1e-09)  # count_1: "cpu f32[2, 8]"
  # return summed / count
  pooled = torch.div(summed, count_1)  # pooled: "cpu f32[2, 8]"
  # sentence = F.normalize(pooled, p=2, dim=1)
  sentence = torch.norm(pooled, 2, 1, keepdim=True)  # sentence: "cpu f32[2, 1]"
  sentence_1 = torch.clamp(sentence, min=1e-12)  # sentence_1: "cpu f32[2, 1]"
  sentence_2 = torch.Tensor.expand_as(sentence_1, pooled)  # sentence_2: "cpu f32[2, 8]"
  sentence_3 = torch.div(pooled, sentence_2)  # sentence_3: "cpu f32[2, 8]"
  # l1 = F.normalize(hidden, 1.0, -1)
  l1 = torch.norm(hidden, 1.0, -1, keepdim=True)  # l1: "cpu f32[2, 4, 1]"
  l1_1 = torch.clamp(l1, min=1e-12)  # l1_1: "cpu f32[2, 4, 1]"
  l1_2 = torch.Tensor.expand_as(l1_1, hidden)  # l1_2: "cpu f32[2, 4, 8]"
  l1_3 = torch.div(hidden, l1_2)  # l1_3: "cpu f32[2, 4, 8]"
  # image_embeds = image_embeds / image_embeds.norm(p=2, dim=-1, keepdim=True)
  n = torch.norm(image_embeds, p=2, dim=-1, keepdim=True)  # n: "cpu f32[3, 1]"
  image = torch.div(image_embeds, n)  # image: "cpu f32[3, 8]"
  # fro = torch.norm(w)
  fro = torch.norm(w)  # fro: "cpu f32[]"
  # maxabs = torch.norm(w, float('inf'), 0)
  maxabs = torch.norm(w, float('inf'), 0)  # maxabs: "cpu f32[5]"
  # fro2 = w.norm('fro', (0, 1), keepdim=True)
  fro2 = torch.norm(w, 'fro', (0, 1), keepdim=True)  # fro2: "cpu f32[1, 1]"
  # p3 = torch.norm(w, 3, dim=1, dtype=torch.float64)
  p3 = torch.norm(w, 3, dtype=torch.float64, dim=1)  # p3: "cpu f64[4]"
  # vn = torch.linalg.vector_norm(hidden, dim=-1, keepdim=True)
  vn = torch.linalg.vector_norm(hidden, dim=-1, keepdim=True)  # vn: "cpu f32[2, 4, 1]"
  # vmin = torch.linalg.vector_norm(w, float('-inf'), (0, 1))
  vmin = torch.linalg.vector_norm(w, float('-inf'), (0, 1))  # vmin: "cpu f32[]"
  return (sentence_3, l1_3, image, fro, maxabs, fro2, p3, vn, vmin)
