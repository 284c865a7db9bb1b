// Attribute and item access with Python's lookup rules, and iteration. Reads of input members
// mark them reached (and check aliasing); writes to input objects become side effects
// (effects.cpp); writes to objects made while tracing are plain state.
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>

namespace thunderc::interp {

namespace {
bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

const std::vector<std::string> &list_methods() {
  static const std::vector<std::string> m = {"append", "extend", "pop",   "insert", "index",
                                             "count",  "copy",   "clear", "remove", "reverse"};
  return m;
}
const std::vector<std::string> &dict_methods() {
  static const std::vector<std::string> m = {"get",        "keys", "values", "items", "update",
                                             "setdefault", "pop",  "copy",   "clear"};
  return m;
}
const std::vector<std::string> &str_methods() {
  static const std::vector<std::string> m = {"startswith", "endswith", "join",    "lower", "upper",
                                             "split",      "strip",    "replace", "format"};
  return m;
}
bool has(const std::vector<std::string> &names, const std::string &n) {
  return std::find(names.begin(), names.end(), n) != names.end();
}
} // namespace

std::vector<Value> Interpreter::submodules(Value m) const {
  std::vector<Value> out;
  for (const Entry &e : h.entries(m))
    if (e.slot == Slot::Submodule) out.push_back(e.value);
  return out;
}

Value Interpreter::read_entry(Value owner, const Entry &e) {
  Value v = e.value;
  if (h.from_input(owner)) {
    if (e.alias) {
      std::string key(h.symbol(e.name));
      bool int_key = e.slot == Slot::Submodule && all_digits(key);
      alias_read(owner, key, int_key, int_key ? std::stoll(key) : 0, e.slot, v);
    }
    reached(v);
  }
  return v;
}

Value Interpreter::read_item(Value seq, size_t i) {
  Value v = h.items(seq)[i];
  if (h.from_input(seq)) {
    if (alias_items.count(uint64_t(seq.id) << 32 | i))
      alias_read(seq, "#" + std::to_string(i), true, int64_t(i), Slot::Item, v);
    reached(v);
  }
  return v;
}

// ---- getattr --------------------------------------------------------------------------------

namespace {
// Compared as string_views: a length differs first (most reads are of members, `q_proj`, whose
// length matches none of these), where comparing with a C string measured and compared it.
bool module_builtin_method(std::string_view base, std::string_view name) {
  using namespace std::string_view_literals;
  if (name == "register_buffer"sv || name == "get_submodule"sv || name == "get_parameter"sv ||
      name == "get_buffer"sv)
    return true;
  if (name == "keys"sv || name == "values"sv || name == "items"sv)
    return base == "torch.nn.ModuleDict"sv;
  return name == "forward"sv && base != "torch.nn.Module"sv && base != "torch.nn.ModuleList"sv &&
         base != "torch.nn.ModuleDict"sv;
}
} // namespace

Entry *Interpreter::find_attr(Value obj, const std::string &name) {
  const Stmt *s = own_statement(name);
  if (!s) return h.find_attr(obj, name);
  uint32_t &sym = facts(s).symbol;
  if (sym == kNoSymbol) { // absent from the heap's strings so far: looked up again next time
    auto found = h.find_symbol(name);
    if (!found) return nullptr;
    sym = *found;
  }
  return h.find_attr(obj, sym);
}

std::optional<Value> Interpreter::try_getattr(Value obj, const std::string &name) {
  switch (h.kind(obj)) {
  case Kind::Object:
  case Kind::Dataclass:
    if (Entry *e = find_attr(obj, name)) return read_entry(obj, *e);
    if (find_method(obj, name)) {
      rely_type(obj);
      return h.method(obj, name);
    }
    if (const Function *fn = find_static(class_info(obj), name)) {
      rely_type(obj);
      return h.function(fn->name);
    }
    return std::nullopt;
  case Kind::Module: {
    // Instance attributes win over methods, methods over parameters/buffers/sub-modules (which
    // nn.Module.__getattr__ finds only when normal lookup fails).
    Entry *e = find_attr(obj, name);
    if (e && e->slot == Slot::Attr) return read_entry(obj, *e);
    const ClassInfo &cls = class_info(obj);
    if (find_method(cls, name) || module_builtin_method(cls.builtin_base, name)) {
      rely_type(obj);
      return h.method(obj, name);
    }
    if (const Function *fn = find_static(cls, name)) {
      rely_type(obj);
      return h.function(fn->name);
    }
    if (e) return read_entry(obj, *e);
    return std::nullopt;
  }
  case Kind::Tensor: {
    bool found = false;
    Value v = tensor_attr(obj, name, &found);
    if (found) return v;
    if (ops::lookup_method(name) || ops::inplace_form(name) || interpreted_tensor_method(name))
      return h.method(obj, name);
    return std::nullopt;
  }
  case Kind::Class:
    if (const Function *fn = find_method(obj, name)) return h.function(fn->name);
    if (const Function *fn = find_static(class_info(obj), name)) return h.function(fn->name);
    return std::nullopt;
  case Kind::List:
    if (has(list_methods(), name)) return h.method(obj, name);
    return std::nullopt;
  case Kind::Dict:
    if (has(dict_methods(), name)) return h.method(obj, name);
    return std::nullopt;
  case Kind::Tuple:
    if (name == "index" || name == "count") return h.method(obj, name);
    if (h.tuple_class(obj).starts_with("torch.return_types.") &&
        (name == "values" || name == "indices"))
      return h.items(obj)[name == "values" ? 0 : 1];
    if (h.tuple_class(obj) == "torch.Size" && name == "numel") return h.method(obj, name);
    return std::nullopt;
  case Kind::Str:
    if (has(str_methods(), name)) return h.method(obj, name);
    return std::nullopt;
  case Kind::Range:
  case Kind::Slice: {
    static const char *parts[] = {"start", "stop", "step"};
    for (size_t i = 0; i < 3; ++i)
      if (name == parts[i]) return h.items(obj)[i];
    return std::nullopt;
  }
  case Kind::DType:
    rely(obj);
    if (name == "is_floating_point") return h.boolean(is_floating(h.as_dtype(obj)), kComputed);
    if (name == "is_complex") return h.boolean(is_complex(h.as_dtype(obj)), kComputed);
    return std::nullopt;
  case Kind::Device:
    rely(obj);
    if (name == "type") {
      Device d = h.as_device(obj);
      return h.str(device_name(Device{d.type, -1}), kComputed);
    }
    if (name == "index") {
      Device d = h.as_device(obj);
      return d.index < 0 ? h.none(kComputed) : num(d.index);
    }
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

Value Interpreter::getattr(Value obj, const std::string &name) {
  if (auto v = try_getattr(obj, name)) return *v;
  std::vector<std::string> names;
  if (h.is(obj, Kind::Object) || h.is(obj, Kind::Dataclass) || h.is(obj, Kind::Module)) {
    for (const Entry &e : h.entries(obj))
      names.emplace_back(h.symbol(e.name));
    for (const ClassInfo::Method &m : class_info(obj).methods)
      names.emplace_back(m.name);
    rely_hasattr(obj, name, false);
  }
  if (h.is(obj, Kind::Tensor))
    for (const auto &op : ops::all_ops())
      names.emplace_back(op.torch_name.substr(op.torch_name.rfind('.') + 1));
  // A declared class's members are the graph's; a tensor's, a str's or an int's are Python's and
  // PyTorch's, of which thunderc knows a part.
  bool declared = h.is(obj, Kind::Object) || h.is(obj, Kind::Dataclass) || h.is(obj, Kind::Module);
  fail(fmt::format("{} object has no attribute {}{}{}{}", py_str(h.type_name(obj)), py_str(name),
                   declared                  ? ""
                   : h.is(obj, Kind::Tensor) ? " in thunderc's op catalogue"
                                             : " that thunderc supports",
                   did_you_mean(name, names),
                   h.is(obj, Kind::Tensor) ? "; docs/ops.md lists the catalogue" : ""));
}

// ---- setattr --------------------------------------------------------------------------------

void Interpreter::setattr(Value obj, const std::string &name, Value value) {
  Kind k = h.kind(obj);
  if (k == Kind::Object && is_type_info(h.name(obj)))
    fail(h.find_attr(obj, name) ? fmt::format("attribute {} of {} objects is not writable",
                                              py_str(name), py_str(h.type_name(obj)))
                                : fmt::format("{} object has no attribute {}",
                                              py_str(h.type_name(obj)), py_str(name)));
  if (k == Kind::Object || k == Kind::Dataclass) {
    h.set_attr(obj, name, value,
               k == Kind::Dataclass && h.find_attr(obj, name) ? Slot::Field : Slot::Attr);
    if (h.from_input(obj))
      record_effect(
          SideEffect{
              .kind = SideEffect::Kind::SetAttr, .target = obj, .name = name, .value = value},
          "." + name);
    return;
  }
  if (k != Kind::Module)
    fail(fmt::format("cannot set attribute {} of a {} object", py_str(name),
                     py_str(h.type_name(obj))));
  Entry *e = h.find_attr(obj, name);
  Slot slot = e ? e->slot : h.is(value, Kind::Module) ? Slot::Submodule : Slot::Attr;
  bool input = h.from_input(obj);
  if (e && h.is(value, Kind::Module) && (slot == Slot::Attr || slot == Slot::Buffer)) {
    // nn.Module.__setattr__ moves a module assigned over a plain attribute or a buffer to the
    // sub-modules, last in their order
    if (input)
      fail(fmt::format("assigning a module to attribute {} of the input module {} is not "
                       "supported",
                       py_str(name), h.path_of(obj)));
    std::span<const Entry> all = h.entries(obj);
    for (size_t i = size_t(e - all.data()) + 1; i < all.size(); ++i)
      if (all[i].slot == Slot::Submodule)
        fail(fmt::format("assigning a module to attribute {} of {}, which already has sub-modules "
                         "after it, is not supported",
                         py_str(name), h.type_name(obj)));
    e->slot = slot = Slot::Submodule;
  }
  if (slot == Slot::Parameter && !h.is(value, Kind::None))
    fail(fmt::format("cannot assign {} to parameter {} of {}: parameters are torch.nn.Parameter "
                     "objects; update the tensor in place (copy_) instead",
                     h.repr(value), py_str(name), h.path_of(obj)));
  if (slot == Slot::Buffer && !h.is(value, Kind::Tensor) && !h.is(value, Kind::None))
    fail(fmt::format("cannot assign {} to buffer {}: a buffer holds a tensor or None",
                     h.repr(value), py_str(name)));
  if (slot == Slot::Submodule && input)
    fail(fmt::format("replacing sub-module {} of the input module {} is not supported",
                     py_str(name), h.path_of(obj)));
  if (slot == Slot::Submodule && !h.is(value, Kind::Module) && !h.is(value, Kind::None))
    fail(fmt::format("cannot assign {} to sub-module {}", h.repr(value), py_str(name)));
  h.set_attr(obj, name, value, slot);
  if (!input) return;
  SideEffect effect{.kind = slot == Slot::Buffer ? SideEffect::Kind::SetBuffer
                                                 : SideEffect::Kind::SetAttr,
                    .target = obj,
                    .name = name,
                    .value = value};
  auto mp = h.module_path(h.prov(obj));
  effect.module_path = mp ? mp->path + "." + name : name;
  effect.module_root = mp ? mp->root : h.prov(obj);
  record_effect(std::move(effect), "." + name);
}

// ---- items ----------------------------------------------------------------------------------

int64_t Interpreter::seq_index(Value seq, Value index, size_t size) {
  if (!h.is(index, Kind::Int) && !h.is(index, Kind::Bool))
    fail(fmt::format("{} indices must be integers or slices, not {}", h.type_name(seq),
                     h.type_name(index)));
  int64_t i = to_int(index, "an index");
  int64_t n = static_cast<int64_t>(size);
  if (i < 0) {
    rely_len(seq);
    i += n;
  }
  if (i < 0 || i >= n)
    fail(fmt::format("{} index {} is out of range (length {})", h.type_name(seq), h.as_int(index),
                     n));
  return i;
}

namespace {
struct SliceRange {
  int64_t start, stop, step;
  std::vector<size_t> indices() const {
    std::vector<size_t> out;
    for (int64_t i = start; step > 0 ? i < stop : i > stop; i += step)
      out.push_back(size_t(i));
    return out;
  }
};
} // namespace

static SliceRange slice_range(Interpreter &in, Value slice, int64_t n) {
  Heap &h = in.h;
  auto part = [&](size_t k) -> std::optional<int64_t> {
    Value v = h.items(slice)[k];
    if (h.is(v, Kind::None)) return std::nullopt;
    return in.to_int(v, "a slice bound");
  };
  auto step_v = part(2);
  int64_t step = step_v.value_or(1);
  if (step == 0) in.fail("slice step cannot be zero");
  auto adjust = [&](std::optional<int64_t> v, bool is_start) {
    if (!v) return is_start ? (step < 0 ? n - 1 : 0) : (step < 0 ? -1 : n);
    int64_t x = *v;
    if (x < 0) {
      x += n;
      if (x < 0) x = step < 0 ? -1 : 0;
    } else if (x >= n) {
      x = step < 0 ? n - 1 : n;
    }
    return x;
  };
  return SliceRange{adjust(part(0), true), adjust(part(1), false), step};
}

Value Interpreter::getitem(Value obj, Value index) {
  switch (h.kind(obj)) {
  case Kind::Tuple:
  case Kind::List: {
    size_t n = h.items(obj).size();
    if (h.is(index, Kind::Slice)) {
      rely_len(obj);
      std::vector<Value> out;
      for (size_t i : slice_range(*this, index, int64_t(n)).indices())
        out.push_back(read_item(obj, i));
      if (h.is(obj, Kind::List)) return h.list(std::move(out), new_record());
      return same_size_class(obj, h.tuple(std::move(out), new_record())); // shape[:-1]
    }
    return read_item(obj, size_t(seq_index(obj, index, n)));
  }
  case Kind::Str: {
    rely(obj);
    std::vector<std::string_view> chars = code_points(h.as_str(obj)); // Python indexes characters
    if (h.is(index, Kind::Slice)) {
      std::string out;
      for (size_t i : slice_range(*this, index, int64_t(chars.size())).indices())
        out += chars[i];
      return h.str(out, kComputed);
    }
    return h.str(std::string(chars[size_t(seq_index(obj, index, chars.size()))]), kComputed);
  }
  case Kind::Range: {
    if (h.is(index, Kind::Slice)) fail("slicing a range is not supported; slice list(range(...))");
    return range_item(obj, seq_index(obj, index, size_t(range_len(obj))));
  }
  case Kind::Dict: {
    if (!h.hashable(index)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(index))));
    rely(index);
    if (Entry *e = h.find_key(obj, index)) return read_entry(obj, *e);
    std::vector<std::string> keys;
    for (const Entry &e : h.entries(obj))
      if (e.name != kNoSymbol) keys.emplace_back(h.symbol(e.name));
    rely_keys(obj, false);
    fail(fmt::format("KeyError: {}{}", h.repr(index),
                     h.is(index, Kind::Str) ? did_you_mean(h.as_str(index), keys) : ""));
  }
  case Kind::Module: {
    std::string_view cls = h.name(obj);
    if (find_method(cls, "__getitem__")) return call_method(obj, "__getitem__", {index}, {});
    const std::string &base = builtin_base(cls);
    if (base == "torch.nn.ModuleDict") {
      if (!h.hashable(index)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(index))));
      rely(index);
      Entry *e = h.is(index, Kind::Str) ? h.find_attr(obj, h.as_str(index)) : nullptr;
      if (e && e->slot == Slot::Submodule) return read_entry(obj, *e);
      fail(fmt::format("KeyError: {} is not a sub-module of {}", h.repr(index), h.type_name(obj)));
    }
    if (base != "torch.nn.ModuleList" && base != "torch.nn.Sequential")
      fail(fmt::format("{} object is not subscriptable", py_str(h.type_name(obj))));
    // Both index by position over the sub-modules, whatever their names
    std::vector<Entry> subs;
    for (const Entry &e : h.entries(obj))
      if (e.slot == Slot::Submodule) subs.push_back(e);
    if (h.is(index, Kind::Slice)) {
      rely_len(obj);
      // Sequential's slice keeps the names; ModuleList's renumbers from 0
      bool keep = base == "torch.nn.Sequential";
      Value out = h.object(Kind::Module, cls, new_record());
      size_t j = 0;
      for (size_t i : slice_range(*this, index, int64_t(subs.size())).indices()) {
        std::string key = keep ? std::string(h.symbol(subs[i].name)) : std::to_string(j++);
        h.set_attr(out, key, read_entry(obj, subs[i]), Slot::Submodule);
      }
      return out;
    }
    if (h.is(index, Kind::Int) || h.is(index, Kind::Bool))
      return read_entry(obj, subs[size_t(seq_index(obj, index, subs.size()))]);
    fail(fmt::format("{} indices must be integers or slices, not {}", h.type_name(obj),
                     h.type_name(index)));
  }
  case Kind::Tensor:
    return tensor_op(ops::Op::getitem, {obj, index}, {});
  case Kind::Object:
  case Kind::Dataclass:
    if (find_method(obj, "__getitem__"))
      return call_method(obj, "__getitem__", {index}, {});
    if (h.is(obj, Kind::Dataclass) && class_info(obj).model_output) {
      // ModelOutput.__getitem__: a key reads a field that is not None, an int or a slice indexes
      // to_tuple().
      rely_type(obj);
      if (!h.is(index, Kind::Str)) return getitem(model_output_tuple(obj), index);
      rely(index);
      if (const Entry *e = h.find_attr(obj, h.as_str(index)); e && e->slot == Slot::Field) {
        Value v = read_entry(obj, *e);
        rely_none(v);
        if (!h.is(v, Kind::None)) return v;
      }
      fail(fmt::format("KeyError: {} (a ModelOutput holds the fields that are not None)",
                       h.repr(index)));
    }
    break;
  default:
    break;
  }
  fail(fmt::format("{} object is not subscriptable", py_str(h.type_name(obj))));
}

Value Interpreter::model_output_tuple(Value obj) {
  std::vector<Entry> fields; // a copy: reading an input's members may grow the table
  for (const Entry &e : h.entries(obj))
    if (e.slot == Slot::Field) fields.push_back(e);
  std::vector<Value> present;
  for (const Entry &e : fields) {
    Value v = read_entry(obj, e);
    rely_none(v);
    if (!h.is(v, Kind::None)) present.push_back(v);
  }
  return h.tuple(std::move(present), new_record());
}

void Interpreter::setitem(Value obj, Value index, Value value) {
  switch (h.kind(obj)) {
  case Kind::List: {
    if (h.is(index, Kind::Slice)) {
      std::vector<Value> with = iterate(value);
      contents_changed(obj);
      rely_len(obj);
      SliceRange r = slice_range(*this, index, int64_t(h.items(obj).size()));
      std::vector<size_t> at = r.indices();
      std::vector<Value> &items = h.items_mut(obj);
      if (r.step != 1) {
        if (with.size() != at.size())
          fail(fmt::format("attempt to assign sequence of size {} to extended slice of size {}",
                           with.size(), at.size()));
        for (size_t k = 0; k < at.size(); ++k)
          items[at[k]] = with[k];
      } else {
        int64_t stop = std::max(r.start, r.stop);
        items.erase(items.begin() + r.start, items.begin() + stop);
        items.insert(items.begin() + r.start, with.begin(), with.end());
      }
      return;
    }
    size_t i = size_t(seq_index(obj, index, h.items(obj).size()));
    h.items_mut(obj)[i] = value;
    alias_items.erase(uint64_t(obj.id) << 32 | i);
    if (h.from_input(obj))
      record_effect(SideEffect{.kind = SideEffect::Kind::SetItem,
                               .target = obj,
                               .key = num(int64_t(i)),
                               .value = value},
                    "[" + std::to_string(i) + "]");
    return;
  }
  case Kind::Dict: {
    if (!h.hashable(index)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(index))));
    rely(index);
    bool input = h.from_input(obj);
    if (input) {
      check_key_literal(index, "the input dict " + h.path_of(obj));
      snapshot(obj);
    }
    h.set_key(obj, index, value);
    if (input)
      record_effect(
          SideEffect{
              .kind = SideEffect::Kind::SetItem, .target = obj, .key = index, .value = value},
          "[" + h.repr(index) + "]");
    return;
  }
  case Kind::Tensor:
    tensor_op(ops::Op::setitem_, {obj, index, value}, {});
    return;
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
    if (find_method(obj, "__setitem__")) {
      call_method(obj, "__setitem__", {index, value}, {});
      return;
    }
    break;
  default:
    break;
  }
  fail(fmt::format("{} object does not support item assignment", py_str(h.type_name(obj))));
}

// ---- iteration ------------------------------------------------------------------------------

int64_t Interpreter::range_len(Value range) {
  auto r = h.items(range);
  __int128 start = h.as_int(r[0]), stop = h.as_int(r[1]), step = h.as_int(r[2]);
  __int128 n = step > 0 ? (stop - start + step - 1) / step : (start - stop - step - 1) / -step;
  if (n > INT64_MAX) fail("the range has more than 2**63 - 1 items (ints are 64-bit)");
  return n < 0 ? 0 : int64_t(n);
}

Value Interpreter::range_item(Value range, int64_t i) {
  auto r = h.items(range);
  return num(int64_t(__int128(h.as_int(r[0])) + __int128(h.as_int(r[2])) * i));
}

std::vector<Value> Interpreter::iterate(Value v) {
  std::vector<Value> out;
  switch (h.kind(v)) {
  case Kind::Tuple:
  case Kind::List:
    rely_len(v);
    for (size_t i = 0; i < h.items(v).size(); ++i)
      out.push_back(read_item(v, i));
    return out;
  case Kind::Dict:
    rely_keys(v, true);
    for (const Entry &e : h.entries(v))
      out.push_back(e.key);
    return out;
  case Kind::Range: {
    int64_t n = range_len(v);
    if (uint64_t(n) > opt.max_statements) fail("a range too long to unroll while tracing");
    for (int64_t i = 0; i < n; ++i)
      out.push_back(range_item(v, i));
    return out;
  }
  case Kind::Str:
    rely(v);
    for (std::string_view c : code_points(h.as_str(v)))
      out.push_back(h.str(std::string(c), kComputed));
    return out;
  case Kind::Module: {
    const std::string &base = builtin_base(v);
    if (base == "torch.nn.ModuleDict") {
      rely_keys(v, true);
      for (const Entry &e : h.entries(v))
        if (e.slot == Slot::Submodule) out.push_back(h.str(h.symbol(e.name), kComputed));
      return out;
    }
    if (base != "torch.nn.ModuleList" && base != "torch.nn.Sequential") break;
    rely_len(v);
    for (const Entry &e : h.entries(v))
      if (e.slot == Slot::Submodule) out.push_back(read_entry(v, e));
    return out;
  }
  case Kind::Tensor: {
    std::vector<int64_t> shape = h.meta(h.current(v)).shape;
    if (shape.empty()) fail("iteration over a 0-d tensor");
    rely_meta(v);
    for (int64_t i = 0; i < shape[0]; ++i)
      out.push_back(tensor_op(ops::Op::getitem, {v, num(i)}, {}));
    return out;
  }
  default:
    break;
  }
  fail(fmt::format("{} object is not iterable", py_str(h.type_name(v))));
}

} // namespace thunderc::interp
