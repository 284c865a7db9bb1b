import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(gates_1, hits_2, acc_1, acc2, merged):
  # gates_1: "cpu f32[2, 5]"
  # hits_2: "cpu f32[2, 5]"
  # acc_1: "cpu f32[4, 3]"
  # acc2: "cpu f32[4, 3]"
  # merged: "cpu f32[3, 3]"
  return (gates_1, hits_2, acc_1, acc2, merged)
