#!/usr/bin/env python3
"""Generate the Llama sample graphs: LlamaForCausalLM.forward at first prefill with a StaticCache.

The program follows Hugging Face transformers' Llama (modeling_llama.py, cache_utils.py and
integrations/sdpa_attention.py) closely enough that a Python reader recognises every line: an
embedding, a rotary embedding computed from the `inv_freq` buffer, N decoder layers (RMSNorm in
float32, q/k/v/o projections without bias, rotate_half, repeat_kv, a causal mask over the cache
length, scaled_dot_product_attention, a SiLU MLP), a final norm and the lm_head. The cache is a
plain `StaticCache` object whose `update` writes keys and values with `index_copy_` at
`cache_position` along dim 2; the result is `CausalLMOutputWithPast(logits=..., past_key_values=<the
input cache>)`.

Usage (stdlib only, deterministic output):

    python3 samples/gen_llama.py            rewrite samples/llama_static_cache.json and
                                            samples/llama_tiny.json
    python3 samples/gen_llama.py --check    exit 1 if either file differs from what would be written
    python3 samples/gen_llama.py --preset 1b --layers 16 --name llama_16 -o /tmp/llama_16.json
                                            write one graph; every size below can be overridden

Presets: `1b` (LLaMA-3.2-1B shapes, bfloat16 on cuda:0, 1 layer, cache length 128) and `tiny`
(2 layers, hidden 64, float32 on cpu, cache length 16). Options: --layers, --hidden, --heads,
--kv-heads, --head-dim, --intermediate, --vocab, --seq-len, --cache-len, --batch, --eps,
--rope-theta, --dtype, --device, --name, -o/--output.
"""
import argparse
import json
import os
import sys

PRESETS = {
    "1b": dict(name="llama_static_cache", layers=1, hidden=2048, heads=32, kv_heads=8, head_dim=64,
               intermediate=8192, vocab=128256, seq_len=6, cache_len=128, batch=1, eps=1e-5,
               rope_theta=500000.0, dtype="bfloat16", device="cuda:0"),
    "tiny": dict(name="llama_tiny", layers=2, hidden=64, heads=4, kv_heads=2, head_dim=16,
                 intermediate=128, vocab=256, seq_len=6, cache_len=16, batch=1, eps=1e-5,
                 rope_theta=500000.0, dtype="float32", device="cpu"),
}
DEFAULT_FILES = [("1b", "llama_static_cache.json"), ("tiny", "llama_tiny.json")]

LLAMA = "transformers.models.llama.modeling_llama"
ALL = {"slice": [None, None, None]}  # ":"
ELLIPSIS = {"ellipsis": None}


def sl(start=None, stop=None, step=None):
    return {"slice": [start, stop, step]}


# ---------------------------------------------------------------------------------------------
# Writing function bodies
# ---------------------------------------------------------------------------------------------

class Fn:
    """Builds one function's body. `line(src)` starts a new Python source line: the statements
    emitted until the next `line` carry its loc and src."""

    def __init__(self, file, first_line, params):
        self.file, self.lineno, self.params = file, first_line, params
        self.body = []
        self.blocks = [self.body]
        self.loc = None

    def line(self, src, skip=1):
        self.lineno += skip
        self.loc = (f"{self.file}:{self.lineno}", src)

    def emit(self, stmt):
        stmt["loc"], stmt["src"] = self.loc
        self.blocks[-1].append(stmt)
        return stmt

    def assign(self, out, value):
        self.emit({"op": "assign", "value": value, "out": out})

    def getattr(self, out, obj, name):
        self.emit({"op": "getattr", "obj": obj, "name": name, "out": out})

    def getitem(self, out, obj, index):
        self.emit({"op": "getitem", "obj": obj, "index": index, "out": out})

    def call(self, out, fn, args=(), kwargs=None):
        st = {"op": "call", "fn": fn, "args": list(args)}
        if kwargs:
            st["kwargs"] = kwargs
        if out:
            st["out"] = out
        self.emit(st)

    def method(self, out, obj, name, args=(), kwargs=None):
        st = {"op": "method", "obj": obj, "name": name, "args": list(args)}
        if kwargs:
            st["kwargs"] = kwargs
        if out:
            st["out"] = out
        self.emit(st)

    def new(self, out, cls, kwargs):
        self.emit({"op": "new", "class": cls, "args": [], "kwargs": kwargs, "out": out})

    def ret(self, value):
        self.emit({"op": "return", "value": value})

    def raise_(self, message):
        self.emit({"op": "raise", "message": message})

    def if_(self, cond, then, orelse=None):
        """then/orelse are callables emitting the branch bodies."""
        loc, src = self.loc
        st = {"op": "if", "cond": cond, "loc": loc, "src": src, "then": []}
        self.blocks[-1].append(st)
        self.blocks.append(st["then"])
        then()
        self.blocks.pop()
        if orelse:
            st["else"] = []
            self.blocks.append(st["else"])
            orelse()
            self.blocks.pop()

    def for_(self, target, iterable, body):
        loc, src = self.loc
        st = {"op": "for", "target": target, "iter": iterable, "loc": loc, "src": src, "body": []}
        self.blocks[-1].append(st)
        self.blocks.append(st["body"])
        body()
        self.blocks.pop()

    def done(self):
        return {"params": self.params, "body": self.body}


def p(name, default):
    return {"name": name, "default": default}


# ---------------------------------------------------------------------------------------------
# The program
# ---------------------------------------------------------------------------------------------

def functions():
    fns = {}
    M = "modeling_llama.py"

    # LlamaForCausalLM.forward
    f = Fn(M, 780, ["self", p("input_ids", None), p("attention_mask", None), p("position_ids", None),
                    p("past_key_values", None), p("num_logits_to_keep", 0), "**kwargs"])
    f.line("outputs = self.model(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids, past_key_values=past_key_values, **kwargs)", 47)
    f.getattr("model", "%self", "model")
    f.call("outputs", "%model", [], {"input_ids": "%input_ids", "attention_mask": "%attention_mask",
                                     "position_ids": "%position_ids", "past_key_values": "%past_key_values",
                                     "**": "%kwargs"})
    f.line("hidden_states = outputs[0]", 13)
    f.getitem("hidden_states", "%outputs", 0)
    f.line("logits = self.lm_head(hidden_states[:, -num_logits_to_keep:, :])", 2)
    f.call("first_kept", "operator.neg", ["%num_logits_to_keep"])
    f.getitem("hidden_states", "%hidden_states", [ALL, sl("%first_kept"), ALL])
    f.getattr("lm_head", "%self", "lm_head")
    f.call("logits", "%lm_head", ["%hidden_states"])
    f.line("return CausalLMOutputWithPast(logits=logits, past_key_values=past_key_values)", 11)
    f.new("output", "CausalLMOutputWithPast", {"logits": "%logits", "past_key_values": "%past_key_values"})
    f.ret("%output")
    fns["LlamaForCausalLM.forward"] = f.done()

    # LlamaModel.forward
    f = Fn(M, 540, ["self", p("input_ids", None), p("attention_mask", None), p("position_ids", None),
                    p("past_key_values", None), p("output_attentions", False), p("cache_position", None),
                    "**flash_attn_kwargs"])
    f.line("inputs_embeds = self.embed_tokens(input_ids)", 25)
    f.getattr("embed_tokens", "%self", "embed_tokens")
    f.call("inputs_embeds", "%embed_tokens", ["%input_ids"])
    f.line("if cache_position is None:", 5)
    f.call("no_cache_position", "operator.is_", ["%cache_position", None])

    def make_cache_position():
        f.line("past_seen_tokens = 0")
        f.assign("past_seen_tokens", 0)
        f.line("seq_len = input_ids.shape[1]")
        f.getattr("input_shape", "%input_ids", "shape")
        f.getitem("seq_len", "%input_shape", 1)
        f.line("cache_position = torch.arange(past_seen_tokens, past_seen_tokens + seq_len, device=inputs_embeds.device)")
        f.call("cache_end", "operator.add", ["%past_seen_tokens", "%seq_len"])
        f.getattr("device", "%inputs_embeds", "device")
        f.call("cache_position", "torch.arange", ["%past_seen_tokens", "%cache_end"], {"device": "%device"})
    f.if_("%no_cache_position", make_cache_position)
    f.line("if position_ids is None:", 4)
    f.call("no_position_ids", "operator.is_", ["%position_ids", None])

    def make_position_ids():
        f.line("position_ids = cache_position.unsqueeze(0)")
        f.method("position_ids", "%cache_position", "unsqueeze", [0])
    f.if_("%no_position_ids", make_position_ids)
    f.line("causal_mask = self._update_causal_mask(attention_mask, inputs_embeds, cache_position, past_key_values, output_attentions)", 2)
    f.method("causal_mask", "%self", "_update_causal_mask",
             ["%attention_mask", "%inputs_embeds", "%cache_position", "%past_key_values", "%output_attentions"])
    f.line("hidden_states = inputs_embeds", 4)
    f.assign("hidden_states", "%inputs_embeds")
    f.line("position_embeddings = self.rotary_emb(hidden_states, position_ids)", 3)
    f.getattr("rotary_emb", "%self", "rotary_emb")
    f.call("position_embeddings", "%rotary_emb", ["%hidden_states", "%position_ids"])
    f.line("for decoder_layer in self.layers:", 6)
    f.getattr("layers", "%self", "layers")

    def layer_body():
        f.line("layer_outputs = decoder_layer(hidden_states, attention_mask=causal_mask, position_ids=position_ids, past_key_value=past_key_values, output_attentions=output_attentions, cache_position=cache_position, position_embeddings=position_embeddings, **flash_attn_kwargs)", 4)
        f.call("layer_outputs", "%decoder_layer", ["%hidden_states"],
               {"attention_mask": "%causal_mask", "position_ids": "%position_ids",
                "past_key_value": "%past_key_values", "output_attentions": "%output_attentions",
                "cache_position": "%cache_position", "position_embeddings": "%position_embeddings",
                "**": "%flash_attn_kwargs"})
        f.line("hidden_states = layer_outputs[0]", 12)
        f.getitem("hidden_states", "%layer_outputs", 0)
    f.line("for decoder_layer in self.layers:", 0)
    f.for_("decoder_layer", "%layers", layer_body)
    f.line("hidden_states = self.norm(hidden_states)", 5)
    f.getattr("norm", "%self", "norm")
    f.call("hidden_states", "%norm", ["%hidden_states"])
    f.line("return hidden_states, past_key_values", 12)
    f.ret(["%hidden_states", "%past_key_values"])
    fns["LlamaModel.forward"] = f.done()

    # LlamaModel._update_causal_mask
    f = Fn(M, 620, ["self", "attention_mask", "input_tensor", "cache_position", "past_key_values",
                    "output_attentions"])
    f.line("using_static_cache = isinstance(past_key_values, StaticCache)", 17)
    f.call("using_static_cache", "builtins.isinstance", ["%past_key_values", {"class": "StaticCache"}])
    f.line("dtype, device = input_tensor.dtype, input_tensor.device", 15)
    f.getattr("dtype", "%input_tensor", "dtype")
    f.getattr("device", "%input_tensor", "device")
    f.line("sequence_length = input_tensor.shape[1]")
    f.getattr("input_shape", "%input_tensor", "shape")
    f.getitem("sequence_length", "%input_shape", 1)
    f.line("if using_static_cache:")

    def static_length():
        f.line("target_length = past_key_values.get_max_cache_shape()")
        f.method("target_length", "%past_key_values", "get_max_cache_shape")

    def other_length():
        f.line('raise NotImplementedError("this program supports a StaticCache only")', 2)
        f.raise_("this program supports a StaticCache only")
    f.if_("%using_static_cache", static_length, other_length)
    f.line("causal_mask = self._prepare_4d_causal_attention_mask_with_cache_position(attention_mask, sequence_length=sequence_length, target_length=target_length, dtype=dtype, device=device, cache_position=cache_position, batch_size=input_tensor.shape[0])", 8)
    f.getitem("batch_size", "%input_shape", 0)
    f.call("causal_mask", "LlamaModel._prepare_4d_causal_attention_mask_with_cache_position",
           ["%attention_mask"],
           {"sequence_length": "%sequence_length", "target_length": "%target_length", "dtype": "%dtype",
            "device": "%device", "cache_position": "%cache_position", "batch_size": "%batch_size"})
    f.line("return causal_mask", 22)
    f.ret("%causal_mask")
    fns["LlamaModel._update_causal_mask"] = f.done()

    # LlamaModel._prepare_4d_causal_attention_mask_with_cache_position (a staticmethod)
    f = Fn(M, 692, ["attention_mask", "sequence_length", "target_length", "dtype", "device",
                    "cache_position", "batch_size"])
    f.line("min_dtype = torch.finfo(dtype).min", 33)
    f.call("dtype_info", "torch.finfo", ["%dtype"])
    f.getattr("min_dtype", "%dtype_info", "min")
    f.line("causal_mask = torch.full((sequence_length, target_length), fill_value=min_dtype, dtype=dtype, device=device)")
    f.call("causal_mask", "torch.full", [["%sequence_length", "%target_length"]],
           {"fill_value": "%min_dtype", "dtype": "%dtype", "device": "%device"})
    f.line("if sequence_length != 1:", 3)
    f.call("several_tokens", "operator.ne", ["%sequence_length", 1])

    def triu():
        f.line("causal_mask = torch.triu(causal_mask, diagonal=1)")
        f.call("causal_mask", "torch.triu", ["%causal_mask"], {"diagonal": 1})
    f.if_("%several_tokens", triu)
    f.line("visible = torch.arange(target_length, device=device) <= cache_position.reshape(-1, 1)")
    f.call("key_positions", "torch.arange", ["%target_length"], {"device": "%device"})
    f.method("query_positions", "%cache_position", "reshape", [-1, 1])
    f.call("visible", "operator.le", ["%key_positions", "%query_positions"])
    f.line("causal_mask = causal_mask.masked_fill(visible, 0.0)")
    f.method("causal_mask", "%causal_mask", "masked_fill", ["%visible", 0.0])
    f.line("causal_mask = causal_mask[None, None, :, :].expand(batch_size, 1, -1, -1)")
    f.getitem("causal_mask", "%causal_mask", [None, None, ALL, ALL])
    f.method("causal_mask", "%causal_mask", "expand", ["%batch_size", 1, -1, -1])
    f.line("return causal_mask", 14)
    f.ret("%causal_mask")
    fns["LlamaModel._prepare_4d_causal_attention_mask_with_cache_position"] = f.done()

    # LlamaRotaryEmbedding.forward
    f = Fn(M, 125, ["self", "x", "position_ids"])
    f.line("inv_freq_expanded = self.inv_freq[None, :, None].float().expand(position_ids.shape[0], -1, 1)", 6)
    f.getattr("inv_freq", "%self", "inv_freq")
    f.getitem("inv_freq_expanded", "%inv_freq", [None, ALL, None])
    f.method("inv_freq_expanded", "%inv_freq_expanded", "float")
    f.getattr("position_shape", "%position_ids", "shape")
    f.getitem("batch_size", "%position_shape", 0)
    f.method("inv_freq_expanded", "%inv_freq_expanded", "expand", ["%batch_size", -1, 1])
    f.line("position_ids_expanded = position_ids[:, None, :].float()")
    f.getitem("position_ids_expanded", "%position_ids", [ALL, None, ALL])
    f.method("position_ids_expanded", "%position_ids_expanded", "float")
    f.line("freqs = (inv_freq_expanded.float() @ position_ids_expanded.float()).transpose(1, 2)", 5)
    f.method("inv_freq_expanded", "%inv_freq_expanded", "float")
    f.method("position_ids_expanded", "%position_ids_expanded", "float")
    f.call("freqs", "operator.matmul", ["%inv_freq_expanded", "%position_ids_expanded"])
    f.method("freqs", "%freqs", "transpose", [1, 2])
    f.line("emb = torch.cat((freqs, freqs), dim=-1)")
    f.call("emb", "torch.cat", [["%freqs", "%freqs"]], {"dim": -1})
    f.line("cos = emb.cos()")
    f.method("cos", "%emb", "cos")
    f.line("sin = emb.sin()")
    f.method("sin", "%emb", "sin")
    f.line("cos = cos * self.attention_scaling", 3)
    f.getattr("attention_scaling", "%self", "attention_scaling")
    f.call("cos", "operator.mul", ["%cos", "%attention_scaling"])
    f.line("sin = sin * self.attention_scaling")
    f.call("sin", "operator.mul", ["%sin", "%attention_scaling"])
    f.line("return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)", 2)
    f.getattr("dtype", "%x", "dtype")
    f.method("cos", "%cos", "to", [], {"dtype": "%dtype"})
    f.method("sin", "%sin", "to", [], {"dtype": "%dtype"})
    f.ret(["%cos", "%sin"])
    fns["LlamaRotaryEmbedding.forward"] = f.done()

    # rotate_half
    f = Fn(M, 150, ["x"])
    f.line("x1 = x[..., : x.shape[-1] // 2]", 2)
    f.getattr("x_shape", "%x", "shape")
    f.getitem("last_dim", "%x_shape", -1)
    f.call("half", "operator.floordiv", ["%last_dim", 2])
    f.getitem("x1", "%x", [ELLIPSIS, sl(None, "%half")])
    f.line("x2 = x[..., x.shape[-1] // 2 :]")
    f.getattr("x_shape", "%x", "shape")
    f.getitem("last_dim", "%x_shape", -1)
    f.call("half", "operator.floordiv", ["%last_dim", 2])
    f.getitem("x2", "%x", [ELLIPSIS, sl("%half")])
    f.line("return torch.cat((-x2, x1), dim=-1)")
    f.call("neg_x2", "operator.neg", ["%x2"])
    f.call("rotated", "torch.cat", [["%neg_x2", "%x1"]], {"dim": -1})
    f.ret("%rotated")
    fns["rotate_half"] = f.done()

    # apply_rotary_pos_emb
    f = Fn(M, 157, ["q", "k", "cos", "sin", p("position_ids", None), p("unsqueeze_dim", 1)])
    f.line("cos = cos.unsqueeze(unsqueeze_dim)", 21)
    f.method("cos", "%cos", "unsqueeze", ["%unsqueeze_dim"])
    f.line("sin = sin.unsqueeze(unsqueeze_dim)")
    f.method("sin", "%sin", "unsqueeze", ["%unsqueeze_dim"])
    for x in ("q", "k"):
        f.line(f"{x}_embed = ({x} * cos) + (rotate_half({x}) * sin)")
        f.call(f"{x}_cos", "operator.mul", [f"%{x}", "%cos"])
        f.call(f"{x}_rotated", "rotate_half", [f"%{x}"])
        f.call(f"{x}_sin", "operator.mul", [f"%{x}_rotated", "%sin"])
        f.call(f"{x}_embed", "operator.add", [f"%{x}_cos", f"%{x}_sin"])
    f.line("return q_embed, k_embed")
    f.ret(["%q_embed", "%k_embed"])
    fns["apply_rotary_pos_emb"] = f.done()

    # LlamaMLP.forward
    f = Fn(M, 195, ["self", "x"])
    f.line("down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))")
    f.getattr("gate_proj", "%self", "gate_proj")
    f.call("gate", "%gate_proj", ["%x"])
    f.getattr("act_fn", "%self", "act_fn")
    f.call("gate", "%act_fn", ["%gate"])
    f.getattr("up_proj", "%self", "up_proj")
    f.call("up", "%up_proj", ["%x"])
    f.call("gated", "operator.mul", ["%gate", "%up"])
    f.getattr("down_proj", "%self", "down_proj")
    f.call("down_proj", "%down_proj", ["%gated"])
    f.line("return down_proj")
    f.ret("%down_proj")
    fns["LlamaMLP.forward"] = f.done()

    # repeat_kv
    f = Fn(M, 200, ["hidden_states", "n_rep"])
    f.line("batch, num_key_value_heads, slen, head_dim = hidden_states.shape", 5)
    f.getattr("shape", "%hidden_states", "shape")
    for i, n in enumerate(["batch", "num_key_value_heads", "slen", "head_dim"]):
        f.getitem(n, "%shape", i)
    f.line("if n_rep == 1:")
    f.call("no_repeat", "operator.eq", ["%n_rep", 1])

    def early():
        f.line("return hidden_states")
        f.ret("%hidden_states")
    f.if_("%no_repeat", early)
    f.line("hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)", 2)
    f.getitem("hidden_states", "%hidden_states", [ALL, ALL, None, ALL, ALL])
    f.method("hidden_states", "%hidden_states", "expand",
             ["%batch", "%num_key_value_heads", "%n_rep", "%slen", "%head_dim"])
    f.line("return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)")
    f.call("num_heads", "operator.mul", ["%num_key_value_heads", "%n_rep"])
    f.method("hidden_states", "%hidden_states", "reshape", ["%batch", "%num_heads", "%slen", "%head_dim"])
    f.ret("%hidden_states")
    fns["repeat_kv"] = f.done()

    # sdpa_attention_forward (transformers.integrations.sdpa_attention)
    f = Fn("sdpa_attention.py", 19, ["module", "query", "key", "value", "attention_mask", p("dropout", 0.0),
                                     p("scaling", None), p("is_causal", None), "**kwargs"])
    for x in ("key", "value"):
        f.line(f"{x} = repeat_kv({x}, module.num_key_value_groups)", 3 if x == "key" else 1)
        f.getattr("num_key_value_groups", "%module", "num_key_value_groups")
        f.call(x, "repeat_kv", [f"%{x}", "%num_key_value_groups"])
    f.line("causal_mask = attention_mask", 2)
    f.assign("causal_mask", "%attention_mask")
    f.line("if attention_mask is not None:")
    f.call("has_mask", "operator.is_not", ["%attention_mask", None])

    def cut_mask():
        f.line("causal_mask = causal_mask[:, :, :, : key.shape[-2]]")
        f.getattr("key_shape", "%key", "shape")
        f.getitem("key_len", "%key_shape", -2)
        f.getitem("causal_mask", "%causal_mask", [ALL, ALL, ALL, sl(None, "%key_len")])
    f.if_("%has_mask", cut_mask)
    for x in ("query", "key", "value"):
        f.line(f"{x} = {x}.contiguous()", 5 if x == "query" else 1)
        f.method(x, f"%{x}", "contiguous")
    f.line("if is_causal is None:", 6)
    f.call("causal_unknown", "operator.is_", ["%is_causal", None])

    def decide_causal():
        f.line("is_causal = causal_mask is None and query.shape[2] > 1")
        f.call("no_mask", "operator.is_", ["%causal_mask", None])

        def query_len():
            f.getattr("query_shape", "%query", "shape")
            f.getitem("query_len", "%query_shape", 2)
            f.call("is_causal", "operator.gt", ["%query_len", 1])

        def falsy():
            f.assign("is_causal", "%no_mask")
        f.if_("%no_mask", query_len, falsy)
    f.if_("%causal_unknown", decide_causal)
    f.line("attn_output = torch.nn.functional.scaled_dot_product_attention(query, key, value, attn_mask=causal_mask, dropout_p=dropout, scale=scaling, is_causal=is_causal)", 2)
    f.call("attn_output", "torch.nn.functional.scaled_dot_product_attention", ["%query", "%key", "%value"],
           {"attn_mask": "%causal_mask", "dropout_p": "%dropout", "scale": "%scaling", "is_causal": "%is_causal"})
    f.line("attn_output = attn_output.transpose(1, 2).contiguous()", 9)
    f.method("attn_output", "%attn_output", "transpose", [1, 2])
    f.method("attn_output", "%attn_output", "contiguous")
    f.line("return attn_output, None", 2)
    f.ret(["%attn_output", None])
    fns["sdpa_attention_forward"] = f.done()

    # LlamaAttention.forward
    f = Fn(M, 248, ["self", "hidden_states", "position_embeddings", p("attention_mask", None),
                    p("past_key_value", None), p("cache_position", None), "**kwargs"])
    f.line("bsz, q_len, _ = hidden_states.shape", 9)
    f.getattr("hidden_shape", "%hidden_states", "shape")
    f.getitem("bsz", "%hidden_shape", 0)
    f.getitem("q_len", "%hidden_shape", 1)
    for x, heads in (("query", "num_heads"), ("key", "num_key_value_heads"), ("value", "num_key_value_heads")):
        proj = x[0] + "_proj"
        f.line(f"{x}_states = self.{proj}(hidden_states).view(bsz, q_len, self.{heads}, self.head_dim).transpose(1, 2)",
               2 if x == "query" else 1)
        f.getattr(proj, "%self", proj)
        f.call(f"{x}_states", f"%{proj}", ["%hidden_states"])
        f.getattr(heads, "%self", heads)
        f.getattr("head_dim", "%self", "head_dim")
        f.method(f"{x}_states", f"%{x}_states", "view", ["%bsz", "%q_len", f"%{heads}", "%head_dim"])
        f.method(f"{x}_states", f"%{x}_states", "transpose", [1, 2])
    f.line("cos, sin = position_embeddings", 2)
    f.getitem("cos", "%position_embeddings", 0)
    f.getitem("sin", "%position_embeddings", 1)
    f.line("query_states, key_states = apply_rotary_pos_emb(query_states, key_states, cos, sin)")
    f.call("rotated", "apply_rotary_pos_emb", ["%query_states", "%key_states", "%cos", "%sin"])
    f.getitem("query_states", "%rotated", 0)
    f.getitem("key_states", "%rotated", 1)
    f.line("if past_key_value is not None:", 2)
    f.call("has_cache", "operator.is_not", ["%past_key_value", None])

    def update_cache():
        f.line('cache_kwargs = {"sin": sin, "cos": cos, "cache_position": cache_position}', 2)
        f.assign("cache_kwargs", {"dict": {"sin": "%sin", "cos": "%cos", "cache_position": "%cache_position"}})
        f.line("key_states, value_states = past_key_value.update(key_states, value_states, self.layer_idx, cache_kwargs)")
        f.getattr("layer_idx", "%self", "layer_idx")
        f.method("cached", "%past_key_value", "update", ["%key_states", "%value_states", "%layer_idx", "%cache_kwargs"])
        f.getitem("key_states", "%cached", 0)
        f.getitem("value_states", "%cached", 1)
    f.if_("%has_cache", update_cache)
    f.line("attn_output, attn_weights = sdpa_attention_forward(self, query_states, key_states, value_states, attention_mask, dropout=0.0, scaling=self.scaling, **kwargs)", 9)
    f.getattr("scaling", "%self", "scaling")
    f.call("attention", "sdpa_attention_forward",
           ["%self", "%query_states", "%key_states", "%value_states", "%attention_mask"],
           {"dropout": 0.0, "scaling": "%scaling", "**": "%kwargs"})
    f.getitem("attn_output", "%attention", 0)
    f.getitem("attn_weights", "%attention", 1)
    f.line("attn_output = attn_output.reshape(bsz, q_len, -1).contiguous()", 11)
    f.method("attn_output", "%attn_output", "reshape", ["%bsz", "%q_len", -1])
    f.method("attn_output", "%attn_output", "contiguous")
    f.line("attn_output = self.o_proj(attn_output)")
    f.getattr("o_proj", "%self", "o_proj")
    f.call("attn_output", "%o_proj", ["%attn_output"])
    f.line("return attn_output, attn_weights")
    f.ret(["%attn_output", "%attn_weights"])
    fns["LlamaAttention.forward"] = f.done()

    # LlamaDecoderLayer.forward
    f = Fn(M, 305, ["self", "hidden_states", p("attention_mask", None), p("position_ids", None),
                    p("past_key_value", None), p("output_attentions", False), p("cache_position", None),
                    p("position_embeddings", None), "**kwargs"])
    f.line("residual = hidden_states", 13)
    f.assign("residual", "%hidden_states")
    f.line("hidden_states = self.input_layernorm(hidden_states)", 2)
    f.getattr("input_layernorm", "%self", "input_layernorm")
    f.call("hidden_states", "%input_layernorm", ["%hidden_states"])
    f.line("hidden_states, self_attn_weights = self.self_attn(hidden_states=hidden_states, attention_mask=attention_mask, past_key_value=past_key_value, cache_position=cache_position, position_embeddings=position_embeddings, **kwargs)", 3)
    f.getattr("self_attn", "%self", "self_attn")
    f.call("attn_outputs", "%self_attn", [],
           {"hidden_states": "%hidden_states", "attention_mask": "%attention_mask",
            "past_key_value": "%past_key_value", "cache_position": "%cache_position",
            "position_embeddings": "%position_embeddings", "**": "%kwargs"})
    f.getitem("hidden_states", "%attn_outputs", 0)
    f.getitem("self_attn_weights", "%attn_outputs", 1)
    f.line("hidden_states = residual + hidden_states", 11)
    f.call("hidden_states", "operator.add", ["%residual", "%hidden_states"])
    f.line("residual = hidden_states", 3)
    f.assign("residual", "%hidden_states")
    f.line("hidden_states = self.post_attention_layernorm(hidden_states)")
    f.getattr("post_attention_layernorm", "%self", "post_attention_layernorm")
    f.call("hidden_states", "%post_attention_layernorm", ["%hidden_states"])
    f.line("hidden_states = self.mlp(hidden_states)")
    f.getattr("mlp", "%self", "mlp")
    f.call("hidden_states", "%mlp", ["%hidden_states"])
    f.line("hidden_states = residual + hidden_states")
    f.call("hidden_states", "operator.add", ["%residual", "%hidden_states"])
    f.line("outputs = (hidden_states,)", 2)
    f.assign("outputs", ["%hidden_states"])
    f.line("if output_attentions:")

    def add_weights():
        f.line("outputs += (self_attn_weights,)")
        f.call("outputs", "operator.iadd", ["%outputs", ["%self_attn_weights"]])
    f.if_("%output_attentions", add_weights)
    f.line("return outputs", 2)
    f.ret("%outputs")
    fns["LlamaDecoderLayer.forward"] = f.done()

    # LlamaRMSNorm.forward
    f = Fn(M, 66, ["self", "hidden_states"])
    f.line("input_dtype = hidden_states.dtype")
    f.getattr("input_dtype", "%hidden_states", "dtype")
    f.line("hidden_states = hidden_states.to(torch.float32)")
    f.method("hidden_states", "%hidden_states", "to", [{"dtype": "float32"}])
    f.line("variance = hidden_states.pow(2).mean(-1, keepdim=True)")
    f.method("variance", "%hidden_states", "pow", [2])
    f.method("variance", "%variance", "mean", [-1], {"keepdim": True})
    f.line("hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)")
    f.getattr("variance_epsilon", "%self", "variance_epsilon")
    f.call("variance", "operator.add", ["%variance", "%variance_epsilon"])
    f.call("inv_rms", "torch.rsqrt", ["%variance"])
    f.call("hidden_states", "operator.mul", ["%hidden_states", "%inv_rms"])
    f.line("return self.weight * hidden_states.to(input_dtype)")
    f.getattr("weight", "%self", "weight")
    f.method("hidden_states", "%hidden_states", "to", ["%input_dtype"])
    f.call("hidden_states", "operator.mul", ["%weight", "%hidden_states"])
    f.ret("%hidden_states")
    fns["LlamaRMSNorm.forward"] = f.done()

    # StaticCache.update
    C = "cache_utils.py"
    f = Fn(C, 1175, ["self", "key_states", "value_states", "layer_idx", p("cache_kwargs", None)])
    f.line('cache_position = cache_kwargs.get("cache_position")', 25)
    f.method("cache_position", "%cache_kwargs", "get", ["cache_position"])
    f.line("k_out = self.key_cache[layer_idx]", 2)
    f.getattr("key_cache", "%self", "key_cache")
    f.getitem("k_out", "%key_cache", "%layer_idx")
    f.line("v_out = self.value_cache[layer_idx]")
    f.getattr("value_cache", "%self", "value_cache")
    f.getitem("v_out", "%value_cache", "%layer_idx")
    f.line("key_states = key_states.to(k_out.dtype)")
    f.getattr("cache_dtype", "%k_out", "dtype")
    f.method("key_states", "%key_states", "to", ["%cache_dtype"])
    f.line("value_states = value_states.to(v_out.dtype)")
    f.getattr("cache_dtype", "%v_out", "dtype")
    f.method("value_states", "%value_states", "to", ["%cache_dtype"])
    f.line("if cache_position is None:", 2)
    f.call("whole_cache", "operator.is_", ["%cache_position", None])

    def copy_all():
        f.line("k_out.copy_(key_states)")
        f.method(None, "%k_out", "copy_", ["%key_states"])
        f.line("v_out.copy_(value_states)")
        f.method(None, "%v_out", "copy_", ["%value_states"])

    def copy_at():
        f.line("k_out.index_copy_(2, cache_position, key_states)", 9)
        f.method(None, "%k_out", "index_copy_", [2, "%cache_position", "%key_states"])
        f.line("v_out.index_copy_(2, cache_position, value_states)")
        f.method(None, "%v_out", "index_copy_", [2, "%cache_position", "%value_states"])
    f.if_("%whole_cache", copy_all, copy_at)
    f.line("return k_out, v_out", 7)
    f.ret(["%k_out", "%v_out"])
    fns["StaticCache.update"] = f.done()

    # StaticCache.get_max_cache_shape
    f = Fn(C, 1238, ["self"])
    f.line("return self.max_cache_len", 2)
    f.getattr("max_cache_len", "%self", "max_cache_len")
    f.ret("%max_cache_len")
    fns["StaticCache.get_max_cache_shape"] = f.done()
    return fns


def classes():
    def module_class(qualname, methods):
        return {"module": LLAMA, "qualname": qualname, "base": "torch.nn.Module",
                "methods": {m: f"{qualname}.{m}" for m in methods}}
    return {
        "LlamaForCausalLM": module_class("LlamaForCausalLM", ["forward"]),
        "LlamaModel": module_class("LlamaModel", ["forward", "_update_causal_mask"]),
        "LlamaDecoderLayer": module_class("LlamaDecoderLayer", ["forward"]),
        "LlamaAttention": module_class("LlamaAttention", ["forward"]),
        "LlamaMLP": module_class("LlamaMLP", ["forward"]),
        "LlamaRMSNorm": module_class("LlamaRMSNorm", ["forward"]),
        "LlamaRotaryEmbedding": module_class("LlamaRotaryEmbedding", ["forward"]),
        "StaticCache": {"module": "transformers.cache_utils", "qualname": "StaticCache",
                        "methods": {"update": "StaticCache.update",
                                    "get_max_cache_shape": "StaticCache.get_max_cache_shape"}},
        "CausalLMOutputWithPast": {
            "module": "transformers.modeling_outputs", "qualname": "CausalLMOutputWithPast",
            "dataclass": {"fields": ["loss", "logits", "past_key_values", "hidden_states", "attentions"],
                          "defaults": {"loss": None, "logits": None, "past_key_values": None,
                                       "hidden_states": None, "attentions": None}}},
    }


# ---------------------------------------------------------------------------------------------
# The inputs
# ---------------------------------------------------------------------------------------------

def inputs(c):
    def tensor(shape, dtype=None, requires_grad=False):
        t = {"tensor": list(shape), "dtype": dtype or c["dtype"], "device": c["device"]}
        if requires_grad:
            t["requires_grad"] = True
        return t

    def param(*shape):
        return tensor(shape, requires_grad=True)

    def linear(n_in, n_out):
        return {"module": "torch.nn.Linear", "parameters": {"weight": param(n_out, n_in), "bias": None},
                "attrs": {"in_features": n_in, "out_features": n_out}}

    def rms_norm():
        return {"module": "LlamaRMSNorm", "parameters": {"weight": param(c["hidden"])},
                "attrs": {"variance_epsilon": c["eps"]}}

    h, hd = c["hidden"], c["head_dim"]
    layers = {}
    for i in range(c["layers"]):
        layers[str(i)] = {
            "module": "LlamaDecoderLayer",
            "modules": {
                "self_attn": {
                    "module": "LlamaAttention",
                    "modules": {"q_proj": linear(h, c["heads"] * hd), "k_proj": linear(h, c["kv_heads"] * hd),
                                "v_proj": linear(h, c["kv_heads"] * hd), "o_proj": linear(c["heads"] * hd, h)},
                    "attrs": {"layer_idx": i, "hidden_size": h, "head_dim": hd, "num_heads": c["heads"],
                              "num_key_value_heads": c["kv_heads"],
                              "num_key_value_groups": c["heads"] // c["kv_heads"],
                              "scaling": hd ** -0.5, "attention_dropout": 0.0, "is_causal": True}},
                "mlp": {
                    "module": "LlamaMLP",
                    "modules": {"gate_proj": linear(h, c["intermediate"]), "up_proj": linear(h, c["intermediate"]),
                                "down_proj": linear(c["intermediate"], h),
                                "act_fn": {"module": "torch.nn.SiLU", "attrs": {"inplace": False}}},
                    "attrs": {"hidden_size": h, "intermediate_size": c["intermediate"]}},
                "input_layernorm": rms_norm(),
                "post_attention_layernorm": rms_norm(),
            },
            "attrs": {"hidden_size": h}}
    model = {
        "module": "LlamaForCausalLM",
        "modules": {
            "model": {
                "module": "LlamaModel",
                "modules": {
                    "embed_tokens": {"module": "torch.nn.Embedding", "parameters": {"weight": param(c["vocab"], h)},
                                     "attrs": {"num_embeddings": c["vocab"], "embedding_dim": h,
                                               "padding_idx": None}},
                    "layers": {"module": "torch.nn.ModuleList", "modules": layers},
                    "norm": rms_norm(),
                    "rotary_emb": {"module": "LlamaRotaryEmbedding",
                                   "buffers": {"inv_freq": tensor([hd // 2], "float32")},
                                   "attrs": {"rope_type": "default", "rope_theta": c["rope_theta"],
                                             "attention_scaling": 1.0}},
                },
                "attrs": {"padding_idx": None, "vocab_size": c["vocab"]}},
            "lm_head": linear(h, c["vocab"]),
        },
        "attrs": {"vocab_size": c["vocab"]}}
    cache_shape = [c["batch"], c["kv_heads"], c["cache_len"], hd]
    cache = {"object": "StaticCache",
             "attrs": {"key_cache": {"list": [tensor(cache_shape) for _ in range(c["layers"])]},
                       "value_cache": {"list": [tensor(cache_shape) for _ in range(c["layers"])]},
                       "max_cache_len": c["cache_len"]}}
    return {"self": model, "args": [],
            "kwargs": {"input_ids": tensor([c["batch"], c["seq_len"]], "int64"), "past_key_values": cache}}


def graph(c):
    return {"format": "thunderc-graph", "version": 1, "name": c["name"], "classes": classes(),
            "functions": functions(), "entry": "LlamaForCausalLM.forward", "inputs": inputs(c)}


# ---------------------------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------------------------

def dumps(value, indent=0, width=100, lead=0):
    """JSON with 2-space indentation; a container that fits on its line stays on one line."""
    flat = json.dumps(value, separators=(", ", ": "))
    if not isinstance(value, (list, dict)) or not value or indent + lead + len(flat) <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + dumps(v, indent + 2, width) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = []
    for k, v in value.items():
        key = json.dumps(k) + ": "
        items.append(pad + key + dumps(v, indent + 2, width, len(key)))
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def render(c):
    return dumps(graph(c)) + "\n"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="verify the committed samples are up to date")
    ap.add_argument("--preset", choices=sorted(PRESETS), help="write one graph from this preset")
    ap.add_argument("-o", "--output", help="where to write the one graph (default: stdout)")
    for key, value in PRESETS["tiny"].items():
        ap.add_argument("--" + key.replace("_", "-"), type=type(value), dest=key)
    args = ap.parse_args(argv)
    overrides = {k: getattr(args, k) for k in PRESETS["tiny"] if getattr(args, k) is not None}

    if args.preset or args.output or overrides:
        c = dict(PRESETS[args.preset or "tiny"], **overrides)
        if c["heads"] % c["kv_heads"]:
            ap.error("--heads must be a multiple of --kv-heads")
        if c["seq_len"] > c["cache_len"]:
            ap.error("--seq-len must not exceed --cache-len")
        if c["head_dim"] % 2:
            ap.error("--head-dim must be even (rotary embeddings rotate halves)")
        text = render(c)
        if args.output:
            with open(args.output, "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        return 0

    here = os.path.dirname(os.path.abspath(__file__))
    stale = []
    for preset, file in DEFAULT_FILES:
        path = os.path.join(here, file)
        text = render(PRESETS[preset])
        if args.check:
            try:
                with open(path) as f:
                    current = f.read()
            except FileNotFoundError:
                current = None
            if current != text:
                stale.append(file)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("out of date (run python3 samples/gen_llama.py): " + ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
