import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x):
  # x: "cpu f32[2, 3]"
  x_1 = torch.tanh(x)  # x_1: "cpu f32[2, 3]"
  x_2 = torch.nn.functional.leaky_relu(x_1, 0.3)  # x_2: "cpu f32[2, 3]"
  x_3 = torch.nn.functional.elu(x_2, 1.0)  # x_3: "cpu f32[2, 3]"
  x_4 = torch.nn.functional.mish(x_3)  # x_4: "cpu f32[2, 3]"
  x_5 = torch.nn.functional.softplus(x_4, 2, 20)  # x_5: "cpu f32[2, 3]"
  x_6 = torch.sigmoid(x_5)  # x_6: "cpu f32[2, 3]"
  x_7 = torch.softmax(x_6, -1)  # x_7: "cpu f32[2, 3]"
  x_8 = torch.nn.functional.leaky_relu(x_7, 0.01)  # x_8: "cpu f32[2, 3]"
  return (x_8,)
