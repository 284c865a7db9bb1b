import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(t_0_bias, t_0_weight, t_1_bias, t_1_weight, hidden_states):
  # t_0_bias: "cpu f32[4]"
  # t_0_weight: "cpu f32[4, 4]"
  # t_1_bias: "cpu f32[4]"
  # t_1_weight: "cpu f32[4, 4]"
  # hidden_states: "cpu f32[2, 4]"
  # dropout_probability = torch.rand([])
  dropout_probability = torch.rand(())  # dropout_probability: "cpu f32[]"
  # layer_outputs = layer(hidden_states)
  hidden_states_1 = torch.nn.functional.linear(hidden_states, t_0_weight, t_0_bias)  # hidden_states_1: "cpu f32[2, 4]"
  # dropout_probability = torch.rand([])
  dropout_probability_1 = torch.rand(())  # dropout_probability_1: "cpu f32[]"
  # layer_outputs = layer(hidden_states)
  hidden_states_2 = torch.nn.functional.linear(hidden_states_1, t_1_weight, t_1_bias)  # hidden_states_2: "cpu f32[2, 4]"
  # noise = torch.randn(noise_shape, dtype=torch.float64)
  noise = torch.randn((3, 2), dtype=torch.float64)  # noise: "cpu f64[3, 2]"
  return (hidden_states_2,)
