import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, v, w, m):
  # x: "cpu f32[2, 3]"
  # v: "cpu f32[3]"
  # w: "cpu f32[4]"
  # m: "cpu f32[3, 3]"
  # xt = x.t()
  xt = torch.permute(x, (1, 0))  # xt: "cpu f32[3, 2]"
  # xv = x.view_as(xt)
  xv = torch.Tensor.view(x, (3, 2))  # xv: "cpu f32[3, 2]"
  # vt = v.t()
  vt = torch.permute(v, (0,))  # vt: "cpu f32[3]"
  # vb = torch.broadcast_to(v, [2, 3])
  vb = torch.Tensor.expand(v, (2, 3))  # vb: "cpu f32[2, 3]"
  # vb4 = v.broadcast_to((4, 1, 3))
  vb4 = torch.Tensor.expand(v, (4, 1, 3))  # vb4: "cpu f32[4, 1, 3]"
  # vw = torch.outer(v, w)
  vw = torch.reshape(v, (3, 1))  # vw: "cpu f32[3, 1]"
  vw_1 = torch.mul(vw, w)  # vw_1: "cpu f32[3, 4]"
  # wv = w.outer(v)
  wv = torch.reshape(w, (4, 1))  # wv: "cpu f32[4, 1]"
  wv_1 = torch.mul(wv, v)  # wv_1: "cpu f32[4, 3]"
  # z = x.new_zeros([2, 2])
  z = torch.zeros((2, 2), dtype=torch.float32, device=torch.device('cpu'))  # z: "cpu f32[2, 2]"
  # o = x.new_ones(3, dtype=torch.int64)
  o = torch.ones((3,), dtype=torch.int64, device=torch.device('cpu'))  # o: "cpu i64[3]"
  # full = x.new_full((2,), 7.5, dtype=None)
  full = torch.full((2,), 7.5, dtype=torch.float32, device=torch.device('cpu'))  # full: "cpu f32[2]"
  # e = x.new_empty((2, 3))
  e = torch.empty((2, 3), dtype=torch.float32, device=torch.device('cpu'))  # e: "cpu f32[2, 3]"
  # e.fill_(1.0)
  e_1 = torch.full_like(e, 1.0)  # e_1: "cpu f32[2, 3]"
  # nt = x.new_tensor([1, 2])
  nt = torch.tensor((1, 2), dtype=torch.float32, device=torch.device('cpu'))  # nt: "cpu f32[2]"
  # m.triu_()
  m_1 = torch.triu(m)  # m_1: "cpu f32[3, 3]"
  # m.tril_(1)
  m_2 = torch.tril(m_1, 1)  # m_2: "cpu f32[3, 3]"
  # xt2 = torch.Tensor.t(x)
  xt2 = torch.permute(x, (1, 0))  # xt2: "cpu f32[3, 2]"
  # vt2 = torch.t(v)
  vt2 = torch.permute(v, (0,))  # vt2: "cpu f32[3]"
  # vw2 = torch.outer(input=v, vec2=w)
  vw2_1 = torch.mul(vw, w)  # vw2_1: "cpu f32[3, 4]"
  # vb2 = v.broadcast_to(2, 3)
  vb2 = torch.Tensor.expand(v, (2, 3))  # vb2: "cpu f32[2, 3]"
  # o2 = torch.Tensor.new_ones(x, [2])
  o2 = torch.ones((2,), dtype=torch.float32, device=torch.device('cpu'))  # o2: "cpu f32[2]"
  # torch.Tensor.triu_(m, -1)
  m_3 = torch.triu(m_2, -1)  # m_3: "cpu f32[3, 3]"
  # best = torch.max(x, 0)
  torch.Tensor.copy_(m, m_3)  # write-back into args[3]
  return (xt, xv, vt, vb, vb4, vw_1, wv_1, z, o, full, e_1, nt, xt2, vt2, vw2_1, vb2, o2)
