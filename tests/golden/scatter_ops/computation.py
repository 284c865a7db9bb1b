import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(logits, h, ids, image_features):
  # logits: "cpu f32[2, 5]"
  # h: "cpu f32[3, 3]"
  # ids: "cpu i64[3]"
  # image_features: "cpu f32[9]"
  # top_w, top_i = torch.topk(logits, 2, dim=-1)
  top_1, top_2 = torch.topk(logits, 2, dim=-1)  # top_1: "cpu f32[2, 2]", top_2: "cpu i64[2, 2]"
  # gates = torch.zeros_like(logits).scatter(1, top_i, top_w)
  gates = torch.zeros_like(logits)  # gates: "cpu f32[2, 5]"
  gates_1 = torch.scatter(gates, 1, top_2, top_1)  # gates_1: "cpu f32[2, 5]"
  # hits.scatter_(1, top_i, 1.0)
  hits_1 = torch.scatter(gates, 1, top_2, 1.0)  # hits_1: "cpu f32[2, 5]"
  # hits.scatter_add_(1, top_i, top_w)
  hits_2 = torch.scatter_add(hits_1, 1, top_2, top_1)  # hits_2: "cpu f32[2, 5]"
  # acc = torch.zeros(4, 3)
  acc = torch.zeros((4, 3))  # acc: "cpu f32[4, 3]"
  # rows = ids % 4
  rows = torch.remainder(ids, 4)  # rows: "cpu i64[3]"
  # acc.index_add_(0, rows, h, alpha=0.5)
  acc_1 = torch.index_add(acc, 0, rows, h, alpha=0.5)  # acc_1: "cpu f32[4, 3]"
  # acc2 = torch.index_add(acc, 1, torch.tensor([2, 0, 2]), acc)
  cols = torch.tensor([2, 0, 2])  # cols: "cpu i64[3]"
  acc2 = torch.index_add(acc_1, 1, cols, acc_1)  # acc2: "cpu f32[4, 3]"
  # is_image = (ids == 1).unsqueeze(-1).expand_as(h)
  is_image = torch.eq(ids, 1)  # is_image: "cpu b8[3]"
  is_image_1 = torch.unsqueeze(is_image, -1)  # is_image_1: "cpu b8[3, 1]"
  is_image_2 = torch.Tensor.expand_as(is_image_1, h)  # is_image_2: "cpu b8[3, 3]"
  # merged = h.masked_scatter(is_image, image_features)
  merged = torch.masked_scatter(h, is_image_2, image_features)  # merged: "cpu f32[3, 3]"
  return (gates_1, hits_2, acc_1, acc2, merged)
