import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(act_weight, conv_bias, conv_weight, prelu1_weight, image, a, w):
  # act_weight: "cpu f32[3]"
  # conv_bias: "cpu f32[12]"
  # conv_weight: "cpu f32[12, 3, 3, 3]"
  # prelu1_weight: "cpu f32[1]"
  # image: "cpu f32[1, 3, 4, 5]"
  # a: "cpu f32[2, 4, 3]"
  # w: "cpu f32[4]"
  # x = self.conv(x)
  x = torch.nn.functional.conv2d(image, conv_weight, conv_bias, (1, 1), (1, 1), (1, 1), 1)  # x: "cpu f32[1, 12, 4, 5]"
  # x = self.shuffle(x)
  x_1 = torch.nn.functional.pixel_shuffle(x, 2)  # x_1: "cpu f32[1, 3, 8, 10]"
  # return self.act(x)
  x_2 = torch.nn.functional.prelu(x_1, act_weight)  # x_2: "cpu f32[1, 3, 8, 10]"
  # lr = unshuffle(hr)
  lr = torch.nn.functional.pixel_unshuffle(x_2, 2)  # lr: "cpu f32[1, 12, 4, 5]"
  # p = prelu1(a)
  p = torch.nn.functional.prelu(a, prelu1_weight)  # p: "cpu f32[2, 4, 3]"
  # q = a.prelu(w)
  q = torch.nn.functional.prelu(a, w)  # q: "cpu f32[2, 4, 3]"
  # s = F.pixel_shuffle(lr, 2)
  s = torch.nn.functional.pixel_shuffle(lr, 2)  # s: "cpu f32[1, 3, 8, 10]"
  return (x_2, lr, p, q, s)
