import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(input_ids, key_cache_0, key_cache_1, value_cache_0, value_cache_1, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, model_layers_1_input_layernorm_weight, model_layers_1_mlp_down_proj_weight, model_layers_1_mlp_gate_proj_weight, model_layers_1_mlp_up_proj_weight, model_layers_1_post_attention_layernorm_weight, model_layers_1_self_attn_k_proj_weight, model_layers_1_self_attn_o_proj_weight, model_layers_1_self_attn_q_proj_weight, model_layers_1_self_attn_v_proj_weight, norm_weight, rotary_emb_inv_freq):
  # input_ids: "cpu i64[1, 6]"
  # key_cache_0: "cpu f32[1, 2, 16, 16]"
  # key_cache_1: "cpu f32[1, 2, 16, 16]"
  # value_cache_0: "cpu f32[1, 2, 16, 16]"
  # value_cache_1: "cpu f32[1, 2, 16, 16]"
  # lm_head_weight: "cpu f32[256, 64]"
  # embed_tokens_weight: "cpu f32[256, 64]"
  # input_layernorm_weight: "cpu f32[64]"
  # down_proj_weight: "cpu f32[64, 128]"
  # gate_proj_weight: "cpu f32[128, 64]"
  # up_proj_weight: "cpu f32[128, 64]"
  # post_attention_layernorm_weight: "cpu f32[64]"
  # k_proj_weight: "cpu f32[32, 64]"
  # o_proj_weight: "cpu f32[64, 64]"
  # q_proj_weight: "cpu f32[64, 64]"
  # v_proj_weight: "cpu f32[32, 64]"
  # model_layers_1_input_layernorm_weight: "cpu f32[64]"
  # model_layers_1_mlp_down_proj_weight: "cpu f32[64, 128]"
  # model_layers_1_mlp_gate_proj_weight: "cpu f32[128, 64]"
  # model_layers_1_mlp_up_proj_weight: "cpu f32[128, 64]"
  # model_layers_1_post_attention_layernorm_weight: "cpu f32[64]"
  # model_layers_1_self_attn_k_proj_weight: "cpu f32[32, 64]"
  # model_layers_1_self_attn_o_proj_weight: "cpu f32[64, 64]"
  # model_layers_1_self_attn_q_proj_weight: "cpu f32[64, 64]"
  # model_layers_1_self_attn_v_proj_weight: "cpu f32[32, 64]"
  # norm_weight: "cpu f32[64]"
  # rotary_emb_inv_freq: "cpu f32[8]"
  # modeling_llama.py:565: 	inputs_embeds = self.embed_tokens(input_ids)
  inputs_embeds = torch.nn.functional.embedding(input_ids, embed_tokens_weight, None, None, 2.0, False, False)  # inputs_embeds: "cpu f32[1, 6, 64]"
  # modeling_llama.py:573: 	cache_position = torch.arange(past_seen_tokens, past_seen_tokens + seq_len, device=inputs_embeds.device)
  cache_position = torch.arange(0, 6, device=torch.device('cpu'))  # cache_position: "cpu i64[6]"
  # modeling_llama.py:578: 	position_ids = cache_position.unsqueeze(0)
  position_ids = torch.unsqueeze(cache_position, 0)  # position_ids: "cpu i64[1, 6]"
  # modeling_llama.py:726: 	causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype, device=device)
  causal_mask = torch.full((6, 16), fill_value=float('-inf'), dtype=torch.float32, device=torch.device('cpu'))  # causal_mask: "cpu f32[6, 16]"
  # modeling_llama.py:730: 	causal_mask = torch.triu(causal_mask, diagonal=1)
  t0 = torch.triu(causal_mask, diagonal=1)  # t0: "cpu f32[6, 16]"
  # modeling_llama.py:731: 	visible = torch.arange(target_length, device=device) <= cache_position.reshape(-1, 1)
  key_positions = torch.arange(16, device=torch.device('cpu'))  # key_positions: "cpu i64[16]"
  query_positions = torch.reshape(cache_position, (-1, 1))  # query_positions: "cpu i64[6, 1]"
  visible = torch.le(key_positions, query_positions)  # visible: "cpu b8[6, 16]"
  # modeling_llama.py:732: 	causal_mask = causal_mask.masked_fill(visible, 0.0)
  t1 = torch.masked_fill(t0, visible, 0.0)  # t1: "cpu f32[6, 16]"
  # modeling_llama.py:733: 	causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
  t2 = operator.getitem(t1, (None, None, slice(None, None, None), slice(None, None, None)))  # t2: "cpu f32[1, 1, 6, 16]"
  t3 = torch.Tensor.expand(t2, (1, 1, -1, -1))  # t3: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:131: 	inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
  inv_freq_expanded = operator.getitem(rotary_emb_inv_freq, (None, slice(None, None, None), None))  # inv_freq_expanded: "cpu f32[1, 8, 1]"
  t4 = torch.Tensor.float(inv_freq_expanded)  # t4: "cpu f32[1, 8, 1]"
  t5 = torch.Tensor.expand(t4, (1, -1, 1))  # t5: "cpu f32[1, 8, 1]"
  # modeling_llama.py:132: 	position_ids_expanded = position_ids[:, None, :].float()
  position_ids_expanded = operator.getitem(position_ids, (slice(None, None, None), None, slice(None, None, None)))  # position_ids_expanded: "cpu i64[1, 1, 6]"
  t6 = torch.Tensor.float(position_ids_expanded)  # t6: "cpu f32[1, 1, 6]"
  # modeling_llama.py:137: 	freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
  t7 = torch.Tensor.float(t5)  # t7: "cpu f32[1, 8, 1]"
  t8 = torch.Tensor.float(t6)  # t8: "cpu f32[1, 1, 6]"
  freqs = torch.matmul(t7, t8)  # freqs: "cpu f32[1, 8, 6]"
  t9 = torch.transpose(freqs, 1, 2)  # t9: "cpu f32[1, 6, 8]"
  # modeling_llama.py:138: 	emb = torch.cat((freqs, freqs), dim=-1)
  emb = torch.cat((t9, t9), dim=-1)  # emb: "cpu f32[1, 6, 16]"
  # modeling_llama.py:139: 	cos = emb.cos()
  cos = torch.cos(emb)  # cos: "cpu f32[1, 6, 16]"
  # modeling_llama.py:140: 	sin = emb.sin()
  sin = torch.sin(emb)  # sin: "cpu f32[1, 6, 16]"
  # modeling_llama.py:143: 	cos = cos * self.attention_scaling
  t10 = torch.mul(cos, 1.0)  # t10: "cpu f32[1, 6, 16]"
  # modeling_llama.py:144: 	sin = sin * self.attention_scaling
  t11 = torch.mul(sin, 1.0)  # t11: "cpu f32[1, 6, 16]"
  # modeling_llama.py:146: 	return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
  t12 = torch.Tensor.to(t10, dtype=torch.float32)  # t12: "cpu f32[1, 6, 16]"
  t13 = torch.Tensor.to(t11, dtype=torch.float32)  # t13: "cpu f32[1, 6, 16]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  hidden_states = torch.Tensor.to(inputs_embeds, torch.float32)  # hidden_states: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance = torch.pow(hidden_states, 2)  # variance: "cpu f32[1, 6, 64]"
  t14 = torch.mean(variance, -1, keepdim=True)  # t14: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t15 = torch.add(t14, 1e-05)  # t15: "cpu f32[1, 6, 1]"
  inv_rms = torch.rsqrt(t15)  # inv_rms: "cpu f32[1, 6, 1]"
  t16 = torch.mul(hidden_states, inv_rms)  # t16: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t17 = torch.Tensor.to(t16, torch.float32)  # t17: "cpu f32[1, 6, 64]"
  t18 = torch.mul(input_layernorm_weight, t17)  # t18: "cpu f32[1, 6, 64]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  query_states = torch.nn.functional.linear(t18, q_proj_weight, None)  # query_states: "cpu f32[1, 6, 64]"
  t19 = torch.Tensor.view(query_states, (1, 6, 4, 16))  # t19: "cpu f32[1, 6, 4, 16]"
  t20 = torch.transpose(t19, 1, 2)  # t20: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  key_states = torch.nn.functional.linear(t18, k_proj_weight, None)  # key_states: "cpu f32[1, 6, 32]"
  t21 = torch.Tensor.view(key_states, (1, 6, 2, 16))  # t21: "cpu f32[1, 6, 2, 16]"
  t22 = torch.transpose(t21, 1, 2)  # t22: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  value_states = torch.nn.functional.linear(t18, v_proj_weight, None)  # value_states: "cpu f32[1, 6, 32]"
  t23 = torch.Tensor.view(value_states, (1, 6, 2, 16))  # t23: "cpu f32[1, 6, 2, 16]"
  t24 = torch.transpose(t23, 1, 2)  # t24: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:178: 	cos = cos.unsqueeze(unsqueeze_dim)
  t25 = torch.unsqueeze(t12, 1)  # t25: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:179: 	sin = sin.unsqueeze(unsqueeze_dim)
  t26 = torch.unsqueeze(t13, 1)  # t26: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_cos = torch.mul(t20, t25)  # q_cos: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1 = operator.getitem(t20, (..., slice(None, 8, None)))  # x1: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2 = operator.getitem(t20, (..., slice(8, None, None)))  # x2: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2 = torch.neg(x2)  # neg_x2: "cpu f32[1, 4, 6, 8]"
  rotated = torch.cat((neg_x2, x1), dim=-1)  # rotated: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_sin = torch.mul(rotated, t26)  # q_sin: "cpu f32[1, 4, 6, 16]"
  q_embed = torch.add(q_cos, q_sin)  # q_embed: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_cos = torch.mul(t22, t25)  # k_cos: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  t27 = operator.getitem(t22, (..., slice(None, 8, None)))  # t27: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  t28 = operator.getitem(t22, (..., slice(8, None, None)))  # t28: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  t29 = torch.neg(t28)  # t29: "cpu f32[1, 2, 6, 8]"
  t30 = torch.cat((t29, t27), dim=-1)  # t30: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_sin = torch.mul(t30, t26)  # k_sin: "cpu f32[1, 2, 6, 16]"
  k_embed = torch.add(k_cos, k_sin)  # k_embed: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1204: 	key_states = key_states.to(k_out.dtype)
  t31 = torch.Tensor.to(k_embed, torch.float32)  # t31: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1205: 	value_states = value_states.to(v_out.dtype)
  t32 = torch.Tensor.to(t24, torch.float32)  # t32: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  k_out = torch.index_copy(key_cache_0, 2, cache_position, t31)  # k_out: "cpu f32[1, 2, 16, 16]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  v_out = torch.index_copy(value_cache_0, 2, cache_position, t32)  # v_out: "cpu f32[1, 2, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t33 = operator.getitem(k_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t33: "cpu f32[1, 2, 1, 16, 16]"
  t34 = torch.Tensor.expand(t33, (1, 2, 2, 16, 16))  # t34: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t35 = torch.reshape(t34, (1, 4, 16, 16))  # t35: "cpu f32[1, 4, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t36 = operator.getitem(v_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t36: "cpu f32[1, 2, 1, 16, 16]"
  t37 = torch.Tensor.expand(t36, (1, 2, 2, 16, 16))  # t37: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t38 = torch.reshape(t37, (1, 4, 16, 16))  # t38: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:27: 	causal_mask = causal_mask[:, :, :, : key.shape[-2]]
  t39 = operator.getitem(t3, (slice(None, None, None), slice(None, None, None), slice(None, None, None), slice(None, 16, None)))  # t39: "cpu f32[1, 1, 6, 16]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  query = torch.Tensor.contiguous(q_embed)  # query: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  key = torch.Tensor.contiguous(t35)  # key: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  value = torch.Tensor.contiguous(t38)  # value: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=t39, dropout_p=0.0, scale=0.25, is_causal=False)  # attn_output: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  t40 = torch.transpose(attn_output, 1, 2)  # t40: "cpu f32[1, 6, 4, 16]"
  t41 = torch.Tensor.contiguous(t40)  # t41: "cpu f32[1, 6, 4, 16]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  t42 = torch.reshape(t41, (1, 6, -1))  # t42: "cpu f32[1, 6, 64]"
  t43 = torch.Tensor.contiguous(t42)  # t43: "cpu f32[1, 6, 64]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  t44 = torch.nn.functional.linear(t43, o_proj_weight, None)  # t44: "cpu f32[1, 6, 64]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  t45 = torch.add(inputs_embeds, t44)  # t45: "cpu f32[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t46 = torch.Tensor.to(t45, torch.float32)  # t46: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t47 = torch.pow(t46, 2)  # t47: "cpu f32[1, 6, 64]"
  t48 = torch.mean(t47, -1, keepdim=True)  # t48: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t49 = torch.add(t48, 1e-05)  # t49: "cpu f32[1, 6, 1]"
  t50 = torch.rsqrt(t49)  # t50: "cpu f32[1, 6, 1]"
  t51 = torch.mul(t46, t50)  # t51: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t52 = torch.Tensor.to(t51, torch.float32)  # t52: "cpu f32[1, 6, 64]"
  t53 = torch.mul(post_attention_layernorm_weight, t52)  # t53: "cpu f32[1, 6, 64]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  gate = torch.nn.functional.linear(t53, gate_proj_weight, None)  # gate: "cpu f32[1, 6, 128]"
  t54 = torch.nn.functional.silu(gate)  # t54: "cpu f32[1, 6, 128]"
  up = torch.nn.functional.linear(t53, up_proj_weight, None)  # up: "cpu f32[1, 6, 128]"
  gated = torch.mul(t54, up)  # gated: "cpu f32[1, 6, 128]"
  down_proj = torch.nn.functional.linear(gated, down_proj_weight, None)  # down_proj: "cpu f32[1, 6, 64]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  t55 = torch.add(t45, down_proj)  # t55: "cpu f32[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t56 = torch.Tensor.to(t55, torch.float32)  # t56: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t57 = torch.pow(t56, 2)  # t57: "cpu f32[1, 6, 64]"
  t58 = torch.mean(t57, -1, keepdim=True)  # t58: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t59 = torch.add(t58, 1e-05)  # t59: "cpu f32[1, 6, 1]"
  t60 = torch.rsqrt(t59)  # t60: "cpu f32[1, 6, 1]"
  t61 = torch.mul(t56, t60)  # t61: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t62 = torch.Tensor.to(t61, torch.float32)  # t62: "cpu f32[1, 6, 64]"
  t63 = torch.mul(model_layers_1_input_layernorm_weight, t62)  # t63: "cpu f32[1, 6, 64]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  t64 = torch.nn.functional.linear(t63, model_layers_1_self_attn_q_proj_weight, None)  # t64: "cpu f32[1, 6, 64]"
  t65 = torch.Tensor.view(t64, (1, 6, 4, 16))  # t65: "cpu f32[1, 6, 4, 16]"
  t66 = torch.transpose(t65, 1, 2)  # t66: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  t67 = torch.nn.functional.linear(t63, model_layers_1_self_attn_k_proj_weight, None)  # t67: "cpu f32[1, 6, 32]"
  t68 = torch.Tensor.view(t67, (1, 6, 2, 16))  # t68: "cpu f32[1, 6, 2, 16]"
  t69 = torch.transpose(t68, 1, 2)  # t69: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  t70 = torch.nn.functional.linear(t63, model_layers_1_self_attn_v_proj_weight, None)  # t70: "cpu f32[1, 6, 32]"
  t71 = torch.Tensor.view(t70, (1, 6, 2, 16))  # t71: "cpu f32[1, 6, 2, 16]"
  t72 = torch.transpose(t71, 1, 2)  # t72: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  t75 = torch.mul(t66, t25)  # t75: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  t76 = operator.getitem(t66, (..., slice(None, 8, None)))  # t76: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  t77 = operator.getitem(t66, (..., slice(8, None, None)))  # t77: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  t78 = torch.neg(t77)  # t78: "cpu f32[1, 4, 6, 8]"
  t79 = torch.cat((t78, t76), dim=-1)  # t79: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  t80 = torch.mul(t79, t26)  # t80: "cpu f32[1, 4, 6, 16]"
  t81 = torch.add(t75, t80)  # t81: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  t82 = torch.mul(t69, t25)  # t82: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  t83 = operator.getitem(t69, (..., slice(None, 8, None)))  # t83: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  t84 = operator.getitem(t69, (..., slice(8, None, None)))  # t84: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  t85 = torch.neg(t84)  # t85: "cpu f32[1, 2, 6, 8]"
  t86 = torch.cat((t85, t83), dim=-1)  # t86: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  t87 = torch.mul(t86, t26)  # t87: "cpu f32[1, 2, 6, 16]"
  t88 = torch.add(t82, t87)  # t88: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1204: 	key_states = key_states.to(k_out.dtype)
  t89 = torch.Tensor.to(t88, torch.float32)  # t89: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1205: 	value_states = value_states.to(v_out.dtype)
  t90 = torch.Tensor.to(t72, torch.float32)  # t90: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  t91 = torch.index_copy(key_cache_1, 2, cache_position, t89)  # t91: "cpu f32[1, 2, 16, 16]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  t92 = torch.index_copy(value_cache_1, 2, cache_position, t90)  # t92: "cpu f32[1, 2, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t93 = operator.getitem(t91, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t93: "cpu f32[1, 2, 1, 16, 16]"
  t94 = torch.Tensor.expand(t93, (1, 2, 2, 16, 16))  # t94: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t95 = torch.reshape(t94, (1, 4, 16, 16))  # t95: "cpu f32[1, 4, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t96 = operator.getitem(t92, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t96: "cpu f32[1, 2, 1, 16, 16]"
  t97 = torch.Tensor.expand(t96, (1, 2, 2, 16, 16))  # t97: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t98 = torch.reshape(t97, (1, 4, 16, 16))  # t98: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  t100 = torch.Tensor.contiguous(t81)  # t100: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  t101 = torch.Tensor.contiguous(t95)  # t101: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  t102 = torch.Tensor.contiguous(t98)  # t102: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  t103 = torch.nn.functional.scaled_dot_product_attention(t100, t101, t102, attn_mask=t39, dropout_p=0.0, scale=0.25, is_causal=False)  # t103: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  t104 = torch.transpose(t103, 1, 2)  # t104: "cpu f32[1, 6, 4, 16]"
  t105 = torch.Tensor.contiguous(t104)  # t105: "cpu f32[1, 6, 4, 16]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  t106 = torch.reshape(t105, (1, 6, -1))  # t106: "cpu f32[1, 6, 64]"
  t107 = torch.Tensor.contiguous(t106)  # t107: "cpu f32[1, 6, 64]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  t108 = torch.nn.functional.linear(t107, model_layers_1_self_attn_o_proj_weight, None)  # t108: "cpu f32[1, 6, 64]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  t109 = torch.add(t55, t108)  # t109: "cpu f32[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t110 = torch.Tensor.to(t109, torch.float32)  # t110: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t111 = torch.pow(t110, 2)  # t111: "cpu f32[1, 6, 64]"
  t112 = torch.mean(t111, -1, keepdim=True)  # t112: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t113 = torch.add(t112, 1e-05)  # t113: "cpu f32[1, 6, 1]"
  t114 = torch.rsqrt(t113)  # t114: "cpu f32[1, 6, 1]"
  t115 = torch.mul(t110, t114)  # t115: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t116 = torch.Tensor.to(t115, torch.float32)  # t116: "cpu f32[1, 6, 64]"
  t117 = torch.mul(model_layers_1_post_attention_layernorm_weight, t116)  # t117: "cpu f32[1, 6, 64]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  t118 = torch.nn.functional.linear(t117, model_layers_1_mlp_gate_proj_weight, None)  # t118: "cpu f32[1, 6, 128]"
  t119 = torch.nn.functional.silu(t118)  # t119: "cpu f32[1, 6, 128]"
  t120 = torch.nn.functional.linear(t117, model_layers_1_mlp_up_proj_weight, None)  # t120: "cpu f32[1, 6, 128]"
  t121 = torch.mul(t119, t120)  # t121: "cpu f32[1, 6, 128]"
  t122 = torch.nn.functional.linear(t121, model_layers_1_mlp_down_proj_weight, None)  # t122: "cpu f32[1, 6, 64]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  t123 = torch.add(t109, t122)  # t123: "cpu f32[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t124 = torch.Tensor.to(t123, torch.float32)  # t124: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t125 = torch.pow(t124, 2)  # t125: "cpu f32[1, 6, 64]"
  t126 = torch.mean(t125, -1, keepdim=True)  # t126: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t127 = torch.add(t126, 1e-05)  # t127: "cpu f32[1, 6, 1]"
  t128 = torch.rsqrt(t127)  # t128: "cpu f32[1, 6, 1]"
  t129 = torch.mul(t124, t128)  # t129: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t130 = torch.Tensor.to(t129, torch.float32)  # t130: "cpu f32[1, 6, 64]"
  t131 = torch.mul(norm_weight, t130)  # t131: "cpu f32[1, 6, 64]"
  # modeling_llama.py:842: 	logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])
  t132 = operator.getitem(t131, (slice(None, None, None), slice(0, None, None), slice(None, None, None)))  # t132: "cpu f32[1, 6, 64]"
  logits = torch.nn.functional.linear(t132, lm_head_weight, None)  # logits: "cpu f32[1, 6, 256]"
  torch.Tensor.copy_(key_cache_0, k_out)  # write-back into kwargs['past_key_values'].key_cache[0]
  torch.Tensor.copy_(value_cache_0, v_out)  # write-back into kwargs['past_key_values'].value_cache[0]
  torch.Tensor.copy_(key_cache_1, t91)  # write-back into kwargs['past_key_values'].key_cache[1]
  torch.Tensor.copy_(value_cache_1, t92)  # write-back into kwargs['past_key_values'].value_cache[1]
  return (logits,)
