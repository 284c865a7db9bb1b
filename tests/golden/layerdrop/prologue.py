import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from app.audio import Encoder as app_audio_Encoder

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "<class 'app.audio.Encoder'>" = args[0]
  check_type(p0, app_audio_Encoder)
  p1: "<class 'torch.nn.ModuleList'>" = p0.layers
  check_len(p1, 2)
  p2: "<class 'torch.nn.Linear'>" = p1[0]
  check_type(p2, torch.nn.Linear)
  t_0_bias: "cpu f32[4]" = p2.bias
  check_tensor_metadata(t_0_bias, (4,), 'cpu', torch.float32, False)
  t_0_weight: "cpu f32[4, 4]" = p2.weight
  check_tensor_metadata(t_0_weight, (4, 4), 'cpu', torch.float32, False)
  p3: "<class 'torch.nn.Linear'>" = p1[1]
  check_type(p3, torch.nn.Linear)
  t_1_bias: "cpu f32[4]" = p3.bias
  check_tensor_metadata(t_1_bias, (4,), 'cpu', torch.float32, False)
  t_1_weight: "cpu f32[4, 4]" = p3.weight
  check_tensor_metadata(t_1_weight, (4, 4), 'cpu', torch.float32, False)
  b4: "bool False" = p0.training
  check_number_type_and_value(b4, False)
  hidden_states: "cpu f32[2, 4]" = args[1]
  check_tensor_metadata(hidden_states, (2, 4), 'cpu', torch.float32, False)
  p5: "Any" = args[2]
  check_len(p5, 2)
  i6: "int 3" = p5[0]
  check_number_type_and_value(i6, 3)
  i7: "int 2" = p5[1]
  check_number_type_and_value(i7, 2)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((t_0_bias, t_0_weight, t_1_bias, t_1_weight, hidden_states), ())
