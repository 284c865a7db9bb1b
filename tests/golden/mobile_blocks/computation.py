import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(fc1_bias, fc1_weight, fc2_bias, fc2_weight, x, y):
  # fc1_bias: "cpu f32[2]"
  # fc1_weight: "cpu f32[2, 4, 1, 1]"
  # fc2_bias: "cpu f32[4]"
  # fc2_weight: "cpu f32[4, 2, 1, 1]"
  # x: "cpu f32[1, 4, 3, 3]"
  # y: "cpu i64[2, 3]"
  # scale = self.avgpool(input)
  scale = torch.nn.functional.adaptive_avg_pool2d(x, 1)  # scale: "cpu f32[1, 4, 1, 1]"
  # scale = self.fc1(scale)
  scale_1 = torch.nn.functional.conv2d(scale, fc1_weight, fc1_bias, (1, 1), (0, 0), (1, 1), 1)  # scale_1: "cpu f32[1, 2, 1, 1]"
  # scale = self.activation(scale)
  scale_2 = torch.nn.functional.relu(scale_1)  # scale_2: "cpu f32[1, 2, 1, 1]"
  # scale = self.fc2(scale)
  scale_3 = torch.nn.functional.conv2d(scale_2, fc2_weight, fc2_bias, (1, 1), (0, 0), (1, 1), 1)  # scale_3: "cpu f32[1, 4, 1, 1]"
  # return self.scale_activation(scale)
  scale_4 = torch.nn.functional.hardsigmoid(scale_3)  # scale_4: "cpu f32[1, 4, 1, 1]"
  # return scale * input
  out = torch.mul(scale_4, x)  # out: "cpu f32[1, 4, 3, 3]"
  # b = hswish(a)
  b = torch.nn.functional.hardswish(out)  # b: "cpu f32[1, 4, 3, 3]"
  # c = relu6(b.mul(4.0))
  c = torch.mul(b, 4.0)  # c: "cpu f32[1, 4, 3, 3]"
  c_1 = torch.nn.functional.hardtanh(c, 0.0, 6.0)  # c_1: "cpu f32[1, 4, 3, 3]"
  # d = htanh(a)
  d = torch.nn.functional.hardtanh(out, -0.5, 0.5)  # d: "cpu f32[1, 4, 3, 3]"
  # e = F.hardsigmoid(a.clone(), inplace=True)
  e = torch.clone(out)  # e: "cpu f32[1, 4, 3, 3]"
  e_1 = torch.nn.functional.hardsigmoid(e)  # e_1: "cpu f32[1, 4, 3, 3]"
  # g = F.hardswish(a)
  g = torch.nn.functional.hardswish(out)  # g: "cpu f32[1, 4, 3, 3]"
  # k = F.relu6(y)
  k = torch.nn.functional.relu6(y)  # k: "cpu i64[2, 3]"
  # l = F.hardtanh(y, 0, 3)
  l = torch.nn.functional.hardtanh(y, 0, 3)  # l: "cpu i64[2, 3]"
  # u = up2(a)
  u = torch.nn.functional.interpolate(out, None, 2.0, 'nearest', None, recompute_scale_factor=None)  # u: "cpu f32[1, 4, 6, 6]"
  # v = up_bilinear(a)
  v = torch.nn.functional.interpolate(out, (6, 5), None, 'bilinear', False, recompute_scale_factor=None)  # v: "cpu f32[1, 4, 6, 5]"
  # mask = nn.Transformer.generate_square_subsequent_mask(4)
  mask = torch.full((4, 4), float('-inf'), dtype=torch.float32, device=torch.device('cpu'))  # mask: "cpu f32[4, 4]"
  mask_1 = torch.triu(mask, diagonal=1)  # mask_1: "cpu f32[4, 4]"
  return (out, b, c_1, d, e_1, g, k, l, u, v, mask_1)
