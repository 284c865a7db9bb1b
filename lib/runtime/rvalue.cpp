#include "runtime/rvalue.h"

#include "support/text.h"

#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

namespace thunderc::runtime {

namespace {
RRef make(RValue::Kind k) {
  auto v = std::make_shared<RValue>();
  v->kind = k;
  return v;
}

std::string float_repr(double f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{}", f);
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}
} // namespace

RRef RValue::none() { return make(Kind::None); }
RRef RValue::boolean(bool v) {
  RRef r = make(Kind::Bool);
  r->b = v;
  r->i = v;
  return r;
}
RRef RValue::integer(int64_t v) {
  RRef r = make(Kind::Int);
  r->i = v;
  return r;
}
RRef RValue::floating(double v) {
  RRef r = make(Kind::Float);
  r->f = v;
  return r;
}
RRef RValue::str(std::string v) {
  RRef r = make(Kind::Str);
  r->s = std::move(v);
  return r;
}
RRef RValue::of_dtype(DType d) {
  RRef r = make(Kind::DType);
  r->dtype = d;
  return r;
}
RRef RValue::of_device(Device d) {
  RRef r = make(Kind::Device);
  r->device = d;
  return r;
}
RRef RValue::ellipsis() { return make(Kind::Ellipsis); }
RRef RValue::seq(Kind k, std::vector<RRef> items) {
  RRef r = make(k);
  r->items = std::move(items);
  return r;
}
RRef RValue::object(Kind k, std::string cls) {
  RRef r = make(k);
  r->s = std::move(cls);
  return r;
}
RRef RValue::of_tensor(at::Tensor t) {
  RRef r = make(Kind::Tensor);
  r->tensor = std::move(t);
  return r;
}

REntry *RValue::find(std::string_view name) {
  for (REntry &e : entries)
    if (e.name == name && (kind != Kind::Dict || (e.key && e.key->kind == Kind::Str))) return &e;
  return nullptr;
}

void RValue::set_attr(const std::string &name, RRef value) {
  if (REntry *e = find(name)) {
    e->value = std::move(value);
    return;
  }
  Slot slot = kind == Kind::Dataclass ? Slot::Field
              : kind == Kind::Module && value->kind == Kind::Module ? Slot::Submodule
                                                                    : Slot::Attr;
  entries.push_back({name, RValue::str(name), std::move(value), slot});
}

bool key_equal(const RValue &a, const RValue &b) {
  using K = RValue::Kind;
  auto number = [](const RValue &v) { return v.kind == K::Bool || v.kind == K::Int || v.kind == K::Float; };
  if (number(a) && number(b)) {
    double x = a.kind == K::Float ? a.f : double(a.i), y = b.kind == K::Float ? b.f : double(b.i);
    if (a.kind != K::Float && b.kind != K::Float) return a.i == b.i;
    return x == y;
  }
  if (a.kind != b.kind) return false;
  switch (a.kind) {
  case K::None:
  case K::Ellipsis: return true;
  case K::Str: return a.s == b.s;
  case K::DType: return a.dtype == b.dtype;
  case K::Device: return a.device == b.device;
  case K::Class: return a.s == b.s;
  case K::Tuple:
    if (a.items.size() != b.items.size()) return false;
    for (size_t i = 0; i < a.items.size(); ++i)
      if (!key_equal(*a.items[i], *b.items[i])) return false;
    return true;
  default: return &a == &b;
  }
}

std::string type_name(const RValue &v) {
  using K = RValue::Kind;
  switch (v.kind) {
  case K::None: return "NoneType";
  case K::Bool: return "bool";
  case K::Int: return "int";
  case K::Float: return "float";
  case K::Str: return "str";
  case K::DType: return "dtype";
  case K::Device: return "device";
  case K::Ellipsis: return "ellipsis";
  case K::Slice: return "slice";
  case K::Tuple: return "tuple";
  case K::List: return "list";
  case K::Dict: return v.ordered_dict ? "OrderedDict" : "dict";
  case K::Class: return "type";
  case K::Tensor: return "Tensor";
  default: return v.s;
  }
}

std::string shape_text(at::IntArrayRef shape) {
  std::string out = "(";
  for (size_t i = 0; i < shape.size(); ++i) out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + (shape.size() == 1 ? ",)" : ")");
}

void set_item(RValue &d, RRef key, RRef value) {
  for (REntry &e : d.entries)
    if (e.key && key_equal(*e.key, *key)) {
      e.value = std::move(value);
      return;
    }
  std::string name = key->kind == RValue::Kind::Str ? key->s : repr(*key);
  d.entries.push_back({name, std::move(key), std::move(value), Slot::Item});
}

std::string repr(const RValue &v) {
  using K = RValue::Kind;
  switch (v.kind) {
  case K::None: return "None";
  case K::Bool: return v.b ? "True" : "False";
  case K::Int: return std::to_string(v.i);
  case K::Float: return float_repr(v.f);
  case K::Str: return py_str(v.s);
  case K::DType: return "torch." + std::string(dtype_name(v.dtype));
  case K::Device:
    return v.device.index < 0 ? fmt::format("device(type='{}')", device_name({v.device.type, -1}))
                              : fmt::format("device(type='{}', index={})",
                                            device_name({v.device.type, -1}), v.device.index);
  case K::Ellipsis: return "Ellipsis";
  case K::Tuple: {
    std::string out = "(";
    for (size_t i = 0; i < v.items.size() && i < 8; ++i) out += (i ? ", " : "") + repr(*v.items[i]);
    if (v.items.size() > 8) out += ", ...";
    return out + (v.items.size() == 1 ? ",)" : ")");
  }
  case K::Tensor: return "<" + tensor_text(v.tensor) + ">";
  default: return "<" + type_name(v) + " object>";
  }
}

at::ScalarType to_aten(DType d) {
  switch (d) {
  case DType::Bool: return at::kBool;
  case DType::UInt8: return at::kByte;
  case DType::Int8: return at::kChar;
  case DType::Int16: return at::kShort;
  case DType::Int32: return at::kInt;
  case DType::Int64: return at::kLong;
  case DType::Float16: return at::kHalf;
  case DType::BFloat16: return at::kBFloat16;
  case DType::Float32: return at::kFloat;
  case DType::Float64: return at::kDouble;
  case DType::Complex64: return at::kComplexFloat;
  }
  return at::kFloat;
}

DType from_aten(at::ScalarType t) {
  switch (t) {
  case at::kBool: return DType::Bool;
  case at::kByte: return DType::UInt8;
  case at::kChar: return DType::Int8;
  case at::kShort: return DType::Int16;
  case at::kInt: return DType::Int32;
  case at::kLong: return DType::Int64;
  case at::kHalf: return DType::Float16;
  case at::kBFloat16: return DType::BFloat16;
  case at::kFloat: return DType::Float32;
  case at::kDouble: return DType::Float64;
  case at::kComplexFloat: return DType::Complex64;
  default: throw std::invalid_argument(std::string("unsupported dtype ") + c10::toString(t));
  }
}

at::Device to_aten(const Device &d) {
  switch (d.type) {
  case Device::Type::CPU: return at::Device(at::kCPU);
  case Device::Type::CUDA: return d.index < 0 ? at::Device(at::kCUDA) : at::Device(at::kCUDA, int8_t(d.index));
  case Device::Type::Meta: return at::Device(at::kMeta);
  }
  return at::Device(at::kCPU);
}

std::optional<Device> from_aten(const at::Device &d) {
  switch (d.type()) {
  case at::kCPU: return Device{Device::Type::CPU, -1};
  case at::kCUDA: return Device{Device::Type::CUDA, d.has_index() ? int(d.index()) : -1};
  case at::kMeta: return Device{Device::Type::Meta, -1};
  default: return std::nullopt;
  }
}

std::string device_text(const at::Device &d) {
  std::optional<Device> ours = from_aten(d);
  return ours ? device_name(*ours) : d.str();
}

std::string tensor_text(const at::Tensor &t) {
  std::string dt;
  try {
    dt = std::string(dtype_short_name(from_aten(t.scalar_type())));
  } catch (const std::invalid_argument &) {
    dt = c10::toString(t.scalar_type());
  }
  std::string out = device_text(t.device()) + " " + dt + "[";
  for (size_t i = 0; i < size_t(t.dim()); ++i) out += (i ? ", " : "") + std::to_string(t.size(int64_t(i)));
  return out + "]";
}

namespace {
struct Copier {
  std::unordered_map<const RValue *, RRef> memo;

  RRef copy(const RRef &v) {
    if (!v) return v;
    if (auto it = memo.find(v.get()); it != memo.end()) return it->second;
    auto out = std::make_shared<RValue>(*v);
    memo[v.get()] = out;
    if (v->kind == RValue::Kind::Tensor && v->tensor.defined()) {
      at::NoGradGuard no_grad;
      out->tensor = v->tensor.detach().clone();
      if (v->tensor.requires_grad()) out->tensor.requires_grad_(true);
    }
    for (RRef &i : out->items) i = copy(i);
    for (REntry &e : out->entries) {
      e.key = copy(e.key);
      e.value = copy(e.value);
    }
    return out;
  }
};
} // namespace

Roots deep_copy(const Roots &r, std::unordered_map<const RValue *, RRef> *pairs) {
  Copier c;
  Roots out{c.copy(r.self), c.copy(r.args), c.copy(r.kwargs)};
  if (pairs)
    for (auto &[k, v] : c.memo)
      if (k->has_identity()) (*pairs)[k] = v;
  return out;
}

namespace {
bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Walker {
  std::vector<PathValue> out;
  std::unordered_map<const RValue *, bool> seen;

  void walk(const RRef &v, const std::string &path) {
    if (!v) return;
    out.push_back({path, v});
    if (v->has_identity() || v->kind == RValue::Kind::Tuple) {
      if (seen.count(v.get())) return;
      seen[v.get()] = true;
    }
    switch (v->kind) {
    case RValue::Kind::Tuple:
    case RValue::Kind::List:
      for (size_t i = 0; i < v->items.size(); ++i) walk(v->items[i], fmt::format("{}[{}]", path, i));
      break;
    case RValue::Kind::Dict:
      for (const REntry &e : v->entries) walk(e.value, path + "[" + (e.key ? repr(*e.key) : py_str(e.name)) + "]");
      break;
    case RValue::Kind::Object:
    case RValue::Kind::Dataclass:
    case RValue::Kind::Module:
      for (const REntry &e : v->entries)
        walk(e.value, v->kind == RValue::Kind::Module && all_digits(e.name) ? path + "[" + e.name + "]"
                                                                           : path + "." + e.name);
      break;
    default: break;
    }
  }
};
} // namespace

std::vector<PathValue> walk_inputs(const Roots &r) {
  Walker w;
  if (r.self) w.walk(r.self, "self");
  if (r.args)
    for (size_t i = 0; i < r.args->items.size(); ++i) w.walk(r.args->items[i], fmt::format("args[{}]", i));
  if (r.kwargs)
    for (const REntry &e : r.kwargs->entries) w.walk(e.value, "kwargs[" + py_str(e.name) + "]");
  return w.out;
}

TensorValues::TensorValues(const Roots &inputs) {
  for (const PathValue &pv : walk_inputs(inputs))
    if (pv.value->kind == RValue::Kind::Tensor && pv.value->tensor.defined())
      by_impl_.emplace(pv.value->tensor.unsafeGetTensorImpl(), pv.value);
}

RRef TensorValues::wrap(const at::Tensor &t) {
  auto [it, fresh] = by_impl_.emplace(t.unsafeGetTensorImpl(), nullptr);
  if (fresh) it->second = RValue::of_tensor(t);
  return it->second;
}

std::string normalize_path(std::string_view path) {
  std::string out;
  for (size_t i = 0; i < path.size();) {
    if (path[i] == '[') {
      size_t close = path.find(']', i);
      if (close != std::string_view::npos) {
        std::string_view inner = path.substr(i + 1, close - i - 1);
        if (all_digits(inner)) {
          out += "." + std::string(inner);
          i = close + 1;
          continue;
        }
        if (inner.size() >= 2 && (inner.front() == '\'' || inner.front() == '"') && inner.back() == inner.front() &&
            inner.find('\\') == std::string_view::npos && is_identifier(inner.substr(1, inner.size() - 2))) {
          out += "." + std::string(inner.substr(1, inner.size() - 2));
          i = close + 1;
          continue;
        }
      }
    }
    out += path[i++];
  }
  return out;
}

} // namespace thunderc::runtime
