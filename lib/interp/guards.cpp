// Reliance: every property of an input that decided what the run did becomes a Guard, once per
// (input, kind). Only values reached from the inputs are guarded; values made while tracing are
// decided by guarded inputs already. Containers changed by the program are guarded as they were
// on entry (their snapshot), since that is what the prologue sees.
#include "interp/interpreter.h"

#include <algorithm>
#include <fmt/format.h>

namespace thunderc::interp {

namespace {
// True the first time a guard of kind `k` is asked for on record `rec`.
bool once(Heap &h, ProvId rec, Guard::Kind k) {
  uint16_t bit = uint16_t(1u << static_cast<unsigned>(k));
  uint16_t &seen = h.record_mut(rec).guarded;
  if (seen & bit) return false;
  seen |= bit;
  return true;
}
} // namespace

void Interpreter::reached(Value v) {
  if (h.from_input(v) && h.mark_reached(v)) p.inputs.push_back(h.prov(v));
}

void Interpreter::used(Value v) {
  if (!h.from_input(v)) return;
  reached(v);
  h.mark_used(v);
}

Guard &Interpreter::add_guard(Guard::Kind k, Value v) {
  used(v);
  Guard &g = p.guards.emplace_back(); // in place: a Guard is large, moving one is not free
  g.kind = k;
  g.subject = h.prov(v);
  g.value = v;
  return g;
}

void Interpreter::rely_meta(Value t) {
  if (!h.from_input(t)) return;
  if (once(h, h.prov(t), Guard::Kind::TensorMeta))
    add_guard(Guard::Kind::TensorMeta, t).meta = h.meta(t);
  used(t);
}

void Interpreter::rely_none(Value v) {
  if (!h.from_input(v)) return;
  Guard::Kind k = h.is(v, Kind::None) ? Guard::Kind::None : Guard::Kind::NotNone;
  if (once(h, h.prov(v), k)) add_guard(k, v);
}

void Interpreter::rely_type(Value v) {
  if (!h.from_input(v)) return;
  switch (h.kind(v)) {
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module:
    if (once(h, h.prov(v), Guard::Kind::Type)) add_guard(Guard::Kind::Type, v).cls = class_of(v);
    return;
  case Kind::Tensor:
    return rely_meta(v);
  default:
    return rely(v);
  }
}

void Interpreter::rely_len(Value v) {
  if (!h.from_input(v) || !once(h, h.prov(v), Guard::Kind::Len)) return;
  int64_t n = 0;
  auto snap = snapshots.find(v.id);
  if (snap != snapshots.end())
    n = snap->second.length;
  else if (h.is(v, Kind::Tuple) || h.is(v, Kind::List))
    n = static_cast<int64_t>(h.items(v).size());
  else if (h.is(v, Kind::Dict))
    n = static_cast<int64_t>(h.entries(v).size());
  else if (h.is(v, Kind::Module))
    n = static_cast<int64_t>(submodules(v).size());
  else
    return;
  add_guard(Guard::Kind::Len, v).length = n;
}

void Interpreter::rely_keys(Value v, bool ordered) {
  if (!h.from_input(v)) return;
  auto it = key_guards.find(h.prov(v));
  if (it != key_guards.end()) {
    p.guards[it->second].ordered |= ordered;
    return;
  }
  std::vector<std::string> keys;
  auto snap = snapshots.find(v.id);
  if (snap != snapshots.end()) {
    keys = snap->second.keys;
  } else if (h.is(v, Kind::Module)) {
    for (Value m : submodules(v))
      keys.emplace_back(h.record(h.prov(m)).name);
  } else {
    for (const Entry &e : h.entries(v))
      keys.emplace_back(h.symbol(e.name));
  }
  key_guards.emplace(h.prov(v), p.guards.size());
  Guard &g = add_guard(Guard::Kind::Keys, v);
  g.keys = std::move(keys);
  g.ordered = ordered;
}

void Interpreter::rely_identity(Value a, Value b, bool same) {
  if (!h.from_input(a) || !h.from_input(b) || h.prov(a) == h.prov(b)) return;
  if (!identities.emplace(h.prov(a), h.prov(b), same).second) return;
  add_guard(same ? Guard::Kind::Is : Guard::Kind::IsNot, a).other = h.prov(b);
  used(b);
}

void Interpreter::rely_hasattr(Value v, const std::string &name, bool present) {
  if (!h.from_input(v)) return;
  // An attribute the program has set already is there whatever the input had on entry (the
  // prologue sees the entry state): nothing to guard.
  if (written(v, "." + name)) return;
  if (!attr_checks.emplace(h.prov(v), name).second) return;
  Guard &g = add_guard(Guard::Kind::HasAttr, v);
  g.name = name;
  g.expected = present;
}

// Containers on the rely path are few (it is as deep as the nesting): a linear search of a stack
// is cheaper than a hash set insert and erase per container.
bool Interpreter::enter_rely(Value container) {
  if (std::find(relying.begin(), relying.end(), container.id) != relying.end()) return false;
  relying.push_back(container.id);
  return true;
}

void Interpreter::rely_deep(Value v, int depth) {
  if (depth > 256) fail("a value nested more than 256 levels deep (a cyclic container?)");
  switch (h.kind(v)) {
  case Kind::None:
    return rely_none(v);
  case Kind::Bool:
  case Kind::Int:
  case Kind::Float:
  case Kind::Str:
  case Kind::DType:
  case Kind::Device:
    if (h.from_input(v) && once(h, h.prov(v), Guard::Kind::Value)) add_guard(Guard::Kind::Value, v);
    return;
  case Kind::Tensor:
    return rely_meta(v);
  case Kind::Tuple:
  case Kind::List:
    rely_len(v);
    if (!enter_rely(v)) return; // a container that contains itself
    for (size_t i = 0; i < h.items(v).size(); ++i) {
      Value x = h.items(v)[i];
      if (h.from_input(v)) reached(x);
      rely_deep(x, depth + 1);
    }
    relying.pop_back();
    return;
  case Kind::Slice:
    for (size_t i = 0; i < 3; ++i)
      rely_deep(h.items(v)[i], depth + 1);
    return;
  case Kind::Dict:
    rely_keys(v, true);
    if (!enter_rely(v)) return;
    for (size_t i = 0; i < h.entries(v).size(); ++i) {
      Value x = h.entries(v)[i].value;
      if (h.from_input(v)) reached(x);
      rely_deep(x, depth + 1);
    }
    relying.pop_back();
    return;
  default:
    used(v);
    return;
  }
}

void Interpreter::alias_read(Value owner, std::string key, bool int_key, int64_t index, Slot slot,
                             Value value) {
  if (!h.from_input(owner) || !h.from_input(value)) return;
  auto [it, fresh] = alias_records.try_emplace({h.prov(owner), key}, 0);
  if (fresh) {
    ProvRecord r;
    r.kind = h.is(owner, Kind::Tuple) || h.is(owner, Kind::List) || h.is(owner, Kind::Dict) ||
                     (slot == Slot::Submodule && int_key)
                 ? ProvKind::Item
                 : ProvKind::Attr;
    r.slot = slot;
    r.input = r.reached = r.used = true;
    r.int_key = int_key;
    r.parent = h.prov(owner);
    r.index = index;
    if (!int_key) r.name = key;
    r.value = value;
    it->second = h.add_record(std::move(r));
    p.inputs.push_back(it->second);
    Guard g{.kind = Guard::Kind::Is, .subject = it->second, .value = value};
    g.other = h.prov(value);
    used(value);
    p.guards.push_back(std::move(g));
  }
}

void Interpreter::snapshot(Value container) {
  if (!h.from_input(container) || snapshots.count(container.id)) return;
  Snapshot s;
  if (h.is(container, Kind::Dict)) {
    for (const Entry &e : h.entries(container))
      s.keys.emplace_back(h.symbol(e.name));
    s.length = static_cast<int64_t>(s.keys.size());
  } else if (h.is(container, Kind::List) || h.is(container, Kind::Tuple)) {
    s.length = static_cast<int64_t>(h.items(container).size());
  }
  snapshots.emplace(container.id, std::move(s));
}

} // namespace thunderc::interp
