import torch
from thunderc_support import check_keys, check_len, check_tensor_metadata, check_type, no_autocast
from a.b import C as a_b_C
from a import b_C as a_b_C_2
from check import len as check_len_2

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  p0: "<class 'check.len'>" = args[0]
  check_type(p0, check_len_2)
  p1: "<class 'a.b.C'>" = args[1]
  check_type(p1, a_b_C)
  p2: "<class 'a.b_C'>" = args[2]
  check_type(p2, a_b_C_2)
  x: "cpu f32[2]" = args[3]
  check_tensor_metadata(x, (2,), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((x,), ())
