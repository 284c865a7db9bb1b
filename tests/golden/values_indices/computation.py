import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(scores, labels, x):
  # scores: "cpu f32[2, 5]"
  # labels: "cpu i64[3]"
  # x: "cpu f32[2, 3]"
  # top = torch.topk(scores, 2)
  top_1, top_2 = torch.topk(scores, 2)  # top_1: "cpu f32[2, 2]", top_2: "cpu i64[2, 2]"
  # kth = first[..., -1, None]
  kth = operator.getitem(top_1, (..., -1, None))  # kth: "cpu f32[2, 1]"
  # low = scores.topk(1, dim=0, largest=False)
  low_1, low_2 = torch.topk(scores, 1, dim=0, largest=False)  # low_1: "cpu f32[1, 5]", low_2: "cpu i64[1, 5]"
  # mx = scores.max(dim=-1)
  mx_1, mx_2 = torch.max(scores, dim=-1)  # mx_1: "cpu f32[2]", mx_2: "cpu i64[2]"
  # mn = torch.min(scores, 1)
  mn_1, mn_2 = torch.min(scores, 1)  # mn_1: "cpu f32[2]", mn_2: "cpu i64[2]"
  # x10 = x * 10
  x10 = torch.mul(x, 10)  # x10: "cpu f32[2, 3]"
  # r = torch.round(x10)
  r = torch.round(x10)  # r: "cpu f32[2, 3]"
  # rd = x.round(decimals=1)
  rd = torch.round(x, decimals=1)  # rd: "cpu f32[2, 3]"
  # xd = x.double()
  xd = torch.Tensor.double(x)  # xd: "cpu f64[2, 3]"
  # parts = torch.unbind(x, dim=1)
  parts_1, parts_2, parts_3 = torch.unbind(x, dim=1)  # parts_1: "cpu f32[2]", parts_2: "cpu f32[2]", parts_3: "cpu f32[2]"
  # p = F.pad(x, (1, 2), value=-1.0)
  p = torch.nn.functional.pad(x, (1, 2), value=-1.0)  # p: "cpu f32[2, 6]"
  # p2 = F.pad(x, (0, 0, -1, 1))
  p2 = torch.nn.functional.pad(x, (0, 0, -1, 1))  # p2: "cpu f32[2, 3]"
  # cls = labels % 4
  cls = torch.remainder(labels, 4)  # cls: "cpu i64[3]"
  # oh = F.one_hot(cls, num_classes=4)
  oh = torch.nn.functional.one_hot(cls, num_classes=4)  # oh: "cpu i64[3, 4]"
  # floor = torch.amin(scores, (0, 1))
  floor = torch.amin(scores, (0, 1))  # floor: "cpu f32[]"
  # least = scores.argmin(dim=-1, keepdim=True)
  least = torch.argmin(scores, dim=-1, keepdim=True)  # least: "cpu i64[2, 1]"
  return (top_1, top_2, kth, low_1, low_2, mx_1, mn_2, r, rd, xd, parts_1, parts_2, parts_3, p, p2, oh, floor, least)
