#!/usr/bin/env python3
"""Writes so_ops.json: one graph calling (nearly) every op of the catalogue, and many_inputs.json:
a sum of 70 tensor inputs (more than the 64 arguments PyTorch's dispatcher allows an op, so the
library's op takes them as one list), for tests/python/check_so.py, which checks that the
compiled library computes what computation.py computes, bit for bit.
Usage: python3 tests/graphs/so/gen_so_ops.py"""
import json
import os
body = []
outs = []
def call(fn, args, out, kwargs=None, keep=True, src=None):
    st = {"op": "call", "fn": fn, "args": args, "out": out, "loc": f"ops.py:{len(body)+2}", "src": src or f"{out} = {fn}(...)"}
    if kwargs: st["kwargs"] = kwargs
    body.append(st)
    if keep: outs.append("%" + out)
def method(obj, name, args, out, kwargs=None, keep=True):
    st = {"op": "method", "obj": obj, "name": name, "args": args, "out": out, "loc": f"ops.py:{len(body)+2}", "src": f"{out} = {obj[1:]}.{name}(...)"}
    if kwargs: st["kwargs"] = kwargs
    body.append(st)
    if keep: outs.append("%" + out)
def getitem(obj, index, out, keep=True):
    body.append({"op": "getitem", "obj": obj, "index": index, "out": out, "loc": f"ops.py:{len(body)+2}", "src": f"{out} = {obj[1:]}[...]"})
    if keep: outs.append("%" + out)
ALL = {"slice": [None, None, None]}
call("torch.arange", [3, 0, -1], "idx", keep=False)
call("torch.ones", [4, 2], "gidx", {"dtype": {"dtype": "int64"}}, keep=False)
# elementwise
call("torch.sub", ["%x", "%y"], "sub2", {"alpha": 2})
call("torch.div", ["%x", 2.0], "divf", {"rounding_mode": "floor"})
call("operator.floordiv", ["%x", 3], "fdiv")
call("operator.mod", ["%x", 3], "md")
call("operator.mod", ["%x", -2.5], "mdf")
call("torch.remainder", ["%x", "%y"], "rem")
method("%idx", "remainder", [2], "remi")
call("torch.pow", ["%x", 2], "sq")
call("torch.pow", [2, "%x"], "pow2")
# (1 / y is left out: it prints as torch.div(1, y), which Python's torch.div rejects)
call("operator.sub", [1.5, "%y"], "rsub", keep=True)
call("torch.maximum", ["%x", "%y"], "mx")
call("torch.minimum", ["%x", "%y"], "mn")
call("operator.lt", ["%x", "%y"], "lt")
call("operator.ge", ["%x", 0.0], "ge0")
call("torch.eq", ["%x", "%y"], "eq")
call("torch.ne", ["%x", 0], "ne")
call("torch.logical_and", ["%lt", "%ge0"], "land")
call("torch.logical_or", ["%lt", "%mask"], "lor")
call("torch.logical_not", ["%mask"], "lnot")
call("torch.where", ["%mask", "%x", 0.0], "wh")
call("torch.where", ["%mask", 1.0, "%y"], "wh2")
for f in ["abs", "exp", "sin", "cos", "tanh", "sigmoid", "neg"]:
    call(f"torch.{f}", ["%x"], f"u_{f}")
call("torch.abs", ["%x"], "ax", keep=False)
call("torch.log", ["%ax"], "lg")
call("torch.sqrt", ["%ax"], "sqr")
call("torch.rsqrt", ["%ax"], "rsq")
call("torch.nn.functional.relu", ["%x"], "rl")
call("torch.nn.functional.gelu", ["%x"], "gl", {"approximate": "tanh"})
call("torch.nn.functional.silu", ["%x"], "sl")
call("torch.nn.functional.dropout", ["%x"], "dr", {"p": 0.3, "training": False})
call("torch.clone", ["%x"], "cl")
call("torch.round", ["%x"], "rnd")
method("%x", "round", [], "rnd2", {"decimals": 2})
method("%x", "contiguous", [], "ct")
method("%x", "to", [{"dtype": "float64"}], "f64")
method("%x", "to", [], "tod", {"device": {"device": "cpu"}, "dtype": {"dtype": "float16"}})
method("%i", "type_as", ["%x"], "ta")
for m in ["half", "bfloat16", "long", "int", "bool", "float", "double"]:
    method("%x", m, [], f"c_{m}")
# reductions
call("torch.sum", ["%x"], "sall")
call("torch.sum", ["%x", 1], "s1", {"keepdim": True})
call("torch.mean", ["%x", [0, 1]], "m01")
call("torch.sum", ["%x"], "sdt", {"dtype": {"dtype": "float64"}})
call("torch.amax", ["%x", 1], "am")
call("torch.max", ["%x", 1], "mx1", keep=False)
getitem("%mx1", 0, "mx1v")
getitem("%mx1", 1, "mx1i")
call("torch.max", ["%x"], "mxall")
call("torch.min", ["%x", 0], "mn0", {"keepdim": True}, keep=False)
getitem("%mn0", 0, "mn0v")
getitem("%mn0", 1, "mn0i")
call("torch.topk", ["%x", 2], "tk", keep=False)
getitem("%tk", 0, "tkv")
getitem("%tk", 1, "tki")
method("%x", "topk", [1], "tk0", {"dim": 0, "largest": False}, keep=False)
getitem("%tk0", 0, "tk0v")
call("torch.argmax", ["%x"], "argall")
call("torch.argmax", ["%x"], "arg0", {"dim": 0})
call("operator.gt", ["%x", 0], "xpos", keep=False)
call("torch.any", ["%xpos"], "anyall")
method("%xpos", "all", [-1], "all1", {"keepdim": True})
call("torch.clamp", ["%x"], "cl1", {"min": -0.5, "max": 0.5})
method("%x", "clamp", [], "cl2", {"max": "%y"})
call("torch.clip", ["%i", 0, 3], "cl3")
call("torch.cumsum", ["%x", 1], "cs")
method("%xpos", "cumsum", [0], "csb")
call("torch.var", ["%x", 1], "var1", {"unbiased": False})
call("torch.var", ["%x"], "varall")
call("torch.softmax", ["%x", -1], "smx", {"dtype": {"dtype": "float64"}})
call("torch.log_softmax", ["%x", 0], "lsm")
call("torch.nn.functional.layer_norm", ["%x", [6], "%lnw", "%lnb"], "ln", {"eps": 1e-3})
call("torch.nn.functional.layer_norm", ["%x", [6]], "ln2")
# shapes
method("%x", "view", [2, 12], "vw")
call("torch.reshape", ["%x", [3, -1]], "rs")
method("%x", "permute", [1, 0], "pm")
call("torch.transpose", ["%x", 0, 1], "tp")
call("torch.unsqueeze", ["%x", 1], "us")
call("torch.squeeze", ["%us", 1], "sq1")
call("torch.squeeze", ["%us"], "sqa")
call("torch.flatten", ["%us"], "fl")
method("%us", "expand", [4, 3, 6], "ex")
method("%us", "expand_as", ["%ex"], "exa")
method("%x", "repeat", [2, 1], "rp")
call("torch.repeat_interleave", ["%x", 2], "ri", {"dim": 0})
call("torch.cat", [["%x", "%y"]], "ca", {"dim": 1})
call("torch.stack", [["%x", "%y"]], "st")
call("torch.split", ["%x", 2], "sp", {"dim": 1}, keep=False)
getitem("%sp", 0, "sp0")
getitem("%sp", 2, "sp2")
call("torch.split", ["%x", {"list": [2, 4]}], "spl", {"dim": 1}, keep=False)
getitem("%spl", 1, "spl1")
call("torch.chunk", ["%x", 2], "ch", keep=False)
getitem("%ch", 1, "ch1")
call("torch.unbind", ["%x", 1], "ub", keep=False)
getitem("%ub", 5, "ub5")
call("torch.narrow", ["%x", 1, 1, 3], "nr")
getitem("%x", [{"ellipsis": None}, {"slice": [1, None, 2]}], "g1")
getitem("%x", [None, -1], "g2")
getitem("%x", {"list": [0, 2]}, "g3")
getitem("%x", "%idx", "g4")
getitem("%x", [True, {"slice": [None, None, 2]}, {"slice": [-3, None, None]}], "g5")
getitem("%x", [{"slice": [None, -1, None]}, False], "g6")
call("torch.index_select", ["%x", 0, "%idx"], "isel")
call("torch.gather", ["%x", 1, "%gidx"], "ga")
call("torch.masked_fill", ["%x", "%mask", -1.0], "mf")
call("torch.index_copy", ["%x", 0, "%idx", "%acc2"], "icp")
call("torch.triu", ["%x", 1], "tu")
call("torch.tril", ["%x"], "tl", {"diagonal": -1})
call("torch.nn.functional.pad", ["%x", [1, 2]], "pd")
call("torch.nn.functional.pad", ["%i", [0, 0, -1, 2]], "pd2", {"value": 7})
call("torch.nn.functional.pad", ["%x", [-1, -2]], "pd3", {"mode": "constant"})
# factories
call("torch.arange", [0, 10, 2], "ar")
call("torch.arange", [1.5], "arf")
call("torch.zeros", [2, 3], "zs")
call("torch.ones", [[2, 3]], "os", {"dtype": {"dtype": "int64"}})
call("torch.full", [[2, 2], 7], "fu")
call("torch.full", [[2, 2], 0.5], "fuf", {"dtype": {"dtype": "float64"}})
call("torch.tensor", [2.5], "tsc", {"dtype": {"dtype": "bfloat16"}})
call("torch.tensor", [{"list": [{"list": [1, 2]}, {"list": [3, True]}]}], "tin")
call("torch.tensor", [[1, 2.5]], "tfl")
call("torch.tensor", [{"list": []}], "tem")
call("torch.tensor", [{"list": [-1, 255, 2.7]}], "tu8", {"dtype": {"dtype": "uint8"}})
call("torch.tensor", [{"list": [True, False]}], "tbo")
call("torch.zeros_like", ["%x"], "zl")
call("torch.ones_like", ["%x"], "ol", {"dtype": {"dtype": "int32"}})
call("torch.full_like", ["%x", 3], "fl3")
# linear algebra
call("operator.matmul", ["%x", "%tp"], "mm")
call("torch.transpose", ["%st", 1, 2], "stt", keep=False)
call("torch.bmm", ["%st", "%stt"], "bm")
call("torch.addmm", ["%mm", "%x", "%tp"], "adm", {"beta": 0.5, "alpha": 2})
call("torch.baddbmm", ["%bm", "%st", "%stt"], "badm", {"beta": 0.5, "alpha": 2})
call("torch.nn.functional.linear", ["%x", "%w"], "li")
call("torch.nn.functional.linear", ["%x", "%w", "%b"], "lib")
call("torch.nn.functional.embedding", ["%idx", "%x"], "em")
call("torch.nn.functional.embedding", ["%idx", "%x"], "em2", {"padding_idx": -1})
call("torch.nn.functional.one_hot", ["%idx"], "oh", {"num_classes": 4})
call("torch.unsqueeze", ["%q0", 0], "q", keep=False)
call("torch.nn.functional.scaled_dot_product_attention", ["%q", "%q", "%q"], "att", {"is_causal": True})
getitem("%mask", [ALL, {"slice": [None, 4, None]}], "m44", keep=False)
call("torch.nn.functional.scaled_dot_product_attention", ["%q", "%q", "%q"], "att2", {"attn_mask": "%m44", "scale": 0.5})
getitem("%x", [ALL, {"slice": [None, 4, None]}], "f44", keep=False)
call("torch.nn.functional.scaled_dot_product_attention", ["%q", "%q", "%q"], "att3", {"attn_mask": "%f44"})
# in-place
method("%x", "clone", [], "z", keep=False)
body.append({"op": "setitem", "obj": "%z", "index": 0, "value": 1.0, "loc": "ops.py:900", "src": "z[0] = 1.0"})
body.append({"op": "setitem", "obj": "%z", "index": [ALL, {"slice": [1, 3, None]}], "value": "%sp2", "loc": "ops.py:901", "src": "z[:, 1:3] = sp2"})
call("operator.mul", ["%z", 2], "z2")
method("%acc", "add_", ["%x"], "_", {"alpha": 0.5}, keep=False)
method("%acc", "mul_", [2], "_", keep=False)
body.append({"op": "setitem", "obj": "%acc2", "index": 1, "value": "%y0", "loc": "ops.py:902", "src": "acc2[1] = y[0]"})
method("%cnt", "fill_", [5], "_", keep=False)
body.append({"op": "return", "value": outs, "loc": "ops.py:999", "src": "return ..."})
params = ["x", "y", "mask", "i", "lnw", "lnb", "w", "b", "q0", "acc", "acc2", "y0", "cnt"]
def t(shape, dtype="float32"):
    return {"tensor": shape, "dtype": dtype, "device": "cpu"}
g = {"format": "thunderc-graph", "version": 1, "name": "so_ops",
     "functions": {"forward": {"params": params, "body": body}}, "entry": "forward",
     "inputs": {"args": [t([4, 6]), t([4, 6]), t([4, 6], "bool"), t([4, 6], "int64"),
                         t([6]), t([6]), t([5, 6]), t([5]), t([4, 6]), t([4, 6]), t([3, 6]), t([6]), t([], "int64")], "kwargs": {}}}
json.dump(g, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "so_ops.json"), "w"), indent=1)
print("wrote so_ops.json")

N = 70
many = [{"op": "call", "fn": "operator.add", "args": ["%acc" if i > 1 else "%x0", f"%x{i}"], "out": "acc"}
        for i in range(1, N)]
many.append({"op": "return", "value": "%acc"})
json.dump({"format": "thunderc-graph", "version": 1, "name": "many_inputs",
           "functions": {"forward": {"params": [f"x{i}" for i in range(N)], "body": many}},
           "entry": "forward", "inputs": {"args": [{"tensor": [2], "dtype": "float32"}] * N}},
          open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "many_inputs.json"), "w"), indent=1)
print("wrote many_inputs.json")
