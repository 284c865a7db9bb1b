#include "runtime/trace_exec.h"

#include "runtime/aten_ops.h"
#include "support/diagnostics.h"
#include "support/text.h"

#include <ATen/core/Tensor.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <optional>
#include <string_view>
#include <unordered_map>

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

// An RValue's class as check_type compares it (the graph's spelling of the class), without
// building a string; nullopt for scalars and classes (see class_of).
std::optional<std::string_view> fixed_class(const RValue &v) {
  switch (v.kind) {
  case RK::Object:
  case RK::Dataclass:
  case RK::Module: return v.s;
  case RK::Dict: return v.ordered_dict ? "collections.OrderedDict" : "builtins.dict";
  case RK::List: return "builtins.list";
  case RK::Tuple: return "builtins.tuple";
  case RK::Tensor: return "torch.Tensor";
  default: return std::nullopt;
  }
}

std::string class_of(const RValue &v) {
  if (auto cls = fixed_class(v)) return std::string(*cls);
  return "builtins." + type_name(v);
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
    switch (o.kind()) {
    case Operand::Kind::Value: {
      const RRef &v = env_.at(o.value);
      THUNDERC_ASSERT(v, t_.name + " reads " + t_.name_of(o.value) + " before it is set");
      return v;
    }
    case Operand::Kind::Literal: {
      try {
        return lit_.read(o.literal());
      } catch (const std::invalid_argument &e) {
        THUNDERC_ASSERT(false, t_.name + ": " + e.what());
      }
    }
    case Operand::Kind::Tuple:
    case Operand::Kind::List: {
      std::vector<RRef> items;
      for (const Operand &i : o.items()) items.push_back(eval(i));
      return RValue::seq(o.kind() == Operand::Kind::Tuple ? RK::Tuple : RK::List, std::move(items));
    }
    case Operand::Kind::Dict: {
      RRef d = RValue::object(RK::Dict, "");
      for (size_t i = 0; i < o.items().size(); ++i) set_item(*d, lit_.read(o.keys().at(i)), eval(o.items()[i]));
      return d;
    }
    }
    return RValue::none();
  }


  const Trace &t_;
  const LiteralReader &lit_;
  std::vector<RRef> env_;
  std::vector<std::string> paths_;
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
      if (!ins.args.empty()) {
        RRef pairs = eval(ins.args[0]); // held: a loop over a temporary's member outlives it
        for (const RRef &kv : pairs->items) set_item(*out, kv->items.at(0), kv->items.at(1));
      }
    } else if (derives_tuple(ins.callee.str())) {
      out = eval(ins.args.at(0)); // a subclass of tuple is a tuple here
    } else {
      auto cls = lit_.class_name(ins.callee);
      THUNDERC_ASSERT(cls, "epilogue: unknown callable " + ins.callee.str());
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
        obj->set_attr(ins.attr.str(), eval(ins.args.at(1)));
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
      case Instr::Kind::Assign: bind(ins.outs.at(0), eval(ins.args.at(0)), ""); break;
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
    THUNDERC_ASSERT(o && o->kind() == Operand::Kind::Value, "computation: a tensor argument is not a value");
    a.tensor = env.at(o->value);
    THUNDERC_ASSERT(a.tensor.defined(), "computation reads " + t.name_of(o->value) + " before it is set");
  } else if (m.kind == ops::Arg::Kind::Seq || m.kind == ops::Arg::Kind::Slice) {
    bool seq_operand = o && (o->kind() == Operand::Kind::Tuple || o->kind() == Operand::Kind::List);
    for (size_t i = 0; i < m.items.size(); ++i)
      a.items.push_back(bind_arg(m.items[i], seq_operand && i < o->items().size() ? &o->items()[i] : nullptr, env, t));
  }
  return a;
}

} // namespace

// ---- prologue: prepared once, run per call -------------------------------------------------------
//
// Preparing works out everything that does not depend on the input values: literals are parsed,
// callees become step kinds, every value gets a slot and its input path (used only in messages),
// constants get slots of their own. A run fills the value slots with pointers to the inputs' own
// references (the prologue only reads the inputs), so it copies no shared_ptr and builds no string
// until the result or a message.
//
// A module getter (`module.get_parameter('model.layers.0.mlp.down_proj.weight')`) becomes one
// Member step per member it walks through, starting from the deepest sub-module that an earlier
// getter of the same prologue reached: that walk succeeded earlier in the same run, on the same
// objects, so the steps left fail where, and with the message, the whole walk would.

namespace {

// obj.find(name) for an object, dataclass or module, trying first the entry found on the previous
// run (`hint`). Member names are unique within an object, so the entry named `name` is the one
// find() returns.
[[gnu::noinline]] REntry *find_member_and_hint(RValue &obj, const std::string &name, uint32_t &hint) {
  REntry *e = obj.find(name);
  if (e) hint = uint32_t(e - obj.entries.data());
  return e;
}

// a == b, compared here rather than by a call to memcmp: a prepared prologue compares a member
// name (usually under 24 characters) at every unpack, and the call cost more than the comparison.
[[gnu::always_inline]] inline bool same_text(std::string_view a, std::string_view b) {
  const size_t n = a.size();
  if (n != b.size()) return false;
  const char *p = a.data(), *q = b.data();
  auto word = [](const char *at) {
    uint64_t w;
    std::memcpy(&w, at, sizeof w);
    return w;
  };
  if (n >= 8) { // whole words, then the last word (overlapping the one before it)
    for (size_t i = 0; i + 8 < n; i += 8)
      if (word(p + i) != word(q + i)) return false;
    return word(p + n - 8) == word(q + n - 8);
  }
  for (size_t i = 0; i < n; ++i)
    if (p[i] != q[i]) return false;
  return true;
}

[[gnu::always_inline]] inline REntry *find_member(RValue &obj, const std::string &name, uint32_t &hint) {
  if (hint < obj.entries.size() && same_text(obj.entries[hint].name, name)) return &obj.entries[hint];
  return find_member_and_hint(obj, name, hint);
}

constexpr uint32_t kNoSlot = UINT32_MAX;

// A float guard: NaN matches NaN, and the sign of a zero counts (1 / -0.0 is -inf).
bool same_float(double x, double want) {
  return x == want ? std::signbit(x) == std::signbit(want) : std::isnan(x) && std::isnan(want);
}

bool has_members(const RValue &v) { return v.kind == RK::Object || v.kind == RK::Dataclass || v.kind == RK::Module; }

// check_keys without building strings: true when the key texts of `x` are those of `want` in the
// same order, all of them str keys (whose texts are equal when the strings are). false means "not
// shown equal": the caller then compares the texts as check_keys spells them.
bool str_keys_in_order(const RValue &x, const std::vector<RRef> &want) {
  size_t i = 0;
  for (const REntry &e : x.entries) {
    if (x.kind == RK::Module && e.slot != Slot::Submodule) continue;
    if (i == want.size() || want[i]->kind != RK::Str) return false;
    const std::string &name = e.key ? e.key->s : e.name;
    if ((e.key && e.key->kind != RK::Str) || name != want[i]->s) return false;
    ++i;
  }
  return i == want.size();
}

} // namespace

struct PreparedPrologue::Impl {
  enum class Op : uint8_t {
    GetAttr, GetItem, Member, Alias, // unpacks: slot `out` from slot `x`
    TensorMeta, Number, String, LiteralLike, Len, None, NotNone, Type, Keys, Is, IsNot, HasAttr, // checks of slot `x`
    NoAliases, // check_no_aliases: the slots in `aliases`, the first `n` of them changed by the program
  };
  struct Step {
    Op op = Op::GetAttr;
    uint32_t x = 0;             // the value read: the owner of an unpack, the value a check checks
    uint32_t out = 0;           // unpacks: the slot written
    uint32_t other = 0;         // check_is, check_is_not: the other value's slot
    uint32_t hint = 0;          // lookups: the entry index found on the previous run
    bool flag = false;          // check_tensor_metadata: requires_grad; check_keys: ordered;
                                // check_hasattr: present
    Slot slot = Slot::Attr;     // Member: the kind of member wanted
    int64_t n = 0;              // check_len
    RRef value;                 // the literal compared with (check_tensor_metadata: the dtype); the item key
    std::string name;           // attribute or member name; check_type: the class; tensor: the device text
    std::vector<int64_t> shape; // check_tensor_metadata
    std::optional<Device> device;
    at::Device aten_device = at::kCPU; // check_tensor_metadata: to_aten(*device)
    at::ScalarType dtype = at::kFloat;
    std::vector<uint32_t> aliases; // check_no_aliases
  };

  const Trace &t; // while preparing
  const LiteralReader &lit;
  std::vector<Step> steps;
  uint32_t self = kNoSlot, args = 0, kwargs = 0; // the parameters' slots
  std::vector<const RRef *> slots;      // values (by ValueId), then sub-modules walked through, then constants
  std::vector<std::string> paths;       // by slot: the input path messages name
  std::deque<RRef> constants;           // what constant slots point to
  std::vector<uint32_t> returned[2];    // computation inputs, epilogue inputs
  std::vector<bool> defined;            // while preparing: the slots set by then
  std::unordered_map<std::string, uint32_t> submodules; // while preparing: dotted path -> slot
  std::vector<const void *> shared_;    // check_no_aliases: what each input may share (reused)
  std::vector<std::pair<const void *, uint32_t>> changed_; // check_no_aliases: the changed ones

  Impl(const Trace &trace, const LiteralReader &literals)
      : t(trace), lit(literals), slots(t.values.size()), paths(t.values.size()), defined(t.values.size()) {
    size_t n = t.params.size();
    THUNDERC_ASSERT(n == 2 || n == 3, "prologue: unexpected parameters");
    if (n == 3) self = define(t.params[0], "self");
    args = define(t.params[n - 2], "args");
    kwargs = define(t.params[n - 1], "kwargs");
    submodules[""] = t.params[0];
    for (const Instr &ins : t.body) {
      switch (ins.kind) {
      case Instr::Kind::Comment: break;
      case Instr::Kind::GetAttr: {
        Step s = step(Op::GetAttr, read(ins.args.at(0)));
        s.name = ins.attr.str();
        s.out = define(ins.outs.at(0), paths[s.x] + "." + ins.attr.str());
        steps.push_back(std::move(s));
        break;
      }
      case Instr::Kind::GetItem: {
        const Operand &key = ins.args.at(1);
        THUNDERC_ASSERT(key.kind() == Operand::Kind::Literal, "prologue: an item key that is no literal");
        Step s = step(Op::GetItem, read(ins.args.at(0)));
        s.value = constant(key);
        s.name = s.value->kind == RK::Int ? std::to_string(s.value->i) : s.value->s; // a module's member
        s.out = define(ins.outs.at(0), paths[s.x] + "[" + key.literal().str() + "]");
        steps.push_back(std::move(s));
        break;
      }
      case Instr::Kind::Call:
        if (ins.callee.str().starts_with("module.get_")) prepare_module_getter(ins);
        else prepare_check(ins);
        break;
      case Instr::Kind::Return: {
        const Operand &r = ins.args.at(0);
        THUNDERC_ASSERT(r.kind() == Operand::Kind::Tuple && r.items().size() == 2, "prologue returns no pair");
        for (int k = 0; k < 2; ++k) {
          THUNDERC_ASSERT(r.items()[k].kind() == Operand::Kind::Tuple || r.items()[k].kind() == Operand::Kind::List,
                          "prologue returns no pair of tuples");
          for (const Operand &o : r.items()[k].items()) returned[k].push_back(read(o));
        }
        defined.clear();
        submodules.clear();
        return;
      }
      default: THUNDERC_ASSERT(false, "prologue: unexpected instruction");
      }
    }
    THUNDERC_ASSERT(false, "prologue has no return");
  }

  // ---- preparing

  static Step step(Op op, uint32_t x) {
    Step s;
    s.op = op;
    s.x = x;
    return s;
  }

  uint32_t define(ValueId v, std::string path) {
    THUNDERC_ASSERT(v < t.values.size() && !defined[v], "prologue: " + t.name_of(v) + " is set twice");
    defined[v] = true;
    paths[v] = std::move(path);
    return v;
  }

  uint32_t new_slot(const RRef *points_to, std::string path) {
    slots.push_back(points_to);
    paths.push_back(std::move(path));
    defined.push_back(true);
    return uint32_t(slots.size() - 1);
  }

  RRef constant(const Operand &o) {
    switch (o.kind()) {
    case Operand::Kind::Value: THUNDERC_ASSERT(false, "prologue: a value where a constant was expected"); break;
    case Operand::Kind::Literal:
      try {
        return lit.read(o.literal());
      } catch (const std::invalid_argument &e) {
        THUNDERC_ASSERT(false, t.name + ": " + e.what());
      }
      break;
    case Operand::Kind::Tuple:
    case Operand::Kind::List: {
      std::vector<RRef> items;
      for (const Operand &i : o.items()) items.push_back(constant(i));
      return RValue::seq(o.kind() == Operand::Kind::Tuple ? RK::Tuple : RK::List, std::move(items));
    }
    case Operand::Kind::Dict: {
      RRef d = RValue::object(RK::Dict, "");
      for (size_t i = 0; i < o.items().size(); ++i)
        set_item(*d, constant(Operand::lit(o.keys().at(i))), constant(o.items()[i]));
      return d;
    }
    }
    return RValue::none();
  }

  // The slot an operand is read from: a value set before, or a constant's own slot.
  uint32_t read(const Operand &o) {
    if (o.kind() == Operand::Kind::Value) {
      THUNDERC_ASSERT(o.value < t.values.size() && defined[o.value],
                      t.name + " reads " + t.name_of(o.value) + " before it is set");
      return o.value;
    }
    constants.push_back(constant(o));
    return new_slot(&constants.back(), "");
  }

  std::string literal_str(const Operand &o) {
    RRef v = constant(o);
    THUNDERC_ASSERT(v->kind == RK::Str, "prologue: expected a string literal, got " + o.literal().str());
    return v->s;
  }

  void prepare_module_getter(const Instr &ins) {
    // module.get_parameter('a.b.weight') / get_buffer / get_submodule
    std::string getter = ins.callee.str().substr(7);
    std::vector<std::string> parts = split_dots(literal_str(ins.args.at(0)));
    // The deepest sub-module on the way that an earlier getter reached.
    size_t done = parts.size();
    std::string prefix;
    auto dotted = [&](size_t count) {
      std::string out;
      for (size_t i = 0; i < count; ++i) out += (i ? "." : "") + parts[i];
      return out;
    };
    while (done > 0 && ((getter != "get_submodule" && done == parts.size()) || !submodules.count(dotted(done)))) --done;
    uint32_t at = submodules.at(dotted(done));
    ValueId out = ins.outs.at(0);
    if (done == parts.size()) { // get_submodule of a sub-module reached before (or of '')
      Step s = step(Op::Alias, at);
      s.out = define(out, paths[at]);
      steps.push_back(std::move(s));
      return;
    }
    for (size_t i = done; i < parts.size(); ++i) {
      bool last = i + 1 == parts.size();
      Step s = step(Op::Member, at);
      s.name = parts[i];
      s.slot = !last || getter == "get_submodule" ? Slot::Submodule
               : getter == "get_parameter"         ? Slot::Parameter
                                                   : Slot::Buffer;
      std::string here = paths[at] + "." + parts[i]; // dotted, as thunderc_support spells module members
      s.out = last ? define(out, here) : new_slot(nullptr, here);
      if (s.slot == Slot::Submodule) submodules[dotted(i + 1)] = s.out;
      at = s.out;
      steps.push_back(std::move(s));
    }
  }

  void prepare_check(const Instr &ins) {
    const std::string &fn = ins.callee.str();
    if (fn == "check_no_aliases") {
      THUNDERC_ASSERT(ins.args.size() == 2, "prologue: check_no_aliases takes two tuples");
      Step s = step(Op::NoAliases, args);
      for (const Operand &group : ins.args)
        for (const Operand &o : group.items()) s.aliases.push_back(read(o));
      s.n = int64_t(ins.args[0].items().size());
      steps.push_back(std::move(s));
      return;
    }
    THUNDERC_ASSERT(!ins.args.empty() && ins.args[0].kind() == Operand::Kind::Value, "prologue: " + fn + " checks no value");
    Step s = step(Op::None, read(ins.args[0]));
    auto arg = [&](size_t i) { return constant(ins.args.at(i)); };
    if (fn == "check_tensor_metadata") {
      s.op = Op::TensorMeta;
      RRef shape = arg(1);
      for (const RRef &d : shape->items) s.shape.push_back(d->i);
      s.name = literal_str(ins.args.at(2));
      s.device = parse_device(s.name);
      if (s.device) s.aten_device = to_aten(*s.device);
      s.value = arg(3);
      s.dtype = to_aten(s.value->dtype);
      s.flag = arg(4)->b;
    } else if (fn == "check_number_type_and_value") {
      s.op = Op::Number;
      s.value = arg(1);
    } else if (fn == "check_string_value") {
      s.op = Op::String;
      s.value = arg(1);
    } else if (fn == "check_literal_like") {
      s.op = Op::LiteralLike;
      s.value = arg(1);
    } else if (fn == "check_len") {
      s.op = Op::Len;
      s.n = arg(1)->i;
    } else if (fn == "check_none") {
      s.op = Op::None;
    } else if (fn == "check_not_none") {
      s.op = Op::NotNone;
    } else if (fn == "check_type") {
      s.op = Op::Type;
      auto cls = lit.class_name(ins.args.at(1).literal());
      THUNDERC_ASSERT(cls, "prologue: check_type of an unknown class " + ins.args.at(1).literal().str());
      s.name = *cls;
    } else if (fn == "check_keys") {
      s.op = Op::Keys;
      s.value = arg(1);
      for (const auto &[k, v] : ins.kwargs)
        if (k == "ordered") s.flag = constant(v)->b;
    } else if (fn == "check_is" || fn == "check_is_not") {
      s.op = fn == "check_is" ? Op::Is : Op::IsNot;
      s.other = read(ins.args.at(1));
    } else if (fn == "check_hasattr") {
      s.op = Op::HasAttr;
      s.name = arg(1)->s;
      s.flag = arg(2)->b;
    } else {
      THUNDERC_ASSERT(false, "prologue: unknown check " + fn);
    }
    steps.push_back(std::move(s));
  }

  // ---- running: the tests inline, without strings; messages are built by fail(), only on failure

  PrologueResult run(const Roots &inputs) {
    // prologue(module, *args, **kwargs) or prologue(*args, **kwargs)
    if (self != kNoSlot) {
      THUNDERC_ASSERT(inputs.self, "prologue takes a module, and the inputs have no self");
      slots[self] = &inputs.self;
    }
    slots[args] = &inputs.args;
    slots[kwargs] = &inputs.kwargs;
    for (Step &s : steps) {
      RValue &x = **slots[s.x];
      bool ok = false;
      switch (s.op) {
      case Op::GetAttr: {
        REntry *e = has_members(x) ? find_member(x, s.name, s.hint) : nullptr;
        if (!e) fail(s, x);
        slots[s.out] = &e->value;
        continue;
      }
      case Op::GetItem: slots[s.out] = &item(s, x); continue;
      case Op::Member: {
        REntry *e = x.kind == RK::Module ? find_member(x, s.name, s.hint) : nullptr;
        if (!e || e->slot != s.slot) fail(s, x);
        slots[s.out] = &e->value;
        continue;
      }
      case Op::Alias: slots[s.out] = slots[s.x]; continue;
      case Op::TensorMeta: {
        if (x.kind != RK::Tensor) break;
        const at::Tensor &t = x.tensor;
        // The sizes compared here (a call to memcmp costs more for a handful of them); the device
        // first as the ATen device the literal names (equal ones convert back to the literal's).
        at::IntArrayRef sizes = t.sizes();
        ok = sizes.size() == s.shape.size() && s.device &&
             (t.device() == s.aten_device || from_aten(t.device()) == s.device) &&
             t.scalar_type() == s.dtype && t.requires_grad() == s.flag;
        for (size_t d = 0; ok && d < sizes.size(); ++d) ok = sizes[d] == s.shape[d];
        break;
      }
      case Op::Number: {
        const RValue &v = *s.value;
        ok = x.kind == v.kind && (v.kind == RK::Float ? same_float(x.f, v.f) : x.i == v.i);
        break;
      }
      case Op::String: ok = x.kind == RK::Str && x.s == s.value->s; break;
      case Op::LiteralLike: ok = x.kind == s.value->kind && key_equal(x, *s.value); break;
      case Op::Len: {
        auto len = length_of(x);
        ok = len && *len == s.n;
        break;
      }
      case Op::None: ok = x.kind == RK::None; break;
      case Op::NotNone: ok = x.kind != RK::None; break;
      case Op::Type: {
        auto cls = fixed_class(x);
        ok = cls ? *cls == s.name : class_of(x) == s.name;
        break;
      }
      case Op::Keys:
        ok = (x.kind == RK::Dict || x.kind == RK::Module) && (str_keys_in_order(x, s.value->items) || key_texts_match(s, x));
        break;
      case Op::Is: ok = &x == slots[s.other]->get(); break;
      case Op::IsNot: ok = &x != slots[s.other]->get(); break;
      case Op::HasAttr: ok = (has_members(x) && find_member(x, s.name, s.hint)) == s.flag; break;
      case Op::NoAliases: check_no_aliases(s); continue;
      }
      if (!ok) fail(s, x);
    }
    PrologueResult r;
    for (int k = 0; k < 2; ++k) {
      std::vector<RRef> &out = k == 0 ? r.computation_inputs : r.epilogue_inputs;
      out.reserve(returned[k].size());
      for (uint32_t slot : returned[k]) out.push_back(*slots[slot]);
    }
    return r;
  }

  // obj[key] of a GetItem step; throws GuardFailure when there is none.
  const RRef &item(Step &s, RValue &obj) const {
    const RValue &key = *s.value;
    const std::string &here = paths[s.out];
    if ((obj.kind == RK::Tuple || obj.kind == RK::List) && key.kind == RK::Int) {
      int64_t i = key.i < 0 ? key.i + int64_t(obj.items.size()) : key.i;
      if (i < 0 || size_t(i) >= obj.items.size())
        throw GuardFailure(fmt::format("{}: expected an item at index {}, got a {} of length {}", here, key.i,
                                       type_name(obj), obj.items.size()));
      return obj.items[size_t(i)];
    }
    if (obj.kind == RK::Dict) {
      const std::vector<REntry> &es = obj.entries;
      if (s.hint < es.size() && es[s.hint].key && key_equal(*es[s.hint].key, key)) return es[s.hint].value; // keys are unique
      const REntry *found = nullptr;
      for (size_t i = 0; i < es.size(); ++i)
        if (es[i].key && key_equal(*es[i].key, key)) found = &es[s.hint = uint32_t(i)];
      if (!found) throw GuardFailure(fmt::format("{}: expected a key {}, got a dict without it", here, repr(key)));
      return found->value;
    }
    if (obj.kind == RK::Module) {
      REntry *e = find_member(obj, s.name, s.hint);
      if (!e || e->slot != Slot::Submodule)
        throw GuardFailure(fmt::format("{}: expected a sub-module named '{}', got none", here, s.name));
      return e->value;
    }
    throw GuardFailure(fmt::format("{}: expected a container to index, got {}", paths[s.x], type_name(obj)));
  }

  // check_keys comparing the key texts as thunderc_support spells them (x is a dict or module).
  [[gnu::noinline]] static bool key_texts_match(const Step &s, const RValue &x) {
    std::vector<std::string> want, got = keys_of(x);
    for (const RRef &k : s.value->items) want.push_back(repr(*k));
    if (!s.flag) {
      std::sort(want.begin(), want.end());
      std::sort(got.begin(), got.end());
    }
    return want == got;
  }

  [[noreturn]] void reject(const Step &s, const std::string &expected, const std::string &got) const {
    throw GuardFailure(fmt::format("{}: expected {}, got {}", paths[s.x], expected, got));
  }

  // The inputs the program changes (the first s.n) against every other input of the check:
  // objects by identity, tensors by the bytes their elements lie in (views of one storage that
  // do not overlap are distinct), as thunderc_support's check_no_aliases. Inputs are compared by
  // what they may share first (the object, a tensor storage's memory).
  void check_no_aliases(const Step &s) {
    shared_.resize(s.aliases.size());
    for (size_t i = 0; i < s.aliases.size(); ++i) {
      const RValue &v = **slots[s.aliases[i]];
      const at::Tensor &t = v.tensor;
      shared_[i] = v.kind != RK::Tensor ? static_cast<const void *>(&v)
                   : t.defined() && t.has_storage() ? t.storage().data()
                                                     : nullptr;
    }
    // The changed inputs sorted by what they share; each input looked up among them.
    changed_.clear();
    for (uint32_t i = 0; i < uint32_t(s.n); ++i)
      if (shared_[i]) changed_.push_back({shared_[i], i});
    std::sort(changed_.begin(), changed_.end());
    auto check = [&](uint32_t j, const std::pair<const void *, uint32_t> &c) {
      if (overlap(**slots[s.aliases[c.second]], **slots[s.aliases[j]])) alias_failure(s, j, c.second);
    };
    for (size_t a = 0; a < changed_.size(); ++a)
      for (size_t b = a + 1; b < changed_.size() && changed_[b].first == changed_[a].first; ++b)
        check(changed_[b].second, changed_[a]);
    for (uint32_t j = uint32_t(s.n); j < shared_.size(); ++j) {
      if (!shared_[j]) continue;
      auto at = std::lower_bound(changed_.begin(), changed_.end(), std::pair{shared_[j], uint32_t{0}});
      for (; at != changed_.end() && at->first == shared_[j]; ++at) check(j, *at);
    }
  }

  // Two values that share an object or a storage's memory: the same object, or tensors on one
  // device whose elements' byte ranges overlap.
  static bool overlap(const RValue &a, const RValue &b) {
    if (a.kind != RK::Tensor) return true;
    auto bytes = [](const at::Tensor &t) -> std::pair<uintptr_t, uintptr_t> {
      if (t.numel() == 0) return {0, 0};
      int64_t extent = 1;
      for (int64_t d = 0; d < t.dim(); ++d) extent += (t.size(d) - 1) * t.stride(d);
      auto start = reinterpret_cast<uintptr_t>(t.data_ptr());
      return {start, start + uintptr_t(extent) * t.element_size()};
    };
    auto [a0, a1] = bytes(a.tensor);
    auto [b0, b1] = bytes(b.tensor);
    return a.tensor.device() == b.tensor.device() && a0 < b1 && b0 < a1;
  }

  // Inputs `i` and `j` of the check are one object or share memory; one of them is changed.
  [[noreturn, gnu::cold]] void alias_failure(const Step &s, uint32_t i, uint32_t j) const {
    if (i < s.n && j >= s.n) std::swap(i, j); // name the changed one second
    const RValue &v = **slots[s.aliases[i]];
    throw GuardFailure(fmt::format("{}: expected an input distinct from {} (which the program changes), got {}",
                                   paths[s.aliases[i]], paths[s.aliases[j]],
                                   v.kind == RK::Tensor ? "a tensor sharing its memory" : "the same object"));
  }

  // The failure of step `s` on `x`: throws GuardFailure with thunderc_support's message.
  [[noreturn, gnu::cold, gnu::noinline]] void fail(const Step &s, RValue &x) const {
    switch (s.op) {
    case Op::GetAttr:
      throw GuardFailure(fmt::format("{}: expected an attribute '{}', got none ({} has no such attribute)",
                                     paths[s.out], s.name, type_name(x)));
    case Op::Member: {
      if (x.kind != RK::Module)
        throw GuardFailure(fmt::format("{}: expected a torch.nn.Module, got {}", paths[s.x], type_name(x)));
      const char *what = s.slot == Slot::Submodule ? "sub-module" : s.slot == Slot::Parameter ? "parameter" : "buffer";
      throw GuardFailure(fmt::format("{}: expected a {} named '{}', got {}", paths[s.out], what, s.name,
                                     x.find(s.name) ? "a member of another kind" : "none"));
    }
    case Op::TensorMeta: {
      if (x.kind != RK::Tensor) reject(s, "a tensor", type_name(x));
      const at::Tensor &t = x.tensor;
      if (!t.sizes().equals(s.shape)) reject(s, "shape " + shape_text(s.shape), shape_text(t.sizes()));
      if (!s.device || from_aten(t.device()) != s.device) reject(s, "device " + s.name, device_text(t.device()));
      if (t.scalar_type() != s.dtype) { // the dtype the literal names (to_aten and from_aten are inverse)
        std::string got;
        try {
          got = "torch." + std::string(dtype_name(from_aten(t.scalar_type())));
        } catch (const std::invalid_argument &) {
          got = std::string("torch.") + c10::toString(t.scalar_type());
        }
        reject(s, "dtype " + repr(*s.value), got);
      }
      reject(s, fmt::format("requires_grad={}", s.flag ? "True" : "False"), t.requires_grad() ? "True" : "False");
    }
    case Op::Number: reject(s, type_name(*s.value) + " " + repr(*s.value), type_name(x) + " " + repr(x));
    case Op::String:
    case Op::LiteralLike: reject(s, repr(*s.value), repr(x));
    case Op::Len: {
      auto len = length_of(x);
      if (!len) reject(s, fmt::format("length {}", s.n), fmt::format("a {} (no length)", type_name(x)));
      reject(s, fmt::format("length {}", s.n), std::to_string(*len));
    }
    case Op::None: reject(s, "None", type_name(x));
    case Op::NotNone: reject(s, "a value other than None", "None");
    case Op::Type: reject(s, "an instance of " + lit.qualified(s.name), lit.qualified(class_of(x)));
    case Op::Keys: {
      std::vector<std::string> want;
      for (const RRef &k : s.value->items) want.push_back(repr(*k));
      if (x.kind != RK::Dict && x.kind != RK::Module) reject(s, "keys " + tuple_text(want), type_name(x));
      reject(s, "keys " + tuple_text(want), tuple_text(keys_of(x)));
    }
    case Op::Is: reject(s, "the same object as another input path", "a different object");
    case Op::IsNot: reject(s, "a different object from another input path", "the same object");
    case Op::HasAttr:
      reject(s, fmt::format("{} attribute {}", s.flag ? "an" : "no", py_str(s.name)), "the opposite");
    default: THUNDERC_ASSERT(false, "prologue: no failure for this step");
    }
    throw GuardFailure("unreachable");
  }
};

PreparedPrologue::PreparedPrologue(const Trace &prologue, const LiteralReader &literals)
    : impl_(std::make_unique<Impl>(prologue, literals)) {}
PreparedPrologue::~PreparedPrologue() = default;
PreparedPrologue::PreparedPrologue(PreparedPrologue &&) noexcept = default;
PreparedPrologue &PreparedPrologue::operator=(PreparedPrologue &&) noexcept = default;

PrologueResult PreparedPrologue::run(const Roots &inputs) { return impl_->run(inputs); }

PrologueResult run_prologue(const Trace &prologue, const LiteralReader &literals, const Roots &inputs) {
  return PreparedPrologue(prologue, literals).run(inputs);
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
      where = ins.comment.str();
      continue;
    }
    if (ins.kind == Instr::Kind::Return) {
      std::vector<at::Tensor> out;
      const Operand &r = ins.args.at(0);
      for (const Operand &o : r.items()) {
        THUNDERC_ASSERT(o.kind() == Operand::Kind::Value, "computation returns a non-value");
        out.push_back(env.at(o.value));
      }
      return out;
    }
    THUNDERC_ASSERT(ins.kind == Instr::Kind::Call && ins.op >= 0, "computation: an instruction without an op");
    auto op = static_cast<ops::Op>(ins.op);
    std::vector<AArg> bound;
    for (const BoundArg &a : ins.bound) bound.push_back(bind_arg(a.meta, &a.operand, env, t));
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
                    fmt::format("computation: {} gives {} tensors for {} outputs", ins.callee.str(), res.tensors.size(),
                                ins.outs.size()));
    for (size_t k = 0; k < ins.outs.size(); ++k) {
      ValueId v = ins.outs[k];
      const ValueType &type = t.values.at(v).type;
      if (type.kind == ValueType::Kind::Tensor) {
        TensorMeta got = result_meta(op, res.tensors[k], type.tensor);
        if (!(got == type.tensor))
          THUNDERC_ASSERT(false, fmt::format("computation: {} = {}(...) gave {} where the trace says {}{}", t.name_of(v),
                                             ins.callee.str(), meta_text(got), meta_text(type.tensor),
                                             where.empty() ? "" : " (at " + where + ")"));
      }
      env[v] = res.tensors[k];
    }
  }
  THUNDERC_ASSERT(false, "computation has no return");
  return {};
}

} // namespace thunderc::runtime
