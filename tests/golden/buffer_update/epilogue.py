import torch
from thunderc_support import no_autocast, set_buffer

@torch.no_grad()
@no_autocast
def epilogue(x, module, tot2):
  # x: "cpu f32[3]"
  # module: "<class 'app.model.M'>"
  # tot2: "cpu f32[]"
  set_buffer(module, 'total', tot2)
  module.calls = 1
  return x
