import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  x: "cpu f32[4, 4]" = args[0]
  check_tensor_metadata(x, (4, 4), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'transformers.models.x.modeling_x.Mod'>"
  p0: "<class 'torch.nn.Dropout'>" = module.get_submodule('drop')
  check_type(p0, torch.nn.Dropout)
  b1: "bool False" = p0.training
  check_number_type_and_value(b1, False)
  b2: "bool False" = module.training
  check_number_type_and_value(b2, False)
  return ((), (x,))
