import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(logits, input_ids, probs):
  # logits: "cpu bf16[2, 4, 16]"
  # input_ids: "cpu i64[2, 4]"
  # probs: "cpu bf16[2, 4, 16]"
  # labels = input_ids.masked_fill(input_ids == 0, -100)
  pad = torch.eq(input_ids, 0)  # pad: "cpu b8[2, 4]"
  labels = torch.masked_fill(input_ids, pad, -100)  # labels: "cpu i64[2, 4]"
  # loss_utils.py:36: 	logits = logits.float()
  logits_1 = torch.Tensor.float(logits)  # logits_1: "cpu f32[2, 4, 16]"
  # loss_utils.py:38: 	shift_logits = logits[..., :-1, :].contiguous()
  shift_logits = operator.getitem(logits_1, (..., slice(None, -1, None), slice(None, None, None)))  # shift_logits: "cpu f32[2, 3, 16]"
  shift_logits_1 = torch.Tensor.contiguous(shift_logits)  # shift_logits_1: "cpu f32[2, 3, 16]"
  # loss_utils.py:39: 	shift_labels = labels[..., 1:].contiguous()
  shift_labels = operator.getitem(labels, (..., slice(1, None, None)))  # shift_labels: "cpu i64[2, 3]"
  shift_labels_1 = torch.Tensor.contiguous(shift_labels)  # shift_labels_1: "cpu i64[2, 3]"
  # loss_utils.py:42: 	shift_logits = shift_logits.view(-1, vocab_size)
  shift_logits_2 = torch.Tensor.view(shift_logits_1, (-1, 16))  # shift_logits_2: "cpu f32[6, 16]"
  # loss_utils.py:43: 	shift_labels = shift_labels.view(-1)
  shift_labels_2 = torch.Tensor.view(shift_labels_1, (-1,))  # shift_labels_2: "cpu i64[6]"
  # loss_utils.py:26: 	loss = nn.functional.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
  loss = torch.nn.functional.cross_entropy(shift_logits_2, shift_labels_2, ignore_index=-100, reduction='mean')  # loss: "cpu f32[]"
  # loss_utils.py:26: 	loss = nn.functional.cross_entropy(source, target, ignore_index=ignore_index, reduction=reduction)
  loss_1 = torch.nn.functional.cross_entropy(shift_logits_2, shift_labels_2, ignore_index=-100, reduction='sum')  # loss_1: "cpu f32[]"
  # loss_utils.py:28: 	loss = loss / num_items_in_batch
  loss_2 = torch.div(loss_1, 7)  # loss_2: "cpu f32[]"
  # soft = F.cross_entropy(logits, probs, reduction='none', label_smoothing=0.1)
  soft = torch.nn.functional.cross_entropy(logits, probs, reduction='none', label_smoothing=0.1)  # soft: "cpu bf16[2, 16]"
  return (loss, loss_2, soft)
