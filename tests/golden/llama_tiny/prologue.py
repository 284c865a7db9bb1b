import torch
from thunderc_support import check_keys, check_len, check_no_aliases, check_none, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from transformers.cache_utils import StaticCache as transformers_cache_utils_StaticCache
from transformers.models.llama.modeling_llama import LlamaAttention as transformers_models_llama_modeling_llama_LlamaAttention
from transformers.models.llama.modeling_llama import LlamaDecoderLayer as transformers_models_llama_modeling_llama_LlamaDecoderLayer
from transformers.models.llama.modeling_llama import LlamaMLP as transformers_models_llama_modeling_llama_LlamaMLP
from transformers.models.llama.modeling_llama import LlamaModel as transformers_models_llama_modeling_llama_LlamaModel
from transformers.models.llama.modeling_llama import LlamaRMSNorm as transformers_models_llama_modeling_llama_LlamaRMSNorm
from transformers.models.llama.modeling_llama import LlamaRotaryEmbedding as transformers_models_llama_modeling_llama_LlamaRotaryEmbedding

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 0)
  # kwargs: "Any"
  check_len(kwargs, 2)
  check_keys(kwargs, ('input_ids', 'past_key_values'))
  input_ids: "cpu i64[1, 6]" = kwargs['input_ids']
  check_tensor_metadata(input_ids, (1, 6), 'cpu', torch.int64, False)
  p0: "<class 'transformers.cache_utils.StaticCache'>" = kwargs['past_key_values']
  check_type(p0, transformers_cache_utils_StaticCache)
  p1: "Any" = p0.key_cache
  key_cache_0: "cpu f32[1, 2, 16, 16]" = p1[0]
  check_tensor_metadata(key_cache_0, (1, 2, 16, 16), 'cpu', torch.float32, False)
  key_cache_1: "cpu f32[1, 2, 16, 16]" = p1[1]
  check_tensor_metadata(key_cache_1, (1, 2, 16, 16), 'cpu', torch.float32, False)
  i2: "int 16" = p0.max_cache_len
  check_number_type_and_value(i2, 16)
  p3: "Any" = p0.value_cache
  value_cache_0: "cpu f32[1, 2, 16, 16]" = p3[0]
  check_tensor_metadata(value_cache_0, (1, 2, 16, 16), 'cpu', torch.float32, False)
  value_cache_1: "cpu f32[1, 2, 16, 16]" = p3[1]
  check_tensor_metadata(value_cache_1, (1, 2, 16, 16), 'cpu', torch.float32, False)
  # module: "<class 'transformers.models.llama.modeling_llama.LlamaForCausalLM'>"
  p4: "<class 'torch.nn.Linear'>" = module.get_submodule('lm_head')
  check_type(p4, torch.nn.Linear)
  p5: "None" = p4.bias
  check_none(p5)
  lm_head_weight: "cpu f32[256, 64]" = module.get_parameter('lm_head.weight')
  check_tensor_metadata(lm_head_weight, (256, 64), 'cpu', torch.float32, True)
  p6: "<class 'transformers.models.llama.modeling_llama.LlamaModel'>" = module.get_submodule('model')
  check_type(p6, transformers_models_llama_modeling_llama_LlamaModel)
  p7: "<class 'torch.nn.Embedding'>" = module.get_submodule('model.embed_tokens')
  check_type(p7, torch.nn.Embedding)
  p8: "None" = p7.max_norm
  check_none(p8)
  f9: "float 2.0" = p7.norm_type
  check_number_type_and_value(f9, 2.0)
  p10: "None" = p7.padding_idx
  check_none(p10)
  b11: "bool False" = p7.scale_grad_by_freq
  check_number_type_and_value(b11, False)
  b12: "bool False" = p7.sparse
  check_number_type_and_value(b12, False)
  embed_tokens_weight: "cpu f32[256, 64]" = module.get_parameter('model.embed_tokens.weight')
  check_tensor_metadata(embed_tokens_weight, (256, 64), 'cpu', torch.float32, True)
  p13: "<class 'torch.nn.ModuleList'>" = module.get_submodule('model.layers')
  check_len(p13, 2)
  p14: "<class 'transformers.models.llama.modeling_llama.LlamaDecoderLayer'>" = module.get_submodule('model.layers.0')
  check_type(p14, transformers_models_llama_modeling_llama_LlamaDecoderLayer)
  p15: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.0.input_layernorm')
  check_type(p15, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f16: "float 1e-05" = p15.variance_epsilon
  check_number_type_and_value(f16, 1e-05)
  input_layernorm_weight: "cpu f32[64]" = module.get_parameter('model.layers.0.input_layernorm.weight')
  check_tensor_metadata(input_layernorm_weight, (64,), 'cpu', torch.float32, True)
  p17: "<class 'transformers.models.llama.modeling_llama.LlamaMLP'>" = module.get_submodule('model.layers.0.mlp')
  check_type(p17, transformers_models_llama_modeling_llama_LlamaMLP)
  p18: "<class 'torch.nn.SiLU'>" = module.get_submodule('model.layers.0.mlp.act_fn')
  check_type(p18, torch.nn.SiLU)
  b19: "bool False" = p18.inplace
  check_number_type_and_value(b19, False)
  p20: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.mlp.down_proj')
  check_type(p20, torch.nn.Linear)
  p21: "None" = p20.bias
  check_none(p21)
  down_proj_weight: "cpu f32[64, 128]" = module.get_parameter('model.layers.0.mlp.down_proj.weight')
  check_tensor_metadata(down_proj_weight, (64, 128), 'cpu', torch.float32, True)
  p22: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.mlp.gate_proj')
  check_type(p22, torch.nn.Linear)
  p23: "None" = p22.bias
  check_none(p23)
  gate_proj_weight: "cpu f32[128, 64]" = module.get_parameter('model.layers.0.mlp.gate_proj.weight')
  check_tensor_metadata(gate_proj_weight, (128, 64), 'cpu', torch.float32, True)
  p24: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.mlp.up_proj')
  check_type(p24, torch.nn.Linear)
  p25: "None" = p24.bias
  check_none(p25)
  up_proj_weight: "cpu f32[128, 64]" = module.get_parameter('model.layers.0.mlp.up_proj.weight')
  check_tensor_metadata(up_proj_weight, (128, 64), 'cpu', torch.float32, True)
  p26: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.0.post_attention_layernorm')
  check_type(p26, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f27: "float 1e-05" = p26.variance_epsilon
  check_number_type_and_value(f27, 1e-05)
  post_attention_layernorm_weight: "cpu f32[64]" = module.get_parameter('model.layers.0.post_attention_layernorm.weight')
  check_tensor_metadata(post_attention_layernorm_weight, (64,), 'cpu', torch.float32, True)
  p28: "<class 'transformers.models.llama.modeling_llama.LlamaAttention'>" = module.get_submodule('model.layers.0.self_attn')
  check_type(p28, transformers_models_llama_modeling_llama_LlamaAttention)
  i29: "int 16" = p28.head_dim
  check_number_type_and_value(i29, 16)
  p30: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.k_proj')
  check_type(p30, torch.nn.Linear)
  p31: "None" = p30.bias
  check_none(p31)
  k_proj_weight: "cpu f32[32, 64]" = module.get_parameter('model.layers.0.self_attn.k_proj.weight')
  check_tensor_metadata(k_proj_weight, (32, 64), 'cpu', torch.float32, True)
  i32: "int 0" = p28.layer_idx
  check_number_type_and_value(i32, 0)
  i33: "int 4" = p28.num_heads
  check_number_type_and_value(i33, 4)
  i34: "int 2" = p28.num_key_value_groups
  check_number_type_and_value(i34, 2)
  i35: "int 2" = p28.num_key_value_heads
  check_number_type_and_value(i35, 2)
  p36: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.o_proj')
  check_type(p36, torch.nn.Linear)
  p37: "None" = p36.bias
  check_none(p37)
  o_proj_weight: "cpu f32[64, 64]" = module.get_parameter('model.layers.0.self_attn.o_proj.weight')
  check_tensor_metadata(o_proj_weight, (64, 64), 'cpu', torch.float32, True)
  p38: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.q_proj')
  check_type(p38, torch.nn.Linear)
  p39: "None" = p38.bias
  check_none(p39)
  q_proj_weight: "cpu f32[64, 64]" = module.get_parameter('model.layers.0.self_attn.q_proj.weight')
  check_tensor_metadata(q_proj_weight, (64, 64), 'cpu', torch.float32, True)
  f40: "float 0.25" = p28.scaling
  check_number_type_and_value(f40, 0.25)
  p41: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.v_proj')
  check_type(p41, torch.nn.Linear)
  p42: "None" = p41.bias
  check_none(p42)
  v_proj_weight: "cpu f32[32, 64]" = module.get_parameter('model.layers.0.self_attn.v_proj.weight')
  check_tensor_metadata(v_proj_weight, (32, 64), 'cpu', torch.float32, True)
  p43: "<class 'transformers.models.llama.modeling_llama.LlamaDecoderLayer'>" = module.get_submodule('model.layers.1')
  check_type(p43, transformers_models_llama_modeling_llama_LlamaDecoderLayer)
  p44: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.1.input_layernorm')
  check_type(p44, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f45: "float 1e-05" = p44.variance_epsilon
  check_number_type_and_value(f45, 1e-05)
  model_layers_1_input_layernorm_weight: "cpu f32[64]" = module.get_parameter('model.layers.1.input_layernorm.weight')
  check_tensor_metadata(model_layers_1_input_layernorm_weight, (64,), 'cpu', torch.float32, True)
  p46: "<class 'transformers.models.llama.modeling_llama.LlamaMLP'>" = module.get_submodule('model.layers.1.mlp')
  check_type(p46, transformers_models_llama_modeling_llama_LlamaMLP)
  p47: "<class 'torch.nn.SiLU'>" = module.get_submodule('model.layers.1.mlp.act_fn')
  check_type(p47, torch.nn.SiLU)
  b48: "bool False" = p47.inplace
  check_number_type_and_value(b48, False)
  p49: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.mlp.down_proj')
  check_type(p49, torch.nn.Linear)
  p50: "None" = p49.bias
  check_none(p50)
  model_layers_1_mlp_down_proj_weight: "cpu f32[64, 128]" = module.get_parameter('model.layers.1.mlp.down_proj.weight')
  check_tensor_metadata(model_layers_1_mlp_down_proj_weight, (64, 128), 'cpu', torch.float32, True)
  p51: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.mlp.gate_proj')
  check_type(p51, torch.nn.Linear)
  p52: "None" = p51.bias
  check_none(p52)
  model_layers_1_mlp_gate_proj_weight: "cpu f32[128, 64]" = module.get_parameter('model.layers.1.mlp.gate_proj.weight')
  check_tensor_metadata(model_layers_1_mlp_gate_proj_weight, (128, 64), 'cpu', torch.float32, True)
  p53: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.mlp.up_proj')
  check_type(p53, torch.nn.Linear)
  p54: "None" = p53.bias
  check_none(p54)
  model_layers_1_mlp_up_proj_weight: "cpu f32[128, 64]" = module.get_parameter('model.layers.1.mlp.up_proj.weight')
  check_tensor_metadata(model_layers_1_mlp_up_proj_weight, (128, 64), 'cpu', torch.float32, True)
  p55: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.1.post_attention_layernorm')
  check_type(p55, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f56: "float 1e-05" = p55.variance_epsilon
  check_number_type_and_value(f56, 1e-05)
  model_layers_1_post_attention_layernorm_weight: "cpu f32[64]" = module.get_parameter('model.layers.1.post_attention_layernorm.weight')
  check_tensor_metadata(model_layers_1_post_attention_layernorm_weight, (64,), 'cpu', torch.float32, True)
  p57: "<class 'transformers.models.llama.modeling_llama.LlamaAttention'>" = module.get_submodule('model.layers.1.self_attn')
  check_type(p57, transformers_models_llama_modeling_llama_LlamaAttention)
  i58: "int 16" = p57.head_dim
  check_number_type_and_value(i58, 16)
  p59: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.self_attn.k_proj')
  check_type(p59, torch.nn.Linear)
  p60: "None" = p59.bias
  check_none(p60)
  model_layers_1_self_attn_k_proj_weight: "cpu f32[32, 64]" = module.get_parameter('model.layers.1.self_attn.k_proj.weight')
  check_tensor_metadata(model_layers_1_self_attn_k_proj_weight, (32, 64), 'cpu', torch.float32, True)
  i61: "int 1" = p57.layer_idx
  check_number_type_and_value(i61, 1)
  i62: "int 4" = p57.num_heads
  check_number_type_and_value(i62, 4)
  i63: "int 2" = p57.num_key_value_groups
  check_number_type_and_value(i63, 2)
  i64: "int 2" = p57.num_key_value_heads
  check_number_type_and_value(i64, 2)
  p65: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.self_attn.o_proj')
  check_type(p65, torch.nn.Linear)
  p66: "None" = p65.bias
  check_none(p66)
  model_layers_1_self_attn_o_proj_weight: "cpu f32[64, 64]" = module.get_parameter('model.layers.1.self_attn.o_proj.weight')
  check_tensor_metadata(model_layers_1_self_attn_o_proj_weight, (64, 64), 'cpu', torch.float32, True)
  p67: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.self_attn.q_proj')
  check_type(p67, torch.nn.Linear)
  p68: "None" = p67.bias
  check_none(p68)
  model_layers_1_self_attn_q_proj_weight: "cpu f32[64, 64]" = module.get_parameter('model.layers.1.self_attn.q_proj.weight')
  check_tensor_metadata(model_layers_1_self_attn_q_proj_weight, (64, 64), 'cpu', torch.float32, True)
  f69: "float 0.25" = p57.scaling
  check_number_type_and_value(f69, 0.25)
  p70: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.1.self_attn.v_proj')
  check_type(p70, torch.nn.Linear)
  p71: "None" = p70.bias
  check_none(p71)
  model_layers_1_self_attn_v_proj_weight: "cpu f32[32, 64]" = module.get_parameter('model.layers.1.self_attn.v_proj.weight')
  check_tensor_metadata(model_layers_1_self_attn_v_proj_weight, (32, 64), 'cpu', torch.float32, True)
  p72: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.norm')
  check_type(p72, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f73: "float 1e-05" = p72.variance_epsilon
  check_number_type_and_value(f73, 1e-05)
  norm_weight: "cpu f32[64]" = module.get_parameter('model.norm.weight')
  check_tensor_metadata(norm_weight, (64,), 'cpu', torch.float32, True)
  p74: "<class 'transformers.models.llama.modeling_llama.LlamaRotaryEmbedding'>" = module.get_submodule('model.rotary_emb')
  check_type(p74, transformers_models_llama_modeling_llama_LlamaRotaryEmbedding)
  f75: "float 1.0" = p74.attention_scaling
  check_number_type_and_value(f75, 1.0)
  rotary_emb_inv_freq: "cpu f32[8]" = module.get_buffer('model.rotary_emb.inv_freq')
  check_tensor_metadata(rotary_emb_inv_freq, (8,), 'cpu', torch.float32, False)
  check_no_aliases((key_cache_0, key_cache_1, value_cache_0, value_cache_1), (input_ids, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, model_layers_1_input_layernorm_weight, model_layers_1_mlp_down_proj_weight, model_layers_1_mlp_gate_proj_weight, model_layers_1_mlp_up_proj_weight, model_layers_1_post_attention_layernorm_weight, model_layers_1_self_attn_k_proj_weight, model_layers_1_self_attn_o_proj_weight, model_layers_1_self_attn_q_proj_weight, model_layers_1_self_attn_v_proj_weight, norm_weight, rotary_emb_inv_freq))
  return ((input_ids, key_cache_0, key_cache_1, value_cache_0, value_cache_1, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, model_layers_1_input_layernorm_weight, model_layers_1_mlp_down_proj_weight, model_layers_1_mlp_gate_proj_weight, model_layers_1_mlp_up_proj_weight, model_layers_1_post_attention_layernorm_weight, model_layers_1_self_attn_k_proj_weight, model_layers_1_self_attn_o_proj_weight, model_layers_1_self_attn_q_proj_weight, model_layers_1_self_attn_v_proj_weight, norm_weight, rotary_emb_inv_freq), (p0,))
