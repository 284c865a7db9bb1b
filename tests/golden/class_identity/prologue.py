import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from trainer import State as trainer_State

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  p0: "<class 'trainer.State'>" = args[0]
  check_type(p0, trainer_State)
  x: "cpu f32[2]" = args[1]
  check_tensor_metadata(x, (2,), 'cpu', torch.float32, False)
  i1: "int 3" = args[2]
  check_number_type_and_value(i1, 3)
  y: "cpu f32[2]" = args[3]
  check_tensor_metadata(y, (2,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((y,), ())
