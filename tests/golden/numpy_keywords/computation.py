import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, mask):
  # x: "cpu f32[2, 3]"
  # mask: "cpu f32[2, 4]"
  # s = x.sum(axis=1, keepdims=True)
  s = torch.sum(x, axis=1, keepdims=True)  # s: "cpu f32[2, 1]"
  # p = torch.softmax(x, axis=-1)
  p = torch.softmax(x, axis=-1)  # p: "cpu f32[2, 3]"
  # y = torch.cat([p, s], axis=1)
  y = torch.cat((p, s), axis=1)  # y: "cpu f32[2, 4]"
  # y = y * mask
  y_1 = torch.mul(y, mask)  # y_1: "cpu f32[2, 4]"
  return (y_1,)
