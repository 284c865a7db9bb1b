"""Runtime support for the traces that thunderc writes (prologue.py, computation.py, epilogue.py).

thunderc writes this file beside the traces. It holds the prologue's checks, `set_buffer` for the
epilogue, `no_autocast`, and `import_class` for classes that cannot be imported by name. A failed
check raises GuardFailure whose message names the input's path, e.g.
"kwargs['past_key_values'].key_cache[0]: expected shape (1, 8, 128, 64), got (1, 8, 256, 64)".
"""

import ast
import functools
import importlib
import math
import sys

import torch

__all__ = [
    "GuardFailure", "check_hasattr", "check_is", "check_is_not", "check_keys", "check_len",
    "check_literal_like", "check_no_aliases", "check_none", "check_not_none",
    "check_number_type_and_value", "check_string_value", "check_tensor_metadata", "check_type",
    "import_class", "no_autocast", "replace_items", "set_buffer",
]


class GuardFailure(RuntimeError):
    """An input differs from what the compiled program was specialised for."""


def _path_of(depth=2, arg=0, item=None):
    """The input path of the first argument of the check that called us (or of item `item` of
    its argument `arg`, a tuple), recovered from the prologue's own unpack lines
    (`p1 = p0.key_cache`, `p0 = kwargs['past_key_values']`)."""
    try:
        frame = sys._getframe(depth)
        import inspect
        source = inspect.getsource(frame.f_code)
        tree = ast.parse(source)
        fn = tree.body[0]
        origin = {}
        for stmt in fn.body:
            target = value = None
            if isinstance(stmt, ast.AnnAssign):
                target, value = stmt.target, stmt.value
            elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
                target, value = stmt.targets[0], stmt.value
            if isinstance(target, ast.Name) and value is not None:
                origin[target.id] = value
        line = frame.f_lineno - frame.f_code.co_firstlineno + 1
        call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and n.lineno == line)
        node = call.args[arg]
        return _render(node if item is None else node.elts[item], origin)
    except Exception:  # only used to word a message: never mask the failure itself
        return "input"


def _render(node, origin):
    if isinstance(node, ast.Name):
        if node.id in origin:
            return _render(origin[node.id], origin)
        return "self" if node.id == "module" else node.id
    if isinstance(node, ast.Attribute):
        return f"{_render(node.value, origin)}.{node.attr}"
    if isinstance(node, ast.Subscript):
        return f"{_render(node.value, origin)}[{ast.unparse(node.slice)}]"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.args:
        # module.get_parameter('a.b') / get_buffer / get_submodule
        name = ast.literal_eval(node.args[0])
        return f"{_render(node.func.value, origin)}.{name}" if name else _render(node.func.value, origin)
    return ast.unparse(node)


def _fail(expected, got):
    raise GuardFailure(f"{_path_of(3)}: expected {expected}, got {got}")


def check_tensor_metadata(t, shape, device, dtype, requires_grad):
    if not isinstance(t, torch.Tensor):
        _fail("a tensor", type(t).__name__)
    if tuple(t.shape) != tuple(shape):
        _fail(f"shape {tuple(shape)}", tuple(t.shape))
    if t.device != torch.device(device):
        _fail(f"device {device}", str(t.device))
    if t.dtype != dtype:
        _fail(f"dtype {dtype}", t.dtype)
    if t.requires_grad != requires_grad:
        _fail(f"requires_grad={requires_grad}", t.requires_grad)


def check_number_type_and_value(x, value):
    # Floats: NaN matches NaN, and the sign of a zero counts (1 / -0.0 is -inf).
    same = (x == value and (type(value) is not float
                            or math.copysign(1.0, x) == math.copysign(1.0, value))
            or (x != x and value != value))
    if type(x) is not type(value) or not same:
        _fail(f"{type(value).__name__} {value!r}", f"{type(x).__name__} {x!r}")


def check_string_value(x, value):
    if type(x) is not str or x != value:
        _fail(repr(value), repr(x))


def check_literal_like(x, value):
    if type(x) is not type(value) or x != value:
        _fail(repr(value), repr(x))


def check_len(x, n):
    if len(x) != n:
        _fail(f"length {n}", len(x))


def check_none(x):
    if x is not None:
        _fail("None", type(x).__name__)


def check_not_none(x):
    if x is None:
        _fail("a value other than None", None)


def check_type(x, cls):
    if type(x) is not cls:
        _fail(f"an instance of {cls.__module__}.{cls.__qualname__}",
              f"{type(x).__module__}.{type(x).__qualname__}")


def check_keys(d, keys, ordered=False):
    got = tuple(d.keys())
    if (got != tuple(keys)) if ordered else (sorted(got) != sorted(keys)):
        _fail(f"keys {tuple(keys)}", got)


def check_is(a, b):
    if a is not b:
        _fail("the same object as another input path", "a different object")


def check_is_not(a, b):
    if a is b:
        _fail("a different object from another input path", "the same object")


def _shared(x):
    """What an input may share with another: a tensor its storage's memory, anything else
    itself (None: nothing)."""
    if not isinstance(x, torch.Tensor):
        return id(x)
    storage = x.untyped_storage() if hasattr(x, "untyped_storage") else x.storage()
    return ("memory", storage.data_ptr()) if storage.data_ptr() else None


def _overlap(a, b):
    """Whether two inputs that share an object or a storage are one: the same object, or tensors
    on one device whose elements' byte ranges overlap."""
    if not isinstance(a, torch.Tensor):
        return True

    def span(t):
        if t.numel() == 0:
            return 0, 0
        extent = 1 + sum((n - 1) * s for n, s in zip(t.shape, t.stride()))
        return t.data_ptr(), t.data_ptr() + extent * t.element_size()
    (a0, a1), (b0, b1) = span(a), span(b)
    return a.device == b.device and a0 < b1 and b0 < a1


def check_no_aliases(changed, others):
    """The inputs the program changes are distinct from every other input it uses, and share no
    memory with the other tensors (views of one storage that do not overlap are distinct)."""
    inputs = changed + others
    shared = [_shared(x) for x in inputs]
    changed_at = {}  # what a changed input may share -> the changed inputs sharing it
    for i in range(len(changed)):
        if shared[i] is not None:
            changed_at.setdefault(shared[i], []).append(i)
    for j in range(len(inputs)):
        for i in changed_at.get(shared[j], ()):
            if i >= j or not _overlap(inputs[i], inputs[j]):
                continue
            other = _path_of(2, 0, j) if j < len(changed) else _path_of(2, 1, j - len(changed))
            tensor = isinstance(inputs[j], torch.Tensor)
            raise GuardFailure(f"{other}: expected an input distinct from {_path_of(2, 0, i)} (which "
                               f"the program changes), got "
                               f"{'a tensor sharing its memory' if tensor else 'the same object'}")


def check_hasattr(x, name, present):
    if hasattr(x, name) != present:
        _fail(f"{'an' if present else 'no'} attribute {name!r}", "the opposite")


def replace_items(container, items):
    """Gives an input list or dict the final contents the program left it with."""
    if isinstance(container, dict):
        container.clear()
        container.update(items)
    else:
        container[:] = items


def set_buffer(module, path, value):
    """Sets the buffer at dotted `path` of `module` (torch.nn.Module has get_buffer, not this)."""
    *owner, name = path.split(".")
    target = module.get_submodule(".".join(owner)) if owner else module
    target._buffers[name] = value


def no_autocast(fn):
    """Runs `fn` with autocast disabled on every device type, as Thunder's traces do."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        with torch.autocast("cpu", enabled=False):
            if torch.cuda.is_available():
                with torch.autocast("cuda", enabled=False):
                    return fn(*args, **kwargs)
            return fn(*args, **kwargs)
    return wrapper


def _scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                  is_causal=False, *, scale=None, enable_gqa=False):
    """PyTorch 2's math reference of scaled_dot_product_attention, for PyTorch versions without it."""
    import math
    if enable_gqa:  # key and value heads repeated to the query's
        heads = query.shape[-3]
        if key.shape[-3] != heads or value.shape[-3] != heads:
            key = key.repeat_interleave(heads // key.shape[-3], -3)
            value = value.repeat_interleave(heads // value.shape[-3], -3)
    L, S = query.shape[-2], key.shape[-2]
    scale = 1 / math.sqrt(query.shape[-1]) if scale is None else scale
    bias = torch.zeros(L, S, dtype=query.dtype, device=query.device)
    if is_causal:
        mask = torch.ones(L, S, dtype=torch.bool, device=query.device).tril(diagonal=0)
        bias = bias.masked_fill(mask.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            bias = bias.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            bias = bias + attn_mask
    weight = torch.softmax(query @ key.transpose(-2, -1) * scale + bias, dim=-1)
    if dropout_p > 0.0:
        weight = torch.dropout(weight, dropout_p, train=True)
    return weight @ value


if not hasattr(torch.nn.functional, "scaled_dot_product_attention"):
    torch.nn.functional.scaled_dot_product_attention = _scaled_dot_product_attention


def import_class(module, qualname):
    """The class `qualname` (dotted) of `module`; `<locals>` classes are looked up by the caller."""
    obj = importlib.import_module(module)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj
