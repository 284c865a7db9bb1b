import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(bn1_bias, bn1_running_mean, bn1_running_var, bn1_weight, bn2_bias, bn2_running_mean, bn2_running_var, bn2_weight, conv1_weight, conv2_weight, conv_weight, layer_norm_bias, layer_norm_weight, bn_running_mean, bn_running_var, image, audio, features, x, mean, var, gamma, beta, x16):
  # bn1_bias: "cpu f32[4]"
  # bn1_running_mean: "cpu f32[4]"
  # bn1_running_var: "cpu f32[4]"
  # bn1_weight: "cpu f32[4]"
  # bn2_bias: "cpu f32[4]"
  # bn2_running_mean: "cpu f32[4]"
  # bn2_running_var: "cpu f32[4]"
  # bn2_weight: "cpu f32[4]"
  # conv1_weight: "cpu f32[4, 4, 3, 3]"
  # conv2_weight: "cpu f32[4, 4, 3, 3]"
  # conv_weight: "cpu f32[6, 1, 4]"
  # layer_norm_bias: "cpu f32[6]"
  # layer_norm_weight: "cpu f32[6]"
  # bn_running_mean: "cpu f32[3]"
  # bn_running_var: "cpu f32[3]"
  # image: "cpu f32[2, 4, 5, 5]"
  # audio: "cpu f32[2, 20]"
  # features: "cpu f32[5, 3]"
  # x: "cpu f32[3, 4, 2]"
  # mean: "cpu f32[4]"
  # var: "cpu f32[4]"
  # gamma: "cpu f32[4]"
  # beta: "cpu f32[4]"
  # x16: "cpu bf16[3, 4, 2]"
  # block.bn1.running_var.abs_()
  v = torch.abs(bn1_running_var)  # v: "cpu f32[4]"
  # block.bn2.running_var.abs_()
  v_1 = torch.abs(bn2_running_var)  # v_1: "cpu f32[4]"
  # bn.running_var.abs_()
  v_2 = torch.abs(bn_running_var)  # v_2: "cpu f32[3]"
  # out = self.conv1(x)
  out = torch.nn.functional.conv2d(image, conv1_weight, None, (1, 1), (1, 1), (1, 1), 1)  # out: "cpu f32[2, 4, 5, 5]"
  # out = self.bn1(out)
  out_1 = torch.nn.functional.batch_norm(out, bn1_running_mean, v, bn1_weight, bn1_bias, False, 0.1, 1e-05)  # out_1: "cpu f32[2, 4, 5, 5]"
  # out = self.relu(out)
  out_2 = torch.nn.functional.relu(out_1)  # out_2: "cpu f32[2, 4, 5, 5]"
  # out = self.conv2(out)
  out_3 = torch.nn.functional.conv2d(out_2, conv2_weight, None, (1, 1), (1, 1), (1, 1), 1)  # out_3: "cpu f32[2, 4, 5, 5]"
  # out = self.bn2(out)
  out_4 = torch.nn.functional.batch_norm(out_3, bn2_running_mean, v_1, bn2_weight, bn2_bias, False, 0.1, 0.001)  # out_4: "cpu f32[2, 4, 5, 5]"
  # out += identity
  out_5 = torch.add(out_4, image)  # out_5: "cpu f32[2, 4, 5, 5]"
  # out = self.relu(out)
  out_6 = torch.nn.functional.relu(out_5)  # out_6: "cpu f32[2, 4, 5, 5]"
  # hidden_states = input_values[:, None]
  h = operator.getitem(audio, (slice(None, None, None), None))  # h: "cpu f32[2, 1, 20]"
  # hidden_states = self.conv(hidden_states)
  h_1 = torch.nn.functional.conv1d(h, conv_weight, None, (2,), (0,), (1,), 1)  # h_1: "cpu f32[2, 6, 9]"
  # hidden_states = self.layer_norm(hidden_states)
  h_2 = torch.nn.functional.group_norm(h_1, 6, layer_norm_weight, layer_norm_bias, 1e-05)  # h_2: "cpu f32[2, 6, 9]"
  # hidden_states = self.activation(hidden_states)
  h_3 = torch.nn.functional.gelu(h_2)  # h_3: "cpu f32[2, 6, 9]"
  # b = bn(features)
  b = torch.nn.functional.batch_norm(features, bn_running_mean, v_2, None, None, False, 0.0, 1e-05)  # b: "cpu f32[5, 3]"
  # var = var.abs()
  var_1 = torch.abs(var)  # var_1: "cpu f32[4]"
  # e = F.batch_norm(x, mean, var, gamma, beta, eps=1e-3)
  e = torch.nn.functional.batch_norm(x, mean, var_1, gamma, beta, eps=0.001)  # e: "cpu f32[3, 4, 2]"
  # t = F.batch_norm(x, None, None, training=True)
  t = torch.nn.functional.batch_norm(x, None, None, training=True)  # t: "cpu f32[3, 4, 2]"
  # g = F.group_norm(x, 2, gamma)
  g = torch.nn.functional.group_norm(x, 2, gamma)  # g: "cpu f32[3, 4, 2]"
  # m16 = F.batch_norm(x16, mean, var, gamma, beta)
  m16 = torch.nn.functional.batch_norm(x16, mean, var_1, gamma, beta)  # m16: "cpu bf16[3, 4, 2]"
  # n16 = bn16(x16)
  n16 = torch.nn.functional.batch_norm(x16, None, None, None, None, True, 0.1, 1e-05)  # n16: "cpu bf16[3, 4, 2]"
  torch.Tensor.copy_(bn1_running_var, v)  # write-back into args[0].bn1.running_var
  torch.Tensor.copy_(bn2_running_var, v_1)  # write-back into args[0].bn2.running_var
  torch.Tensor.copy_(bn_running_var, v_2)  # write-back into args[2].running_var
  return (out_6, h_3, b, e, t, g, m16, n16)
