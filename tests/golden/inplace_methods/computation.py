import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, y, mask, window):
  # x: "cpu f32[2, 3]"
  # y: "cpu f32[2, 3]"
  # mask: "cpu b8[2, 3]"
  # window: "cpu b8[3]"
  # x.sub_(y, alpha=2)
  x_1 = torch.sub(x, y, alpha=2)  # x_1: "cpu f32[2, 3]"
  # x2 = x.div_(4)
  x2 = torch.div(x_1, 4)  # x2: "cpu f32[2, 3]"
  # mask.bitwise_or_(window)
  mask_1 = torch.bitwise_or(mask, window)  # mask_1: "cpu b8[2, 3]"
  # z = torch.zeros_like(y)
  z = torch.zeros_like(y)  # z: "cpu f32[2, 3]"
  # z.eq_(x)
  z_1 = torch.eq(z, x2)  # z_1: "cpu b8[2, 3]"
  z_2 = torch.Tensor.to(z_1, dtype=torch.float32)  # z_2: "cpu f32[2, 3]"
  # z.exp_()
  z_3 = torch.exp(z_2)  # z_3: "cpu f32[2, 3]"
  torch.Tensor.copy_(x, x2)  # write-back into args[0]
  torch.Tensor.copy_(mask, mask_1)  # write-back into args[2]
  return (z_3,)
