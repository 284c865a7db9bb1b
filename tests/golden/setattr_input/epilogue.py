import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(p0, loss, t0):
  # p0: "<class 'trainer.TrainState'>"
  # loss: "cpu f32[]"
  # t0: "cpu f32[]"
  p0.steps = 4
  p0.last_loss = loss
  p0.ema_loss = t0
  return (loss, 4, p0)
