import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(classifier_bias, classifier_weight, t_0_weight, pixel_values, x, windows, sequence_output):
  # classifier_bias: "cpu f32[5]"
  # classifier_weight: "cpu f32[5, 8]"
  # t_0_weight: "cpu f32[8, 3, 7, 7]"
  # pixel_values: "cpu f32[2, 3, 16, 16]"
  # x: "cpu f32[2, 4, 7, 6]"
  # windows: "cpu f32[2, 4, 4, 3]"
  # sequence_output: "cpu f32[2, 7, 6]"
  # embedding = self.embedder(pixel_values)
  h = torch.nn.functional.conv2d(pixel_values, t_0_weight, None, (2, 2), (3, 3), (1, 1), 1)  # h: "cpu f32[2, 8, 8, 8]"
  h_1 = torch.nn.functional.relu(h)  # h_1: "cpu f32[2, 8, 8, 8]"
  h_2 = torch.nn.functional.max_pool2d(h_1, 3, 2, 1, 1, False, False)  # h_2: "cpu f32[2, 8, 4, 4]"
  # embedding = self.pooler(embedding)
  h_3 = torch.nn.functional.adaptive_avg_pool2d(h_2, (1, 1))  # h_3: "cpu f32[2, 8, 1, 1]"
  h_4 = torch.flatten(h_3, 1, -1)  # h_4: "cpu f32[2, 8]"
  # logits = self.classifier(pooled_output)
  logits = torch.nn.functional.linear(h_4, classifier_weight, classifier_bias)  # logits: "cpu f32[2, 5]"
  # a = F.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)
  a = torch.nn.functional.avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)  # a: "cpu f32[2, 4, 4, 4]"
  # a2 = F.avg_pool2d(x, (2, 3), divisor_override=4)
  a2 = torch.nn.functional.avg_pool2d(x, (2, 3), divisor_override=4)  # a2: "cpu f32[2, 4, 3, 2]"
  # mx = F.max_pool2d(x, 2, stride=1, dilation=2)
  mx = torch.nn.functional.max_pool2d(x, 2, dilation=2, stride=1)  # mx: "cpu f32[2, 4, 5, 4]"
  # ad = F.adaptive_avg_pool2d(x, (None, 2))
  ad = torch.nn.functional.adaptive_avg_pool2d(x, (None, 2))  # ad: "cpu f32[2, 4, 7, 2]"
  # gap = F.adaptive_avg_pool2d(x, 1)
  gap = torch.nn.functional.adaptive_avg_pool2d(x, 1)  # gap: "cpu f32[2, 4, 1, 1]"
  # m1 = max1d(sequence_output)
  m1 = torch.nn.functional.max_pool1d(sequence_output, 3, 2, 1, 1, True, False)  # m1: "cpu f32[2, 7, 4]"
  # a1 = avg1d(sequence_output)
  a1 = torch.nn.functional.avg_pool1d(sequence_output, (2,), (2,), (1,), False, False)  # a1: "cpu f32[2, 7, 4]"
  # m2 = F.max_pool1d(sequence_output, 3, stride=1, dilation=2)
  m2 = torch.nn.functional.max_pool1d(sequence_output, 3, stride=1, dilation=2)  # m2: "cpu f32[2, 7, 2]"
  # a2_1d = F.avg_pool1d(sequence_output, (3,))
  a2_1d = torch.nn.functional.avg_pool1d(sequence_output, (3,))  # a2_1d: "cpu f32[2, 7, 2]"
  # shifted = torch.roll(hidden_state, shifts=(-2, -2), dims=(1, 2))
  shifted = torch.roll(windows, shifts=(-2, -2), dims=(1, 2))  # shifted: "cpu f32[2, 4, 4, 3]"
  # flat = windows.roll(3)
  flat = torch.roll(windows, 3)  # flat: "cpu f32[2, 4, 4, 3]"
  # u = windows.unflatten(-1, (3, -1))
  u = torch.unflatten(windows, -1, (3, -1))  # u: "cpu f32[2, 4, 4, 3, 1]"
  # u2 = torch.unflatten(x, 1, sizes=(2, 2))
  u2 = torch.unflatten(x, 1, sizes=(2, 2))  # u2: "cpu f32[2, 2, 2, 7, 6]"
  # pooled_output = self.pooler(sequence_output.transpose(1, 2))
  so = torch.transpose(sequence_output, 1, 2)  # so: "cpu f32[2, 6, 7]"
  pooled = torch.nn.functional.adaptive_avg_pool1d(so, 1)  # pooled: "cpu f32[2, 6, 1]"
  # pooled_output = torch.flatten(pooled_output, 1)
  pooled_1 = torch.flatten(pooled, 1)  # pooled_1: "cpu f32[2, 6]"
  # ap1 = F.adaptive_avg_pool1d(sequence_output.transpose(1, 2), 3)
  ap1 = torch.nn.functional.adaptive_avg_pool1d(so, 3)  # ap1: "cpu f32[2, 6, 3]"
  return (logits, a, a2, mx, ad, gap, shifted, flat, u, u2, pooled_1, ap1, m1, a1, m2, a2_1d)
