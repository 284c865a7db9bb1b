import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, check_type, no_autocast
from m import Model as m_Model

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 1)
  x: "cpu f32[3, 3]" = args[0]
  check_tensor_metadata(x, (3, 3), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'm.Model'>"
  check_type(module, m_Model)
  return ((x,), ())
