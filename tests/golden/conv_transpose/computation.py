import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(up_bias, up_weight, upsample1d_bias, upsample1d_weight, sized_weight, low, skip, audio, x, w):
  # up_bias: "cpu f32[2]"
  # up_weight: "cpu f32[4, 2, 2, 2]"
  # upsample1d_bias: "cpu f32[2]"
  # upsample1d_weight: "cpu f32[3, 2, 8]"
  # sized_weight: "cpu f32[4, 3, 3, 3]"
  # low: "cpu f32[1, 4, 3, 4]"
  # skip: "cpu f32[1, 2, 6, 8]"
  # audio: "cpu f32[1, 3, 5]"
  # x: "cpu f32[1, 4, 3, 3]"
  # w: "cpu f32[4, 3, 3, 2]"
  # x1 = self.up(x1)
  x1 = torch.nn.functional.conv_transpose2d(low, up_weight, up_bias, (2, 2), (0, 0), (0, 0), 1, (1, 1))  # x1: "cpu f32[1, 2, 6, 8]"
  # x = torch.cat([x2, x1], dim=1)
  x_1 = torch.cat((skip, x1), dim=1)  # x_1: "cpu f32[1, 4, 6, 8]"
  # b = upsample1d(audio)
  b = torch.nn.functional.conv_transpose1d(audio, upsample1d_weight, upsample1d_bias, (4,), (2,), (0,), 1, (1,))  # b: "cpu f32[1, 2, 20]"
  # c = sized(low, output_size=skip.size())
  c = torch.nn.functional.conv_transpose2d(low, sized_weight, None, (2, 2), (1, 1), [1, 1], 1, (1, 1))  # c: "cpu f32[1, 3, 6, 8]"
  # d = F.conv_transpose2d(x, w, stride=2, padding=1, output_padding=1, groups=2, dilation=(1, 2))
  d = torch.nn.functional.conv_transpose2d(x, w, stride=2, padding=1, output_padding=1, groups=2, dilation=(1, 2))  # d: "cpu f32[1, 6, 6, 6]"
  return (x_1, b, c, d)
