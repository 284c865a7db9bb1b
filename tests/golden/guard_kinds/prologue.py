import torch
from thunderc_support import check_is, check_keys, check_len, check_literal_like, check_none, check_number_type_and_value, check_string_value, check_tensor_metadata, check_type, no_autocast
from app.state import Counter as app_state_Counter

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 9)
  x: "cpu f32[2]" = args[0]
  check_tensor_metadata(x, (2,), 'cpu', torch.float32, False)
  i0: "int 3" = args[1]
  check_number_type_and_value(i0, 3)
  s1: "str" = args[2]
  check_string_value(s1, 'fast')
  p2: "None" = args[3]
  check_none(p2)
  p3: "Any" = args[4]
  check_len(p3, 2)
  p4: "Any" = args[5]
  check_keys(p4, ('a', 'b'), ordered=True)
  p5: "<class 'app.state.Counter'>" = args[6]
  check_type(p5, app_state_Counter)
  p6: "<class 'app.state.Counter'>" = args[7]
  p7: "Any" = args[8]
  check_literal_like(p7, torch.float64)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_is(p6, p5)
  return ((x,), ())
