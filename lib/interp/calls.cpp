// Calls: graph functions, library functions by qualified name, callable values, methods (declared
// classes, built-in module methods, tensors, containers), module calls and `new`. A call whose
// target was chosen by the class of an input object relies on that class (a Type guard).
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>

namespace thunderc::interp {

// ---- classes --------------------------------------------------------------------------------

const Interpreter::ClassInfo &Interpreter::class_info(uint32_t cls_symbol) {
  auto [it, fresh] = classes.try_emplace(cls_symbol);
  ClassInfo &info = it->second;
  if (!fresh) return info;
  std::string at(h.symbol(cls_symbol));
  info.decl = g.find_class(at);
  // Methods of the class and its declared bases, nearest first; the built-in base it reaches.
  for (int depth = 0; depth < 64; ++depth) {
    const ClassDecl *c = g.find_class(at);
    if (!c) {
      if (is_builtin_class(at) || at.starts_with("torch.nn.")) {
        info.builtin_base = at;
        info.nn = nn_row(at);
      }
      info.model_output = is_model_output_class(at);
      break;
    }
    for (bool is_static : {false, true})
      for (const auto &[m, fn] : is_static ? c->static_methods : c->methods)
        if (const Function *f = g.find_function(fn)) info.methods.push_back({m, f, is_static});
    if (c->base.empty()) break;
    at = c->base;
  }
  return info;
}

const Function *Interpreter::find_method(const ClassInfo &info, std::string_view method) {
  for (const ClassInfo::Method &m : info.methods)
    if (m.name == method) return m.is_static ? nullptr : m.fn;
  return nullptr;
}

const Function *Interpreter::find_static(const ClassInfo &info, std::string_view method) {
  for (const ClassInfo::Method &m : info.methods)
    if (m.name == method) return m.is_static ? m.fn : nullptr;
  return nullptr;
}

bool Interpreter::is_subclass(const std::string &cls, const std::string &of) const {
  if (of == "builtins.object") return true;
  std::string at = cls;
  for (int depth = 0; depth < 64; ++depth) {
    if (at == of) return true;
    if (const ClassDecl *c = g.find_class(at)) {
      if (c->base.empty()) return false;
      at = c->base;
      continue;
    }
    if (at == "torch.nn.modules.linear.NonDynamicallyQuantizableLinear") {
      at = "torch.nn.Linear"; // MultiheadAttention's out_proj
      continue;
    }
    if (at.starts_with("torch.nn.") && at != "torch.nn.Module") {
      at = "torch.nn.Module";
      continue;
    }
    if (at == "collections.OrderedDict") {
      at = "builtins.dict";
      continue;
    }
    if (derives_tuple(at)) {
      at = "builtins.tuple";
      continue;
    }
    if (at == "builtins.bool") {
      at = "builtins.int";
      continue;
    }
    return false;
  }
  return false;
}

std::string Interpreter::class_of(Value v) const {
  switch (h.kind(v)) {
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
    return std::string(h.name(v));
  case Kind::None:
    return "builtins.NoneType";
  case Kind::Bool:
    return "builtins.bool";
  case Kind::Int:
    return "builtins.int";
  case Kind::Float:
    return "builtins.float";
  case Kind::Str:
    return "builtins.str";
  case Kind::Tuple: // torch.Size, torch.return_types.max and the like derive tuple
    return h.tuple_class(v).empty() ? "builtins.tuple" : std::string(h.tuple_class(v));
  case Kind::List:
    return "builtins.list";
  case Kind::Dict:
    return h.ordered_dict(v) ? "collections.OrderedDict" : "builtins.dict";
  case Kind::Range:
    return "builtins.range";
  case Kind::Slice:
    return "builtins.slice";
  case Kind::Tensor:
    return "torch.Tensor";
  case Kind::DType:
    return "torch.dtype";
  case Kind::Device:
    return "torch.device";
  case Kind::Class:
    return "builtins.type";
  default:
    return "builtins.function";
  }
}

// ---- calls ----------------------------------------------------------------------------------

Value Interpreter::call_named(const std::string &name, Args args, Kwargs kwargs) {
  if (const Function *fn = g.find_function(name))
    return call_function(*fn, std::move(args), kwargs);
  return call_builtin_named(name, args, kwargs);
}

Value Interpreter::call_builtin_named(const std::string &name, Args &args, Kwargs &kwargs) {
  if (auto v = call_builtin(name, args, kwargs)) return *v;
  if (name.starts_with("torch.")) {
    if (auto op = ops::lookup_function(name)) return tensor_op(*op, std::move(args), kwargs);
    std::vector<std::string> known;
    for (const auto &op : ops::all_ops())
      known.emplace_back(op.torch_name);
    fail(fmt::format("{} is not in thunderc's op catalogue{}; docs/ops.md lists the catalogue", name,
                     did_you_mean(name, known)));
  }
  fail(fmt::format("unknown function {}{}", py_str(name), did_you_mean(name, g.function_names())));
}

Value Interpreter::call_value(Value callee, Args args, Kwargs kwargs) {
  switch (h.kind(callee)) {
  case Kind::Function: {
    const Function *fn = g.find_function(std::string(h.name(callee)));
    THUNDERC_ASSERT(fn, "function value names no function");
    return call_function(*fn, std::move(args), kwargs);
  }
  case Kind::Builtin:
    return call_named(std::string(h.name(callee)), std::move(args), std::move(kwargs));
  case Kind::Method:
    return call_method(h.receiver(callee), std::string(h.name(callee)), std::move(args),
                       std::move(kwargs));
  case Kind::Class:
    return construct(std::string(h.name(callee)), std::move(args), std::move(kwargs));
  case Kind::Module:
    return module_call(callee, std::move(args), std::move(kwargs));
  case Kind::Object:
  case Kind::Dataclass:
    if (find_method(callee, "__call__"))
      return call_method(callee, "__call__", std::move(args), std::move(kwargs));
    break;
  default:
    break;
  }
  fail(fmt::format("{} object is not callable", py_str(h.type_name(callee))));
}

Value Interpreter::module_call(Value m, Args args, Kwargs kwargs) {
  const ClassInfo &info = class_info(m);
  if (const Function *fn = find_method(info, "forward")) {
    rely_type(m);
    args.insert(args.begin(), m);
    return call_function(*fn, std::move(args), kwargs);
  }
  const std::string &base = info.builtin_base;
  if (!base.empty() && base != "torch.nn.Module") {
    rely_type(m);
    return nn_forward(info, m, args, kwargs);
  }
  fail(fmt::format("module {} ({}) has no forward method; declare one under classes.{}.methods",
                   h.path_of(m), h.name(m), h.name(m)));
}

Value Interpreter::call_method(Value obj, const std::string &name, Args args, Kwargs kwargs) {
  switch (h.kind(obj)) {
  case Kind::Tensor:
    if (auto v = tensor_method(obj, name, args, kwargs)) return *v;
    break;
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module: {
    bool module = h.is(obj, Kind::Module);
    const ClassInfo &cls = class_info(obj);
    std::optional<Entry> e; // a copy: the calls below may grow this object's table
    if (const Entry *found = find_attr(obj, name)) e = *found;
    // Instance attributes holding callables win over methods, except module members (found by
    // nn.Module.__getattr__ only after the class).
    if (e && (!module || e->slot == Slot::Attr))
      return call_value(read_entry(obj, *e), std::move(args), std::move(kwargs));
    if (const Function *fn = find_method(cls, name)) {
      rely_type(obj);
      args.insert(args.begin(), obj);
      return call_function(*fn, std::move(args), kwargs);
    }
    if (const Function *fn = find_static(cls, name)) {
      rely_type(obj);
      return call_function(*fn, std::move(args), kwargs);
    }
    if (cls.model_output && name == "to_tuple" && h.is(obj, Kind::Dataclass)) {
      if (!args.empty() || !kwargs.empty()) fail("to_tuple() takes no arguments");
      rely_type(obj);
      return model_output_tuple(obj);
    }
    if (module) {
      const std::string &base = cls.builtin_base;
      if (name == "forward" && !base.empty())
        return module_call(obj, std::move(args), std::move(kwargs));
      if (auto v = container_method(obj, name, args, kwargs)) {
        rely_type(obj);
        return *v;
      }
      if (e) return call_value(read_entry(obj, *e), std::move(args), std::move(kwargs));
    }
    break;
  }
  case Kind::Class: // Cls.method(x, ...), Cls.static_method(...): the function itself
    if (const Function *fn = find_method(obj, name))
      return call_function(*fn, std::move(args), kwargs);
    if (const Function *fn = find_static(class_info(obj), name))
      return call_function(*fn, std::move(args), kwargs);
    break;
  default:
    if (auto v = container_method(obj, name, args, kwargs)) return *v;
    break;
  }
  Value callee = getattr(obj, name);
  if (h.is(callee, Kind::Method) && h.receiver(callee) == obj && h.name(callee) == name)
    fail(fmt::format("the method {}.{} is not supported", h.type_name(obj), name));
  return call_value(callee, std::move(args), std::move(kwargs));
}

// ---- new ------------------------------------------------------------------------------------

Value Interpreter::construct(const std::string &cls, Args args, Kwargs kwargs) {
  if (cls == "builtins.dict" || cls == "collections.OrderedDict") {
    Value d = h.dict(new_record(), cls == "collections.OrderedDict");
    if (args.size() > 1) fail(fmt::format("{}() takes at most 1 positional argument", cls));
    if (!args.empty()) {
      if (h.is(args[0], Kind::Dict)) {
        rely_keys(args[0], true);
        for (size_t i = 0; i < h.entries(args[0]).size(); ++i) {
          Entry e = h.entries(args[0])[i];
          h.set_key(d, e.key, read_entry(args[0], e));
        }
      } else {
        for (Value pair : iterate(args[0])) {
          if (!h.is(pair, Kind::Tuple) && !h.is(pair, Kind::List))
            fail(fmt::format("{}(): items must be (key, value) pairs, not {}", cls,
                             h.type_name(pair)));
          rely_len(pair);
          if (h.items(pair).size() != 2)
            fail(fmt::format("{}(): items must be (key, value) pairs", cls));
          Value k = read_item(pair, 0), v = read_item(pair, 1);
          if (!h.hashable(k)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(k))));
          rely(k);
          h.set_key(d, k, v);
        }
      }
    }
    for (const auto &[k, v] : kwargs)
      h.set_key(d, h.str(k), v);
    return d;
  }
  if (cls == "builtins.list" || cls == "builtins.tuple" || cls == "torch.Size") {
    if (args.size() > 1 || !kwargs.empty()) fail(fmt::format("{}() takes at most 1 argument", cls));
    std::vector<Value> items = args.empty() ? std::vector<Value>{} : iterate(args[0]);
    if (cls == "builtins.list") return h.list(std::move(items), new_record());
    if (cls == "torch.Size")
      for (size_t i = 0; i < items.size(); ++i) {
        rely_type(items[i]);
        if (!h.is(items[i], Kind::Int))
          fail(fmt::format("torch.Size() takes an iterable of 'int' (item {} is {})", i,
                           py_str(h.type_name(items[i]))));
      }
    Value t = h.tuple(std::move(items), new_record());
    if (cls == "torch.Size") h.set_tuple_class(t, cls);
    return t;
  }
  if (cls == "builtins.bool" || cls == "builtins.int" || cls == "builtins.float" ||
      cls == "builtins.str")
    return call_builtin_named(cls, args, kwargs); // int(x): the builtin's conversion
  const ClassDecl *decl = g.find_class(cls);
  if (!decl && !cls.starts_with("torch.nn.")) // builtins.object, torch.Tensor, ...
    fail(fmt::format("creating a {} with `new` is not supported{}", cls,
                     cls == "torch.Tensor" ? ": make tensors with torch functions" : ""));
  if (!decl)
    fail(fmt::format("creating a {} while tracing is not supported: its parameters would be new "
                     "tensors; pass the module in the inputs instead",
                     cls));
  if (decl->is_dataclass) {
    if (args.size() > decl->fields.size())
      fail(fmt::format("{}() takes {} positional arguments but {} were given", cls,
                       decl->fields.size(), args.size()));
    std::vector<Value> values(decl->fields.size());
    for (size_t i = 0; i < args.size(); ++i)
      values[i] = args[i];
    for (const auto &[k, v] : kwargs) {
      auto it = std::find(decl->fields.begin(), decl->fields.end(), k);
      if (it == decl->fields.end())
        fail(fmt::format("{}() got an unexpected keyword argument {}{}", cls, py_str(k),
                         did_you_mean(k, decl->fields)));
      size_t i = size_t(it - decl->fields.begin());
      if (values[i]) fail(fmt::format("{}() got multiple values for argument {}", cls, py_str(k)));
      values[i] = v;
    }
    Value obj = h.object(Kind::Dataclass, cls, new_record());
    for (size_t i = 0; i < values.size(); ++i) {
      if (!values[i]) {
        const Expr *d = decl->default_for(decl->fields[i]);
        if (!d)
          fail(fmt::format("{}() missing required argument {}", cls, py_str(decl->fields[i])));
        values[i] = literal(*d);
      }
      h.set_attr(obj, decl->fields[i], values[i], Slot::Field);
    }
    if (const Function *fn = find_method(cls, "__post_init__")) call_function(*fn, {obj}, {});
    return obj;
  }
  const std::string &base = builtin_base(cls);
  Value obj = h.object(base.empty() ? Kind::Object : Kind::Module, cls, new_record());
  if (!base.empty()) h.set_attr(obj, "training", h.boolean(true)); // nn.Module.__init__
  if (const Function *fn = find_method(cls, "__init__")) {
    args.insert(args.begin(), obj);
    call_function(*fn, std::move(args), kwargs);
  } else if (!args.empty() || !kwargs.empty()) {
    fail(fmt::format("{}() takes no arguments: a declared plain class starts empty (declare an "
                     "__init__ method, or set attributes with setattr)",
                     cls));
  }
  return obj;
}

} // namespace thunderc::interp
