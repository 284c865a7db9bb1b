import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(scores):
  # scores: "cpu f32[2, 7]"
  # logits_process.py:486: 	sorted_logits, sorted_indices = torch.sort(scores, descending=False)
  sorted_1, sorted_2 = torch.sort(scores, descending=False)  # sorted_1: "cpu f32[2, 7]", sorted_2: "cpu i64[2, 7]"
  # logits_process.py:487: 	cumulative_probs = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
  probs = torch.softmax(sorted_1, dim=-1)  # probs: "cpu f32[2, 7]"
  cumulative_probs = torch.cumsum(probs, dim=-1)  # cumulative_probs: "cpu f32[2, 7]"
  # logits_process.py:490: 	sorted_indices_to_remove = cumulative_probs <= (1 - self.top_p)
  remove = torch.le(cumulative_probs, 0.19999999999999996)  # remove: "cpu b8[2, 7]"
  # logits_process.py:492: 	sorted_indices_to_remove[..., -self.min_tokens_to_keep :] = 0
  remove_1 = torch.clone(remove)  # remove_1: "cpu b8[2, 7]"
  operator.setitem(remove_1, (..., slice(-1, None, None)), 0)
  # logits_process.py:495: 	indices_to_remove = sorted_indices_to_remove.scatter(1, sorted_indices, sorted_indices_to_remove)
  indices_to_remove = torch.scatter(remove_1, 1, sorted_2, remove_1)  # indices_to_remove: "cpu b8[2, 7]"
  # logits_process.py:496: 	scores_processed = scores.masked_fill(indices_to_remove, self.filter_value)
  scores_processed = torch.masked_fill(scores, indices_to_remove, float('-inf'))  # scores_processed: "cpu f32[2, 7]"
  # ranking = scores.argsort(dim=-1, descending=True)
  ranking = torch.argsort(scores, dim=-1, descending=True)  # ranking: "cpu i64[2, 7]"
  return (scores_processed, ranking, sorted_1)
