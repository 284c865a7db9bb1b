import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(features, weight, bias):
  # features: "cpu f32[8, 32]"
  # weight: "cpu f32[10, 32]"
  # bias: "cpu f32[10]"
  # classifier.py:17: 	logits = torch.nn.functional.linear(features, weight, bias)
  logits = torch.nn.functional.linear(features, weight, bias)  # logits: "cpu f32[8, 10]"
  # classifier.py:18: 	probs = torch.softmax(logits / temperature, dim=-1)
  scaled = torch.div(logits, 0.5)  # scaled: "cpu f32[8, 10]"
  probs = torch.softmax(scaled, dim=-1)  # probs: "cpu f32[8, 10]"
  # classifier.py:19: 	predictions = probs.argmax(dim=-1)
  predictions = torch.argmax(probs, dim=-1)  # predictions: "cpu i64[8]"
  return (logits, probs, predictions)
