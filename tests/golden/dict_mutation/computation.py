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
  weighted_1 = torch.mul(losses_aux, 0.01)  # weighted_1: "cpu f32[]"
  total_1 = torch.add(totals_aux, weighted_1)  # total_1: "cpu f32[]"
  # metrics.py:14: 	summary[name] = total / steps
  mean_1 = torch.div(total_1, 4)  # mean_1: "cpu f32[]"
  return (total, total_1, mean, mean_1)
