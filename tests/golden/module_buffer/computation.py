import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(x, center_num_batches_tracked, center_running_mean, proj_bias, proj_weight):
  # x: "cpu f32[8, 16]"
  # center_num_batches_tracked: "cpu i64[]"
  # center_running_mean: "cpu f32[16]"
  # proj_bias: "cpu f32[16]"
  # proj_weight: "cpu f32[16, 16]"
  # encoder.py:31: 	return self.center(F.relu(self.proj(x)))
  h = torch.nn.functional.linear(x, proj_weight, proj_bias)  # h: "cpu f32[8, 16]"
  h_1 = torch.nn.functional.relu(h)  # h_1: "cpu f32[8, 16]"
  # encoder.py:16: 	mean = x.mean(0)
  mean = torch.mean(h_1, 0)  # mean: "cpu f32[16]"
  # encoder.py:18: 	self.running_mean = self.running_mean * (1 - momentum) + mean * momentum
  running_mean = torch.mul(center_running_mean, 0.9)  # running_mean: "cpu f32[16]"
  update = torch.mul(mean, 0.1)  # update: "cpu f32[16]"
  running_mean_1 = torch.add(running_mean, update)  # running_mean_1: "cpu f32[16]"
  # encoder.py:19: 	self.num_batches_tracked.add_(1)
  num_batches_tracked = torch.add(center_num_batches_tracked, 1)  # num_batches_tracked: "cpu i64[]"
  # encoder.py:20: 	return x - self.running_mean
  centered = torch.sub(h_1, running_mean_1)  # centered: "cpu f32[8, 16]"
  torch.Tensor.copy_(center_num_batches_tracked, num_batches_tracked)  # write-back into self.center.num_batches_tracked
  return (running_mean_1, centered)
