import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(state_ema_loss, prediction, target):
  # state_ema_loss: "cpu f32[]"
  # prediction: "cpu f32[8, 4]"
  # target: "cpu f32[8, 4]"
  # trainer.py:21: 	diff = prediction - target
  diff = torch.sub(prediction, target)  # diff: "cpu f32[8, 4]"
  # trainer.py:22: 	loss = (diff * diff).mean()
  squared = torch.mul(diff, diff)  # squared: "cpu f32[8, 4]"
  loss = torch.mean(squared)  # loss: "cpu f32[]"
  # trainer.py:28: 	state.ema_loss = state.ema_loss * state.decay + loss * (1 - state.decay)
  ema_loss = torch.mul(state_ema_loss, 0.9)  # ema_loss: "cpu f32[]"
  update = torch.mul(loss, 0.09999999999999998)  # update: "cpu f32[]"
  ema_loss_1 = torch.add(ema_loss, update)  # ema_loss_1: "cpu f32[]"
  return (loss, ema_loss_1)
