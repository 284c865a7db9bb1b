import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_number_type_and_value, check_tensor_metadata, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 3)
  p0: "Any" = args[0]
  i1: "int 3" = p0['steps']
  check_number_type_and_value(i1, 3)
  totals_ce: "cpu f32[]" = p0['ce']
  check_tensor_metadata(totals_ce, (), 'cpu', torch.float32, False)
  totals_aux: "cpu f32[]" = p0['aux']
  check_tensor_metadata(totals_aux, (), 'cpu', torch.float32, False)
  p2: "Any" = args[1]
  check_keys(p2, ('ce', 'aux'), ordered=True)
  losses_ce: "cpu f32[]" = p2['ce']
  check_tensor_metadata(losses_ce, (), 'cpu', torch.float32, False)
  losses_aux: "cpu f32[]" = p2['aux']
  check_tensor_metadata(losses_aux, (), 'cpu', torch.float32, False)
  p3: "Any" = args[2]
  f4: "float 1.0" = p3['ce']
  check_number_type_and_value(f4, 1.0)
  f5: "float 0.01" = p3['aux']
  check_number_type_and_value(f5, 0.01)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_no_aliases((p0,), (p2, p3))
  return ((totals_ce, totals_aux, losses_ce, losses_aux), (p0,))
