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
  input_ids: "cuda:0 i64[1, 6]" = kwargs['input_ids']
  check_tensor_metadata(input_ids, (1, 6), 'cuda:0', torch.int64, False)
  p0: "<class 'transformers.cache_utils.StaticCache'>" = kwargs['past_key_values']
  check_type(p0, transformers_cache_utils_StaticCache)
  p1: "Any" = p0.key_cache
  key_cache_0: "cuda:0 bf16[1, 8, 128, 64]" = p1[0]
  check_tensor_metadata(key_cache_0, (1, 8, 128, 64), 'cuda:0', torch.bfloat16, False)
  i2: "int 128" = p0.max_cache_len
  check_number_type_and_value(i2, 128)
  p3: "Any" = p0.value_cache
  value_cache_0: "cuda:0 bf16[1, 8, 128, 64]" = p3[0]
  check_tensor_metadata(value_cache_0, (1, 8, 128, 64), 'cuda:0', torch.bfloat16, False)
  # module: "<class 'transformers.models.llama.modeling_llama.LlamaForCausalLM'>"
  p4: "<class 'torch.nn.Linear'>" = module.get_submodule('lm_head')
  check_type(p4, torch.nn.Linear)
  p5: "None" = p4.bias
  check_none(p5)
  lm_head_weight: "cuda:0 bf16[128256, 2048]" = module.get_parameter('lm_head.weight')
  check_tensor_metadata(lm_head_weight, (128256, 2048), 'cuda:0', torch.bfloat16, True)
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
  embed_tokens_weight: "cuda:0 bf16[128256, 2048]" = module.get_parameter('model.embed_tokens.weight')
  check_tensor_metadata(embed_tokens_weight, (128256, 2048), 'cuda:0', torch.bfloat16, True)
  p13: "<class 'torch.nn.ModuleList'>" = module.get_submodule('model.layers')
  check_len(p13, 1)
  p14: "<class 'transformers.models.llama.modeling_llama.LlamaDecoderLayer'>" = module.get_submodule('model.layers.0')
  check_type(p14, transformers_models_llama_modeling_llama_LlamaDecoderLayer)
  p15: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.0.input_layernorm')
  check_type(p15, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f16: "float 1e-05" = p15.variance_epsilon
  check_number_type_and_value(f16, 1e-05)
  input_layernorm_weight: "cuda:0 bf16[2048]" = module.get_parameter('model.layers.0.input_layernorm.weight')
  check_tensor_metadata(input_layernorm_weight, (2048,), 'cuda:0', torch.bfloat16, True)
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
  down_proj_weight: "cuda:0 bf16[2048, 8192]" = module.get_parameter('model.layers.0.mlp.down_proj.weight')
  check_tensor_metadata(down_proj_weight, (2048, 8192), 'cuda:0', torch.bfloat16, True)
  p22: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.mlp.gate_proj')
  check_type(p22, torch.nn.Linear)
  p23: "None" = p22.bias
  check_none(p23)
  gate_proj_weight: "cuda:0 bf16[8192, 2048]" = module.get_parameter('model.layers.0.mlp.gate_proj.weight')
  check_tensor_metadata(gate_proj_weight, (8192, 2048), 'cuda:0', torch.bfloat16, True)
  p24: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.mlp.up_proj')
  check_type(p24, torch.nn.Linear)
  p25: "None" = p24.bias
  check_none(p25)
  up_proj_weight: "cuda:0 bf16[8192, 2048]" = module.get_parameter('model.layers.0.mlp.up_proj.weight')
  check_tensor_metadata(up_proj_weight, (8192, 2048), 'cuda:0', torch.bfloat16, True)
  p26: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.layers.0.post_attention_layernorm')
  check_type(p26, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f27: "float 1e-05" = p26.variance_epsilon
  check_number_type_and_value(f27, 1e-05)
  post_attention_layernorm_weight: "cuda:0 bf16[2048]" = module.get_parameter('model.layers.0.post_attention_layernorm.weight')
  check_tensor_metadata(post_attention_layernorm_weight, (2048,), 'cuda:0', torch.bfloat16, True)
  p28: "<class 'transformers.models.llama.modeling_llama.LlamaAttention'>" = module.get_submodule('model.layers.0.self_attn')
  check_type(p28, transformers_models_llama_modeling_llama_LlamaAttention)
  i29: "int 64" = p28.head_dim
  check_number_type_and_value(i29, 64)
  p30: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.k_proj')
  check_type(p30, torch.nn.Linear)
  p31: "None" = p30.bias
  check_none(p31)
  k_proj_weight: "cuda:0 bf16[512, 2048]" = module.get_parameter('model.layers.0.self_attn.k_proj.weight')
  check_tensor_metadata(k_proj_weight, (512, 2048), 'cuda:0', torch.bfloat16, True)
  i32: "int 0" = p28.layer_idx
  check_number_type_and_value(i32, 0)
  i33: "int 32" = p28.num_heads
  check_number_type_and_value(i33, 32)
  i34: "int 4" = p28.num_key_value_groups
  check_number_type_and_value(i34, 4)
  i35: "int 8" = p28.num_key_value_heads
  check_number_type_and_value(i35, 8)
  p36: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.o_proj')
  check_type(p36, torch.nn.Linear)
  p37: "None" = p36.bias
  check_none(p37)
  o_proj_weight: "cuda:0 bf16[2048, 2048]" = module.get_parameter('model.layers.0.self_attn.o_proj.weight')
  check_tensor_metadata(o_proj_weight, (2048, 2048), 'cuda:0', torch.bfloat16, True)
  p38: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.q_proj')
  check_type(p38, torch.nn.Linear)
  p39: "None" = p38.bias
  check_none(p39)
  q_proj_weight: "cuda:0 bf16[2048, 2048]" = module.get_parameter('model.layers.0.self_attn.q_proj.weight')
  check_tensor_metadata(q_proj_weight, (2048, 2048), 'cuda:0', torch.bfloat16, True)
  f40: "float 0.125" = p28.scaling
  check_number_type_and_value(f40, 0.125)
  p41: "<class 'torch.nn.Linear'>" = module.get_submodule('model.layers.0.self_attn.v_proj')
  check_type(p41, torch.nn.Linear)
  p42: "None" = p41.bias
  check_none(p42)
  v_proj_weight: "cuda:0 bf16[512, 2048]" = module.get_parameter('model.layers.0.self_attn.v_proj.weight')
  check_tensor_metadata(v_proj_weight, (512, 2048), 'cuda:0', torch.bfloat16, True)
  p43: "<class 'transformers.models.llama.modeling_llama.LlamaRMSNorm'>" = module.get_submodule('model.norm')
  check_type(p43, transformers_models_llama_modeling_llama_LlamaRMSNorm)
  f44: "float 1e-05" = p43.variance_epsilon
  check_number_type_and_value(f44, 1e-05)
  norm_weight: "cuda:0 bf16[2048]" = module.get_parameter('model.norm.weight')
  check_tensor_metadata(norm_weight, (2048,), 'cuda:0', torch.bfloat16, True)
  p45: "<class 'transformers.models.llama.modeling_llama.LlamaRotaryEmbedding'>" = module.get_submodule('model.rotary_emb')
  check_type(p45, transformers_models_llama_modeling_llama_LlamaRotaryEmbedding)
  f46: "float 1.0" = p45.attention_scaling
  check_number_type_and_value(f46, 1.0)
  rotary_emb_inv_freq: "cuda:0 f32[32]" = module.get_buffer('model.rotary_emb.inv_freq')
  check_tensor_metadata(rotary_emb_inv_freq, (32,), 'cuda:0', torch.float32, False)
  check_no_aliases((key_cache_0, value_cache_0), (input_ids, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, norm_weight, rotary_emb_inv_freq))
  return ((input_ids, key_cache_0, value_cache_0, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, norm_weight, rotary_emb_inv_freq), (p0,))
