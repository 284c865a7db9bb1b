"""Eager interpreter of thunderc program graphs (format 1), running them with real PyTorch.

thunderc interprets a graph symbolically (metadata only); this module runs the same program on
real values, the way Python would run the original code, so that the traces thunderc writes can be
checked against it. It needs only the standard library and torch.

    program = Program(json.load(open("samples/mlp.json")))
    inputs = program.build_inputs(seed=0)      # real objects built from the graph's `inputs`
    result = program.run(inputs)               # the entry function, run eagerly under no_grad

What it provides:

* Real Python classes for the declared classes, with the declared `__module__` and
  `__qualname__`: plain classes, `torch.nn.Module` subclasses (created without running a
  constructor, as the graph describes their members), dataclasses with their fields and defaults.
  Declared methods run the graph's functions through this interpreter.
* `Program.build_inputs(seed)`: the input description turned into real values. Tensors are filled
  from a `torch.Generator` seeded with `seed` (floats `randn`, integers in `[0, int_high)` where
  `int_high` is at most 10 and below every embedding size in the inputs, bools at random), so two
  calls with the same seed give two independent but equal object graphs. `{"ref": ...}` gives the
  same object as the place it points to. Every value is recorded under its JSON pointer
  (`Inputs.objects`), and `python_path` spells a pointer the way thunderc's guards name it
  (`kwargs['past_key_values'].key_cache[0]`).
* `Program.install_classes()`: a context manager that makes the declared classes importable under
  their module names (`from transformers.cache_utils import StaticCache` gives the very class used
  for the inputs), as the traces import them.
* `ensure_torch_compat()`: supplies `torch.nn.functional.scaled_dot_product_attention` (PyTorch's
  documented reference semantics) on PyTorch versions older than 2.0, which lack it.

Run as a script (`python3 graph_eager.py GRAPH.json`) it executes the graph and prints the result's
structure.
"""

import builtins
import collections
import contextlib
import copy
import dataclasses
import inspect
import json
import math
import operator
import sys
import types

import torch

__all__ = [
    "GraphError", "Inputs", "Program", "ensure_torch_compat", "final_target", "load", "node_at",
    "pointer_escape", "pointer_parts", "python_path", "scaled_dot_product_attention",
]


class GraphError(Exception):
    """The graph cannot be run: an unknown name, a bad value, or a `raise` statement reached."""


# ---------------------------------------------------------------------------------------------
# PyTorch compatibility


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                 is_causal=False, *, scale=None, enable_gqa=False):
    """torch.nn.functional.scaled_dot_product_attention, as PyTorch documents its semantics."""
    L, S = query.size(-2), key.size(-2)
    scale_factor = 1 / math.sqrt(query.size(-1)) if scale is None else scale
    attn_bias = torch.zeros(L, S, dtype=query.dtype, device=query.device)
    if is_causal:
        causal = torch.ones(L, S, dtype=torch.bool, device=query.device).tril(diagonal=0)
        attn_bias = attn_bias.masked_fill(causal.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            attn_bias = attn_bias.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            attn_bias = attn_mask + attn_bias
    if enable_gqa:
        key = key.repeat_interleave(query.size(-3) // key.size(-3), -3)
        value = value.repeat_interleave(query.size(-3) // value.size(-3), -3)
    attn_weight = query @ key.transpose(-2, -1) * scale_factor
    attn_weight = attn_weight + attn_bias
    attn_weight = torch.softmax(attn_weight, dim=-1)
    if dropout_p > 0.0:
        attn_weight = torch.dropout(attn_weight, dropout_p, train=True)
    return attn_weight @ value


def ensure_torch_compat():
    """Adds the torch functions that graphs (and thunderc's traces) name but this PyTorch lacks."""
    if not hasattr(torch.nn.functional, "scaled_dot_product_attention"):
        torch.nn.functional.scaled_dot_product_attention = scaled_dot_product_attention
    forward = torch.nn.MultiheadAttention.forward
    if "is_causal" not in inspect.signature(forward).parameters:
        def multihead_attention_forward(self, *args, is_causal=False, **kwargs):
            # PyTorch 2's is_causal is a hint that attn_mask is the causal mask: the same result
            return forward(self, *args, **kwargs)
        torch.nn.MultiheadAttention.forward = multihead_attention_forward


# ---------------------------------------------------------------------------------------------
# JSON pointers and paths


def pointer_escape(key):
    return str(key).replace("~", "~0").replace("/", "~1")


def pointer_parts(ptr):
    if not ptr.startswith("/"):
        raise GraphError(f"bad JSON pointer {ptr!r}")
    return [p.replace("~1", "/").replace("~0", "~") for p in ptr.split("/")[1:]]


def node_at(inputs_desc, ptr):
    """The node of the input description at JSON pointer `ptr` (refs are not followed)."""
    node = inputs_desc
    for part in pointer_parts(ptr):
        try:
            node = node[int(part)] if isinstance(node, list) else node[part]
        except (KeyError, IndexError, ValueError, TypeError):
            raise GraphError(f"pointer {ptr!r} names nothing") from None
    return node


def final_target(inputs_desc, ptr):
    """`ptr`, or where the chain of refs starting at `ptr` ends."""
    seen = set()
    node = node_at(inputs_desc, ptr)
    while isinstance(node, dict) and "ref" in node:
        if ptr in seen:
            raise GraphError(f"ref cycle through {ptr!r}")
        seen.add(ptr)
        ptr = node["ref"]
        node = node_at(inputs_desc, ptr)
    return ptr


def python_path(inputs_desc, ptr):
    """The Python spelling of the input at JSON pointer `ptr` (into the graph's `inputs`), as
    thunderc's guards name inputs: `args[0].steps`, `kwargs['cache'].key_cache[1]`,
    `self.model.layers.0.weight` (module members are dotted, as in `get_parameter`)."""
    parts = pointer_parts(ptr)
    root = parts[0]
    node = inputs_desc[root]
    if root == "self":
        out, rest = "self", parts[1:]
    elif root == "args":
        out, rest = f"args[{int(parts[1])}]", parts[2:]
        node = node[int(parts[1])]
    elif root == "kwargs":
        out, rest = f"kwargs[{parts[1]!r}]", parts[2:]
        node = node[parts[1]]
    else:
        raise GraphError(f"bad input pointer {ptr!r}")
    i = 0
    while i < len(rest):
        part = rest[i]
        if isinstance(node, dict) and "ref" in node:  # spelled through an alias
            node = node_at(inputs_desc, final_target(inputs_desc, node["ref"]))
        if isinstance(node, list):
            out += f"[{int(part)}]"
            node = node[int(part)]
            i += 1
            continue
        if not isinstance(node, dict) or i + 1 >= len(rest):
            raise GraphError(f"pointer {ptr!r} does not name a value")
        key = rest[i + 1]
        if part == "list":
            out += f"[{int(key)}]"
            node = node["list"][int(key)]
        elif part == "dict":
            out += f"[{key!r}]"
            node = node["dict"][key]
        elif part in ("attrs", "fields", "parameters", "buffers", "modules"):
            out += f".{key}"
            node = node[part][key]
        else:
            raise GraphError(f"pointer {ptr!r} does not name a value")
        i += 2
    return out


# ---------------------------------------------------------------------------------------------
# Inputs


class Inputs:
    """One object graph built from a graph's input description.

    `self_value` (None when the graph has no `inputs.self`), `args` (a tuple) and `kwargs` (a
    dict) are what the entry function is called with; `objects` maps the JSON pointer of every
    value in the description (refs included) to the value built for it."""

    def __init__(self, has_self, self_value, args, kwargs, objects):
        self.has_self = has_self
        self.self_value = self_value
        self.args = args
        self.kwargs = kwargs
        self.objects = objects

    def call_args(self):
        """The positional arguments of the entry function: `self` first when there is one."""
        return ((self.self_value,) if self.has_self else ()) + tuple(self.args)

    def roots(self):
        """(python path, value) for each top-level input."""
        out = [("self", self.self_value)] if self.has_self else []
        out += [(f"args[{i}]", a) for i, a in enumerate(self.args)]
        out += [(f"kwargs[{k!r}]", v) for k, v in self.kwargs.items()]
        return out

    def pointers_of(self, obj):
        """Every JSON pointer whose value is `obj` (by identity)."""
        return [p for p, v in self.objects.items() if v is obj]


_INT_DTYPES = (torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64)


class _InputBuilder:
    def __init__(self, program, desc, seed):
        self.program = program
        self.desc = desc
        self.gen = torch.Generator().manual_seed(seed)
        self.memo = {}
        self.building = set()
        self.parameter_ptrs = set()
        self._collect_parameters(desc)

    # A tensor is built as a torch.nn.Parameter when it is a module parameter, or when a module
    # parameter refers to it: the alias must be the very Parameter object.
    def _collect_parameters(self, desc):
        def walk(node, ptr):
            if isinstance(node, list):
                for i, x in enumerate(node):
                    walk(x, f"{ptr}/{i}")
            elif isinstance(node, dict):
                if "list" in node:
                    walk(node["list"], f"{ptr}/list")
                elif "dict" in node:
                    for k, x in node["dict"].items():
                        walk(x, f"{ptr}/dict/{pointer_escape(k)}")
                elif "object" in node or "module" in node or "dataclass" in node:
                    for part in ("attrs", "fields", "buffers", "modules", "parameters"):
                        for k, x in node.get(part, {}).items():
                            p = f"{ptr}/{part}/{pointer_escape(k)}"
                            if part == "parameters" and x is not None:
                                self.parameter_ptrs.add(self._final_target(p))
                            walk(x, p)
        for root in ("self", "args", "kwargs"):
            if root in desc:
                if root == "self":
                    walk(desc["self"], "/self")
                elif root == "args":
                    walk(desc["args"], "/args")
                else:
                    for k, x in desc["kwargs"].items():
                        walk(x, f"/kwargs/{pointer_escape(k)}")

    def _node(self, ptr):
        return node_at(self.desc, ptr)

    def _final_target(self, ptr):
        return final_target(self.desc, ptr)

    def value(self, node, ptr):
        if ptr in self.memo:
            return self.memo[ptr]
        if ptr in self.building:
            raise GraphError(f"cycle through {ptr!r}")
        self.building.add(ptr)
        v = self._build(node, ptr)
        self.building.discard(ptr)
        self.memo[ptr] = v
        return v

    def tensor(self, node, ptr):
        shape = node["tensor"]
        dtype = getattr(torch, node.get("dtype", "float32"))
        device = torch.device(node.get("device", "cpu"))
        if dtype in _INT_DTYPES:
            t = torch.randint(0, self.program.int_high, shape, generator=self.gen, dtype=dtype)
        elif dtype == torch.bool:
            t = torch.rand(shape, generator=self.gen) < 0.5
        elif dtype.is_complex:
            t = torch.randn(shape, generator=self.gen, dtype=dtype)
        elif dtype == torch.float64:
            t = torch.randn(shape, generator=self.gen, dtype=dtype)
        else:
            t = torch.randn(shape, generator=self.gen).to(dtype)
        t = t.to(device)
        requires_grad = node.get("requires_grad", False)
        if ptr in self.parameter_ptrs:
            return torch.nn.Parameter(t, requires_grad=requires_grad)
        return t.requires_grad_(requires_grad)

    def _build(self, v, ptr):
        if v is None or isinstance(v, (bool, int, float, str)):
            return v
        if isinstance(v, list):
            return tuple(self.value(x, f"{ptr}/{i}") for i, x in enumerate(v))
        if "ref" in v:
            target = v["ref"]
            return self.value(self._node(target), target)
        if "float" in v:
            return float(v["float"])
        if "list" in v:
            return [self.value(x, f"{ptr}/list/{i}") for i, x in enumerate(v["list"])]
        if "dict" in v:
            return {k: self.value(x, f"{ptr}/dict/{pointer_escape(k)}")
                    for k, x in v["dict"].items()}
        if "tensor" in v:
            return self.tensor(v, ptr)
        if "dtype" in v:
            return getattr(torch, v["dtype"])
        if "device" in v:
            return torch.device(v["device"])
        if "class" in v:
            return self.program.cls(v["class"])
        if "object" in v:
            cls = self.program.cls(v["object"])
            obj = object.__new__(cls)
            for k, x in v.get("attrs", {}).items():
                setattr(obj, k, self.value(x, f"{ptr}/attrs/{pointer_escape(k)}"))
            return obj
        if "dataclass" in v:
            cls = self.program.cls(v["dataclass"])
            fields = {k: self.value(x, f"{ptr}/fields/{pointer_escape(k)}")
                      for k, x in v.get("fields", {}).items()}
            return cls(**fields)
        if "module" in v:
            return self.module(v, ptr)
        raise GraphError(f"{ptr}: unknown value form {json.dumps(v)[:80]}")

    def module(self, v, ptr):
        def members(part):
            return {k: (None if x is None else self.value(x, f"{ptr}/{part}/{pointer_escape(k)}"))
                    for k, x in v.get(part, {}).items()}

        attrs = members("attrs")
        m = self.program.new_module(v["module"], attrs)
        for k, t in members("parameters").items():
            if t is not None and not isinstance(t, torch.nn.Parameter):
                raise GraphError(f"{ptr}/parameters/{k}: a parameter must be a Parameter")
            m.register_parameter(k, t)
        for k, t in members("buffers").items():
            m.register_buffer(k, t)
        for k, s in members("modules").items():
            m.add_module(k, s)
        for k, a in attrs.items():
            setattr(m, k, a)
        library = next(c for c in type(m).__mro__ if not self.program.is_declared(c))
        for name, slot, default in _MODULE_DEFAULTS.get(library, ()):
            if name in m._parameters or name in m._buffers or name in m.__dict__:
                continue
            if callable(default):  # from the weight, only when there is one
                if not isinstance(m._parameters.get("weight"), torch.Tensor):
                    continue
                default = default(m.weight)
            if slot == "parameter":
                m.register_parameter(name, default)
            elif slot == "buffer":
                m.register_buffer(name, default)
            else:
                setattr(m, name, default)
        return m

    def build(self):
        d = self.desc
        has_self = "self" in d
        self_value = self.value(d["self"], "/self") if has_self else None
        args = tuple(self.value(a, f"/args/{i}") for i, a in enumerate(d.get("args", [])))
        kwargs = {k: self.value(a, f"/kwargs/{pointer_escape(k)}")
                  for k, a in d.get("kwargs", {}).items()}
        # refs that were never reached while building (pointers to them are still recorded)
        return Inputs(has_self, self_value, args, kwargs, dict(self.memo))


# ---------------------------------------------------------------------------------------------
# The program


def _conv_tuple(v):
    return lambda weight: (v,) * (weight.dim() - 2)


_BATCH_NORM_DEFAULTS = [("weight", "parameter", None), ("bias", "parameter", None),
                        ("running_mean", "buffer", None), ("running_var", "buffer", None),
                        ("eps", "attr", 1e-5), ("momentum", "attr", 0.1)]
_CONV_DEFAULTS = [("bias", "parameter", None), ("stride", "attr", _conv_tuple(1)),
                  ("padding", "attr", _conv_tuple(0)), ("dilation", "attr", _conv_tuple(1)),
                  ("groups", "attr", 1), ("padding_mode", "attr", "zeros")]
_CONV_TRANSPOSE_DEFAULTS = _CONV_DEFAULTS + [("output_padding", "attr", _conv_tuple(0))]
_INPLACE = ("inplace", "attr", False)
_MAX_POOL_DEFAULTS = [("padding", "attr", 0), ("dilation", "attr", 1),
                      ("return_indices", "attr", False), ("ceil_mode", "attr", False)]
# The members a built-in module takes when its graph value leaves them out, as thunderc reads them
# (docs/graph-format.md, lib/values/module_defaults.cpp): for modules whose constructor could not
# run from the graph's attrs. A callable default is made from the module's weight.
_MODULE_DEFAULTS = {
    torch.nn.Linear: [("bias", "parameter", None)],
    torch.nn.modules.linear.NonDynamicallyQuantizableLinear: [("bias", "parameter", None)],
    torch.nn.MultiheadAttention: [("in_proj_bias", "parameter", None),
                                  ("bias_k", "attr", None), ("bias_v", "attr", None),
                                  ("add_zero_attn", "attr", False), ("dropout", "attr", 0.0),
                                  ("batch_first", "attr", False),
                                  ("_qkv_same_embed_dim", "attr", True)],
    torch.nn.Embedding: [("padding_idx", "attr", None), ("max_norm", "attr", None),
                         ("norm_type", "attr", 2.0), ("scale_grad_by_freq", "attr", False),
                         ("sparse", "attr", False)],
    torch.nn.LayerNorm: [("weight", "parameter", None), ("bias", "parameter", None),
                         ("eps", "attr", 1e-5),
                         ("normalized_shape", "attr", lambda weight: tuple(weight.shape))],
    torch.nn.GroupNorm: [("weight", "parameter", None), ("bias", "parameter", None),
                         ("eps", "attr", 1e-5)],
    torch.nn.BatchNorm1d: _BATCH_NORM_DEFAULTS,
    torch.nn.BatchNorm2d: _BATCH_NORM_DEFAULTS,
    torch.nn.BatchNorm3d: _BATCH_NORM_DEFAULTS,
    torch.nn.Conv1d: _CONV_DEFAULTS,
    torch.nn.Conv2d: _CONV_DEFAULTS,
    torch.nn.Conv3d: _CONV_DEFAULTS,
    torch.nn.ConvTranspose1d: _CONV_TRANSPOSE_DEFAULTS,
    torch.nn.ConvTranspose2d: _CONV_TRANSPOSE_DEFAULTS,
    torch.nn.ConvTranspose3d: _CONV_TRANSPOSE_DEFAULTS,
    torch.nn.MaxPool1d: _MAX_POOL_DEFAULTS,
    torch.nn.MaxPool2d: _MAX_POOL_DEFAULTS,
    torch.nn.AvgPool1d: [("padding", "attr", 0), ("ceil_mode", "attr", False),
                         ("count_include_pad", "attr", True)],
    torch.nn.AvgPool2d: [("padding", "attr", 0), ("ceil_mode", "attr", False),
                         ("count_include_pad", "attr", True), ("divisor_override", "attr", None)],
    torch.nn.Flatten: [("start_dim", "attr", 1), ("end_dim", "attr", -1)],
    torch.nn.Upsample: [("size", "attr", None), ("scale_factor", "attr", None),
                        ("mode", "attr", "nearest"), ("align_corners", "attr", None),
                        ("recompute_scale_factor", "attr", None)],
    torch.nn.Dropout: [("p", "attr", 0.5), _INPLACE],
    torch.nn.ReLU: [_INPLACE],
    torch.nn.SiLU: [_INPLACE],
    torch.nn.Mish: [_INPLACE],
    torch.nn.Hardswish: [_INPLACE],
    torch.nn.Hardsigmoid: [_INPLACE],
    torch.nn.Hardtanh: [("min_val", "attr", -1.0), ("max_val", "attr", 1.0), _INPLACE],
    torch.nn.ReLU6: [("min_val", "attr", 0.0), ("max_val", "attr", 6.0), _INPLACE],
    torch.nn.GELU: [("approximate", "attr", "none")],
    torch.nn.Softmax: [("dim", "attr", None)],
    torch.nn.LogSoftmax: [("dim", "attr", None)],
    torch.nn.ZeroPad2d: [("value", "attr", 0.0)],
    torch.nn.LeakyReLU: [("negative_slope", "attr", 0.01), _INPLACE],
    torch.nn.ELU: [("alpha", "attr", 1.0), _INPLACE],
    torch.nn.Softplus: [("beta", "attr", 1), ("threshold", "attr", 20)],
}


_DEFAULT = object()  # a parameter left to its default


class _Return(Exception):
    def __init__(self, value):
        self.value = value


_LIBRARY_ROOTS = {"torch": torch, "operator": operator, "builtins": builtins, "math": math,
                  "collections": collections}


class ModelOutput(collections.OrderedDict):
    """Hugging Face's transformers.utils.generic.ModelOutput, as far as thunderc follows it
    (transformers is not a dependency here): a dataclass deriving it is also an OrderedDict of its
    fields that are not None, indexed by key, or by position and slice in to_tuple()."""

    def __post_init__(self):
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None:
                self[f.name] = value

    def __setitem__(self, key, value):
        super().__setitem__(key, value)
        super().__setattr__(key, value)

    def __setattr__(self, name, value):
        if name in self.keys() and value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)

    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


_MODEL_OUTPUT_NAMES = ("transformers.utils.generic.ModelOutput", "transformers.utils.ModelOutput")


# Questions about the running context that this PyTorch (1.13) cannot answer: no torch.compiler or
# torch._dynamo yet; false, as thunderc answers them.
_CONTEXT_QUERIES = ("torch.compiler.is_compiling", "torch._dynamo.is_compiling")


def _lookup_dotted(name):
    if name in _MODEL_OUTPUT_NAMES:
        return ModelOutput
    if name in _CONTEXT_QUERIES and not hasattr(torch, name.split(".")[1]):
        return lambda: False
    parts = name.split(".")
    if parts[0] not in _LIBRARY_ROOTS:
        raise GraphError(f"unknown library name {name!r}")
    obj = _LIBRARY_ROOTS[parts[0]]
    for p in parts[1:]:
        if not hasattr(obj, p):
            raise GraphError(f"unknown library name {name!r}")
        obj = getattr(obj, p)
    return obj


class Program:
    """A loaded graph: its declared classes as real Python classes, and an eager interpreter of
    its functions."""

    def __init__(self, graph):
        if graph.get("format") != "thunderc-graph" or graph.get("version") != 1:
            raise GraphError("not a thunderc-graph of version 1")
        self.graph = graph
        self.name = graph.get("name", "graph")
        self.functions = graph["functions"]
        self.class_decls = graph.get("classes", {})
        self.classes = {}
        self.executed = 0
        for name in self.class_decls:
            self._declare(name, ())
        self.int_high = self._int_high()

    # classes --------------------------------------------------------------------------------

    def _declare(self, name, stack):
        if name in self.classes:
            return self.classes[name]
        if name in stack:
            raise GraphError(f"class {name!r} derives from itself")
        decl = self.class_decls[name]
        base_name = decl.get("base")
        if base_name is None:
            bases = (object,)
        elif base_name in self.class_decls:
            bases = (self._declare(base_name, stack + (name,)),)
        else:
            base = _lookup_dotted(base_name)
            if not isinstance(base, type):
                raise GraphError(f"class {name!r}: base {base_name!r} is not a class")
            bases = (base,)
        short = decl["qualname"].split(".")[-1]
        ns = {"__module__": decl["module"], "__qualname__": decl["qualname"]}
        for method, fname in decl.get("methods", {}).items():
            ns[method] = self._method(fname)
        for method, fname in decl.get("staticmethods", {}).items():
            ns[method] = staticmethod(self._function(fname))
        if "dataclass" in decl:
            cls = self._dataclass(short, decl, bases, ns)
        else:
            cls = types.new_class(short, bases, exec_body=lambda body: body.update(ns))
        cls.__module__ = decl["module"]
        cls.__qualname__ = decl["qualname"]
        self.classes[name] = cls
        return cls

    def _method(self, fname):
        program = self

        def method(self_, *args, **kwargs):
            return program.call(fname, (self_,) + args, kwargs)
        method.__name__ = fname.split(".")[-1]
        method.__qualname__ = fname
        return method

    def _function(self, fname):
        program = self

        def function(*args, **kwargs):
            return program.call(fname, args, kwargs)
        function.__name__ = fname.split(".")[-1]
        function.__qualname__ = fname
        return function

    def _dataclass(self, short, decl, bases, ns):
        spec = decl["dataclass"]
        defaults = spec.get("defaults", {})
        fields = []
        seen_default = False
        for f in spec["fields"]:
            if f in defaults:
                seen_default = True
                d = self.constant(defaults[f])
                if isinstance(d, (list, dict, set)):
                    field = dataclasses.field(default_factory=lambda d=d: copy.copy(d))
                else:
                    field = dataclasses.field(default=d)
                fields.append((f, object, field))
            elif seen_default:
                # Python wants fields without defaults before those with one; a keyword-only
                # field lifts that rule (the graph's constructor calls may pass fields by name).
                fields.append((f, object, dataclasses.field(kw_only=True)))
            else:
                fields.append((f, object))
        return dataclasses.make_dataclass(short, fields, bases=bases, namespace=ns)

    def cls(self, name):
        """The class named `name`: a declared one or a library one (`torch.nn.Linear`,
        `builtins.dict`, `collections.OrderedDict`)."""
        if name in self.classes:
            return self.classes[name]
        obj = _lookup_dotted(name)
        if not isinstance(obj, type):
            raise GraphError(f"{name!r} is not a class")
        return obj

    def is_declared(self, cls):
        return any(cls is c for c in self.classes.values())

    def instantiate(self, cls, args, kwargs):
        """`cls(*args, **kwargs)` as the graph's `new` means it: a dataclass takes its fields, a
        declared plain class or module runs its declared `__init__`, or starts empty without one."""
        if self.is_declared(cls) and not dataclasses.is_dataclass(cls):
            obj = cls.__new__(cls)
            if isinstance(obj, torch.nn.Module):
                torch.nn.Module.__init__(obj)
            if "__init__" in cls.__dict__:
                cls.__init__(obj, *args, **kwargs)
            elif args or kwargs:
                raise GraphError(f"{cls.__qualname__} takes no constructor arguments")
            return obj
        return cls(*args, **kwargs)

    def new_module(self, name, attrs):
        """A module instance of class `name` before its members are registered. Library modules,
        and declared classes deriving one, are initialised by the library class's constructor
        from those `attrs` that name its arguments (so their other settings take PyTorch's
        defaults), from a fixed seed; other declared classes start empty. `training` is false
        unless `attrs` gives it, as thunderc reads a module."""
        cls = self.cls(name)
        if not (isinstance(cls, type) and issubclass(cls, torch.nn.Module)):
            raise GraphError(f"{name!r} is not a torch.nn.Module class")
        m = cls.__new__(cls)
        torch.nn.Module.__init__(m)
        library = next(c for c in cls.__mro__ if not self.is_declared(c))
        if library is not torch.nn.Module:
            try:
                sig = inspect.signature(library.__init__)
                accepted = {k: v for k, v in attrs.items() if k in sig.parameters and k != "self"}
                with torch.random.fork_rng(devices=[]):
                    torch.manual_seed(0)
                    library.__init__(m, **accepted)
            except Exception:  # a constructor that needs more than the graph says: start empty
                m = cls.__new__(cls)
                torch.nn.Module.__init__(m)
        m.training = False
        return m

    def _int_high(self):
        """Integer tensors are drawn from [0, int_high): at most 10 and below every embedding
        size that the inputs declare, so token ids are valid indices."""
        high = 10
        def walk(node):
            nonlocal high
            if isinstance(node, list):
                for x in node:
                    walk(x)
            elif isinstance(node, dict):
                attrs = node.get("attrs")
                if "module" in node and isinstance(attrs, dict):
                    n = attrs.get("num_embeddings")
                    if isinstance(n, int) and not isinstance(n, bool) and n > 0:
                        high = min(high, n)
                for x in node.values():
                    walk(x)
        walk(self.graph.get("inputs", {}))
        return high

    # inputs ---------------------------------------------------------------------------------

    def build_inputs(self, seed=0, perturb=None):
        """A fresh object graph from the input description. `perturb` maps JSON pointers to
        functions that rewrite that node of the description first (e.g. a tensor's shape)."""
        desc = self.graph.get("inputs", {})
        if perturb:
            desc = copy.deepcopy(desc)
            for ptr, fn in perturb.items():
                parts = pointer_parts(ptr)
                parent = desc
                for part in parts[:-1]:
                    parent = parent[int(part)] if isinstance(parent, list) else parent[part]
                last = int(parts[-1]) if isinstance(parent, list) else parts[-1]
                parent[last] = fn(parent[last])
        return _InputBuilder(self, desc, seed).build()

    @contextlib.contextmanager
    def install_classes(self):
        """Makes every declared class importable as `from <module> import <qualname>` (nested
        qualnames and `<locals>` parts by attribute lookup), giving the class objects of this
        program. Modules that do not exist are created for the duration; existing ones get the
        attributes temporarily."""
        added_modules = []
        saved_attrs = []
        missing = object()
        try:
            # outer classes first, so that `Outer.Inner` becomes an attribute of the class Outer
            for cls in sorted(self.classes.values(), key=lambda c: c.__qualname__.count(".")):
                mod = self._ensure_module(cls.__module__, added_modules)
                holder = mod
                parts = cls.__qualname__.split(".")
                for part in parts[:-1]:
                    inner = getattr(holder, part, None)
                    if inner is None:
                        inner = types.SimpleNamespace()
                        saved_attrs.append((holder, part, missing))
                        setattr(holder, part, inner)
                    holder = inner
                saved_attrs.append((holder, parts[-1], getattr(holder, parts[-1], missing)))
                setattr(holder, parts[-1], cls)
            yield
        finally:
            for holder, attr, old in reversed(saved_attrs):
                if old is missing:
                    try:
                        delattr(holder, attr)
                    except AttributeError:
                        pass
                else:
                    setattr(holder, attr, old)
            for name in reversed(added_modules):
                sys.modules.pop(name, None)

    @staticmethod
    def _ensure_module(name, added):
        parts = name.split(".")
        mod = None
        for i in range(1, len(parts) + 1):
            qual = ".".join(parts[:i])
            existing = sys.modules.get(qual)
            if existing is None:
                existing = types.ModuleType(qual)
                existing.__path__ = []  # a package, so that submodules can be imported from it
                sys.modules[qual] = existing
                added.append(qual)
                if mod is not None:
                    setattr(mod, parts[i - 1], existing)
            mod = existing
        return mod

    # execution ------------------------------------------------------------------------------

    def constant(self, v):
        return self.operand(v, None)

    def items(self, operands, env):
        """The values of a tuple's or list's operands (or a call's arguments); {"*": xs} stands for
        the items of xs."""
        out = []
        for x in operands:
            if isinstance(x, dict) and list(x) == ["*"]:
                out.extend(self.operand(x["*"], env))
            else:
                out.append(self.operand(x, env))
        return out

    def operand(self, v, env):
        if isinstance(v, str):
            if v.startswith("%%"):
                return v[1:]
            if v.startswith("%"):
                if env is None:
                    raise GraphError(f"a constant cannot read the local {v[1:]!r}")
                if v[1:] not in env:
                    raise GraphError(f"unknown local {v[1:]!r}")
                return env[v[1:]]
            return v
        if v is None or isinstance(v, (bool, int, float)):
            return v
        if isinstance(v, list):
            return tuple(self.items(v, env))
        if "float" in v:
            return float(v["float"])
        if "list" in v:
            return self.items(v["list"], env)
        if "dict" in v:
            return {k: self.operand(x, env) for k, x in v["dict"].items()}
        if "dtype" in v:
            return getattr(torch, v["dtype"])
        if "device" in v:
            return torch.device(v["device"])
        if "class" in v:
            return self.cls(v["class"])
        if "slice" in v:
            return slice(*[self.operand(x, env) for x in v["slice"]])
        if "ellipsis" in v:
            return Ellipsis
        raise GraphError(f"unknown operand form {json.dumps(v)[:80]}")

    def call(self, fname, args, kwargs):
        """Calls the graph function `fname` with Python values."""
        if fname not in self.functions:
            raise GraphError(f"unknown function {fname!r}")
        f = self.functions[fname]
        # Python's own binding, over the signature the params spell ("*args", "*", "**kwargs").
        P = inspect.Parameter
        kind, sig, defaults = P.POSITIONAL_OR_KEYWORD, [], {}
        for p in f["params"]:
            if p == "*":
                kind = P.KEYWORD_ONLY
            elif isinstance(p, str) and p.startswith("**"):
                sig.append(P(p[2:], P.VAR_KEYWORD))
            elif isinstance(p, str) and p.startswith("*"):
                sig.append(P(p[1:], P.VAR_POSITIONAL))
                kind = P.KEYWORD_ONLY
            else:
                name = p if isinstance(p, str) else p["name"]
                if isinstance(p, dict) and "default" in p:
                    defaults[name] = p["default"]
                sig.append(P(name, kind, default=_DEFAULT if name in defaults else P.empty))
        try:
            bound = inspect.Signature(sig).bind(*args, **kwargs)
        except TypeError as e:
            raise GraphError(f"{fname}: {e}")
        bound.apply_defaults()
        # As in Python, a default is made once (when first needed here) and shared by later calls.
        made = self._made_defaults
        for k, v in bound.arguments.items():
            if v is _DEFAULT and (fname, k) not in made:
                made[(fname, k)] = self.constant(defaults[k])
        env = {k: made[(fname, k)] if v is _DEFAULT else v for k, v in bound.arguments.items()}
        try:
            self._block(f["body"], env, fname)
        except _Return as r:
            return r.value
        return None

    def _block(self, body, env, fname):
        for i, s in enumerate(body):
            self._stmt(s, env, fname, i)

    def _stmt(self, s, env, fname, index):
        self.executed += 1
        op = s["op"]

        def O(v):
            return self.operand(v, env)

        try:
            args = self.items(s.get("args", []), env)
            kwargs = {}
            for k, a in s.get("kwargs", {}).items():  # "**": f(**kw)
                for key, v in (O(a).items() if k == "**" else [(k, O(a))]):
                    if key in kwargs:
                        raise TypeError(f"got multiple values for keyword argument {key!r}")
                    kwargs[key] = v
            if op == "assign":
                r = O(s["value"])
            elif op == "getattr":
                r = getattr(O(s["obj"]), s["name"])
            elif op == "setattr":
                setattr(O(s["obj"]), s["name"], O(s["value"]))
                return
            elif op == "getitem":
                r = O(s["obj"])[O(s["index"])]
            elif op == "setitem":
                O(s["obj"])[O(s["index"])] = O(s["value"])
                return
            elif op == "call":
                fn = s["fn"]
                if fn.startswith("%"):
                    r = O(fn)(*args, **kwargs)
                elif fn in self.functions:
                    r = self.call(fn, tuple(args), kwargs)
                else:
                    r = _lookup_dotted(fn)(*args, **kwargs)
            elif op == "method":
                r = getattr(O(s["obj"]), s["name"])(*args, **kwargs)
            elif op == "new":
                c = O(s["class"]) if s["class"].startswith("%") else self.cls(s["class"])
                r = self.instantiate(c, args, kwargs)
            elif op == "if":
                c = O(s["cond"])
                if isinstance(c, torch.Tensor):
                    raise GraphError("a tensor condition (data-dependent control flow)")
                self._block(s["then"] if c else s.get("else", []), env, fname)
                return
            elif op == "for":
                target = s["target"]
                for item in O(s["iter"]):
                    if isinstance(target, list):
                        item = tuple(item)
                        if len(item) != len(target):
                            raise GraphError(f"cannot unpack {len(item)} values into "
                                             f"{len(target)} names")
                        env.update(zip(target, item))
                    else:
                        env[target] = item
                    self._block(s["body"], env, fname)
                return
            elif op == "return":
                raise _Return(O(s.get("value")))
            elif op == "raise":
                raise GraphError(s.get("message", "raise statement reached"))
            else:
                raise GraphError(f"unknown op {op!r}")
        except (_Return, GraphError):
            raise
        except Exception as e:
            where = f"{fname}, statement {index}"
            if s.get("loc") or s.get("src"):
                where += f" ({s.get('loc', '')}: {s.get('src', '')})"
            raise GraphError(f"{where}: {type(e).__name__}: {e}") from e
        if s.get("out") is not None:
            env[s["out"]] = r

    def run(self, inputs):
        """Runs the entry function on `inputs` (an `Inputs`), eagerly and under no_grad, as
        thunderc's traces run; returns its result. The inputs are mutated as the program says.
        Each run starts from the graph's defaults, as each call of the compiled program does."""
        self._made_defaults = {}
        with torch.no_grad():
            return self.call(self.graph["entry"], inputs.call_args(), dict(inputs.kwargs))


def load(path):
    with open(path, encoding="utf-8") as f:
        return Program(json.load(f))


def describe(v):
    """A one-line summary of a value's structure (tensors by shape and dtype)."""
    if isinstance(v, torch.Tensor):
        return f"tensor{tuple(v.shape)} {v.dtype}"
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        inner = ", ".join(f"{f.name}={describe(getattr(v, f.name))}" for f in dataclasses.fields(v))
        return f"{type(v).__qualname__}({inner})"
    if isinstance(v, tuple):
        return "(" + ", ".join(describe(x) for x in v) + ("," if len(v) == 1 else "") + ")"
    if isinstance(v, list):
        return "[" + ", ".join(describe(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k!r}: {describe(x)}" for k, x in v.items()) + "}"
    if v is None or isinstance(v, (bool, int, float, str)):
        return repr(v)
    return f"<{type(v).__qualname__}>"


def main(argv):
    if len(argv) != 2:
        print("usage: graph_eager.py GRAPH.json", file=sys.stderr)
        return 2
    ensure_torch_compat()
    program = load(argv[1])
    inputs = program.build_inputs(seed=0)
    result = program.run(inputs)
    print(f"{argv[1]}: executed {program.executed} statements")
    print(f"  -> {describe(result)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
