import torch
from thunderc_support import no_autocast, set_buffer

@torch.no_grad()
@no_autocast
def epilogue(module, running_mean_1, centered):
  # module: "<class 'encoder.Encoder'>"
  # running_mean_1: "cpu f32[16]"
  # centered: "cpu f32[8, 16]"
  set_buffer(module, 'center.running_mean', running_mean_1)
  return centered
