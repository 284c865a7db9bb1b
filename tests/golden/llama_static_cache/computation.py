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
  causal_mask = torch.full((6, 128), fill_value=float('-inf'), dtype=torch.bfloat16, device=torch.device('cuda:0'))  # causal_mask: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:730: 	causal_mask = torch.triu(causal_mask, diagonal=1)
  t0 = torch.triu(causal_mask, diagonal=1)  # t0: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:731: 	visible = torch.arange(target_length, device=device) <= cache_position.reshape(-1, 1)
  key_positions = torch.arange(128, device=torch.device('cuda:0'))  # key_positions: "cuda:0 i64[128]"
  query_positions = torch.reshape(cache_position, (-1, 1))  # query_positions: "cuda:0 i64[6, 1]"
  visible = torch.le(key_positions, query_positions)  # visible: "cuda:0 b8[6, 128]"
  # modeling_llama.py:732: 	causal_mask = causal_mask.masked_fill(visible, 0.0)
  t1 = torch.masked_fill(t0, visible, 0.0)  # t1: "cuda:0 bf16[6, 128]"
  # modeling_llama.py:733: 	causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
  t2 = operator.getitem(t1, (None, None, slice(None, None, None), slice(None, None, None)))  # t2: "cuda:0 bf16[1, 1, 6, 128]"
  t3 = torch.Tensor.expand(t2, (1, 1, -1, -1))  # t3: "cuda:0 bf16[1, 1, 6, 128]"
  # modeling_llama.py:131: 	inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
  inv_freq_expanded = operator.getitem(rotary_emb_inv_freq, (None, slice(None, None, None), None))  # inv_freq_expanded: "cuda:0 f32[1, 32, 1]"
  t4 = torch.Tensor.float(inv_freq_expanded)  # t4: "cuda:0 f32[1, 32, 1]"
  t5 = torch.Tensor.expand(t4, (1, -1, 1))  # t5: "cuda:0 f32[1, 32, 1]"
  # modeling_llama.py:132: 	position_ids_expanded = position_ids[:, None, :].float()
  position_ids_expanded = operator.getitem(position_ids, (slice(None, None, None), None, slice(None, None, None)))  # position_ids_expanded: "cuda:0 i64[1, 1, 6]"
  t6 = torch.Tensor.float(position_ids_expanded)  # t6: "cuda:0 f32[1, 1, 6]"
  # modeling_llama.py:137: 	freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
  t7 = torch.Tensor.float(t5)  # t7: "cuda:0 f32[1, 32, 1]"
  t8 = torch.Tensor.float(t6)  # t8: "cuda:0 f32[1, 1, 6]"
  freqs = torch.matmul(t7, t8)  # freqs: "cuda:0 f32[1, 32, 6]"
  t9 = torch.transpose(freqs, 1, 2)  # t9: "cuda:0 f32[1, 6, 32]"
  # modeling_llama.py:138: 	emb = torch.cat((freqs, freqs), dim=-1)
  emb = torch.cat((t9, t9), dim=-1)  # emb: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:139: 	cos = emb.cos()
  cos = torch.cos(emb)  # cos: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:140: 	sin = emb.sin()
  sin = torch.sin(emb)  # sin: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:143: 	cos = cos * self.attention_scaling
  t10 = torch.mul(cos, 1.0)  # t10: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:144: 	sin = sin * self.attention_scaling
  t11 = torch.mul(sin, 1.0)  # t11: "cuda:0 f32[1, 6, 64]"
  # modeling_llama.py:146: 	return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
  t12 = torch.Tensor.to(t10, dtype=torch.bfloat16)  # t12: "cuda:0 bf16[1, 6, 64]"
  t13 = torch.Tensor.to(t11, dtype=torch.bfloat16)  # t13: "cuda:0 bf16[1, 6, 64]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  hidden_states = torch.Tensor.to(inputs_embeds, torch.float32)  # hidden_states: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  variance = torch.pow(hidden_states, 2)  # variance: "cuda:0 f32[1, 6, 2048]"
  t14 = torch.mean(variance, -1, keepdim=True)  # t14: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t15 = torch.add(t14, 1e-05)  # t15: "cuda:0 f32[1, 6, 1]"
  inv_rms = torch.rsqrt(t15)  # inv_rms: "cuda:0 f32[1, 6, 1]"
  t16 = torch.mul(hidden_states, inv_rms)  # t16: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t17 = torch.Tensor.to(t16, torch.bfloat16)  # t17: "cuda:0 bf16[1, 6, 2048]"
  t18 = torch.mul(input_layernorm_weight, t17)  # t18: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:259: 	query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
  query_states = torch.nn.functional.linear(t18, q_proj_weight, None)  # query_states: "cuda:0 bf16[1, 6, 2048]"
  t19 = torch.Tensor.view(query_states, (1, 6, 32, 64))  # t19: "cuda:0 bf16[1, 6, 32, 64]"
  t20 = torch.transpose(t19, 1, 2)  # t20: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:260: 	key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  key_states = torch.nn.functional.linear(t18, k_proj_weight, None)  # key_states: "cuda:0 bf16[1, 6, 512]"
  t21 = torch.Tensor.view(key_states, (1, 6, 8, 64))  # t21: "cuda:0 bf16[1, 6, 8, 64]"
  t22 = torch.transpose(t21, 1, 2)  # t22: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:261: 	value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
  value_states = torch.nn.functional.linear(t18, v_proj_weight, None)  # value_states: "cuda:0 bf16[1, 6, 512]"
  t23 = torch.Tensor.view(value_states, (1, 6, 8, 64))  # t23: "cuda:0 bf16[1, 6, 8, 64]"
  t24 = torch.transpose(t23, 1, 2)  # t24: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:178: 	cos = cos.unsqueeze(unsqueeze_dim)
  t25 = torch.unsqueeze(t12, 1)  # t25: "cuda:0 bf16[1, 1, 6, 64]"
  # modeling_llama.py:179: 	sin = sin.unsqueeze(unsqueeze_dim)
  t26 = torch.unsqueeze(t13, 1)  # t26: "cuda:0 bf16[1, 1, 6, 64]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_cos = torch.mul(t20, t25)  # q_cos: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  x1 = operator.getitem(t20, (..., slice(None, 32, None)))  # x1: "cuda:0 bf16[1, 32, 6, 32]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  x2 = operator.getitem(t20, (..., slice(32, None, None)))  # x2: "cuda:0 bf16[1, 32, 6, 32]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  neg_x2 = torch.neg(x2)  # neg_x2: "cuda:0 bf16[1, 32, 6, 32]"
  rotated = torch.cat((neg_x2, x1), dim=-1)  # rotated: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:180: 	q_embed = (q * cos) + (rotate_half(q) * sin)
  q_sin = torch.mul(rotated, t26)  # q_sin: "cuda:0 bf16[1, 32, 6, 64]"
  q_embed = torch.add(q_cos, q_sin)  # q_embed: "cuda:0 bf16[1, 32, 6, 64]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_cos = torch.mul(t22, t25)  # k_cos: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:152: 	x1 = x[..., : x.shape[-1] // 2]
  t27 = operator.getitem(t22, (..., slice(None, 32, None)))  # t27: "cuda:0 bf16[1, 8, 6, 32]"
  # modeling_llama.py:153: 	x2 = x[..., x.shape[-1] // 2 :]
  t28 = operator.getitem(t22, (..., slice(32, None, None)))  # t28: "cuda:0 bf16[1, 8, 6, 32]"
  # modeling_llama.py:154: 	return torch.cat((-x2, x1), dim=-1)
  t29 = torch.neg(t28)  # t29: "cuda:0 bf16[1, 8, 6, 32]"
  t30 = torch.cat((t29, t27), dim=-1)  # t30: "cuda:0 bf16[1, 8, 6, 64]"
  # modeling_llama.py:181: 	k_embed = (k * cos) + (rotate_half(k) * sin)
  k_sin = torch.mul(t30, t26)  # k_sin: "cuda:0 bf16[1, 8, 6, 64]"
  k_embed = torch.add(k_cos, k_sin)  # k_embed: "cuda:0 bf16[1, 8, 6, 64]"
  # cache_utils.py:1204: 	key_states = key_states.to(k_out.dtype)
  t31 = torch.Tensor.to(k_embed, torch.bfloat16)  # t31: "cuda:0 bf16[1, 8, 6, 64]"
  # cache_utils.py:1205: 	value_states = value_states.to(v_out.dtype)
  t32 = torch.Tensor.to(t24, torch.bfloat16)  # t32: "cuda:0 bf16[1, 8, 6, 64]"
  # cache_utils.py:1218: 	k_out.index_copy_(2, cache_position, key_states)
  k_out = torch.index_copy(key_cache_0, 2, cache_position, t31)  # k_out: "cuda:0 bf16[1, 8, 128, 64]"
  # cache_utils.py:1219: 	v_out.index_copy_(2, cache_position, value_states)
  v_out = torch.index_copy(value_cache_0, 2, cache_position, t32)  # v_out: "cuda:0 bf16[1, 8, 128, 64]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t33 = operator.getitem(k_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t33: "cuda:0 bf16[1, 8, 1, 128, 64]"
  t34 = torch.Tensor.expand(t33, (1, 8, 4, 128, 64))  # t34: "cuda:0 bf16[1, 8, 4, 128, 64]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t35 = torch.reshape(t34, (1, 32, 128, 64))  # t35: "cuda:0 bf16[1, 32, 128, 64]"
  # modeling_llama.py:209: 	hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
  t36 = operator.getitem(v_out, (slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None)))  # t36: "cuda:0 bf16[1, 8, 1, 128, 64]"
  t37 = torch.Tensor.expand(t36, (1, 8, 4, 128, 64))  # t37: "cuda:0 bf16[1, 8, 4, 128, 64]"
  # modeling_llama.py:210: 	return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
  t38 = torch.reshape(t37, (1, 32, 128, 64))  # t38: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:27: 	causal_mask = causal_mask[:, :, :, : key.shape[-2]]
  t39 = operator.getitem(t3, (slice(None, None, None), slice(None, None, None), slice(None, None, None), slice(None, 128, None)))  # t39: "cuda:0 bf16[1, 1, 6, 128]"
  # sdpa_attention.py:32: 	query = query.contiguous()
  query = torch.Tensor.contiguous(q_embed)  # query: "cuda:0 bf16[1, 32, 6, 64]"
  # sdpa_attention.py:33: 	key = key.contiguous()
  key = torch.Tensor.contiguous(t35)  # key: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:34: 	value = value.contiguous()
  value = torch.Tensor.contiguous(t38)  # value: "cuda:0 bf16[1, 32, 128, 64]"
  # sdpa_attention.py:43: 	attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)
  attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=t39, dropout_p=0.0, scale=0.125, is_causal=False)  # attn_output: "cuda:0 bf16[1, 32, 6, 64]"
  # sdpa_attention.py:52: 	attn_output = attn_output.transpose(1, 2).contiguous()
  t40 = torch.transpose(attn_output, 1, 2)  # t40: "cuda:0 bf16[1, 6, 32, 64]"
  t41 = torch.Tensor.contiguous(t40)  # t41: "cuda:0 bf16[1, 6, 32, 64]"
  # modeling_llama.py:289: 	attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
  t42 = torch.reshape(t41, (1, 6, -1))  # t42: "cuda:0 bf16[1, 6, 2048]"
  t43 = torch.Tensor.contiguous(t42)  # t43: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:290: 	attn_output = self.o_proj(attn_output)
  t44 = torch.nn.functional.linear(t43, o_proj_weight, None)  # t44: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:334: 	hidden_states = residual + hidden_states
  t45 = torch.add(inputs_embeds, t44)  # t45: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t46 = torch.Tensor.to(t45, torch.float32)  # t46: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t47 = torch.pow(t46, 2)  # t47: "cuda:0 f32[1, 6, 2048]"
  t48 = torch.mean(t47, -1, keepdim=True)  # t48: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t49 = torch.add(t48, 1e-05)  # t49: "cuda:0 f32[1, 6, 1]"
  t50 = torch.rsqrt(t49)  # t50: "cuda:0 f32[1, 6, 1]"
  t51 = torch.mul(t46, t50)  # t51: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t52 = torch.Tensor.to(t51, torch.bfloat16)  # t52: "cuda:0 bf16[1, 6, 2048]"
  t53 = torch.mul(post_attention_layernorm_weight, t52)  # t53: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:196: 	down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
  gate = torch.nn.functional.linear(t53, gate_proj_weight, None)  # gate: "cuda:0 bf16[1, 6, 8192]"
  t54 = torch.nn.functional.silu(gate)  # t54: "cuda:0 bf16[1, 6, 8192]"
  up = torch.nn.functional.linear(t53, up_proj_weight, None)  # up: "cuda:0 bf16[1, 6, 8192]"
  gated = torch.mul(t54, up)  # gated: "cuda:0 bf16[1, 6, 8192]"
  down_proj = torch.nn.functional.linear(gated, down_proj_weight, None)  # down_proj: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:340: 	hidden_states = residual + hidden_states
  t55 = torch.add(t45, down_proj)  # t55: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:68: 	hidden_states = hidden_states.to(torch.float32)
  t56 = torch.Tensor.to(t55, torch.float32)  # t56: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:69: 	variance = hidden_states.pow(2).mean(-1, keepdim=True)
  t57 = torch.pow(t56, 2)  # t57: "cuda:0 f32[1, 6, 2048]"
  t58 = torch.mean(t57, -1, keepdim=True)  # t58: "cuda:0 f32[1, 6, 1]"
  # modeling_llama.py:70: 	hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
  t59 = torch.add(t58, 1e-05)  # t59: "cuda:0 f32[1, 6, 1]"
  t60 = torch.rsqrt(t59)  # t60: "cuda:0 f32[1, 6, 1]"
  t61 = torch.mul(t56, t60)  # t61: "cuda:0 f32[1, 6, 2048]"
  # modeling_llama.py:71: 	return self.weight * hidden_states.to(input_dtype)
  t62 = torch.Tensor.to(t61, torch.bfloat16)  # t62: "cuda:0 bf16[1, 6, 2048]"
  t63 = torch.mul(norm_weight, t62)  # t63: "cuda:0 bf16[1, 6, 2048]"
  # modeling_llama.py:842: 	logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])
  t64 = operator.getitem(t63, (slice(None, None, None), slice(0, None, None), slice(None, None, None)))  # t64: "cuda:0 bf16[1, 6, 2048]"
  logits = torch.nn.functional.linear(t64, lm_head_weight, None)  # logits: "cuda:0 bf16[1, 6, 128256]"
  torch.Tensor.copy_(key_cache_0, k_out)  # write-back into kwargs['past_key_values'].key_cache[0]
  torch.Tensor.copy_(value_cache_0, v_out)  # write-back into kwargs['past_key_values'].value_cache[0]
  return (logits,)
