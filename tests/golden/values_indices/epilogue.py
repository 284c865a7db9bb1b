import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(top_1, top_2, kth, low_1, low_2, mx_1, mn_2, r, rd, xd, parts_1, parts_2, parts_3, p, p2, oh, floor, least):
  # top_1: "cpu f32[2, 2]"
  # top_2: "cpu i64[2, 2]"
  # kth: "cpu f32[2, 1]"
  # low_1: "cpu f32[1, 5]"
  # low_2: "cpu i64[1, 5]"
  # mx_1: "cpu f32[2]"
  # mn_2: "cpu i64[2]"
  # r: "cpu f32[2, 3]"
  # rd: "cpu f32[2, 3]"
  # xd: "cpu f64[2, 3]"
  # parts_1: "cpu f32[2]"
  # parts_2: "cpu f32[2]"
  # parts_3: "cpu f32[2]"
  # p: "cpu f32[2, 6]"
  # p2: "cpu f32[2, 3]"
  # oh: "cpu i64[3, 4]"
  # floor: "cpu f32[]"
  # least: "cpu i64[2, 1]"
  p0 = torch.return_types.topk((low_1, low_2))
  return (top_1, top_2, kth, p0, mx_1, mn_2, r, rd, xd, (parts_1, parts_2, parts_3), p, p2, oh, floor, least)
