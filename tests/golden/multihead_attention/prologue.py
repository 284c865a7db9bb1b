import torch
from thunderc_support import check_is_not, check_keys, check_len, check_none, check_not_none, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from torchvision.models.vision_transformer import EncoderBlock as torchvision_models_vision_transformer_EncoderBlock

@torch.no_grad()
@no_autocast
def prologue(*args, **kwargs):
  # args: "Any"
  check_len(args, 12)
  p0: "<class 'torchvision.models.vision_transformer.EncoderBlock'>" = args[0]
  check_type(p0, torchvision_models_vision_transformer_EncoderBlock)
  p1: "<class 'torch.nn.LayerNorm'>" = p0.ln_1
  check_type(p1, torch.nn.LayerNorm)
  ln_1_bias: "cpu f32[8]" = p1.bias
  check_tensor_metadata(ln_1_bias, (8,), 'cpu', torch.float32, True)
  f2: "float 1e-06" = p1.eps
  check_number_type_and_value(f2, 1e-06)
  p3: "Any" = p1.normalized_shape
  check_len(p3, 1)
  i4: "int 8" = p3[0]
  check_number_type_and_value(i4, 8)
  ln_1_weight: "cpu f32[8]" = p1.weight
  check_tensor_metadata(ln_1_weight, (8,), 'cpu', torch.float32, True)
  p5: "<class 'torch.nn.MultiheadAttention'>" = p0.self_attention
  check_type(p5, torch.nn.MultiheadAttention)
  b6: "bool True" = p5._qkv_same_embed_dim
  check_number_type_and_value(b6, True)
  b7: "bool False" = p5.add_zero_attn
  check_number_type_and_value(b7, False)
  b8: "bool True" = p5.batch_first
  check_number_type_and_value(b8, True)
  p9: "None" = p5.bias_k
  check_none(p9)
  p10: "None" = p5.bias_v
  check_none(p10)
  i11: "int 8" = p5.embed_dim
  check_number_type_and_value(i11, 8)
  self_attention_in_proj_bias: "cpu f32[24]" = p5.in_proj_bias
  check_tensor_metadata(self_attention_in_proj_bias, (24,), 'cpu', torch.float32, True)
  self_attention_in_proj_weight: "cpu f32[24, 8]" = p5.in_proj_weight
  check_tensor_metadata(self_attention_in_proj_weight, (24, 8), 'cpu', torch.float32, True)
  i12: "int 2" = p5.num_heads
  check_number_type_and_value(i12, 2)
  p13: "<class 'torch.nn.modules.linear.NonDynamicallyQuantizableLinear'>" = p5.out_proj
  out_proj_bias: "cpu f32[8]" = p13.bias
  check_tensor_metadata(out_proj_bias, (8,), 'cpu', torch.float32, True)
  out_proj_weight: "cpu f32[8, 8]" = p13.weight
  check_tensor_metadata(out_proj_weight, (8, 8), 'cpu', torch.float32, True)
  b14: "bool False" = p5.training
  check_number_type_and_value(b14, False)
  p15: "<class 'torch.nn.MultiheadAttention'>" = args[1]
  check_type(p15, torch.nn.MultiheadAttention)
  b16: "bool True" = p15._qkv_same_embed_dim
  check_number_type_and_value(b16, True)
  b17: "bool False" = p15.add_zero_attn
  check_number_type_and_value(b17, False)
  b18: "bool False" = p15.batch_first
  check_number_type_and_value(b18, False)
  p19: "None" = p15.bias_k
  check_none(p19)
  p20: "None" = p15.bias_v
  check_none(p20)
  i21: "int 8" = p15.embed_dim
  check_number_type_and_value(i21, 8)
  p22: "None" = p15.in_proj_bias
  check_none(p22)
  seq_attn_in_proj_weight: "cpu f32[24, 8]" = p15.in_proj_weight
  check_tensor_metadata(seq_attn_in_proj_weight, (24, 8), 'cpu', torch.float32, True)
  i23: "int 2" = p15.num_heads
  check_number_type_and_value(i23, 2)
  p24: "<class 'torch.nn.Linear'>" = p15.out_proj
  p25: "None" = p24.bias
  check_none(p25)
  seq_attn_out_proj_weight: "cpu f32[8, 8]" = p24.weight
  check_tensor_metadata(seq_attn_out_proj_weight, (8, 8), 'cpu', torch.float32, True)
  b26: "bool False" = p15.training
  check_number_type_and_value(b26, False)
  p27: "<class 'torch.nn.MultiheadAttention'>" = args[2]
  check_type(p27, torch.nn.MultiheadAttention)
  b28: "bool True" = p27._qkv_same_embed_dim
  check_number_type_and_value(b28, True)
  b29: "bool False" = p27.add_zero_attn
  check_number_type_and_value(b29, False)
  b30: "bool False" = p27.batch_first
  check_number_type_and_value(b30, False)
  p31: "None" = p27.bias_k
  check_none(p31)
  p32: "None" = p27.bias_v
  check_none(p32)
  i33: "int 8" = p27.embed_dim
  check_number_type_and_value(i33, 8)
  cross_attn_in_proj_bias: "cpu f32[24]" = p27.in_proj_bias
  check_not_none(cross_attn_in_proj_bias)
  check_tensor_metadata(cross_attn_in_proj_bias, (24,), 'cpu', torch.float32, True)
  cross_attn_in_proj_weight: "cpu f32[24, 8]" = p27.in_proj_weight
  check_tensor_metadata(cross_attn_in_proj_weight, (24, 8), 'cpu', torch.float32, True)
  i34: "int 2" = p27.num_heads
  check_number_type_and_value(i34, 2)
  p35: "<class 'torch.nn.modules.linear.NonDynamicallyQuantizableLinear'>" = p27.out_proj
  cross_attn_out_proj_bias: "cpu f32[8]" = p35.bias
  check_tensor_metadata(cross_attn_out_proj_bias, (8,), 'cpu', torch.float32, True)
  cross_attn_out_proj_weight: "cpu f32[8, 8]" = p35.weight
  check_tensor_metadata(cross_attn_out_proj_weight, (8, 8), 'cpu', torch.float32, True)
  b36: "bool False" = p27.training
  check_number_type_and_value(b36, False)
  p37: "<class 'torch.nn.MultiheadAttention'>" = args[3]
  check_type(p37, torch.nn.MultiheadAttention)
  b38: "bool False" = p37._qkv_same_embed_dim
  check_number_type_and_value(b38, False)
  b39: "bool False" = p37.add_zero_attn
  check_number_type_and_value(b39, False)
  b40: "bool False" = p37.batch_first
  check_number_type_and_value(b40, False)
  p41: "None" = p37.bias_k
  check_none(p41)
  p42: "None" = p37.bias_v
  check_none(p42)
  i43: "int 8" = p37.embed_dim
  check_number_type_and_value(i43, 8)
  kv_attn_in_proj_bias: "cpu f32[24]" = p37.in_proj_bias
  check_not_none(kv_attn_in_proj_bias)
  check_tensor_metadata(kv_attn_in_proj_bias, (24,), 'cpu', torch.float32, True)
  kv_attn_k_proj_weight: "cpu f32[8, 6]" = p37.k_proj_weight
  check_tensor_metadata(kv_attn_k_proj_weight, (8, 6), 'cpu', torch.float32, True)
  i44: "int 2" = p37.num_heads
  check_number_type_and_value(i44, 2)
  p45: "<class 'torch.nn.modules.linear.NonDynamicallyQuantizableLinear'>" = p37.out_proj
  kv_attn_out_proj_bias: "cpu f32[8]" = p45.bias
  check_tensor_metadata(kv_attn_out_proj_bias, (8,), 'cpu', torch.float32, True)
  kv_attn_out_proj_weight: "cpu f32[8, 8]" = p45.weight
  check_tensor_metadata(kv_attn_out_proj_weight, (8, 8), 'cpu', torch.float32, True)
  kv_attn_q_proj_weight: "cpu f32[8, 8]" = p37.q_proj_weight
  check_tensor_metadata(kv_attn_q_proj_weight, (8, 8), 'cpu', torch.float32, True)
  b46: "bool False" = p37.training
  check_number_type_and_value(b46, False)
  kv_attn_v_proj_weight: "cpu f32[8, 5]" = p37.v_proj_weight
  check_tensor_metadata(kv_attn_v_proj_weight, (8, 5), 'cpu', torch.float32, True)
  x: "cpu f32[2, 5, 8]" = args[4]
  check_tensor_metadata(x, (2, 5, 8), 'cpu', torch.float32, False)
  tokens: "cpu f32[5, 2, 8]" = args[5]
  check_tensor_metadata(tokens, (5, 2, 8), 'cpu', torch.float32, False)
  memory: "cpu f32[3, 2, 8]" = args[6]
  check_tensor_metadata(memory, (3, 2, 8), 'cpu', torch.float32, False)
  padding: "cpu b8[2, 5]" = args[7]
  check_not_none(padding)
  check_tensor_metadata(padding, (2, 5), 'cpu', torch.bool, False)
  mask: "cpu f32[5, 3]" = args[8]
  check_not_none(mask)
  check_tensor_metadata(mask, (5, 3), 'cpu', torch.float32, False)
  keys: "cpu f32[3, 2, 6]" = args[9]
  check_tensor_metadata(keys, (3, 2, 6), 'cpu', torch.float32, False)
  values: "cpu f32[3, 2, 5]" = args[10]
  check_tensor_metadata(values, (3, 2, 5), 'cpu', torch.float32, False)
  single: "cpu f32[4, 8]" = args[11]
  check_tensor_metadata(single, (4, 8), 'cpu', torch.float32, False)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  check_is_not(tokens, memory)
  return ((ln_1_bias, ln_1_weight, self_attention_in_proj_bias, self_attention_in_proj_weight, out_proj_bias, out_proj_weight, seq_attn_in_proj_weight, seq_attn_out_proj_weight, cross_attn_in_proj_bias, cross_attn_in_proj_weight, cross_attn_out_proj_bias, cross_attn_out_proj_weight, kv_attn_in_proj_bias, kv_attn_k_proj_weight, kv_attn_out_proj_bias, kv_attn_out_proj_weight, kv_attn_q_proj_weight, kv_attn_v_proj_weight, x, tokens, memory, padding, mask, keys, values, single), ())
