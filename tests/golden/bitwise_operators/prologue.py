import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 7)
  m1: "cpu b8[2, 3]" = args[0]
  check_tensor_metadata(m1, (2, 3), 'cpu', torch.bool, False)
  m2: "cpu b8[3]" = args[1]
  check_tensor_metadata(m2, (3,), 'cpu', torch.bool, False)
  a: "cpu i32[2, 3]" = args[2]
  check_tensor_metadata(a, (2, 3), 'cpu', torch.int32, False)
  b: "cpu i64[3]" = args[3]
  check_tensor_metadata(b, (3,), 'cpu', torch.int64, False)
  u: "cpu u8[3]" = args[4]
  check_tensor_metadata(u, (3,), 'cpu', torch.uint8, False)
  x: "cpu f32[64]" = args[5]
  check_tensor_metadata(x, (64,), 'cpu', torch.float32, False)
  n: "cpu i64[5]" = args[6]
  check_tensor_metadata(n, (5,), 'cpu', torch.int64, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((m1, a, u), (m2, b, x, n))
  return ((m1, m2, a, b, u, x, n), (m1, a, u))
