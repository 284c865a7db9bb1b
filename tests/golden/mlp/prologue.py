import torch
from thunderc_support import check_keys, check_len, check_string_value, check_tensor_metadata, check_type, no_autocast

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  x: "cpu f32[4, 16]" = args[0]
  check_tensor_metadata(x, (4, 16), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'mlp.MLP'>"
  p0: "<class 'torch.nn.GELU'>" = module.get_submodule('act')
  check_type(p0, torch.nn.GELU)
  s1: "str" = p0.approximate
  check_string_value(s1, 'none')
  p2: "<class 'torch.nn.Linear'>" = module.get_submodule('fc1')
  check_type(p2, torch.nn.Linear)
  fc1_bias: "cpu f32[64]" = module.get_parameter('fc1.bias')
  check_tensor_metadata(fc1_bias, (64,), 'cpu', torch.float32, True)
  fc1_weight: "cpu f32[64, 16]" = module.get_parameter('fc1.weight')
  check_tensor_metadata(fc1_weight, (64, 16), 'cpu', torch.float32, True)
  p3: "<class 'torch.nn.Linear'>" = module.get_submodule('fc2')
  check_type(p3, torch.nn.Linear)
  fc2_bias: "cpu f32[16]" = module.get_parameter('fc2.bias')
  check_tensor_metadata(fc2_bias, (16,), 'cpu', torch.float32, True)
  fc2_weight: "cpu f32[16, 64]" = module.get_parameter('fc2.weight')
  check_tensor_metadata(fc2_weight, (16, 64), 'cpu', torch.float32, True)
  return ((x, fc1_bias, fc1_weight, fc2_bias, fc2_weight), ())
