#!/usr/bin/env python3
"""Synthetic benchmark graphs for thunderc, for any number of layers L (stdlib only, deterministic).

    python3 bench/gen_graphs.py llama --layers L -o FILE
        An L-layer LLaMA-style decode step: LlamaForCausalLM.forward with a StaticCache object
        input (`kwargs['past_key_values']`) and a CausalLMOutputWithPast dataclass output. The
        program is samples/gen_llama.py's (imported, not copied) with its `tiny` preset and these
        sizes: hidden 64, 4 heads, 2 key/value heads, head_dim 16, intermediate 128, vocab 256,
        cache length 128, one new token (seq-len 1: a decode step), batch 1, float32 on cpu.
        The graph's name is `llama_L<L>`.

    python3 bench/gen_graphs.py llama --layers L --cache-len N -o FILE
        The same with a cache of N positions (key and value caches of shape [1, 2, N, 16] per
        layer), named `llama_L<L>_c<N>`.

    python3 bench/gen_graphs.py mlp --layers L -o FILE
        An L-layer MLP chain: `MLPChain.forward(self, x)` runs `for layer in self.layers: x =
        layer(x)` over a ModuleList of L `MLPBlock` modules, each `x = self.act(self.fc(x))` with
        `fc` a torch.nn.Linear(64, 64) (with bias) and `act` a torch.nn.SiLU; the input `x` is a
        float32 cpu tensor of shape [4, 64]; the result is the tensor. The graph's name is
        `mlp_L<L>`.

Without -o the graph goes to standard output. The same arguments always give the same bytes.
bench/torch_models.py holds the equivalent PyTorch modules (`llama_model(L)`, `mlp_model(L)`).
"""
import argparse
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "samples"))
import gen_llama  # noqa: E402  (samples/gen_llama.py)

# The LLaMA sizes (overrides of gen_llama's `tiny` preset); torch_models.py reads them too.
LLAMA = dict(hidden=64, heads=4, kv_heads=2, head_dim=16, intermediate=128, vocab=256, seq_len=1,
             cache_len=128, batch=1, dtype="float32", device="cpu")
# The MLP chain's sizes.
MLP = dict(hidden=64, batch=4, dtype="float32", device="cpu")


def llama_graph_text(layers, cache_len=LLAMA["cache_len"]):
    name = f"llama_L{layers}" if cache_len == LLAMA["cache_len"] else f"llama_L{layers}_c{cache_len}"
    c = dict(gen_llama.PRESETS["tiny"], **dict(LLAMA, cache_len=cache_len), layers=layers, name=name)
    return gen_llama.render(c)


def mlp_graph(layers):
    h = MLP["hidden"]

    def tensor(shape, requires_grad=False):
        t = {"tensor": list(shape), "dtype": MLP["dtype"], "device": MLP["device"]}
        if requires_grad:
            t["requires_grad"] = True
        return t

    def stmt(loc, src, **fields):
        return dict(fields, loc=f"mlp_chain.py:{loc}", src=src)

    block = {
        "module": "MLPBlock",
        "modules": {
            "fc": {"module": "torch.nn.Linear",
                   "parameters": {"weight": tensor([h, h], True), "bias": tensor([h], True)},
                   "attrs": {"in_features": h, "out_features": h}},
            "act": {"module": "torch.nn.SiLU", "attrs": {"inplace": False}},
        },
    }
    return {
        "format": "thunderc-graph", "version": 1, "name": f"mlp_L{layers}",
        "classes": {
            "MLPChain": {"module": "mlp_chain", "qualname": "MLPChain", "base": "torch.nn.Module",
                         "methods": {"forward": "MLPChain.forward"}},
            "MLPBlock": {"module": "mlp_chain", "qualname": "MLPBlock", "base": "torch.nn.Module",
                         "methods": {"forward": "MLPBlock.forward"}},
        },
        "functions": {
            "MLPChain.forward": {"params": ["self", "x"], "body": [
                stmt(8, "for layer in self.layers:", op="getattr", obj="%self", name="layers", out="layers"),
                stmt(8, "for layer in self.layers:", op="for", target="layer", iter="%layers", body=[
                    stmt(9, "x = layer(x)", op="call", fn="%layer", args=["%x"], out="x")]),
                stmt(10, "return x", op="return", value="%x"),
            ]},
            "MLPBlock.forward": {"params": ["self", "x"], "body": [
                stmt(3, "return self.act(self.fc(x))", op="getattr", obj="%self", name="fc", out="fc"),
                stmt(3, "return self.act(self.fc(x))", op="call", fn="%fc", args=["%x"], out="h"),
                stmt(3, "return self.act(self.fc(x))", op="getattr", obj="%self", name="act", out="act"),
                stmt(3, "return self.act(self.fc(x))", op="call", fn="%act", args=["%h"], out="y"),
                stmt(3, "return self.act(self.fc(x))", op="return", value="%y"),
            ]},
        },
        "entry": "MLPChain.forward",
        "inputs": {
            "self": {"module": "MLPChain", "modules": {"layers": {
                "module": "torch.nn.ModuleList",
                "modules": {str(i): block for i in range(layers)}}}},
            "args": [tensor([MLP["batch"], h])],
            "kwargs": {},
        },
    }


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("kind", choices=["llama", "mlp"])
    ap.add_argument("--layers", type=int, required=True, help="number of layers L (>= 1)")
    ap.add_argument("--cache-len", type=int, default=LLAMA["cache_len"],
                    help=f"llama: positions in the cache (default {LLAMA['cache_len']})")
    ap.add_argument("-o", "--output", help="where to write (default: stdout)")
    args = ap.parse_args(argv)
    if args.layers < 1:
        ap.error("--layers must be at least 1")
    if args.cache_len < 1:
        ap.error("--cache-len must be at least 1")
    if args.kind == "mlp" and args.cache_len != LLAMA["cache_len"]:
        ap.error("--cache-len is for llama graphs")
    if args.kind == "llama":
        text = llama_graph_text(args.layers, args.cache_len)
    else:
        text = json.dumps(mlp_graph(args.layers), separators=(",", ":")) + "\n"
    if args.output:
        with open(args.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
