import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 4)
  query: "cpu f32[2, 3]" = args[0]
  check_tensor_metadata(query, (2, 3), 'cpu', torch.float32, False)
  positions: "cpu i64[4]" = args[1]
  check_tensor_metadata(positions, (4,), 'cpu', torch.int64, False)
  limit: "cpu f32[3]" = args[2]
  check_tensor_metadata(limit, (3,), 'cpu', torch.float32, False)
  f0: "float 0.25" = args[3]
  check_number_type_and_value(f0, 0.25)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((query,), (positions, limit))
  return ((query, positions, limit), (query,))
