import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue():
  p0 = torch.Size((2, 3))
  p1 = torch.Size((2,))
  p2 = torch.Size((2, 1))
  p3 = torch.Size((2, 2))
  p4 = torch.Size((2, 3))
  p5 = torch.Size((4, 6))
  p6 = torch.Size((2,))
  return (p0, False, True, p1, p2, (1, 2), p3, 6, p4, p5, p6, (2, 3), True)
