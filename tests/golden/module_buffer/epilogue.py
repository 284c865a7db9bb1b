import torch
from thunderc_support import no_autocast, set_buffer

@torch.no_grad()
@no_autocast
def epilogue(module, t1, centered):
  # module: "<class 'encoder.Encoder'>"
  # t1: "cpu f32[16]"
  # centered: "cpu f32[8, 16]"
  set_buffer(module, 'center.running_mean', t1)
  return centered
