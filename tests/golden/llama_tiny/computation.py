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
  causal_mask = torch.full((6, 16), fill_value=-3.4028234663852886e+38, dtype=torch.float32, device=torch.device('cpu'))  # causal_mask: "cpu f32[6, 16]"
  # modeling_llama.py:730: 	causal_mask = torch.triu(causal_mask, diagonal=1)
  causal_mask_1 = torch.triu(causal_mask, diagonal=1)  # causal_mask_1: "cpu f32[6, 16]"
  # modeling_llama.py:731: 	visible = torch.arange(target_length, device=device) <= cache_position.reshape(-1, 1)
  key_positions = torch.arange(16, device=torch.device('cpu'))  # key_positions: "cpu i64[16]"
  query_positions = torch.reshape(cache_position, (-1, 1))  # query_positions: "cpu i64[6, 1]"
  visible = torch.le(key_positions, query_positions)  # visible: "cpu b8[6, 16]"
  # modeling_llama.py:732: 	causal_mask = causal_mask.masked_fill(visible, 0.0)
  causal_mask_2 = torch.masked_fill(causal_mask_1, visible, 0.0)  # causal_mask_2: "cpu f32[6, 16]"
  # modeling_llama.py:733: 	causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
  causal_mask_3 = operator.getitem(causal_mask_2, (None, None, slice(None, None, None), slice(None, None, None)))  # causal_mask_3: "cpu f32[1, 1, 6, 16]"
  causal_mask_4 = torch.Tensor.expand(causal_mask_3, (1, 1, -1, -1))  # causal_mask_4: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:131: 	inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
  inv_freq_expanded = operator.getitem(rotary_emb_inv_freq, (None, slice(None, None, None), None))  # inv_freq_expanded: "cpu f32[1, 8, 1]"
  inv_freq_expanded_1 = torch.Tensor.expand(inv_freq_expanded, (1, -1, 1))  # inv_freq_expanded_1: "cpu f32[1, 8, 1]"
  # modeling_llama.py:132: 	position_ids_expanded = position_ids[:, None, :].float()
  position_ids_expanded = operator.getitem(position_ids, (slice(None, None, None), None, slice(None, None, None)))  # position_ids_expanded: "cpu i64[1, 1, 6]"
  position_ids_expanded_1 = torch.Tensor.float(position_ids_expanded)  # position_ids_expanded_1: "cpu f32[1, 1, 6]"
  # modeling_llama.py:137: 	freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
  freqs = torch.matmul(inv_freq_expanded_1, position_ids_expanded_1)  # freqs: "cpu f32[1, 8, 6]"
  freqs_1 = torch.transpose(freqs, 1, 2)  # freqs_1: "cpu f32[1, 6, 8]"
  # modeling_llama.py:138: 	emb = torch.cat((freqs, freqs), dim=-1)
  emb = torch.cat((freqs_1, freqs_1), dim=-1)  # emb: "cpu f32[1, 6, 16]"
  # modeling_llama.py:139: 	cos = emb.cos()
  cos = torch.cos(emb)  # cos: "cpu f32[1, 6, 16]"
  # modeling_llama.py:140: 	sin = emb.sin()
  sin = torch.sin(emb)  # sin: "cpu f32[1, 6, 16]"
  # modeling_llama.py:143: 	cos = cos * self.attention_scaling
  cos_1 = torch.mul(cos, 1.0)  # cos_1: "cpu f32[1, 6, 16]"
  # modeling_llama.py:144: 	sin = sin * self.attention_scaling
  sin_1 = torch.mul(sin, 1.0)  # sin_1: "cpu f32[1, 6, 16]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance = torch.pow(inputs_embeds, 2)  # variance: "cpu f32[1, 6, 64]"
  variance_1 = torch.mean(variance, -1, keepdim=True)  # variance_1: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_2 = torch.add(variance_1, 1e-05)  # variance_2: "cpu f32[1, 6, 1]"
  inv_rms = torch.rsqrt(variance_2)  # inv_rms: "cpu f32[1, 6, 1]"
  hidden_states = torch.mul(inputs_embeds, inv_rms)  # hidden_states: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_1 = torch.mul(input_layernorm_weight, hidden_states)  # hidden_states_1: "cpu f32[1, 6, 64]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  query_states = torch.nn.functional.linear(hidden_states_1, q_proj_weight, None)  # query_states: "cpu f32[1, 6, 64]"
  query_states_1 = torch.Tensor.view(query_states, (1, 6, 4, 16))  # query_states_1: "cpu f32[1, 6, 4, 16]"
  query_states_2 = torch.transpose(query_states_1, 1, 2)  # query_states_2: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  key_states = torch.nn.functional.linear(hidden_states_1, k_proj_weight, None)  # key_states: "cpu f32[1, 6, 32]"
  key_states_1 = torch.Tensor.view(key_states, (1, 6, 2, 16))  # key_states_1: "cpu f32[1, 6, 2, 16]"
  key_states_2 = torch.transpose(key_states_1, 1, 2)  # key_states_2: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  value_states = torch.nn.functional.linear(hidden_states_1, v_proj_weight, None)  # value_states: "cpu f32[1, 6, 32]"
  value_states_1 = torch.Tensor.view(value_states, (1, 6, 2, 16))  # value_states_1: "cpu f32[1, 6, 2, 16]"
  value_states_2 = torch.transpose(value_states_1, 1, 2)  # value_states_2: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:178: 	cos = cos.unsqueeze(unsqueeze_dim)
  cos_2 = torch.unsqueeze(cos_1, 1)  # cos_2: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:179: 	sin = sin.unsqueeze(unsqueeze_dim)
  sin_2 = torch.unsqueeze(sin_1, 1)  # sin_2: "cpu f32[1, 1, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_cos = torch.mul(query_states_2, cos_2)  # q_cos: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1 = operator.getitem(query_states_2, (..., slice(None, 8, None)))  # x1: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2 = operator.getitem(query_states_2, (..., slice(8, None, None)))  # x2: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2 = torch.neg(x2)  # neg_x2: "cpu f32[1, 4, 6, 8]"
  rotated = torch.cat((neg_x2, x1), dim=-1)  # rotated: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_sin = torch.mul(rotated, sin_2)  # q_sin: "cpu f32[1, 4, 6, 16]"
  q_embed = torch.add(q_cos, q_sin)  # q_embed: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_cos = torch.mul(key_states_2, cos_2)  # k_cos: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1_1 = operator.getitem(key_states_2, (..., slice(None, 8, None)))  # x1_1: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2_1 = operator.getitem(key_states_2, (..., slice(8, None, None)))  # x2_1: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2_1 = torch.neg(x2_1)  # neg_x2_1: "cpu f32[1, 2, 6, 8]"
  rotated_1 = torch.cat((neg_x2_1, x1_1), dim=-1)  # rotated_1: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_sin = torch.mul(rotated_1, sin_2)  # k_sin: "cpu f32[1, 2, 6, 16]"
  k_embed = torch.add(k_cos, k_sin)  # k_embed: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  k_out = torch.index_copy(key_cache_0, 2, cache_position, k_embed)  # k_out: "cpu f32[1, 2, 16, 16]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  v_out = torch.index_copy(value_cache_0, 2, cache_position, value_states_2)  # v_out: "cpu f32[1, 2, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_2 = operator.getitem(k_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_2: "cpu f32[1, 2, 1, 16, 16]"
  hidden_states_3 = torch.Tensor.expand(hidden_states_2, (1, 2, 2, 16, 16))  # hidden_states_3: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_4 = torch.reshape(hidden_states_3, (1, 4, 16, 16))  # hidden_states_4: "cpu f32[1, 4, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_5 = operator.getitem(v_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_5: "cpu f32[1, 2, 1, 16, 16]"
  hidden_states_6 = torch.Tensor.expand(hidden_states_5, (1, 2, 2, 16, 16))  # hidden_states_6: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_7 = torch.reshape(hidden_states_6, (1, 4, 16, 16))  # hidden_states_7: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:27: 	causal_mask = causal_mask[:, :, :, : key.shape[-2]]
  causal_mask_5 = operator.getitem(causal_mask_4, (slice(None, None, None), slice(None, None, None), slice(None, None, None), slice(None, 16, None)))  # causal_mask_5: "cpu f32[1, 1, 6, 16]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  query = torch.Tensor.contiguous(q_embed)  # query: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  key = torch.Tensor.contiguous(hidden_states_4)  # key: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  value = torch.Tensor.contiguous(hidden_states_7)  # value: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask_5, dropout_p=0.0, scale=0.25, is_causal=False)  # attn_output: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  attn_output_1 = torch.transpose(attn_output, 1, 2)  # attn_output_1: "cpu f32[1, 6, 4, 16]"
  attn_output_2 = torch.Tensor.contiguous(attn_output_1)  # attn_output_2: "cpu f32[1, 6, 4, 16]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  attn_output_3 = torch.reshape(attn_output_2, (1, 6, -1))  # attn_output_3: "cpu f32[1, 6, 64]"
  attn_output_4 = torch.Tensor.contiguous(attn_output_3)  # attn_output_4: "cpu f32[1, 6, 64]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  attn_output_5 = torch.nn.functional.linear(attn_output_4, o_proj_weight, None)  # attn_output_5: "cpu f32[1, 6, 64]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  hidden_states_8 = torch.add(inputs_embeds, attn_output_5)  # hidden_states_8: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_3 = torch.pow(hidden_states_8, 2)  # variance_3: "cpu f32[1, 6, 64]"
  variance_4 = torch.mean(variance_3, -1, keepdim=True)  # variance_4: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_5 = torch.add(variance_4, 1e-05)  # variance_5: "cpu f32[1, 6, 1]"
  inv_rms_1 = torch.rsqrt(variance_5)  # inv_rms_1: "cpu f32[1, 6, 1]"
  hidden_states_9 = torch.mul(hidden_states_8, inv_rms_1)  # hidden_states_9: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_10 = torch.mul(post_attention_layernorm_weight, hidden_states_9)  # hidden_states_10: "cpu f32[1, 6, 64]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  gate = torch.nn.functional.linear(hidden_states_10, gate_proj_weight, None)  # gate: "cpu f32[1, 6, 128]"
  gate_1 = torch.nn.functional.silu(gate)  # gate_1: "cpu f32[1, 6, 128]"
  up = torch.nn.functional.linear(hidden_states_10, up_proj_weight, None)  # up: "cpu f32[1, 6, 128]"
  gated = torch.mul(gate_1, up)  # gated: "cpu f32[1, 6, 128]"
  down_proj = torch.nn.functional.linear(gated, down_proj_weight, None)  # down_proj: "cpu f32[1, 6, 64]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  hidden_states_11 = torch.add(hidden_states_8, down_proj)  # hidden_states_11: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_6 = torch.pow(hidden_states_11, 2)  # variance_6: "cpu f32[1, 6, 64]"
  variance_7 = torch.mean(variance_6, -1, keepdim=True)  # variance_7: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_8 = torch.add(variance_7, 1e-05)  # variance_8: "cpu f32[1, 6, 1]"
  inv_rms_2 = torch.rsqrt(variance_8)  # inv_rms_2: "cpu f32[1, 6, 1]"
  hidden_states_12 = torch.mul(hidden_states_11, inv_rms_2)  # hidden_states_12: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_13 = torch.mul(model_layers_1_input_layernorm_weight, hidden_states_12)  # hidden_states_13: "cpu f32[1, 6, 64]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  query_states_3 = torch.nn.functional.linear(hidden_states_13, model_layers_1_self_attn_q_proj_weight, None)  # query_states_3: "cpu f32[1, 6, 64]"
  query_states_4 = torch.Tensor.view(query_states_3, (1, 6, 4, 16))  # query_states_4: "cpu f32[1, 6, 4, 16]"
  query_states_5 = torch.transpose(query_states_4, 1, 2)  # query_states_5: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  key_states_3 = torch.nn.functional.linear(hidden_states_13, model_layers_1_self_attn_k_proj_weight, None)  # key_states_3: "cpu f32[1, 6, 32]"
  key_states_4 = torch.Tensor.view(key_states_3, (1, 6, 2, 16))  # key_states_4: "cpu f32[1, 6, 2, 16]"
  key_states_5 = torch.transpose(key_states_4, 1, 2)  # key_states_5: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  value_states_3 = torch.nn.functional.linear(hidden_states_13, model_layers_1_self_attn_v_proj_weight, None)  # value_states_3: "cpu f32[1, 6, 32]"
  value_states_4 = torch.Tensor.view(value_states_3, (1, 6, 2, 16))  # value_states_4: "cpu f32[1, 6, 2, 16]"
  value_states_5 = torch.transpose(value_states_4, 1, 2)  # value_states_5: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_cos_1 = torch.mul(query_states_5, cos_2)  # q_cos_1: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1_2 = operator.getitem(query_states_5, (..., slice(None, 8, None)))  # x1_2: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2_2 = operator.getitem(query_states_5, (..., slice(8, None, None)))  # x2_2: "cpu f32[1, 4, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2_2 = torch.neg(x2_2)  # neg_x2_2: "cpu f32[1, 4, 6, 8]"
  rotated_2 = torch.cat((neg_x2_2, x1_2), dim=-1)  # rotated_2: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_sin_1 = torch.mul(rotated_2, sin_2)  # q_sin_1: "cpu f32[1, 4, 6, 16]"
  q_embed_1 = torch.add(q_cos_1, q_sin_1)  # q_embed_1: "cpu f32[1, 4, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_cos_1 = torch.mul(key_states_5, cos_2)  # k_cos_1: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1_3 = operator.getitem(key_states_5, (..., slice(None, 8, None)))  # x1_3: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2_3 = operator.getitem(key_states_5, (..., slice(8, None, None)))  # x2_3: "cpu f32[1, 2, 6, 8]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2_3 = torch.neg(x2_3)  # neg_x2_3: "cpu f32[1, 2, 6, 8]"
  rotated_3 = torch.cat((neg_x2_3, x1_3), dim=-1)  # rotated_3: "cpu f32[1, 2, 6, 16]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_sin_1 = torch.mul(rotated_3, sin_2)  # k_sin_1: "cpu f32[1, 2, 6, 16]"
  k_embed_1 = torch.add(k_cos_1, k_sin_1)  # k_embed_1: "cpu f32[1, 2, 6, 16]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  k_out_1 = torch.index_copy(key_cache_1, 2, cache_position, k_embed_1)  # k_out_1: "cpu f32[1, 2, 16, 16]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  v_out_1 = torch.index_copy(value_cache_1, 2, cache_position, value_states_5)  # v_out_1: "cpu f32[1, 2, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_14 = operator.getitem(k_out_1, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_14: "cpu f32[1, 2, 1, 16, 16]"
  hidden_states_15 = torch.Tensor.expand(hidden_states_14, (1, 2, 2, 16, 16))  # hidden_states_15: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_16 = torch.reshape(hidden_states_15, (1, 4, 16, 16))  # hidden_states_16: "cpu f32[1, 4, 16, 16]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_17 = operator.getitem(v_out_1, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_17: "cpu f32[1, 2, 1, 16, 16]"
  hidden_states_18 = torch.Tensor.expand(hidden_states_17, (1, 2, 2, 16, 16))  # hidden_states_18: "cpu f32[1, 2, 2, 16, 16]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_19 = torch.reshape(hidden_states_18, (1, 4, 16, 16))  # hidden_states_19: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  query_1 = torch.Tensor.contiguous(q_embed_1)  # query_1: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  key_1 = torch.Tensor.contiguous(hidden_states_16)  # key_1: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  value_1 = torch.Tensor.contiguous(hidden_states_19)  # value_1: "cpu f32[1, 4, 16, 16]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  attn_output_6 = torch.nn.functional.scaled_dot_product_attention(query_1, key_1, value_1, attn_mask=causal_mask_5, dropout_p=0.0, scale=0.25, is_causal=False)  # attn_output_6: "cpu f32[1, 4, 6, 16]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  attn_output_7 = torch.transpose(attn_output_6, 1, 2)  # attn_output_7: "cpu f32[1, 6, 4, 16]"
  attn_output_8 = torch.Tensor.contiguous(attn_output_7)  # attn_output_8: "cpu f32[1, 6, 4, 16]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  attn_output_9 = torch.reshape(attn_output_8, (1, 6, -1))  # attn_output_9: "cpu f32[1, 6, 64]"
  attn_output_10 = torch.Tensor.contiguous(attn_output_9)  # attn_output_10: "cpu f32[1, 6, 64]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  attn_output_11 = torch.nn.functional.linear(attn_output_10, model_layers_1_self_attn_o_proj_weight, None)  # attn_output_11: "cpu f32[1, 6, 64]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  hidden_states_20 = torch.add(hidden_states_11, attn_output_11)  # hidden_states_20: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_9 = torch.pow(hidden_states_20, 2)  # variance_9: "cpu f32[1, 6, 64]"
  variance_10 = torch.mean(variance_9, -1, keepdim=True)  # variance_10: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_11 = torch.add(variance_10, 1e-05)  # variance_11: "cpu f32[1, 6, 1]"
  inv_rms_3 = torch.rsqrt(variance_11)  # inv_rms_3: "cpu f32[1, 6, 1]"
  hidden_states_21 = torch.mul(hidden_states_20, inv_rms_3)  # hidden_states_21: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_22 = torch.mul(model_layers_1_post_attention_layernorm_weight, hidden_states_21)  # hidden_states_22: "cpu f32[1, 6, 64]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  gate_2 = torch.nn.functional.linear(hidden_states_22, model_layers_1_mlp_gate_proj_weight, None)  # gate_2: "cpu f32[1, 6, 128]"
  gate_3 = torch.nn.functional.silu(gate_2)  # gate_3: "cpu f32[1, 6, 128]"
  up_1 = torch.nn.functional.linear(hidden_states_22, model_layers_1_mlp_up_proj_weight, None)  # up_1: "cpu f32[1, 6, 128]"
  gated_1 = torch.mul(gate_3, up_1)  # gated_1: "cpu f32[1, 6, 128]"
  down_proj_1 = torch.nn.functional.linear(gated_1, model_layers_1_mlp_down_proj_weight, None)  # down_proj_1: "cpu f32[1, 6, 64]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  hidden_states_23 = torch.add(hidden_states_20, down_proj_1)  # hidden_states_23: "cpu f32[1, 6, 64]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_12 = torch.pow(hidden_states_23, 2)  # variance_12: "cpu f32[1, 6, 64]"
  variance_13 = torch.mean(variance_12, -1, keepdim=True)  # variance_13: "cpu f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_14 = torch.add(variance_13, 1e-05)  # variance_14: "cpu f32[1, 6, 1]"
  inv_rms_4 = torch.rsqrt(variance_14)  # inv_rms_4: "cpu f32[1, 6, 1]"
  hidden_states_24 = torch.mul(hidden_states_23, inv_rms_4)  # hidden_states_24: "cpu f32[1, 6, 64]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_25 = torch.mul(norm_weight, hidden_states_24)  # hidden_states_25: "cpu f32[1, 6, 64]"
  # modeling_llama.py:842: 	logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])
  hidden_states_26 = operator.getitem(hidden_states_25, (slice(None, None, None), slice(0, None, None), slice(None, None, None)))  # hidden_states_26: "cpu f32[1, 6, 64]"
  logits = torch.nn.functional.linear(hidden_states_26, lm_head_weight, None)  # logits: "cpu f32[1, 6, 256]"
  torch.Tensor.copy_(key_cache_0, k_out)  # write-back into kwargs['past_key_values'].key_cache[0]
  torch.Tensor.copy_(value_cache_0, v_out)  # write-back into kwargs['past_key_values'].value_cache[0]
  torch.Tensor.copy_(key_cache_1, k_out_1)  # write-back into kwargs['past_key_values'].key_cache[1]
  torch.Tensor.copy_(value_cache_1, v_out_1)  # write-back into kwargs['past_key_values'].value_cache[1]
  return (logits,)
