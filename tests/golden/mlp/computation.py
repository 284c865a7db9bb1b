import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, fc1_bias, fc1_weight, fc2_bias, fc2_weight):
  # x: "cpu f32[4, 16]"
  # fc1_bias: "cpu f32[64]"
  # fc1_weight: "cpu f32[64, 16]"
  # fc2_bias: "cpu f32[16]"
  # fc2_weight: "cpu f32[16, 64]"
  # mlp.py:12: 	h = self.fc1(x)
  h = torch.nn.functional.linear(x, fc1_weight, fc1_bias)  # h: "cpu f32[4, 64]"
  # mlp.py:13: 	h = self.act(h)
  h_1 = torch.nn.functional.gelu(h, approximate='none')  # h_1: "cpu f32[4, 64]"
  # mlp.py:14: 	return self.fc2(h)
  y = torch.nn.functional.linear(h_1, fc2_weight, fc2_bias)  # y: "cpu f32[4, 16]"
  return (y,)
