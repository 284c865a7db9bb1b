import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(totals_ce, totals_aux, losses_ce, losses_aux):
  # totals_ce: "cpu f32[]"
  # totals_aux: "cpu f32[]"
  # losses_ce: "cpu f32[]"
  # losses_aux: "cpu f32[]"
  # metrics.py:12: 	total = totals[name] + loss * weights[name]
  weighted = torch.mul(losses_ce, 1.0)  # weighted: "cpu f32[]"
  total = torch.add(totals_ce, weighted)  # total: "cpu f32[]"
  # metrics.py:14: 	summary[name] = total / steps
  mean = torch.div(total, 4)  # mean: "cpu f32[]"
  # metrics.py:12: 	total = totals[name] + loss * weights[name]
  t0 = torch.mul(losses_aux, 0.01)  # t0: "cpu f32[]"
  t1 = torch.add(totals_aux, t0)  # t1: "cpu f32[]"
  # metrics.py:14: 	summary[name] = total / steps
  t2 = torch.div(t1, 4)  # t2: "cpu f32[]"
  return (total, t1, mean, t2)
