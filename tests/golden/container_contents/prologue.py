import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "Any" = args[0]
  check_len(p0, 2)
  i1: "int 1" = p0[0]
  check_number_type_and_value(i1, 1)
  i2: "int 2" = p0[1]
  check_number_type_and_value(i2, 2)
  p3: "Any" = args[1]
  check_len(p3, 2)
  check_keys(p3, ('a', 'c'), ordered=True)
  i4: "int 4" = p3['c']
  check_number_type_and_value(i4, 4)
  i5: "int 3" = p3['a']
  check_number_type_and_value(i5, 3)
  x: "cpu f32[2]" = args[2]
  check_tensor_metadata(x, (2,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((p0, p3), ())
  return ((x,), (p0, p3, x))
