import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(image, audio, volume, logits, flat):
  # image: "cpu f32[1, 2, 4, 5]"
  # audio: "cpu f32[2, 6]"
  # volume: "cpu f32[1, 1, 2, 3, 3]"
  # logits: "cpu f32[2, 3, 5]"
  # flat: "cpu f32[4, 6]"
  # a = zero(image)
  a = torch.nn.functional.pad(image, (1, 2, 0, 1), 'constant', 0.0)  # a: "cpu f32[1, 2, 5, 8]"
  # b = const1(audio)
  b = torch.nn.functional.pad(audio, (2, 2), 'constant', -1.5)  # b: "cpu f32[2, 10]"
  # c = reflect2(image)
  c = torch.nn.functional.pad(image, (2, 2, 1, 1), 'reflect')  # c: "cpu f32[1, 2, 6, 9]"
  # d = reflect1(audio)
  d = torch.nn.functional.pad(audio, (3, 1), 'reflect')  # d: "cpu f32[2, 10]"
  # e = replicate3(volume)
  e = torch.nn.functional.pad(volume, (1, 1, 1, 1, 0, 2), 'replicate')  # e: "cpu f32[1, 1, 4, 5, 5]"
  # g = replicate2(image)
  g = torch.nn.functional.pad(image, (-1, 1, 2, 0), 'replicate')  # g: "cpu f32[1, 2, 6, 5]"
  # k = log_softmax(logits)
  k = torch.log_softmax(logits, -1)  # k: "cpu f32[2, 3, 5]"
  # l = log_softmax_legacy(logits)
  l = torch.log_softmax(logits, 0)  # l: "cpu f32[2, 3, 5]"
  # u = unflatten(flat)
  u = torch.unflatten(flat, 1, (2, 3))  # u: "cpu f32[4, 2, 3]"
  return (a, b, c, d, e, g, k, l, u)
