import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 6)
  p0: "<class 'torch.nn.Dropout'>" = args[0]
  check_type(p0, torch.nn.Dropout)
  b1: "bool False" = p0.inplace
  check_number_type_and_value(b1, False)
  f2: "float 0.25" = p0.p
  check_number_type_and_value(f2, 0.25)
  b3: "bool True" = p0.training
  check_number_type_and_value(b3, True)
  p4: "<class 'torch.nn.Dropout'>" = args[1]
  check_type(p4, torch.nn.Dropout)
  b5: "bool True" = p4.inplace
  check_number_type_and_value(b5, True)
  f6: "float 0.5" = p4.p
  check_number_type_and_value(f6, 0.5)
  b7: "bool True" = p4.training
  check_number_type_and_value(b7, True)
  p8: "<class 'torch.nn.Dropout'>" = args[2]
  check_type(p8, torch.nn.Dropout)
  b9: "bool False" = p8.training
  check_number_type_and_value(b9, False)
  p10: "<class 'torch.nn.MultiheadAttention'>" = args[3]
  check_type(p10, torch.nn.MultiheadAttention)
  b11: "bool True" = p10._qkv_same_embed_dim
  check_number_type_and_value(b11, True)
  b12: "bool False" = p10.add_zero_attn
  check_number_type_and_value(b12, False)
  b13: "bool False" = p10.batch_first
  check_number_type_and_value(b13, False)
  p14: "None" = p10.bias_k
  check_none(p14)
  p15: "None" = p10.bias_v
  check_none(p15)
  f16: "float 0.5" = p10.dropout
  check_number_type_and_value(f16, 0.5)
  i17: "int 8" = p10.embed_dim
  check_number_type_and_value(i17, 8)
  attn_in_proj_bias: "cpu f32[24]" = p10.in_proj_bias
  check_tensor_metadata(attn_in_proj_bias, (24,), 'cpu', torch.float32, True)
  attn_in_proj_weight: "cpu f32[24, 8]" = p10.in_proj_weight
  check_tensor_metadata(attn_in_proj_weight, (24, 8), 'cpu', torch.float32, True)
  i18: "int 2" = p10.num_heads
  check_number_type_and_value(i18, 2)
  p19: "<class 'torch.nn.modules.linear.NonDynamicallyQuantizableLinear'>" = p10.out_proj
  out_proj_bias: "cpu f32[8]" = p19.bias
  check_tensor_metadata(out_proj_bias, (8,), 'cpu', torch.float32, True)
  out_proj_weight: "cpu f32[8, 8]" = p19.weight
  check_tensor_metadata(out_proj_weight, (8, 8), 'cpu', torch.float32, True)
  b20: "bool True" = p10.training
  check_number_type_and_value(b20, True)
  x: "cpu f32[4, 8]" = args[4]
  check_tensor_metadata(x, (4, 8), 'cpu', torch.float32, False)
  tokens: "cpu f32[5, 2, 8]" = args[5]
  check_tensor_metadata(tokens, (5, 2, 8), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  return ((attn_in_proj_bias, attn_in_proj_weight, out_proj_bias, out_proj_weight, x, tokens), (x,))
