#!/usr/bin/env python3
"""PyTorch modules equivalent to the graphs of bench/gen_graphs.py, for any number of layers L.

    import torch_models as tm                      # with bench/ on sys.path
    model = tm.llama_model(L)                      # LlamaForCausalLM, eval mode, seeded weights
    kwargs = tm.llama_inputs(L)                    # {"input_ids": [1, 1] int64, "past_key_values": StaticCache}
    out = model(**kwargs)                          # CausalLMOutputWithPast(logits=[1, 1, 256], ...)
    gm = tm.fx_trace_llama(model)                  # torch.fx.symbolic_trace of the same program

    model = tm.mlp_model(L); x = tm.mlp_inputs()   # MLPChain; x: [4, 64] float32
    gm = tm.fx_trace_mlp(model)

The LLaMA modules follow samples/gen_llama.py statement for statement (the sizes are
gen_graphs.LLAMA: hidden 64, 4 heads, 2 key/value heads, head_dim 16, intermediate 128, vocab 256,
cache length 128, one new token, float32 on cpu): the same tensor ops in the same order, the same
Python branches. Three differences, all needed by torch.fx.symbolic_trace and neither changing what
eager execution computes:

* The tensor factories that take sizes, dtypes or devices read from tensors (`torch.arange`,
  `torch.full`, `torch.zeros`), and `torch.finfo(dtype).min`, are called through one-line
  wrappers marked `torch.fx.wrap`, so that fx records each as one node (PyTorch 1.13's factories
  and `torch.finfo` reject fx Proxies as arguments).
* `scaled_dot_product_attention` is PyTorch's own where it exists (PyTorch >= 2.0); on older
  PyTorch (Debian's 1.13) it is PyTorch's documented reference formula written with matmul and
  softmax, as tests/python/graph_eager.py does.
* The one Python branch on a tensor's shape (`if sequence_length != 1:` in the causal mask) reads
  the number of new tokens the model was built for when the shape is symbolic (an fx Proxy);
  eagerly it reads the shape, as the graph does. Tuple unpacking of a shape
  (`bsz, q_len, _ = hidden_states.shape`) is written as the indexing the graph does.

`fx_trace_llama` does what torch.fx.symbolic_trace does (Tracer().trace, then GraphModule) with a
tracer that sets `proxy_buffer_attributes` (as transformers' fx tracer does: the rotary embedding
expands its buffer to a symbolic size), with `concrete_args` giving the StaticCache's structure
(StaticCache is registered as a pytree node, so each of its tensors is an input of the fx graph),
and traces a thin wrapper returning `logits`, as fx cannot return a dataclass holding a Python
object. Per-call use: `model(**llama_inputs(L))` updates the cache in place, as the graph does. The MLP chain (gen_graphs.mlp_graph) is a ModuleList of
`MLPBlock`s, each `act(fc(x))` with torch.nn.Linear(64, 64) and torch.nn.SiLU.

Run as a script, `/usr/bin/python3 bench/torch_models.py [L]` builds both models with L layers (default 2),
runs them eagerly and with fx, and checks that both give the same result.
"""
import dataclasses
import math
import os
import sys
import warnings
from typing import Any, Optional

import torch
import torch.fx
from torch import nn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_graphs  # noqa: E402

LLAMA = dict(gen_graphs.LLAMA, eps=1e-5, rope_theta=500000.0)
MLP = gen_graphs.MLP


def _reference_sdpa(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None):
    """torch.nn.functional.scaled_dot_product_attention as PyTorch documents it (no dropout)."""
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
    attn_bias = _zeros(L, S, dtype=query.dtype, device=query.device)
    if is_causal:
        causal = torch.ones(L, S, dtype=torch.bool, device=query.device).tril(diagonal=0)
        attn_bias = attn_bias.masked_fill(causal.logical_not(), float("-inf"))
    if attn_mask is not None:
        attn_bias = attn_mask + attn_bias
    attn_weight = query @ key.transpose(-2, -1) * scale_factor
    attn_weight = attn_weight + attn_bias
    attn_weight = torch.softmax(attn_weight, dim=-1)
    return attn_weight @ value


scaled_dot_product_attention = getattr(nn.functional, "scaled_dot_product_attention", _reference_sdpa)


# Tensor factories called with shapes, dtypes or devices read from tensors: torch.fx.wrap makes each
# call one node of the fx graph (PyTorch 1.13's factories reject fx Proxies as arguments); eagerly
# they are the torch functions themselves.
def _arange(*args, **kwargs):
    return torch.arange(*args, **kwargs)


def _full(*args, **kwargs):
    return torch.full(*args, **kwargs)


def _finfo_min(dtype):
    return torch.finfo(dtype).min


def _zeros(*args, **kwargs):
    return torch.zeros(*args, **kwargs)


torch.fx.wrap("_arange")
torch.fx.wrap("_full")
torch.fx.wrap("_zeros")
torch.fx.wrap("_finfo_min")


def _concrete(value, static):
    """`value` when it is a Python int (eager), else (an fx Proxy) the size the model was built for."""
    return value if isinstance(value, int) else static


# ---------------------------------------------------------------------------------------------
# The cache and the output (transformers.cache_utils.StaticCache, modeling_outputs)


class StaticCache:
    def __init__(self, key_cache, value_cache, max_cache_len):
        self.key_cache, self.value_cache, self.max_cache_len = key_cache, value_cache, max_cache_len

    def update(self, key_states, value_states, layer_idx, cache_kwargs=None):
        cache_position = cache_kwargs.get("cache_position")
        k_out = self.key_cache[layer_idx]
        v_out = self.value_cache[layer_idx]
        key_states = key_states.to(k_out.dtype)
        value_states = value_states.to(v_out.dtype)
        if cache_position is None:
            k_out.copy_(key_states)
            v_out.copy_(value_states)
        else:
            k_out.index_copy_(2, cache_position, key_states)
            v_out.index_copy_(2, cache_position, value_states)
        return k_out, v_out

    def get_max_cache_shape(self):
        return self.max_cache_len


# A pytree node, so that fx can make the cache's tensors graph inputs (concrete_args with PH leaves).
_register = getattr(torch.utils._pytree, "register_pytree_node", None) or torch.utils._pytree._register_pytree_node
_register(StaticCache, lambda c: ([c.key_cache, c.value_cache, c.max_cache_len], None),
          lambda values, context: StaticCache(*values))
torch.fx._pytree.register_pytree_flatten_spec(StaticCache, lambda c, spec: [c.key_cache, c.value_cache, c.max_cache_len])


@dataclasses.dataclass
class CausalLMOutputWithPast:
    loss: Optional[Any] = None
    logits: Optional[Any] = None
    past_key_values: Optional[Any] = None
    hidden_states: Optional[Any] = None
    attentions: Optional[Any] = None


# ---------------------------------------------------------------------------------------------
# The LLaMA modules


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    cos = cos.unsqueeze(unsqueeze_dim)
    sin = sin.unsqueeze(unsqueeze_dim)
    q_embed = (q * cos) + (rotate_half(q) * sin)
    k_embed = (k * cos) + (rotate_half(k) * sin)
    return q_embed, k_embed


def repeat_kv(hidden_states, n_rep):
    shape = hidden_states.shape  # `batch, num_key_value_heads, slen, head_dim = hidden_states.shape`
    batch, num_key_value_heads, slen, head_dim = shape[0], shape[1], shape[2], shape[3]
    if n_rep == 1:
        return hidden_states
    hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
    return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)


def sdpa_attention_forward(module, query, key, value, attention_mask, dropout=0.0, scaling=None, is_causal=None):
    key = repeat_kv(key, module.num_key_value_groups)
    value = repeat_kv(value, module.num_key_value_groups)
    causal_mask = attention_mask
    if attention_mask is not None:
        causal_mask = causal_mask[:, :, :, : key.shape[-2]]
    query = query.contiguous()
    key = key.contiguous()
    value = value.contiguous()
    if is_causal is None:
        is_causal = causal_mask is None and query.shape[2] > 1
    attn_output = scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout,
                                               scale=scaling, is_causal=is_causal)
    attn_output = attn_output.transpose(1, 2).contiguous()
    return attn_output, None


class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


class LlamaRotaryEmbedding(nn.Module):
    def __init__(self, head_dim, rope_theta):
        super().__init__()
        inv_freq = 1.0 / (rope_theta ** (torch.arange(0, head_dim, 2, dtype=torch.int64).float() / head_dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)
        self.rope_type = "default"
        self.attention_scaling = 1.0

    def forward(self, x, position_ids):
        inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)
        position_ids_expanded = position_ids[:, None, :].float()
        freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos = emb.cos()
        sin = emb.sin()
        cos = cos * self.attention_scaling
        sin = sin * self.attention_scaling
        return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)


class LlamaMLP(nn.Module):
    def __init__(self, hidden, intermediate):
        super().__init__()
        self.hidden_size, self.intermediate_size = hidden, intermediate
        self.gate_proj = nn.Linear(hidden, intermediate, bias=False)
        self.up_proj = nn.Linear(hidden, intermediate, bias=False)
        self.down_proj = nn.Linear(intermediate, hidden, bias=False)
        self.act_fn = nn.SiLU()

    def forward(self, x):
        down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
        return down_proj


class LlamaAttention(nn.Module):
    def __init__(self, c, layer_idx):
        super().__init__()
        h, hd = c["hidden"], c["head_dim"]
        self.layer_idx = layer_idx
        self.hidden_size, self.head_dim = h, hd
        self.num_heads, self.num_key_value_heads = c["heads"], c["kv_heads"]
        self.num_key_value_groups = c["heads"] // c["kv_heads"]
        self.scaling = hd ** -0.5
        self.attention_dropout = 0.0
        self.is_causal = True
        self.q_proj = nn.Linear(h, c["heads"] * hd, bias=False)
        self.k_proj = nn.Linear(h, c["kv_heads"] * hd, bias=False)
        self.v_proj = nn.Linear(h, c["kv_heads"] * hd, bias=False)
        self.o_proj = nn.Linear(c["heads"] * hd, h, bias=False)

    def forward(self, hidden_states, position_embeddings, attention_mask=None, past_key_value=None,
                cache_position=None):
        hidden_shape = hidden_states.shape  # `bsz, q_len, _ = hidden_states.shape`, as the graph reads it
        bsz = hidden_shape[0]
        q_len = hidden_shape[1]
        query_states = self.q_proj(hidden_states).view(bsz, q_len, self.num_heads, self.head_dim).transpose(1, 2)
        key_states = self.k_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
        value_states = self.v_proj(hidden_states).view(bsz, q_len, self.num_key_value_heads, self.head_dim).transpose(1, 2)
        cos, sin = position_embeddings
        query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)
        if past_key_value is not None:
            cache_kwargs = {"sin": sin, "cos": cos, "cache_position": cache_position}
            key_states, value_states = past_key_value.update(key_states, value_states, self.layer_idx, cache_kwargs)
        attn_output, attn_weights = sdpa_attention_forward(self, query_states, key_states, value_states,
                                                           attention_mask, dropout=0.0, scaling=self.scaling)
        attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()
        attn_output = self.o_proj(attn_output)
        return attn_output, attn_weights


class LlamaDecoderLayer(nn.Module):
    def __init__(self, c, layer_idx):
        super().__init__()
        self.hidden_size = c["hidden"]
        self.self_attn = LlamaAttention(c, layer_idx)
        self.mlp = LlamaMLP(c["hidden"], c["intermediate"])
        self.input_layernorm = LlamaRMSNorm(c["hidden"], c["eps"])
        self.post_attention_layernorm = LlamaRMSNorm(c["hidden"], c["eps"])

    def forward(self, hidden_states, attention_mask=None, position_ids=None, past_key_value=None,
                output_attentions=False, cache_position=None, position_embeddings=None):
        residual = hidden_states
        hidden_states = self.input_layernorm(hidden_states)
        hidden_states, self_attn_weights = self.self_attn(
            hidden_states=hidden_states, attention_mask=attention_mask, past_key_value=past_key_value,
            cache_position=cache_position, position_embeddings=position_embeddings)
        hidden_states = residual + hidden_states
        residual = hidden_states
        hidden_states = self.post_attention_layernorm(hidden_states)
        hidden_states = self.mlp(hidden_states)
        hidden_states = residual + hidden_states
        outputs = (hidden_states,)
        if output_attentions:
            outputs += (self_attn_weights,)
        return outputs


class LlamaModel(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.padding_idx, self.vocab_size = None, c["vocab"]
        self.seq_len = c["seq_len"]  # only where fx cannot read a shape (see the module docstring)
        self.embed_tokens = nn.Embedding(c["vocab"], c["hidden"])
        self.layers = nn.ModuleList([LlamaDecoderLayer(c, i) for i in range(c["layers"])])
        self.norm = LlamaRMSNorm(c["hidden"], c["eps"])
        self.rotary_emb = LlamaRotaryEmbedding(c["head_dim"], c["rope_theta"])

    def forward(self, input_ids=None, attention_mask=None, position_ids=None, past_key_values=None,
                output_attentions=False, cache_position=None):
        inputs_embeds = self.embed_tokens(input_ids)
        if cache_position is None:
            past_seen_tokens = 0
            cache_position = _arange(past_seen_tokens, past_seen_tokens + input_ids.shape[1],
                                          device=inputs_embeds.device)
        if position_ids is None:
            position_ids = cache_position.unsqueeze(0)
        causal_mask = self._update_causal_mask(attention_mask, inputs_embeds, cache_position, past_key_values,
                                               output_attentions)
        hidden_states = inputs_embeds
        position_embeddings = self.rotary_emb(hidden_states, position_ids)
        for decoder_layer in self.layers:
            layer_outputs = decoder_layer(hidden_states, attention_mask=causal_mask, position_ids=position_ids,
                                          past_key_value=past_key_values, output_attentions=output_attentions,
                                          cache_position=cache_position, position_embeddings=position_embeddings)
            hidden_states = layer_outputs[0]
        hidden_states = self.norm(hidden_states)
        return hidden_states, past_key_values

    def _update_causal_mask(self, attention_mask, input_tensor, cache_position, past_key_values,
                            output_attentions):
        using_static_cache = isinstance(past_key_values, StaticCache)
        dtype, device = input_tensor.dtype, input_tensor.device
        sequence_length = input_tensor.shape[1]
        if using_static_cache:
            target_length = past_key_values.get_max_cache_shape()
        else:
            raise NotImplementedError("this program supports a StaticCache only")
        causal_mask = self._prepare_4d_causal_attention_mask_with_cache_position(
            attention_mask, sequence_length=sequence_length, target_length=target_length, dtype=dtype,
            device=device, cache_position=cache_position, batch_size=input_tensor.shape[0])
        return causal_mask

    def _prepare_4d_causal_attention_mask_with_cache_position(self, attention_mask, sequence_length, target_length,
                                                              dtype, device, cache_position, batch_size):
        min_dtype = _finfo_min(dtype)
        causal_mask = _full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype, device=device)
        if _concrete(sequence_length, self.seq_len) != 1:
            causal_mask = torch.triu(causal_mask, diagonal=1)
        visible = _arange(target_length, device=device) <= cache_position.reshape(-1, 1)
        causal_mask = causal_mask.masked_fill(visible, 0.0)
        causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)
        return causal_mask


class LlamaForCausalLM(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.vocab_size = c["vocab"]
        self.model = LlamaModel(c)
        self.lm_head = nn.Linear(c["hidden"], c["vocab"], bias=False)

    def forward(self, input_ids=None, attention_mask=None, position_ids=None, past_key_values=None,
                num_logits_to_keep=0):
        outputs = self.model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids,
                             past_key_values=past_key_values)
        hidden_states = outputs[0]
        logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])
        return CausalLMOutputWithPast(logits=logits, past_key_values=past_key_values)


def llama_config(layers):
    return dict(LLAMA, layers=layers)


def llama_model(layers, seed=0):
    """The L-layer model in eval mode, weights drawn from torch.manual_seed(seed)."""
    torch.manual_seed(seed)
    return LlamaForCausalLM(llama_config(layers)).eval()


def llama_inputs(layers, seed=0):
    """The graph's inputs: input_ids [batch, seq_len] int64 and a zeroed StaticCache of L layers."""
    c = llama_config(layers)
    g = torch.Generator().manual_seed(seed)
    dtype = getattr(torch, c["dtype"])
    shape = (c["batch"], c["kv_heads"], c["cache_len"], c["head_dim"])
    cache = StaticCache([torch.zeros(shape, dtype=dtype, device=c["device"]) for _ in range(layers)],
                        [torch.zeros(shape, dtype=dtype, device=c["device"]) for _ in range(layers)],
                        c["cache_len"])
    input_ids = torch.randint(0, c["vocab"], (c["batch"], c["seq_len"]), generator=g, device=c["device"])
    return {"input_ids": input_ids, "past_key_values": cache}


class _Logits(nn.Module):
    """What fx traces for the LLaMA model: the same call, returning only the logits tensor."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, input_ids, past_key_values):
        return self.model(input_ids=input_ids, past_key_values=past_key_values).logits


def fx_trace_llama(model):
    """torch.fx.symbolic_trace of `model` (from llama_model). The traced module is called as
    `gm(input_ids, cache)`: each cache tensor is an input of the fx graph, `max_cache_len` is
    specialised (an assertion node)."""
    layers = len(model.model.layers)
    cache = StaticCache([torch.fx.PH] * layers, [torch.fx.PH] * layers, LLAMA["cache_len"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        tracer = _BufferTracer()
        graph = tracer.trace(_Logits(model), concrete_args={"past_key_values": cache})
        return torch.fx.GraphModule(tracer.root, graph, "_Logits")


class _BufferTracer(torch.fx.Tracer):
    """torch.fx.symbolic_trace's tracer, with buffers (`inv_freq`) read as graph values, as
    transformers' own fx tracer does: otherwise `inv_freq[...].expand(<Proxy>)` fails."""
    proxy_buffer_attributes = True


# ---------------------------------------------------------------------------------------------
# The MLP chain


class MLPBlock(nn.Module):
    def __init__(self, hidden):
        super().__init__()
        self.fc = nn.Linear(hidden, hidden)
        self.act = nn.SiLU()

    def forward(self, x):
        return self.act(self.fc(x))


class MLPChain(nn.Module):
    def __init__(self, layers, hidden):
        super().__init__()
        self.layers = nn.ModuleList([MLPBlock(hidden) for _ in range(layers)])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def mlp_model(layers, seed=0):
    torch.manual_seed(seed)
    return MLPChain(layers, MLP["hidden"]).eval()


def mlp_inputs(seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(MLP["batch"], MLP["hidden"], generator=g, dtype=getattr(torch, MLP["dtype"]))


def fx_trace_mlp(model):
    return torch.fx.symbolic_trace(model)


def main(argv):
    layers = int(argv[1]) if len(argv) > 1 else 2
    with torch.no_grad():
        model = llama_model(layers)
        eager = model(**llama_inputs(layers)).logits
        gm = fx_trace_llama(model)
        inputs = llama_inputs(layers)
        traced = gm(inputs["input_ids"], inputs["past_key_values"])
        print(f"llama L={layers}: logits {tuple(eager.shape)}, fx graph {len(gm.graph.nodes)} nodes, "
              f"max |eager - fx| = {(eager - traced).abs().max().item():.3g}")
        assert torch.allclose(eager, traced)
        model = mlp_model(layers)
        x = mlp_inputs()
        gm = fx_trace_mlp(model)
        print(f"mlp L={layers}: out {tuple(model(x).shape)}, fx graph {len(gm.graph.nodes)} nodes")
        assert torch.equal(model(x), gm(x))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
