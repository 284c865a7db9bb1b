#include "runtime/report.h"

#include "support/hash.h"
#include "support/text.h"

#include <ATen/ATen.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <unordered_set>

namespace thunderc::runtime {

namespace {

using RK = RValue::Kind;

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string entry_path(const RValue &owner, const REntry &e, const std::string &path) {
  if (owner.kind == RK::Dict) return path + "[" + (e.key ? repr(*e.key) : py_str(e.name)) + "]";
  if (owner.kind == RK::Module && all_digits(e.name)) return path + "[" + e.name + "]";
  return path + "." + e.name;
}

// The members of an object, module or dict, to compare two of them: attribute names and dict
// keys as Python prints them, in insertion order for a dict (part of its value), sorted otherwise.
std::vector<std::string> member_names(const RValue &v) {
  std::vector<std::string> n;
  for (const REntry &e : v.entries) n.push_back(e.key ? repr(*e.key) : e.name);
  if (v.kind != RK::Dict) std::sort(n.begin(), n.end());
  return n;
}

// The entry of `in` that stands for `e`, an entry of a value of the same kind (the same name; in
// a dict, an equal key), or nullptr.
const REntry *matching_entry(const RValue &in, const REntry &e) {
  const REntry *found = nullptr;
  for (const REntry &x : in.entries)
    if (x.name == e.name && (in.kind != RK::Dict || (x.key && e.key && key_equal(*x.key, *e.key)))) found = &x;
  return found;
}

Json number(double f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  return f;
}

at::Tensor cpu_contiguous(const at::Tensor &t) {
  at::NoGradGuard no_grad;
  return t.detach().to(at::kCPU).contiguous();
}

struct Describer {
  const InputPaths *inputs;
  std::unordered_map<const RValue *, std::string> seen;

  Json tensor(const at::Tensor &t) {
    Json j;
    j["tensor"] = Json(std::vector<int64_t>(t.sizes().begin(), t.sizes().end()));
    std::string dt;
    try {
      dt = std::string(dtype_name(from_aten(t.scalar_type())));
    } catch (const std::invalid_argument &) {
      dt = c10::toString(t.scalar_type());
    }
    j["dtype"] = dt;
    j["device"] = device_text(t.device());
    j["requires_grad"] = t.requires_grad();
    j["sum"] = number(tensor_sum(t));
    j["fnv1a64"] = tensor_hash(t);
    return j;
  }

  Json entries(const RValue &v, const std::string &path) {
    Json j = Json::object();
    for (const REntry &e : v.entries) j[e.key && e.key->kind != RK::Str ? repr(*e.key) : e.name] = of(e.value, entry_path(v, e, path));
    return j;
  }

  Json of(const RRef &v, const std::string &path) {
    if (v->has_identity()) {
      if (auto it = seen.find(v.get()); it != seen.end()) return Json{{"same_as", it->second}};
      seen[v.get()] = path;
    }
    const std::string *in = inputs ? inputs->find(v.get()) : nullptr;
    switch (v->kind) {
    case RK::None: return nullptr;
    case RK::Bool: return v->b;
    case RK::Int: return v->i;
    case RK::Float: return number(v->f);
    case RK::Str: return v->s;
    case RK::DType: return Json{{"dtype", std::string(dtype_name(v->dtype))}};
    case RK::Device: return Json{{"device", device_name(v->device)}};
    case RK::Ellipsis: return Json{{"ellipsis", nullptr}};
    case RK::Class: return Json{{"class", v->s}};
    case RK::Tensor: {
      Json j = tensor(v->tensor);
      if (in) j["input"] = *in;
      return j;
    }
    default: break;
    }
    if (in) {
      Json j{{"input", *in}};
      j["type"] = type_name(*v);
      return j;
    }
    switch (v->kind) {
    case RK::Slice:
    case RK::Tuple: {
      Json items = Json::array();
      for (size_t i = 0; i < v->items.size(); ++i) items.push_back(of(v->items[i], fmt::format("{}[{}]", path, i)));
      if (v->kind == RK::Slice) return Json{{"slice", items}};
      return items;
    }
    case RK::List: {
      Json items = Json::array();
      for (size_t i = 0; i < v->items.size(); ++i) items.push_back(of(v->items[i], fmt::format("{}[{}]", path, i)));
      return Json{{"list", items}};
    }
    case RK::Dict: {
      Json j{{"dict", entries(*v, path)}};
      if (v->ordered_dict) j["ordered"] = true;
      return j;
    }
    case RK::Dataclass: return Json{{"dataclass", v->s}, {"fields", entries(*v, path)}};
    case RK::Object: return Json{{"object", v->s}, {"attrs", entries(*v, path)}};
    case RK::Module: return Json{{"module", v->s}};
    default: return nullptr;
    }
  }
};

} // namespace

double tensor_sum(const at::Tensor &t) {
  at::NoGradGuard no_grad;
  at::Tensor x = t.detach();
  if (x.is_complex()) x = at::view_as_real(x);
  if (x.numel() == 0) return 0.0;
  return x.to(at::kCPU).to(at::kDouble).sum().item<double>();
}

std::string tensor_hash(const at::Tensor &t) {
  at::Tensor c = cpu_contiguous(t);
  return hex64(fnv1a64(c.data_ptr(), size_t(c.numel()) * c.element_size()));
}

InputPaths::InputPaths(const Roots &inputs) {
  for (const PathValue &pv : walk_inputs(inputs))
    if (pv.value->has_identity() && paths_.emplace(pv.value.get(), pv.path).second) keep_.push_back(pv.value);
}

const std::string *InputPaths::find(const RValue *v) const {
  auto it = paths_.find(v);
  return it == paths_.end() ? nullptr : &it->second;
}

Json describe_value(const RRef &v, const InputPaths *inputs, const std::string &root) {
  Describer d{inputs, {}};
  return d.of(v, root);
}

namespace {
void dump(const Json &j, size_t indent, std::string &out) {
  auto flat = [](const Json &a) {
    return std::all_of(a.begin(), a.end(), [](const Json &x) { return !x.is_structured(); });
  };
  if (!j.is_structured() || j.empty() || (j.is_array() && flat(j))) {
    out += j.dump();
    return;
  }
  std::string pad(indent + 2, ' ');
  out += j.is_array() ? "[\n" : "{\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += pad;
    if (j.is_object()) out += Json(it.key()).dump() + ": ";
    dump(*it, indent + 2, out);
  }
  out += "\n" + std::string(indent, ' ') + (j.is_array() ? "]" : "}");
}
} // namespace

std::string dump_json(const Json &j) {
  std::string out;
  dump(j, 0, out);
  return out;
}

// ---- input state --------------------------------------------------------------------------------

namespace {
struct StateCopier {
  std::unordered_map<const RValue *, RRef> memo;
  std::unordered_map<const RValue *, RRef> &original;

  RRef copy(const RRef &v) {
    if (!v) return v;
    if (auto it = memo.find(v.get()); it != memo.end()) return it->second;
    auto out = std::make_shared<RValue>(*v);
    memo[v.get()] = out;
    original[out.get()] = v;
    if (v->kind == RK::Tensor && v->tensor.defined()) out->i = v->tensor._version();
    for (RRef &i : out->items) i = copy(i);
    for (REntry &e : out->entries) e.value = copy(e.value);
    return out;
  }
};

struct StateDiff {
  const std::unordered_map<const RValue *, RRef> &original;
  std::vector<std::string> out;
  std::unordered_set<const RValue *> visited;

  void compare(const RRef &cur, const RRef &snap, const std::string &path) {
    if (!cur || !snap) return;
    if (snap->has_identity()) {
      auto it = original.find(snap.get());
      if (it == original.end() || it->second.get() != cur.get()) {
        out.push_back(path);
        return;
      }
    } else if (cur->kind != snap->kind || (snap->is_scalar() && !(key_equal(*cur, *snap) && cur->kind == snap->kind))) {
      out.push_back(path);
      return;
    }
    if (!visited.insert(cur.get()).second) return;
    switch (snap->kind) {
    case RK::Tensor:
      if (cur->tensor.unsafeGetTensorImpl() != snap->tensor.unsafeGetTensorImpl() || cur->tensor._version() != snap->i)
        out.push_back(path);
      return;
    case RK::Slice:
    case RK::Tuple:
    case RK::List:
      if (cur->items.size() != snap->items.size()) {
        out.push_back(path);
        return;
      }
      for (size_t i = 0; i < cur->items.size(); ++i) compare(cur->items[i], snap->items[i], fmt::format("{}[{}]", path, i));
      return;
    case RK::Dict:
    case RK::Object:
    case RK::Dataclass:
    case RK::Module: {
      if (member_names(*cur) != member_names(*snap)) {
        out.push_back(path);
        return;
      }
      for (const REntry &e : snap->entries)
        if (const REntry *c = matching_entry(*cur, e)) compare(c->value, e.value, entry_path(*snap, e, path));
      return;
    }
    default: return;
    }
  }
};
} // namespace

InputState::InputState(const Roots &inputs) {
  StateCopier c{{}, original_};
  snapshot_ = Roots{c.copy(inputs.self), c.copy(inputs.args), c.copy(inputs.kwargs)};
}

std::vector<std::string> InputState::changed_paths(const Roots &inputs) const {
  StateDiff d{original_, {}, {}};
  if (inputs.self) d.compare(inputs.self, snapshot_.self, "self");
  for (size_t i = 0; i < inputs.args->items.size() && i < snapshot_.args->items.size(); ++i)
    d.compare(inputs.args->items[i], snapshot_.args->items[i], fmt::format("args[{}]", i));
  for (size_t i = 0; i < inputs.kwargs->entries.size() && i < snapshot_.kwargs->entries.size(); ++i)
    d.compare(inputs.kwargs->entries[i].value, snapshot_.kwargs->entries[i].value,
              "kwargs[" + py_str(inputs.kwargs->entries[i].name) + "]");
  return d.out;
}

// ---- comparing two runs --------------------------------------------------------------------------

void Comparer::pair_inputs(const Roots &a, const Roots &b) {
  std::vector<PathValue> wa = walk_inputs(a), wb = walk_inputs(b);
  for (size_t i = 0; i < wa.size() && i < wb.size(); ++i) {
    if (!wa[i].value->has_identity() || !wb[i].value->has_identity()) continue;
    keep_.push_back(wa[i].value);
    keep_.push_back(wb[i].value);
    a_to_b_.emplace(wa[i].value.get(), std::make_pair(wb[i].value.get(), "input " + wa[i].path));
    b_to_a_.emplace(wb[i].value.get(), std::make_pair(wa[i].value.get(), "input " + wb[i].path));
  }
}

void Comparer::compare_inputs(const Roots &a, const Roots &b) {
  if (a.self && b.self) compare(a.self, b.self, "self");
  compare(a.args, b.args, "args");
  compare(a.kwargs, b.kwargs, "kwargs");
}

void Comparer::compare(const RRef &a, const RRef &b, const std::string &path) {
  if (!a || !b) {
    if (a != b) diff(path, "missing on one side");
    return;
  }
  if (a->has_identity() || b->has_identity()) {
    auto ka = a_to_b_.find(a.get());
    auto kb = b_to_a_.find(b.get());
    if (ka != a_to_b_.end() && ka->second.first != b.get()) {
      diff(path, "the trace holds the object of " + ka->second.second + ", eager a different object");
      return;
    }
    if (kb != b_to_a_.end() && kb->second.first != a.get()) {
      diff(path, "eager holds the object of " + kb->second.second + ", the trace a different object");
      return;
    }
    if (ka == a_to_b_.end()) {
      keep_.push_back(a);
      keep_.push_back(b);
      a_to_b_.emplace(a.get(), std::make_pair(b.get(), path));
      b_to_a_.emplace(b.get(), std::make_pair(a.get(), path));
    }
    if (done_.count(a.get()) && done_[a.get()] == b.get()) return;
    done_[a.get()] = b.get();
  }
  if (a->kind != b->kind || a->ordered_dict != b->ordered_dict) {
    diff(path, fmt::format("type {} (trace) vs {} (eager)", type_name(*a), type_name(*b)));
    return;
  }
  switch (a->kind) {
  case RK::Tensor: tensors(a->tensor, b->tensor, path); return;
  case RK::Float:
    if (!(a->f == b->f || (std::isnan(a->f) && std::isnan(b->f))))
      diff(path, fmt::format("{} (trace) vs {} (eager)", repr(*a), repr(*b)));
    return;
  case RK::Object:
  case RK::Dataclass:
  case RK::Module:
  case RK::Class:
    if (a->s != b->s) {
      diff(path, fmt::format("class {} (trace) vs {} (eager)", a->s, b->s));
      return;
    }
    break;
  default:
    if (a->is_scalar()) {
      if (!key_equal(*a, *b)) diff(path, fmt::format("{} (trace) vs {} (eager)", repr(*a), repr(*b)));
      return;
    }
  }
  if (a->items.size() != b->items.size()) {
    diff(path, fmt::format("length {} (trace) vs {} (eager)", a->items.size(), b->items.size()));
    return;
  }
  for (size_t i = 0; i < a->items.size(); ++i) compare(a->items[i], b->items[i], fmt::format("{}[{}]", path, i));
  const std::vector<std::string> na = member_names(*a), nb = member_names(*b);
  if (na != nb) {
    std::string sa, sb;
    for (auto &n : na) sa += (sa.empty() ? "" : ", ") + n;
    for (auto &n : nb) sb += (sb.empty() ? "" : ", ") + n;
    diff(path, fmt::format("members [{}] (trace) vs [{}] (eager)", sa, sb));
    return;
  }
  for (const REntry &e : a->entries) {
    const REntry *f = matching_entry(*b, e);
    if (!f) continue;
    if (a->kind == RK::Module && e.slot != f->slot) diff(entry_path(*a, e, path), "a member of another kind");
    compare(e.value, f->value, entry_path(*a, e, path));
  }
}

void Comparer::tensors(const at::Tensor &a, const at::Tensor &b, const std::string &path) {
  if (a.scalar_type() != b.scalar_type()) {
    diff(path, fmt::format("dtype {} (trace) vs {} (eager)", c10::toString(a.scalar_type()), c10::toString(b.scalar_type())));
    return;
  }
  if (a.sizes() != b.sizes()) {
    diff(path, fmt::format("shape {} (trace) vs {} (eager)", shape_text(a.sizes()), shape_text(b.sizes())));
    return;
  }
  if (a.device() != b.device()) {
    diff(path, fmt::format("device {} (trace) vs {} (eager)", a.device().str(), b.device().str()));
    return;
  }
  if (a.requires_grad() != b.requires_grad()) {
    diff(path, fmt::format("requires_grad {} (trace) vs {} (eager)", a.requires_grad(), b.requires_grad()));
    return;
  }
  at::Tensor x = cpu_contiguous(a), y = cpu_contiguous(b);
  size_t n = size_t(x.numel()) * x.element_size();
  if (n == 0 || std::memcmp(x.data_ptr(), y.data_ptr(), n) == 0) return;
  at::NoGradGuard no_grad;
  at::Tensor xa = x.is_complex() ? at::view_as_real(x) : x, ya = y.is_complex() ? at::view_as_real(y) : y;
  at::Tensor d = (xa.to(at::kDouble) - ya.to(at::kDouble)).abs().nan_to_num(std::numeric_limits<double>::infinity());
  int64_t count = (xa.to(at::kDouble) != ya.to(at::kDouble)).sum().item<int64_t>();
  diff(path, fmt::format("values differ in {} of {} elements (max abs difference {:.3g})", std::max<int64_t>(count, 1),
                         x.numel(), d.max().item<double>()));
}

void collect_tensors(const RRef &v, const std::string &path, std::vector<std::pair<std::string, at::Tensor>> &out) {
  if (!v) return;
  switch (v->kind) {
  case RK::Tensor: out.emplace_back(path, v->tensor); return;
  case RK::Tuple:
  case RK::List:
    for (size_t i = 0; i < v->items.size(); ++i) collect_tensors(v->items[i], fmt::format("{}[{}]", path, i), out);
    return;
  case RK::Dict:
  case RK::Dataclass:
    for (const REntry &e : v->entries) collect_tensors(e.value, entry_path(*v, e, path), out);
    return;
  default: return;
  }
}

} // namespace thunderc::runtime
