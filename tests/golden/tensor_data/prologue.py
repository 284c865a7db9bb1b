import torch
from thunderc_support import check_keys, check_len, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  hidden: "cpu bf16[2, 3]" = args[0]
  check_tensor_metadata(hidden, (2, 3), 'cpu', torch.bfloat16, False)
  i0: "int 3072" = args[1]
  check_number_type_and_value(i0, 3072)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((hidden,), ())
