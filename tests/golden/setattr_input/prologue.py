import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "<class 'trainer.TrainState'>" = args[0]
  f1: "float 0.9" = p0.decay
  check_number_type_and_value(f1, 0.9)
  state_ema_loss: "cpu f32[]" = p0.ema_loss
  check_tensor_metadata(state_ema_loss, (), 'cpu', torch.float32, False)
  i2: "int 3" = p0.steps
  check_number_type_and_value(i2, 3)
  prediction: "cpu f32[8, 4]" = args[1]
  check_tensor_metadata(prediction, (8, 4), 'cpu', torch.float32, False)
  target: "cpu f32[8, 4]" = args[2]
  check_tensor_metadata(target, (8, 4), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((state_ema_loss, prediction, target), (p0,))
