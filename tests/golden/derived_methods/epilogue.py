import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(m, xt, xv, vt, vb, vb4, vw_1, wv_1, z, o, full, e_1, nt, xt2, vt2, vw2_1, vb2, o2):
  # m: "cpu f32[3, 3]"
  # xt: "cpu f32[3, 2]"
  # xv: "cpu f32[3, 2]"
  # vt: "cpu f32[3]"
  # vb: "cpu f32[2, 3]"
  # vb4: "cpu f32[4, 1, 3]"
  # vw_1: "cpu f32[3, 4]"
  # wv_1: "cpu f32[4, 3]"
  # z: "cpu f32[2, 2]"
  # o: "cpu i64[3]"
  # full: "cpu f32[2]"
  # e_1: "cpu f32[2, 3]"
  # nt: "cpu f32[2]"
  # xt2: "cpu f32[3, 2]"
  # vt2: "cpu f32[3]"
  # vw2_1: "cpu f32[3, 4]"
  # vb2: "cpu f32[2, 3]"
  # o2: "cpu f32[2]"
  return (xt, xv, vt, vb, vb4, vw_1, wv_1, z, o, full, e_1, nt, m, xt2, vt2, vw2_1, vb2, o2, False, True)
