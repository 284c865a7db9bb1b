#include "values/heap.h"

#include "support/text.h"

#include <algorithm>
#include <cmath>
#include <fmt/format.h>

namespace thunderc {

Heap::Heap() {
  nodes_.push_back(Node{Kind::None, 0, 0, 0, 0, {0}}); // handle 0: no value
  records_.push_back(ProvRecord{.kind = ProvKind::Constant});
  records_.push_back(ProvRecord{.kind = ProvKind::Computed});
  ellipsis_ = make(Kind::Ellipsis, kConstant);
}

Value Heap::str(std::string_view s, ProvId p) {
  return make(Kind::Str, p, intern(s));
}

Value Heap::dtype(DType d, ProvId p) {
  Value v = make(Kind::DType, p);
  nodes_[v.id].i = static_cast<int64_t>(d);
  return v;
}

Value Heap::device(Device d, ProvId p) {
  Value v = make(Kind::Device, p);
  nodes_[v.id].i = static_cast<int64_t>(d.type) << 32 | static_cast<uint32_t>(d.index);
  return v;
}

Device Heap::as_device(Value v) const {
  int64_t packed = nodes_[v.id].i;
  return Device{static_cast<Device::Type>(packed >> 32), static_cast<int32_t>(packed & 0xffffffff)};
}

Value Heap::seq(Kind k, std::vector<Value> items, ProvId p) {
  seqs_.push_back(std::move(items));
  return make(k, p, static_cast<uint32_t>(seqs_.size() - 1));
}

Value Heap::slice(Value start, Value stop, Value step, ProvId p) {
  return seq(Kind::Slice, {start, stop, step}, p);
}
Value Heap::tuple(std::vector<Value> items, ProvId p) {
  return seq(Kind::Tuple, std::move(items), p);
}
Value Heap::list(std::vector<Value> items, ProvId p) {
  return seq(Kind::List, std::move(items), p);
}

Value Heap::range(int64_t start, int64_t stop, int64_t step, ProvId p) {
  return seq(Kind::Range, {integer(start), integer(stop), integer(step)}, p);
}

Value Heap::dict(ProvId p, bool ordered_dict) {
  tables_.emplace_back();
  Value v = make(Kind::Dict, p, static_cast<uint32_t>(tables_.size() - 1));
  if (ordered_dict) nodes_[v.id].flags |= kOrderedDict;
  return v;
}

Value Heap::object(Kind kind, std::string_view class_name, ProvId p) {
  tables_.emplace_back();
  Value v = make(kind, p, static_cast<uint32_t>(tables_.size() - 1));
  nodes_[v.id].b = intern(class_name);
  return v;
}

Value Heap::klass(std::string_view name, ProvId p) {
  return make(Kind::Class, p, intern(name));
}
Value Heap::function(std::string_view name, ProvId p) {
  return make(Kind::Function, p, intern(name));
}
Value Heap::builtin(std::string_view name, ProvId p) {
  return make(Kind::Builtin, p, intern(name));
}

Value Heap::method(Value receiver, std::string_view name, ProvId p) {
  Value v = make(Kind::Method, p, intern(name));
  nodes_[v.id].b = receiver.id;
  return v;
}

Value Heap::tensor(TensorMeta meta, ProvId p) {
  TensorInfo &t = tensors_.emplace_back(); // in place: no TensorInfo temporary to move
  t.meta = std::move(meta);
  Value v = make(Kind::Tensor, p, static_cast<uint32_t>(tensors_.size() - 1));
  t.object = t.current = v;
  return v;
}

Value Heap::new_version(Value object, TensorMeta meta, ProvId p) {
  Value v = tensor(std::move(meta), p);
  tensor_info(v).object = object;
  TensorInfo &obj = tensor_info(object);
  obj.current = v;
  ++obj.versions;
  return v;
}

Entry *Heap::find_name(uint32_t table, uint32_t sym) {
  auto &t = tables_[table];
  if (t.size() <= 16) {
    for (Entry &e : t)
      if (e.name == sym) return &e;
    return nullptr;
  }
  auto it = name_index_.find(table);
  if (it == name_index_.end()) {
    it = name_index_.emplace(table, std::unordered_map<uint32_t, uint32_t>{}).first;
    for (size_t i = t.size(); i-- > 0;)
      if (t[i].name != kNoSymbol) it->second[t[i].name] = static_cast<uint32_t>(i);
  }
  auto hit = it->second.find(sym);
  return hit == it->second.end() ? nullptr : &t[hit->second];
}

void Heap::append(uint32_t table, Entry e) {
  auto &t = tables_[table];
  // An index is built only for a table of more than 16 entries and dropped whenever the table
  // may shrink (entries_mut): a smaller table has none to update.
  if (t.size() > 16 && e.name != kNoSymbol) {
    auto it = name_index_.find(table);
    if (it != name_index_.end()) it->second.emplace(e.name, static_cast<uint32_t>(t.size()));
  }
  t.push_back(e);
}

void Heap::reserve_entries(Value obj, size_t n) {
  tables_[nodes_[obj.id].a].reserve(n);
}

std::vector<Entry> &Heap::entries_mut(Value v) {
  name_index_.erase(nodes_[v.id].a);
  return tables_[nodes_[v.id].a];
}

void Heap::add_entry(Value obj, std::string_view name, Value value, Slot slot) {
  add_entry(obj, intern(name), value, slot);
}

void Heap::add_entry(Value obj, uint32_t sym, Value value, Slot slot) {
  append(nodes_[obj.id].a, Entry{sym, make(Kind::Str, kConstant, sym), value, slot, false});
}

Entry *Heap::find_attr(Value obj, uint32_t name_symbol) {
  return find_name(nodes_[obj.id].a, name_symbol);
}

Entry *Heap::find_attr(Value obj, std::string_view name) {
  auto sym = find_symbol(name);
  return sym ? find_attr(obj, *sym) : nullptr;
}

Entry *Heap::find_key(Value dict, Value key) {
  auto &table = tables_[nodes_[dict.id].a];
  if (is(key, Kind::Str)) return find_name(nodes_[dict.id].a, nodes_[key.id].a);
  for (Entry &e : table)
    if (e.name == kNoSymbol && key_equal(e.key, key)) return &e;
  return nullptr;
}

void Heap::set_attr(Value obj, std::string_view name, Value value, Slot slot) {
  uint32_t sym = intern(name);
  if (Entry *e = find_attr(obj, sym)) {
    e->value = value, e->alias = false;
    return;
  }
  add_entry(obj, sym, value, slot);
}

void Heap::set_key(Value dict, Value key, Value value) {
  if (Entry *e = find_key(dict, key)) {
    e->value = value, e->alias = false;
    return;
  }
  uint32_t sym = is(key, Kind::Str) ? nodes_[key.id].a : kNoSymbol;
  append(nodes_[dict.id].a, Entry{sym, key, value, Slot::Item, false});
}

bool Heap::hashable(Value v) const {
  switch (kind(v)) {
  case Kind::None:
  case Kind::Bool:
  case Kind::Int:
  case Kind::Float:
  case Kind::Str:
  case Kind::DType:
  case Kind::Device:
  case Kind::Ellipsis:
  case Kind::Class:
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
  case Kind::Tensor:
  case Kind::Function:
  case Kind::Builtin:
  case Kind::Method:
  case Kind::Range:
    return true;
  case Kind::Tuple:
    return std::all_of(items(v).begin(), items(v).end(), [&](Value x) { return hashable(x); });
  default:
    return false;
  }
}

int compare_int_float(int64_t i, double d) {
  if (std::isnan(d)) return 2;
  if (d >= 0x1p63) return -1; // past every int64 (inf too)
  if (d < -0x1p63) return 1;
  double whole = std::trunc(d); // in [-2**63, 2**63): an exact int64
  int64_t w = static_cast<int64_t>(whole);
  if (i != w) return i < w ? -1 : 1;
  return d > whole ? -1 : d < whole ? 1 : 0; // the fraction decides
}

bool Heap::key_equal(Value a, Value b) const {
  if (a == b) return true;
  Kind ka = kind(a), kb = kind(b);
  auto numeric = [](Kind k) { return k == Kind::Bool || k == Kind::Int || k == Kind::Float; };
  if (numeric(ka) && numeric(kb)) {
    if (ka != Kind::Float && kb != Kind::Float) return as_int(a) == as_int(b);
    if (ka == Kind::Float && kb == Kind::Float) return as_float(a) == as_float(b);
    return ka == Kind::Float ? compare_int_float(as_int(b), as_float(a)) == 0
                             : compare_int_float(as_int(a), as_float(b)) == 0;
  }
  if (ka != kb) return false;
  switch (ka) {
  case Kind::None:
  case Kind::Ellipsis:
    return true;
  case Kind::Str:
  case Kind::Class:
  case Kind::Function:
  case Kind::Builtin:
    return nodes_[a.id].a == nodes_[b.id].a;
  case Kind::DType:
  case Kind::Device:
    return nodes_[a.id].i == nodes_[b.id].i;
  case Kind::Tuple: {
    auto x = items(a), y = items(b);
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i)
      if (!key_equal(x[i], y[i])) return false;
    return true;
  }
  default:
    return false;
  }
}

ProvId Heap::add_record(ProvRecord r) {
  if (!r.name.empty()) r.name = symbol(intern(r.name)); // the caller's string may not outlive us
  records_.push_back(r);
  return static_cast<ProvId>(records_.size() - 1);
}


std::optional<ModulePath> Heap::module_path(ProvId p) const {
  std::vector<const ProvRecord *> chain;
  ProvId at = p;
  while (true) {
    const ProvRecord &r = records_[at];
    if (r.kind != ProvKind::Attr && r.kind != ProvKind::Item) break;
    const ProvRecord &owner = records_[r.parent];
    if (!owner.value || !is(owner.value, Kind::Module)) break;
    chain.push_back(&r);
    at = r.parent;
  }
  if (chain.empty()) return std::nullopt;
  std::string out;
  for (size_t n = chain.size(); n-- > 0;) {
    if (!out.empty()) out += '.';
    if (chain[n]->int_key) out += std::to_string(chain[n]->index);
    else
      out += chain[n]->name;
  }
  return ModulePath{at, out};
}

uint32_t Heap::intern(std::string_view s) {
  auto it = symbol_index_.find(s);
  if (it != symbol_index_.end()) return it->second;
  uint32_t id = static_cast<uint32_t>(symbols_.size());
  symbols_.emplace_back(s);
  symbol_index_.emplace(symbols_.back(), id);
  return id;
}

std::optional<uint32_t> Heap::find_symbol(std::string_view s) const {
  auto it = symbol_index_.find(s);
  if (it == symbol_index_.end()) return std::nullopt;
  return it->second;
}

std::string Heap::type_name(Value v) const {
  switch (kind(v)) {
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
    return std::string(name(v));
  case Kind::Tuple: // torch.Size, torch.return_types.max
    return std::string(tuple_class(v).empty() ? "tuple" : tuple_class(v));
  default:
    return std::string(kind_name(kind(v)));
  }
}

std::string Heap::repr(Value v) const {
  return repr(v, 0);
}

std::string Heap::repr(Value v, int depth) const {
  if (depth > 6) return "...";
  auto join = [&](std::span<const Value> xs, size_t limit = 8) {
    std::string out;
    for (size_t i = 0; i < xs.size(); ++i) {
      if (i) out += ", ";
      if (i == limit) return out + "...";
      out += repr(xs[i], depth + 1);
    }
    return out;
  };
  switch (kind(v)) {
  case Kind::None:
    return "None";
  case Kind::Bool:
    return as_bool(v) ? "True" : "False";
  case Kind::Int:
    return std::to_string(as_int(v));
  case Kind::Float:
    return py_float_repr(as_float(v));
  case Kind::Str:
    return py_str(as_str(v));
  case Kind::DType:
    return "torch." + std::string(dtype_name(as_dtype(v)));
  case Kind::Device:
    return "device('" + device_name(as_device(v)) + "')";
  case Kind::Ellipsis:
    return "Ellipsis";
  case Kind::Slice:
    return "slice(" + join(items(v)) + ")";
  case Kind::Tuple:
    return "(" + join(items(v)) + (items(v).size() == 1 ? ",)" : ")");
  case Kind::List:
    return "[" + join(items(v)) + "]";
  case Kind::Range: {
    auto r = items(v);
    return "range(" + repr(r[0], depth + 1) + ", " + repr(r[1], depth + 1) +
           (as_int(r[2]) == 1 ? "" : ", " + repr(r[2], depth + 1)) + ")";
  }
  case Kind::Dict: {
    std::string out = "{";
    size_t n = 0;
    for (const Entry &e : entries(v)) {
      if (n) out += ", ";
      if (n++ == 8) return out + "...}";
      out += repr(e.key, depth + 1) + ": " + repr(e.value, depth + 1);
    }
    return out + "}";
  }
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
    return "<" + std::string(name(v)) + " object>";
  case Kind::Class:
    return "<class '" + std::string(name(v)) + "'>";
  case Kind::Tensor:
    return "tensor(" + type_comment(meta(v)) + ")";
  case Kind::Function:
    return "<function " + std::string(name(v)) + ">";
  case Kind::Builtin:
    return "<built-in function " + std::string(name(v)) + ">";
  case Kind::Method:
    return "<bound method " + type_name(receiver(v)) + "." + std::string(name(v)) + ">";
  }
  return "?";
}

} // namespace thunderc
