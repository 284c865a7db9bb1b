import operator
import torch
from thunderc_support import no_autocast

@torch.no_grad()
@no_autocast
def computation(input_ids, key_cache_0, value_cache_0, lm_head_weight, embed_tokens_weight, input_layernorm_weight, down_proj_weight, gate_proj_weight, up_proj_weight, post_attention_layernorm_weight, k_proj_weight, o_proj_weight, q_proj_weight, v_proj_weight, norm_weight, rotary_emb_inv_freq):
  # input_ids: "cuda:0 i64[1, 6]"
  # key_cache_0: "cuda:0 bf16[1, 8, 128, 64]"
  # value_cache_0: "cuda:0 bf16[1, 8, 128, 64]"
  # lm_head_weight: "cuda:0 bf16[128256, 2048]"
  # embed_tokens_weight: "cuda:0 bf16[128256, 2048]"
  # input_layernorm_weight: "cuda:0 bf16[2048]"
  # down_proj_weight: "cuda:0 bf16[2048, 8192]"
  # gate_proj_weight: "cuda:0 bf16[8192, 2048]"
  # up_proj_weight: "cuda:0 bf16[8192, 2048]"
  # post_attention_layernorm_weight: "cuda:0 bf16[2048]"
  # k_proj_weight: "cuda:0 bf16[512, 2048]"
  # o_proj_weight: "cuda:0 bf16[2048, 2048]"
  # q_proj_weight: "cuda:0 bf16[2048, 2048]"
  # v_proj_weight: "cuda:0 bf16[512, 2048]"
  # norm_weight: "cuda:0 bf16[2048]"
  # rotary_emb_inv_freq: "cuda:0 f32[32]"
  # modeling_llama.py:565: 	inputs_embeds = self.embed_tokens(input_ids)
  inputs_embeds = torch.nn.functional.embedding(input_ids, embed_tokens_weight, None, None, 2.0, False, False)  # inputs_embeds: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:573: 	cache_position = torch.arange(past_seen_tokens, past_seen_tokens + seq_len, device=inputs_embeds.device)
  cache_position = torch.arange(0, 6, device=torch.device('cuda:0'))  # cache_position: "cuda:0 i64[6]"
  # modeling_llama.py:578: 	position_ids = cache_position.unsqueeze(0)
  position_ids = torch.unsqueeze(cache_position, 0)  # position_ids: "cuda:0 i64[1, 6]"
  # modeling_llama.py:726: 	causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype, device=device)
  causal_mask = torch.full((6, 128), fill_value=-3.3895313892515355e+38, dtype=torch.bfloat16, device=torch.device('cuda:0'))  # causal_mask: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:730: 	causal_mask = torch.triu(causal_mask, diagonal=1)
  causal_mask_1 = torch.triu(causal_mask, diagonal=1)  # causal_mask_1: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:731: 	visible = torch.arange(target_length, device=device) <= cache_position.reshape(-1, 1)
  key_positions = torch.arange(128, device=torch.device('cuda:0'))  # key_positions: "cuda:0 i64[128]"
  query_positions = torch.reshape(cache_position, (-1, 1))  # query_positions: "cuda:0 i64[6, 1]"
  visible = torch.le(key_positions, query_positions)  # visible: "cuda:0 b8[6, 128]"
  # modeling_llama.py:732: 	causal_mask = causal_mask.masked_fill(visible, 0.0)
  causal_mask_2 = torch.masked_fill(causal_mask_1, visible, 0.0)  # causal_mask_2: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:733: 	causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
  causal_mask_3 = operator.getitem(causal_mask_2, (None, None, slice(None, None, None), slice(None, None, None)))  # causal_mask_3: "cuda:0 bf16[1, 1, 6, 128]"
  causal_mask_4 = torch.Tensor.expand(causal_mask_3, (1, 1, -1, -1))  # causal_mask_4: "cuda:0 bf16[1, 1, 6, 128]"
  # modeling_llama.py:131: 	inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
  inv_freq_expanded = operator.getitem(rotary_emb_inv_freq, (None, slice(None, None, None), None))  # inv_freq_expanded: "cuda:0 f32[1, 32, 1]"
  inv_freq_expanded_1 = torch.Tensor.expand(inv_freq_expanded, (1, -1, 1))  # inv_freq_expanded_1: "cuda:0 f32[1, 32, 1]"
  # modeling_llama.py:132: 	position_ids_expanded = position_ids[:, None, :].float()
  position_ids_expanded = operator.getitem(position_ids, (slice(None, None, None), None, slice(None, None, None)))  # position_ids_expanded: "cuda:0 i64[1, 1, 6]"
  position_ids_expanded_1 = torch.Tensor.float(position_ids_expanded)  # position_ids_expanded_1: "cuda:0 f32[1, 1, 6]"
  # modeling_llama.py:137: 	freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
  freqs = torch.matmul(inv_freq_expanded_1, position_ids_expanded_1)  # freqs: "cuda:0 f32[1, 32, 6]"
  freqs_1 = torch.transpose(freqs, 1, 2)  # freqs_1: "cuda:0 f32[1, 6, 32]"
  # modeling_llama.py:138: 	emb = torch.cat((freqs, freqs), dim=-1)
  emb = torch.cat((freqs_1, freqs_1), dim=-1)  # emb: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:139: 	cos = emb.cos()
  cos = torch.cos(emb)  # cos: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:140: 	sin = emb.sin()
  sin = torch.sin(emb)  # sin: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:143: 	cos = cos * self.attention_scaling
  cos_1 = torch.mul(cos, 1.0)  # cos_1: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:144: 	sin = sin * self.attention_scaling
  sin_1 = torch.mul(sin, 1.0)  # sin_1: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:146: 	return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
  cos_2 = torch.Tensor.to(cos_1, dtype=torch.bfloat16)  # cos_2: "cuda:0 bf16[1, 6, 64]"
  sin_2 = torch.Tensor.to(sin_1, dtype=torch.bfloat16)  # sin_2: "cuda:0 bf16[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  hidden_states = torch.Tensor.to(inputs_embeds, torch.float32)  # hidden_states: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance = torch.pow(hidden_states, 2)  # variance: "cuda:0 f32[1, 6, 2048]"
  variance_1 = torch.mean(variance, -1, keepdim=True)  # variance_1: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_2 = torch.add(variance_1, 1e-05)  # variance_2: "cuda:0 f32[1, 6, 1]"
  inv_rms = torch.rsqrt(variance_2)  # inv_rms: "cuda:0 f32[1, 6, 1]"
  hidden_states_1 = torch.mul(hidden_states, inv_rms)  # hidden_states_1: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_2 = torch.Tensor.to(hidden_states_1, torch.bfloat16)  # hidden_states_2: "cuda:0 bf16[1, 6, 2048]"
  hidden_states_3 = torch.mul(input_layernorm_weight, hidden_states_2)  # hidden_states_3: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  query_states = torch.nn.functional.linear(hidden_states_3, q_proj_weight, None)  # query_states: "cuda:0 bf16[1, 6, 2048]"
  query_states_1 = torch.Tensor.view(query_states, (1, 6, 32, 64))  # query_states_1: "cuda:0 bf16[1, 6, 32, 64]"
  query_states_2 = torch.transpose(query_states_1, 1, 2)  # query_states_2: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  key_states = torch.nn.functional.linear(hidden_states_3, k_proj_weight, None)  # key_states: "cuda:0 bf16[1, 6, 512]"
  key_states_1 = torch.Tensor.view(key_states, (1, 6, 8, 64))  # key_states_1: "cuda:0 bf16[1, 6, 8, 64]"
  key_states_2 = torch.transpose(key_states_1, 1, 2)  # key_states_2: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  value_states = torch.nn.functional.linear(hidden_states_3, v_proj_weight, None)  # value_states: "cuda:0 bf16[1, 6, 512]"
  value_states_1 = torch.Tensor.view(value_states, (1, 6, 8, 64))  # value_states_1: "cuda:0 bf16[1, 6, 8, 64]"
  value_states_2 = torch.transpose(value_states_1, 1, 2)  # value_states_2: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:178: 	cos = cos.unsqueeze(unsqueeze_dim)
  cos_3 = torch.unsqueeze(cos_2, 1)  # cos_3: "cuda:0 bf16[1, 1, 6, 64]"
  # modeling_llama.py:179: 	sin = sin.unsqueeze(unsqueeze_dim)
  sin_3 = torch.unsqueeze(sin_2, 1)  # sin_3: "cuda:0 bf16[1, 1, 6, 64]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_cos = torch.mul(query_states_2, cos_3)  # q_cos: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1 = operator.getitem(query_states_2, (..., slice(None, 32, None)))  # x1: "cuda:0 bf16[1, 32, 6, 32]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2 = operator.getitem(query_states_2, (..., slice(32, None, None)))  # x2: "cuda:0 bf16[1, 32, 6, 32]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2 = torch.neg(x2)  # neg_x2: "cuda:0 bf16[1, 32, 6, 32]"
  rotated = torch.cat((neg_x2, x1), dim=-1)  # rotated: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_sin = torch.mul(rotated, sin_3)  # q_sin: "cuda:0 bf16[1, 32, 6, 64]"
  q_embed = torch.add(q_cos, q_sin)  # q_embed: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_cos = torch.mul(key_states_2, cos_3)  # k_cos: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1_1 = operator.getitem(key_states_2, (..., slice(None, 32, None)))  # x1_1: "cuda:0 bf16[1, 8, 6, 32]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2_1 = operator.getitem(key_states_2, (..., slice(32, None, None)))  # x2_1: "cuda:0 bf16[1, 8, 6, 32]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2_1 = torch.neg(x2_1)  # neg_x2_1: "cuda:0 bf16[1, 8, 6, 32]"
  rotated_1 = torch.cat((neg_x2_1, x1_1), dim=-1)  # rotated_1: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_sin = torch.mul(rotated_1, sin_3)  # k_sin: "cuda:0 bf16[1, 8, 6, 64]"
  k_embed = torch.add(k_cos, k_sin)  # k_embed: "cuda:0 bf16[1, 8, 6, 64]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  k_out = torch.index_copy(key_cache_0, 2, cache_position, k_embed)  # k_out: "cuda:0 bf16[1, 8, 128, 64]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  v_out = torch.index_copy(value_cache_0, 2, cache_position, value_states_2)  # v_out: "cuda:0 bf16[1, 8, 128, 64]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_4 = operator.getitem(k_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_4: "cuda:0 bf16[1, 8, 1, 128, 64]"
  hidden_states_5 = torch.Tensor.expand(hidden_states_4, (1, 8, 4, 128, 64))  # hidden_states_5: "cuda:0 bf16[1, 8, 4, 128, 64]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_6 = torch.reshape(hidden_states_5, (1, 32, 128, 64))  # hidden_states_6: "cuda:0 bf16[1, 32, 128, 64]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  hidden_states_7 = operator.getitem(v_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # hidden_states_7: "cuda:0 bf16[1, 8, 1, 128, 64]"
  hidden_states_8 = torch.Tensor.expand(hidden_states_7, (1, 8, 4, 128, 64))  # hidden_states_8: "cuda:0 bf16[1, 8, 4, 128, 64]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  hidden_states_9 = torch.reshape(hidden_states_8, (1, 32, 128, 64))  # hidden_states_9: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:27: 	causal_mask = causal_mask[:, :, :, : key.shape[-2]]
  causal_mask_5 = operator.getitem(causal_mask_4, (slice(None, None, None), slice(None, None, None), slice(None, None, None), slice(None, 128, None)))  # causal_mask_5: "cuda:0 bf16[1, 1, 6, 128]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  query = torch.Tensor.contiguous(q_embed)  # query: "cuda:0 bf16[1, 32, 6, 64]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  key = torch.Tensor.contiguous(hidden_states_6)  # key: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  value = torch.Tensor.contiguous(hidden_states_9)  # value: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask_5, dropout_p=0.0, scale=0.125, is_causal=False)  # attn_output: "cuda:0 bf16[1, 32, 6, 64]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  attn_output_1 = torch.transpose(attn_output, 1, 2)  # attn_output_1: "cuda:0 bf16[1, 6, 32, 64]"
  attn_output_2 = torch.Tensor.contiguous(attn_output_1)  # attn_output_2: "cuda:0 bf16[1, 6, 32, 64]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  attn_output_3 = torch.reshape(attn_output_2, (1, 6, -1))  # attn_output_3: "cuda:0 bf16[1, 6, 2048]"
  attn_output_4 = torch.Tensor.contiguous(attn_output_3)  # attn_output_4: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  attn_output_5 = torch.nn.functional.linear(attn_output_4, o_proj_weight, None)  # attn_output_5: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  hidden_states_10 = torch.add(inputs_embeds, attn_output_5)  # hidden_states_10: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  hidden_states_11 = torch.Tensor.to(hidden_states_10, torch.float32)  # hidden_states_11: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_3 = torch.pow(hidden_states_11, 2)  # variance_3: "cuda:0 f32[1, 6, 2048]"
  variance_4 = torch.mean(variance_3, -1, keepdim=True)  # variance_4: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_5 = torch.add(variance_4, 1e-05)  # variance_5: "cuda:0 f32[1, 6, 1]"
  inv_rms_1 = torch.rsqrt(variance_5)  # inv_rms_1: "cuda:0 f32[1, 6, 1]"
  hidden_states_12 = torch.mul(hidden_states_11, inv_rms_1)  # hidden_states_12: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_13 = torch.Tensor.to(hidden_states_12, torch.bfloat16)  # hidden_states_13: "cuda:0 bf16[1, 6, 2048]"
  hidden_states_14 = torch.mul(post_attention_layernorm_weight, hidden_states_13)  # hidden_states_14: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  gate = torch.nn.functional.linear(hidden_states_14, gate_proj_weight, None)  # gate: "cuda:0 bf16[1, 6, 8192]"
  gate_1 = torch.nn.functional.silu(gate)  # gate_1: "cuda:0 bf16[1, 6, 8192]"
  up = torch.nn.functional.linear(hidden_states_14, up_proj_weight, None)  # up: "cuda:0 bf16[1, 6, 8192]"
  gated = torch.mul(gate_1, up)  # gated: "cuda:0 bf16[1, 6, 8192]"
  down_proj = torch.nn.functional.linear(gated, down_proj_weight, None)  # down_proj: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  hidden_states_15 = torch.add(hidden_states_10, down_proj)  # hidden_states_15: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  hidden_states_16 = torch.Tensor.to(hidden_states_15, torch.float32)  # hidden_states_16: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance_6 = torch.pow(hidden_states_16, 2)  # variance_6: "cuda:0 f32[1, 6, 2048]"
  variance_7 = torch.mean(variance_6, -1, keepdim=True)  # variance_7: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  variance_8 = torch.add(variance_7, 1e-05)  # variance_8: "cuda:0 f32[1, 6, 1]"
  inv_rms_2 = torch.rsqrt(variance_8)  # inv_rms_2: "cuda:0 f32[1, 6, 1]"
  hidden_states_17 = torch.mul(hidden_states_16, inv_rms_2)  # hidden_states_17: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  hidden_states_18 = torch.Tensor.to(hidden_states_17, torch.bfloat16)  # hidden_states_18: "cuda:0 bf16[1, 6, 2048]"
  hidden_states_19 = torch.mul(norm_weight, hidden_states_18)  # hidden_states_19: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:842: 	logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])
  hidden_states_20 = operator.getitem(hidden_states_19, (slice(None, None, None), slice(0, None, None), slice(None, None, None)))  # hidden_states_20: "cuda:0 bf16[1, 6, 2048]"
  logits = torch.nn.functional.linear(hidden_states_20, lm_head_weight, None)  # logits: "cuda:0 bf16[1, 6, 128256]"
  torch.Tensor.copy_(key_cache_0, k_out)  # write-back into kwargs['past_key_values'].key_cache[0]
  torch.Tensor.copy_(value_cache_0, v_out)  # write-back into kwargs['past_key_values'].value_cache[0]
  return (logits,)
