import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(conv_bias, conv_weight, reflect_conv_bias, reflect_conv_weight, circular_conv_weight, same_conv_bias, same_conv_weight, audio, image, volume):
  # conv_bias: "cpu f32[3]"
  # conv_weight: "cpu f32[3, 2, 4]"
  # reflect_conv_bias: "cpu f32[3]"
  # reflect_conv_weight: "cpu f32[3, 2, 3]"
  # circular_conv_weight: "cpu f32[2, 2, 3, 3]"
  # same_conv_bias: "cpu f32[2]"
  # same_conv_weight: "cpu f32[2, 2, 4]"
  # audio: "cpu f32[1, 2, 9]"
  # image: "cpu f32[1, 2, 5, 6]"
  # volume: "cpu f32[1, 1, 3, 4, 5]"
  # hidden_states = self._pad1d(hidden_states, (padding_left, padding_right), mode=self.pad_mode)
  hidden_states = torch.nn.functional.pad(audio, (2, 1), mode='reflect')  # hidden_states: "cpu f32[1, 2, 12]"
  # hidden_states = self.conv(hidden_states)
  hidden_states_1 = torch.nn.functional.conv1d(hidden_states, conv_weight, conv_bias, (2,), (0,), (1,), 1)  # hidden_states_1: "cpu f32[1, 3, 5]"
  # b = reflect_conv(audio)
  b = torch.nn.functional.pad(audio, [2, 2], 'reflect')  # b: "cpu f32[1, 2, 13]"
  b_1 = torch.nn.functional.conv1d(b, reflect_conv_weight, reflect_conv_bias, (1,), (0,), (1,), 1)  # b_1: "cpu f32[1, 3, 11]"
  # c = circular_conv(image)
  c = torch.nn.functional.pad(image, [2, 2, 1, 1], 'circular')  # c: "cpu f32[1, 2, 7, 10]"
  c_1 = torch.nn.functional.conv2d(c, circular_conv_weight, None, (1, 1), (0, 0), (1, 1), 1)  # c_1: "cpu f32[1, 2, 5, 8]"
  # d = same_conv(audio)
  d = torch.nn.functional.pad(audio, [3, 3], 'replicate')  # d: "cpu f32[1, 2, 15]"
  d_1 = torch.nn.functional.conv1d(d, same_conv_weight, same_conv_bias, (1,), (0,), (2,), 1)  # d_1: "cpu f32[1, 2, 9]"
  # e = F.pad(image, (1, 1, 2, 0), mode='reflect')
  e = torch.nn.functional.pad(image, (1, 1, 2, 0), mode='reflect')  # e: "cpu f32[1, 2, 7, 8]"
  # g = F.pad(image, (-1, 2, 1, 1), mode='replicate')
  g = torch.nn.functional.pad(image, (-1, 2, 1, 1), mode='replicate')  # g: "cpu f32[1, 2, 7, 7]"
  # h = F.pad(volume, (1, 0, 0, 1, 1, 1), 'circular')
  h = torch.nn.functional.pad(volume, (1, 0, 0, 1, 1, 1), 'circular')  # h: "cpu f32[1, 1, 5, 5, 6]"
  # k = F.pad(audio, (3, 3), 'reflect', 0.0)
  k = torch.nn.functional.pad(audio, (3, 3), 'reflect', 0.0)  # k: "cpu f32[1, 2, 15]"
  return (hidden_states_1, b_1, c_1, d_1, e, g, h, k)
