#include "runtime/trace_exec.h"

#include "runtime/aten_ops.h"
#include "support/diagnostics.h"
#include "support/text.h"

#include <ATen/core/Tensor.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

namespace thunderc::runtime {

namespace {

using RK = RValue::Kind;

std::vector<std::string> split_dots(const std::string &path) {
  std::vector<std::string> out;
  if (path.empty()) return out;
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    out.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return out;
}

// An RValue's class as check_type compares it (the graph's spelling of the class).
std::string class_of(const RValue &v) {
  switch (v.kind) {
  case RK::Object:
  case RK::Dataclass:
  case RK::Module: return v.s;
  case RK::Dict: return v.ordered_dict ? "collections.OrderedDict" : "builtins.dict";
  case RK::List: return "builtins.list";
  case RK::Tuple: return "builtins.tuple";
  case RK::Tensor: return "torch.Tensor";
  default: return "builtins." + type_name(v);
  }
}

std::optional<int64_t> length_of(const RValue &v) {
  switch (v.kind) {
  case RK::Tuple:
  case RK::List: return int64_t(v.items.size());
  case RK::Dict: return int64_t(v.entries.size());
  case RK::Str: // code points, as Python counts
    return int64_t(std::count_if(v.s.begin(), v.s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
  case RK::Module: {
    int64_t n = 0;
    for (const REntry &e : v.entries) n += e.slot == Slot::Submodule;
    return n;
  }
  default: return std::nullopt;
  }
}

std::vector<std::string> keys_of(const RValue &v) {
  std::vector<std::string> out;
  for (const REntry &e : v.entries)
    if (v.kind != RK::Module || e.slot == Slot::Submodule) out.push_back(e.key ? repr(*e.key) : py_str(e.name));
  return out;
}

std::string tuple_text(const std::vector<std::string> &items) {
  std::string out = "(";
  for (size_t i = 0; i < items.size(); ++i) out += (i ? ", " : "") + items[i];
  return out + (items.size() == 1 ? ",)" : ")");
}

// ---- prologue and epilogue: Python values ------------------------------------------------------

class PyExec {
public:
  PyExec(const Trace &t, const LiteralReader &lit) : t_(t), lit_(lit), env_(t.values.size()), paths_(t.values.size()) {}

  void bind(ValueId v, RRef value, std::string path) {
    env_.at(v) = std::move(value);
    paths_.at(v) = std::move(path);
  }

  RRef eval(const Operand &o) {
    switch (o.kind) {
    case Operand::Kind::Value: {
      const RRef &v = env_.at(o.value);
      THUNDERC_ASSERT(v, t_.name + " reads " + t_.name_of(o.value) + " before it is set");
      return v;
    }
    case Operand::Kind::Literal: {
      try {
        return lit_.read(o.literal);
      } catch (const std::invalid_argument &e) {
        THUNDERC_ASSERT(false, t_.name + ": " + e.what());
      }
    }
    case Operand::Kind::Tuple:
    case Operand::Kind::List: {
      std::vector<RRef> items;
      for (const Operand &i : o.items) items.push_back(eval(i));
      return RValue::seq(o.kind == Operand::Kind::Tuple ? RK::Tuple : RK::List, std::move(items));
    }
    case Operand::Kind::Dict: {
      RRef d = RValue::object(RK::Dict, "");
      for (size_t i = 0; i < o.items.size(); ++i) set_item(*d, lit_.read(o.keys.at(i)), eval(o.items[i]));
      return d;
    }
    }
    return RValue::none();
  }

  static void set_item(RValue &d, RRef key, RRef value) {
    for (REntry &e : d.entries)
      if (e.key && key_equal(*e.key, *key)) {
        e.value = std::move(value);
        return;
      }
    std::string name = key->kind == RK::Str ? key->s : repr(*key);
    d.entries.push_back({name, std::move(key), std::move(value), Slot::Item});
  }

  const Trace &t_;
  const LiteralReader &lit_;
  std::vector<RRef> env_;
  std::vector<std::string> paths_;
};

class Prologue : public PyExec {
public:
  using PyExec::PyExec;

  [[noreturn]] void reject(ValueId subject, const std::string &expected, const std::string &got) {
    throw GuardFailure(fmt::format("{}: expected {}, got {}", paths_.at(subject), expected, got));
  }

  ValueId subject(const Instr &ins) {
    THUNDERC_ASSERT(!ins.args.empty() && ins.args[0].kind == Operand::Kind::Value,
                    "prologue: " + ins.callee + " checks no value");
    return ins.args[0].value;
  }

  std::string literal_str(const Operand &o) {
    RRef v = eval(o);
    THUNDERC_ASSERT(v->kind == RK::Str, "prologue: expected a string literal, got " + o.literal);
    return v->s;
  }

  void run_module_getter(const Instr &ins) {
    // module.get_parameter('a.b.weight') / get_buffer / get_submodule
    std::string getter = ins.callee.substr(7);
    ValueId module = t_.params.at(0);
    std::string path = literal_str(ins.args.at(0));
    RRef at = env_.at(module);
    std::string shown = paths_.at(module);
    std::vector<std::string> parts = split_dots(path);
    for (size_t i = 0; i < parts.size(); ++i) {
      bool last = i + 1 == parts.size();
      Slot want = !last || getter == "get_submodule" ? Slot::Submodule
                  : getter == "get_parameter"         ? Slot::Parameter
                                                      : Slot::Buffer;
      const char *what = want == Slot::Submodule ? "sub-module" : want == Slot::Parameter ? "parameter" : "buffer";
      std::string here = shown + "." + parts[i]; // dotted, as thunderc_support spells module members
      if (at->kind != RK::Module)
        throw GuardFailure(fmt::format("{}: expected a torch.nn.Module, got {}", shown, type_name(*at)));
      REntry *e = at->find(parts[i]);
      if (!e || e->slot != want)
        throw GuardFailure(fmt::format("{}: expected a {} named '{}', got {}", here, what, parts[i],
                                       e ? "a member of another kind" : "none"));
      at = e->value;
      shown = here;
    }
    bind(ins.outs.at(0), at, shown);
  }

  void run_getattr(const Instr &ins) {
    ValueId owner = ins.args.at(0).value;
    RRef obj = eval(ins.args.at(0));
    std::string here = paths_.at(owner) + "." + ins.attr;
    REntry *e = obj->kind == RK::Object || obj->kind == RK::Dataclass || obj->kind == RK::Module
                    ? obj->find(ins.attr)
                    : nullptr;
    if (!e) throw GuardFailure(fmt::format("{}: expected an attribute '{}', got none ({} has no such attribute)",
                                           here, ins.attr, type_name(*obj)));
    bind(ins.outs.at(0), e->value, here);
  }

  void run_getitem(const Instr &ins) {
    ValueId owner = ins.args.at(0).value;
    RRef obj = eval(ins.args.at(0));
    const Operand &key_op = ins.args.at(1);
    RRef key = eval(key_op);
    std::string here = paths_.at(owner) + "[" + key_op.literal + "]";
    RRef found;
    if ((obj->kind == RK::Tuple || obj->kind == RK::List) && key->kind == RK::Int) {
      int64_t i = key->i < 0 ? key->i + int64_t(obj->items.size()) : key->i;
      if (i >= 0 && size_t(i) < obj->items.size()) found = obj->items[size_t(i)];
      else
        throw GuardFailure(fmt::format("{}: expected an item at index {}, got a {} of length {}", here, key->i,
                                       type_name(*obj), obj->items.size()));
    } else if (obj->kind == RK::Dict) {
      for (const REntry &e : obj->entries)
        if (e.key && key_equal(*e.key, *key)) found = e.value;
      if (!found) throw GuardFailure(fmt::format("{}: expected a key {}, got a dict without it", here, repr(*key)));
    } else if (obj->kind == RK::Module) {
      std::string name = key->kind == RK::Int ? std::to_string(key->i) : key->s;
      REntry *e = obj->find(name);
      if (!e || e->slot != Slot::Submodule)
        throw GuardFailure(fmt::format("{}: expected a sub-module named '{}', got none", here, name));
      found = e->value;
    } else {
      throw GuardFailure(fmt::format("{}: expected a container to index, got {}", paths_.at(owner), type_name(*obj)));
    }
    bind(ins.outs.at(0), found, here);
  }

  void run_check(const Instr &ins) {
    const std::string &fn = ins.callee;
    ValueId s = subject(ins);
    const RValue &x = *env_.at(s);
    auto arg = [&](size_t i) { return eval(ins.args.at(i)); };
    if (fn == "check_tensor_metadata") {
      if (x.kind != RK::Tensor) reject(s, "a tensor", type_name(x));
      const at::Tensor &t = x.tensor;
      RRef shape = arg(1);
      std::vector<int64_t> want;
      for (const RRef &d : shape->items) want.push_back(d->i);
      if (std::vector<int64_t>(t.sizes().begin(), t.sizes().end()) != want)
        reject(s, "shape " + shape_text(want), shape_text(t.sizes()));
      std::string device = literal_str(ins.args.at(2));
      auto want_device = parse_device(device);
      Device got_device = from_aten(t.device());
      if (!want_device || !(*want_device == got_device)) reject(s, "device " + device, device_name(got_device));
      RRef dtype = arg(3);
      std::string got_dtype;
      bool dtype_ok = false;
      try {
        DType d = from_aten(t.scalar_type());
        dtype_ok = d == dtype->dtype;
        got_dtype = "torch." + std::string(dtype_name(d));
      } catch (const std::invalid_argument &) {
        got_dtype = std::string("torch.") + c10::toString(t.scalar_type());
      }
      if (!dtype_ok) reject(s, "dtype " + repr(*dtype), got_dtype);
      bool rg = arg(4)->b;
      if (t.requires_grad() != rg)
        reject(s, fmt::format("requires_grad={}", rg ? "True" : "False"), t.requires_grad() ? "True" : "False");
      return;
    }
    if (fn == "check_number_type_and_value") {
      RRef v = arg(1);
      bool same = x.kind == v->kind &&
                  (v->kind == RK::Float ? (x.f == v->f || (std::isnan(x.f) && std::isnan(v->f))) : x.i == v->i);
      if (!same) reject(s, type_name(*v) + " " + repr(*v), type_name(x) + " " + repr(x));
      return;
    }
    if (fn == "check_string_value") {
      RRef v = arg(1);
      if (x.kind != RK::Str || x.s != v->s) reject(s, repr(*v), repr(x));
      return;
    }
    if (fn == "check_literal_like") {
      RRef v = arg(1);
      if (x.kind != v->kind || !key_equal(x, *v)) reject(s, repr(*v), repr(x));
      return;
    }
    if (fn == "check_len") {
      int64_t n = arg(1)->i;
      auto len = length_of(x);
      if (!len) reject(s, fmt::format("length {}", n), fmt::format("a {} (no length)", type_name(x)));
      if (*len != n) reject(s, fmt::format("length {}", n), std::to_string(*len));
      return;
    }
    if (fn == "check_none") {
      if (x.kind != RK::None) reject(s, "None", type_name(x));
      return;
    }
    if (fn == "check_not_none") {
      if (x.kind == RK::None) reject(s, "a value other than None", "None");
      return;
    }
    if (fn == "check_type") {
      const Operand &cls_op = ins.args.at(1);
      auto cls = lit_.class_name(cls_op.literal);
      THUNDERC_ASSERT(cls, "prologue: check_type of an unknown class " + cls_op.literal);
      std::string got = class_of(x);
      if (got != *cls) reject(s, "an instance of " + lit_.qualified(*cls), lit_.qualified(got));
      return;
    }
    if (fn == "check_keys") {
      RRef keys = arg(1);
      bool ordered = false;
      for (const auto &[k, v] : ins.kwargs)
        if (k == "ordered") ordered = eval(v)->b;
      std::vector<std::string> want, got = keys_of(x);
      for (const RRef &k : keys->items) want.push_back(repr(*k));
      if (x.kind != RK::Dict && x.kind != RK::Module) reject(s, "keys " + tuple_text(want), type_name(x));
      std::vector<std::string> a = want, b = got;
      if (!ordered) {
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
      }
      if (a != b) reject(s, "keys " + tuple_text(want), tuple_text(got));
      return;
    }
    if (fn == "check_is" || fn == "check_is_not") {
      bool same = env_.at(s).get() == arg(1).get();
      if (fn == "check_is" && !same) reject(s, "the same object as another input path", "a different object");
      if (fn == "check_is_not" && same) reject(s, "a different object from another input path", "the same object");
      return;
    }
    if (fn == "check_hasattr") {
      std::string name = arg(1)->s;
      bool present = arg(2)->b;
      RValue &obj = *env_.at(s);
      bool has = (obj.kind == RK::Object || obj.kind == RK::Dataclass || obj.kind == RK::Module) && obj.find(name);
      if (has != present) reject(s, fmt::format("{} attribute {}", present ? "an" : "no", py_str(name)), "the opposite");
      return;
    }
    THUNDERC_ASSERT(false, "prologue: unknown check " + fn);
  }

  PrologueResult run(const Roots &inputs) {
    // prologue(module, *args, **kwargs) or prologue(*args, **kwargs)
    size_t n = t_.params.size();
    THUNDERC_ASSERT(n == 2 || n == 3, "prologue: unexpected parameters");
    if (n == 3) {
      THUNDERC_ASSERT(inputs.self, "prologue takes a module, and the inputs have no self");
      bind(t_.params[0], inputs.self, "self");
    }
    bind(t_.params[n - 2], inputs.args, "args");
    bind(t_.params[n - 1], inputs.kwargs, "kwargs");
    for (const Instr &ins : t_.body) {
      switch (ins.kind) {
      case Instr::Kind::Comment: break;
      case Instr::Kind::GetAttr: run_getattr(ins); break;
      case Instr::Kind::GetItem: run_getitem(ins); break;
      case Instr::Kind::Call:
        if (ins.callee.starts_with("module.get_")) run_module_getter(ins);
        else run_check(ins);
        break;
      case Instr::Kind::Return: {
        RRef r = eval(ins.args.at(0));
        THUNDERC_ASSERT(r->kind == RK::Tuple && r->items.size() == 2, "prologue returns no pair");
        return {r->items[0]->items, r->items[1]->items};
      }
      default: THUNDERC_ASSERT(false, "prologue: unexpected instruction");
      }
    }
    THUNDERC_ASSERT(false, "prologue has no return");
    return {};
  }
};

class Epilogue : public PyExec {
public:
  using PyExec::PyExec;

  RRef submodule(RRef at, const std::vector<std::string> &parts, size_t count) {
    for (size_t i = 0; i < count; ++i) {
      REntry *e = at->kind == RK::Module ? at->find(parts[i]) : nullptr;
      THUNDERC_ASSERT(e && e->value->kind == RK::Module, "epilogue: no sub-module " + parts[i]);
      at = e->value;
    }
    return at;
  }

  void run_call(const Instr &ins) {
    if (ins.callee == "set_buffer") {
      RRef module = eval(ins.args.at(0));
      std::vector<std::string> parts = split_dots(eval(ins.args.at(1))->s);
      THUNDERC_ASSERT(!parts.empty(), "set_buffer without a path");
      RRef owner = submodule(module, parts, parts.size() - 1);
      RRef value = eval(ins.args.at(2));
      if (REntry *e = owner->find(parts.back())) {
        e->value = value;
        e->slot = Slot::Buffer;
      } else {
        owner->entries.push_back({parts.back(), RValue::str(parts.back()), value, Slot::Buffer});
      }
      return;
    }
    if (ins.callee == "replace_items") {
      RRef target = eval(ins.args.at(0));
      RRef items = eval(ins.args.at(1));
      if (target->kind == RK::Dict) {
        target->entries.clear();
        for (const RRef &kv : items->items) set_item(*target, kv->items.at(0), kv->items.at(1));
      } else {
        THUNDERC_ASSERT(target->kind == RK::List, "replace_items on a " + type_name(*target));
        target->items = items->items;
      }
      return;
    }
    RRef out;
    if (ins.callee == "collections.OrderedDict") {
      out = RValue::object(RK::Dict, "");
      out->ordered_dict = true;
      if (!ins.args.empty())
        for (const RRef &kv : eval(ins.args[0])->items) set_item(*out, kv->items.at(0), kv->items.at(1));
    } else {
      auto cls = lit_.class_name(ins.callee);
      THUNDERC_ASSERT(cls, "epilogue: unknown callable " + ins.callee);
      out = RValue::object(RK::Dataclass, *cls);
      for (const auto &[k, v] : ins.kwargs) out->entries.push_back({k, RValue::str(k), eval(v), Slot::Field});
    }
    THUNDERC_ASSERT(ins.outs.size() == 1, "epilogue: a constructor call without a result");
    bind(ins.outs[0], out, "");
  }

  RRef run(const std::vector<RRef> &inputs) {
    THUNDERC_ASSERT(inputs.size() == t_.params.size(),
                    fmt::format("epilogue takes {} values, given {}", t_.params.size(), inputs.size()));
    for (size_t i = 0; i < inputs.size(); ++i) bind(t_.params[i], inputs[i], t_.name_of(t_.params[i]));
    for (const Instr &ins : t_.body) {
      switch (ins.kind) {
      case Instr::Kind::Comment: break;
      case Instr::Kind::SetAttr: {
        RRef obj = eval(ins.args.at(0));
        THUNDERC_ASSERT(obj->kind == RK::Object || obj->kind == RK::Dataclass || obj->kind == RK::Module,
                        "epilogue: setattr on a " + type_name(*obj));
        obj->set_attr(ins.attr, eval(ins.args.at(1)));
        break;
      }
      case Instr::Kind::SetItem: {
        RRef obj = eval(ins.args.at(0));
        RRef key = eval(ins.args.at(1));
        RRef value = eval(ins.args.at(2));
        if (obj->kind == RK::List) {
          int64_t i = key->i < 0 ? key->i + int64_t(obj->items.size()) : key->i;
          THUNDERC_ASSERT(key->kind == RK::Int && i >= 0 && size_t(i) < obj->items.size(),
                          "epilogue: list index out of range");
          obj->items[size_t(i)] = value;
        } else {
          THUNDERC_ASSERT(obj->kind == RK::Dict, "epilogue: setitem on a " + type_name(*obj));
          set_item(*obj, key, value);
        }
        break;
      }
      case Instr::Kind::Call: run_call(ins); break;
      case Instr::Kind::Return: return eval(ins.args.at(0));
      default: THUNDERC_ASSERT(false, "epilogue: unexpected instruction");
      }
    }
    THUNDERC_ASSERT(false, "epilogue has no return");
    return nullptr;
  }
};

// ---- computation ---------------------------------------------------------------------------------

AArg bind_arg(const ops::Arg &m, const Operand *o, const std::vector<at::Tensor> &env, const Trace &t) {
  AArg a;
  a.meta = m;
  if (m.kind == ops::Arg::Kind::Tensor) {
    THUNDERC_ASSERT(o && o->kind == Operand::Kind::Value, "computation: a tensor argument is not a value");
    a.tensor = env.at(o->value);
    THUNDERC_ASSERT(a.tensor.defined(), "computation reads " + t.name_of(o->value) + " before it is set");
  } else if (m.kind == ops::Arg::Kind::Seq || m.kind == ops::Arg::Kind::Slice) {
    bool seq_operand = o && (o->kind == Operand::Kind::Tuple || o->kind == Operand::Kind::List);
    for (size_t i = 0; i < m.items.size(); ++i)
      a.items.push_back(bind_arg(m.items[i], seq_operand && i < o->items.size() ? &o->items[i] : nullptr, env, t));
  }
  return a;
}

} // namespace

PrologueResult run_prologue(const Trace &prologue, const LiteralReader &literals, const Roots &inputs) {
  return Prologue(prologue, literals).run(inputs);
}

RRef run_epilogue(const Trace &epilogue, const LiteralReader &literals, const std::vector<RRef> &inputs) {
  return Epilogue(epilogue, literals).run(inputs);
}

std::vector<at::Tensor> run_computation(const Trace &t, const std::vector<at::Tensor> &inputs) {
  std::vector<at::Tensor> env(t.values.size());
  THUNDERC_ASSERT(inputs.size() == t.params.size(),
                  fmt::format("computation takes {} tensors, given {}", t.params.size(), inputs.size()));
  for (size_t i = 0; i < inputs.size(); ++i) env[t.params[i]] = inputs[i];
  std::string where; // the last source comment, for messages
  for (const Instr &ins : t.body) {
    if (ins.kind == Instr::Kind::Comment) {
      where = ins.comment;
      continue;
    }
    if (ins.kind == Instr::Kind::Return) {
      std::vector<at::Tensor> out;
      const Operand &r = ins.args.at(0);
      for (const Operand &o : r.items) {
        THUNDERC_ASSERT(o.kind == Operand::Kind::Value, "computation returns a non-value");
        out.push_back(env.at(o.value));
      }
      return out;
    }
    THUNDERC_ASSERT(ins.kind == Instr::Kind::Call && ins.op >= 0, "computation: an instruction without an op");
    auto op = static_cast<ops::Op>(ins.op);
    std::vector<AArg> bound;
    THUNDERC_ASSERT(ins.bound.size() == ins.bound_meta.size(), "computation: bound arguments out of step");
    for (size_t i = 0; i < ins.bound_meta.size(); ++i) bound.push_back(bind_arg(ins.bound_meta[i], &ins.bound[i], env, t));
    // An in-place op without a result updates its receiver: a write-back into an input tensor
    // (copy_), or `operator.setitem` on a clone the trace made for it.
    bool in_place = ins.outs.empty() && (ops::info(op).flags & ops::InPlace);
    AResult res;
    try {
      res = run_aten(op, bound, in_place);
    } catch (const ops::OpError &e) {
      throw ops::OpError(where.empty() ? e.what() : fmt::format("{} (at {})", e.what(), where));
    }
    if (in_place) continue;
    THUNDERC_ASSERT(res.tensors.size() == ins.outs.size(),
                    fmt::format("computation: {} gives {} tensors for {} outputs", ins.callee, res.tensors.size(),
                                ins.outs.size()));
    for (size_t k = 0; k < ins.outs.size(); ++k) {
      ValueId v = ins.outs[k];
      const ValueType &type = t.values.at(v).type;
      if (type.kind == ValueType::Kind::Tensor) {
        TensorMeta got = meta_of(res.tensors[k]);
        got.requires_grad = type.tensor.requires_grad;
        if (!(got == type.tensor))
          THUNDERC_ASSERT(false, fmt::format("computation: {} = {}(...) gave {} where the trace says {}{}", t.name_of(v),
                                             ins.callee, type_comment(got), type_comment(type.tensor),
                                             where.empty() ? "" : " (at " + where + ")"));
      }
      env[v] = res.tensors[k];
    }
  }
  THUNDERC_ASSERT(false, "computation has no return");
  return {};
}

} // namespace thunderc::runtime
