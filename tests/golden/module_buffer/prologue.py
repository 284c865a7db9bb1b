import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from encoder import RunningCenter as encoder_RunningCenter

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  x: "cpu f32[8, 16]" = args[0]
  check_tensor_metadata(x, (8, 16), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'encoder.Encoder'>"
  p0: "<class 'encoder.RunningCenter'>" = module.get_submodule('center')
  check_type(p0, encoder_RunningCenter)
  f1: "float 0.1" = p0.momentum
  check_number_type_and_value(f1, 0.1)
  center_num_batches_tracked: "cpu i64[]" = module.get_buffer('center.num_batches_tracked')
  check_tensor_metadata(center_num_batches_tracked, (), 'cpu', torch.int64, False)
  center_running_mean: "cpu f32[16]" = module.get_buffer('center.running_mean')
  check_tensor_metadata(center_running_mean, (16,), 'cpu', torch.float32, False)
  p2: "<class 'torch.nn.Linear'>" = module.get_submodule('proj')
  check_type(p2, torch.nn.Linear)
  proj_bias: "cpu f32[16]" = module.get_parameter('proj.bias')
  check_tensor_metadata(proj_bias, (16,), 'cpu', torch.float32, True)
  proj_weight: "cpu f32[16, 16]" = module.get_parameter('proj.weight')
  check_tensor_metadata(proj_weight, (16, 16), 'cpu', torch.float32, True)
  check_no_aliases((p0, center_num_batches_tracked), (x, module, center_running_mean, p2, proj_bias, proj_weight))
  return ((x, center_num_batches_tracked, center_running_mean, proj_bias, proj_weight), (module,))
