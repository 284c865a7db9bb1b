import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  x: "cpu f32[3]" = args[0]
  check_tensor_metadata(x, (3,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'app.model.M'>"
  total: "cpu f32[]" = module.get_buffer('total')
  check_tensor_metadata(total, (), 'cpu', torch.float32, False)
  return ((x, total), (x, module))
