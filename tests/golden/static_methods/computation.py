import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[3, 3]"
  # m = torch.full((n, n), fill)
  m = torch.full((3, 3), -1.0)  # m: "cpu f32[3, 3]"
  # m = torch.triu(m, diagonal=1)
  m_1 = torch.triu(m, diagonal=1)  # m_1: "cpu f32[3, 3]"
  # m = torch.full((n, n), fill)
  m_2 = torch.full((3, 3), 2.0)  # m_2: "cpu f32[3, 3]"
  # m = torch.triu(m, diagonal=1)
  m_3 = torch.triu(m_2, diagonal=1)  # m_3: "cpu f32[3, 3]"
  # y = x + mask
  y = torch.add(x, m_1)  # y: "cpu f32[3, 3]"
  # y = y * other
  y_1 = torch.mul(y, m_3)  # y_1: "cpu f32[3, 3]"
  return (y_1,)
