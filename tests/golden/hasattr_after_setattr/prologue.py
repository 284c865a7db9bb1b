import torch
from thunderc_support import check_hasattr, check_keys, check_len, check_no_aliases, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "<class 'app.fx.Box'>" = args[0]
  check_hasattr(p0, 'b', True)
  p1: "<class 'app.fx.P'>" = args[1]
  p2: "<class 'torch.nn.ReLU'>" = args[2]
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((p0, p1, p2), ())
  return ((), (p0, p1, p2))
