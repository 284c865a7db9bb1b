import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def epilogue(hidden_states_2):
  # hidden_states_2: "cpu f32[2, 4]"
  p0 = torch.Size((3, 2))
  return (hidden_states_2, p0)
