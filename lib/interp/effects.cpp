// Side effects on input objects (last write per key wins, kept in program order of that last
// write), in-place write-backs, and the values the epilogue must rebuild: the return value and
// every value written into an input. Rebuilding relies on the input leaves it reaches (a scalar
// is printed as a literal, so its value is guarded) and rejects what cannot be rebuilt.
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>

namespace thunderc::interp {

namespace {
std::string effect_key(Value target, const std::string &key) {
  return std::to_string(target.id) + key;
}
} // namespace

bool Interpreter::written(Value target, const std::string &key) const {
  return effect_index.count(effect_key(target, key)) != 0;
}

void Interpreter::record_effect(SideEffect e, const std::string &key) {
  e.stmt = top ? top->stmt : nullptr;
  if (e.value) settle(e.value, "the value written", "", 0);
  std::string k = effect_key(e.target, key);
  auto it = effect_index.find(k);
  if (it != effect_index.end()) effects[it->second].reset();
  effect_index[k] = effects.size();
  effects.emplace_back(std::move(e));
}

void Interpreter::contents_changed(Value container) {
  if (!h.from_input(container)) return;
  snapshot(container);
  // The epilogue replaces the whole contents with the final ones, worked out from the contents
  // seen here: an input with another length or other keys (or keys in another order, which a
  // dict's final order follows) must not pass.
  rely_len(container);
  if (h.is(container, Kind::Dict)) rely_keys(container, true);
  record_effect(SideEffect{.kind = SideEffect::Kind::Contents, .target = container}, "[:]");
}

void Interpreter::finish_effects() {
  for (auto &e : effects) {
    if (!e) continue;
    if (e->kind == SideEffect::Kind::Contents) {
      std::vector<Value> items;
      if (h.is(e->target, Kind::Dict)) {
        for (const Entry &x : h.entries(e->target))
          items.push_back(h.tuple({x.key, x.value}, kComputed));
      } else {
        items.assign(h.items(e->target).begin(), h.items(e->target).end());
      }
      e->value = h.tuple(std::move(items), kComputed);
      try {
        settle(e->value, "the final contents", "", 0);
      } catch (const UserError &err) {
        throw UserError(e->stmt ? e->stmt->pointer : err.pointer, err.message);
      }
    }
    if (e->kind == SideEffect::Kind::SetItem && h.is(e->target, Kind::Dict)) {
      // An equal key already in the dict keeps its first spelling (d[1] = a; d[True] = b leaves
      // the key 1), and only the last write per spelling is replayed: write the stored key.
      if (Entry *x = h.find_key(e->target, e->key); x && x->key.id != e->key.id) {
        e->key = x->key;
        rely(e->key);
      }
    }
    used(e->target);
    p.side_effects.push_back(std::move(*e));
  }
}

void Interpreter::finish_write_backs() {
  for (Value t : updated_inputs) {
    used(t);
    p.write_backs.push_back(WriteBack{t, h.current(t)});
  }
}

void Interpreter::finish_result(Value v) {
  settle(v, "the return value", "", 0);
}

void Interpreter::check_key_literal(Value key, const std::string &where) {
  if (!is_scalar(h.kind(key)))
    fail(fmt::format("{} has the key {} ({}): the epilogue writes dict keys as literals, so they must "
                     "be None, bool, int, float, str, a dtype or a device; use such a key",
                     where, h.repr(key), py_str(h.type_name(key))));
  rely(key);
}

void Interpreter::settle(Value v, const char *what, const std::string &path, int depth) {
  if (depth > 256) fail(fmt::format("{} nests more than 256 levels deep", what));
  if (h.from_input(v)) {
    switch (h.kind(v)) {
    case Kind::None:
    case Kind::Bool:
    case Kind::Int:
    case Kind::Float:
    case Kind::Str:
    case Kind::DType:
    case Kind::Device:
    case Kind::Tensor:
      rely(v);
      break;
    default:
      used(v);
      break;
    }
    return;
  }
  auto at = [&](const std::string &p) {
    return path.empty() ? std::string(what) : fmt::format("{} at {}", what, p);
  };
  switch (h.kind(v)) {
  case Kind::Tuple:
  case Kind::List:
  case Kind::Dict:
  case Kind::Dataclass: {
    if (!settling.insert(v.id).second)
      fail(fmt::format("{} contains itself; the epilogue cannot rebuild a cyclic value", at(path)));
    if (h.is(v, Kind::Dataclass) && find_method(v, "__post_init__")) {
      const ProvRecord &r = h.record(h.prov(v));
      std::string created = r.stmt ? fmt::format(" (created at {})", r.stmt->pointer) : "";
      fail(fmt::format("{} is a {} instance created while tracing{}, whose class declares "
                       "__post_init__: the epilogue rebuilds a dataclass by calling its class, which "
                       "would run __post_init__ a second time; return its fields instead, or drop "
                       "__post_init__",
                       at(path), py_str(h.type_name(v)), created));
    }
    if (h.is(v, Kind::Tuple) || h.is(v, Kind::List)) {
      auto items = h.items(v);
      for (size_t i = 0; i < items.size(); ++i)
        settle(items[i], what, path + "[" + std::to_string(i) + "]", depth + 1);
    } else {
      for (size_t i = 0; i < h.entries(v).size(); ++i) {
        Entry e = h.entries(v)[i];
        if (h.is(v, Kind::Dict)) {
          check_key_literal(e.key, at(path));
          settle(e.value, what, path + "[" + h.repr(e.key) + "]", depth + 1);
        } else {
          settle(e.value, what, path + "." + std::string(h.symbol(e.name)), depth + 1);
        }
      }
    }
    settling.erase(v.id);
    return;
  }
  case Kind::Object:
  case Kind::Module: {
    const ProvRecord &r = h.record(h.prov(v));
    std::string created = r.stmt ? fmt::format(" (created at {})", r.stmt->pointer) : "";
    fail(fmt::format(
        "{} is a {} object created while tracing{}: {}", at(path), py_str(h.type_name(v)), created,
        !is_type_info(h.name(v)) ? "an instance of a declared plain class cannot be rebuilt "
                                   "by the epilogue; use a dataclass, a container or an "
                                   "input object"
                                 : "the epilogue cannot rebuild it; return the attributes "
                                   "read from it"));
  }
  case Kind::Function:
  case Kind::Builtin:
  case Kind::Method:
  case Kind::Range:
    fail(fmt::format("{} is a {}, which the epilogue cannot rebuild", at(path), h.repr(v)));
  default:
    return;
  }
}

} // namespace thunderc::interp
