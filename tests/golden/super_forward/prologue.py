import torch
from thunderc_support import check_keys, check_len, check_none, check_number_type_and_value, check_tensor_metadata, check_type, no_autocast
from transformers.models.opt.modeling_opt import OPTLearnedPositionalEmbedding as transformers_models_opt_modeling_opt_OPTLearnedPositionalEmbedding

@torch.no_grad()
@no_autocast
def prologue(module, *args, **kwargs):
  # args: "Any"
  check_len(args, 2)
  attention_mask: "cpu b8[2, 5]" = args[0]
  check_tensor_metadata(attention_mask, (2, 5), 'cpu', torch.bool, False)
  i0: "int 1" = args[1]
  check_number_type_and_value(i0, 1)
  # kwargs: "Any"
  check_len(kwargs, 0)
  check_keys(kwargs, ())
  # module: "<class 'transformers.models.opt.modeling_opt.OPTDecoder'>"
  p1: "<class 'transformers.models.opt.modeling_opt.OPTLearnedPositionalEmbedding'>" = module.get_submodule('embed_positions')
  check_type(p1, transformers_models_opt_modeling_opt_OPTLearnedPositionalEmbedding)
  p2: "None" = p1.max_norm
  check_none(p2)
  f3: "float 2.0" = p1.norm_type
  check_number_type_and_value(f3, 2.0)
  i4: "int 2" = p1.offset
  check_number_type_and_value(i4, 2)
  p5: "None" = p1.padding_idx
  check_none(p5)
  b6: "bool False" = p1.scale_grad_by_freq
  check_number_type_and_value(b6, False)
  b7: "bool False" = p1.sparse
  check_number_type_and_value(b7, False)
  embed_positions_weight: "cpu f32[10, 4]" = module.get_parameter('embed_positions.weight')
  check_tensor_metadata(embed_positions_weight, (10, 4), 'cpu', torch.float32, True)
  return ((attention_mask, embed_positions_weight), ())
