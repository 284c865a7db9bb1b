#include "runtime/inputs.h"

#include "runtime/py_literal.h"
#include "support/diagnostics.h"
#include "values/module_defaults.h"
#include "support/text.h"
#include "values/tensor_meta.h"

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Context.h>
#include <ATen/ops/rand.h>
#include <ATen/ops/randint.h>
#include <ATen/ops/lt.h>
#include <ATen/ops/randn.h>
#include <ATen/detail/CUDAHooksInterface.h>
#include <fmt/format.h>
#include <caffe2/serialize/in_memory_adapter.h>
#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/import_read.h>
#include <torch/csrc/jit/serialization/storage_context.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <unordered_map>

namespace thunderc::runtime {

namespace {

using EK = Expr::Kind;

const Expr &deref(const Expr &e) { return e.kind == EK::Ref && e.target ? *e.target : e; }

bool all_digits(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string human_bytes(uint64_t n) {
  if (n >= (1ull << 30)) return fmt::format("{:.1f} GiB", double(n) / double(1ull << 30));
  if (n >= (1ull << 20)) return fmt::format("{:.1f} MiB", double(n) / double(1ull << 20));
  return fmt::format("{} bytes", n);
}

// Calls f(node, path) for every node of the description that is not a ref, parents first, in the
// order the builder builds them.
template <class F> void for_each_node(const Graph &g, F &&f) {
  std::function<void(const Expr &, const std::string &)> walk = [&](const Expr &e, const std::string &path) {
    if (e.kind == EK::Ref) return;
    f(e, path);
    switch (e.kind) {
    case EK::Tuple:
    case EK::List:
      for (size_t i = 0; i < e.items.size(); ++i) walk(e.items[i], fmt::format("{}[{}]", path, i));
      break;
    case EK::Dict:
      for (const auto &[k, x] : e.entries) walk(x, path + "[" + py_str(k) + "]");
      break;
    case EK::Object:
    case EK::Dataclass:
      for (const auto &[k, x] : e.entries) walk(x, path + "." + k);
      break;
    case EK::Module:
      for (const auto &[k, x] : e.entries) walk(x, path + "." + k);
      for (const auto &[k, x] : e.parameters) walk(x, path + "." + k);
      for (const auto &[k, x] : e.buffers) walk(x, path + "." + k);
      for (const auto &[k, x] : e.modules) walk(x, all_digits(k) ? path + "[" + k + "]" : path + "." + k);
      break;
    default: break;
    }
  };
  if (g.inputs.self) walk(*g.inputs.self, "self");
  for (size_t i = 0; i < g.inputs.args.size(); ++i) walk(g.inputs.args[i], fmt::format("args[{}]", i));
  for (const auto &[k, x] : g.inputs.kwargs) walk(x, "kwargs[" + py_str(k) + "]");
}

// ---- input paths -----------------------------------------------------------------------------

const Expr *member(const Expr &owner, const std::string &name) {
  auto find = [&](const Entries &es) -> const Expr * {
    for (const auto &[k, x] : es)
      if (k == name) return &deref(x);
    return nullptr;
  };
  switch (owner.kind) {
  case EK::Object:
  case EK::Dataclass:
  case EK::Dict: return find(owner.entries);
  case EK::Module: {
    for (const Entries *es : {&owner.parameters, &owner.buffers, &owner.modules, &owner.entries})
      if (const Expr *x = find(*es)) return x;
    return nullptr;
  }
  default: return nullptr;
  }
}

// The node an input path names (`kwargs['past_key_values'].key_cache[0]`, `self.layers.0.weight`),
// following refs; nullptr when it names none.
const Expr *resolve_path(const Graph &g, std::string_view path) {
  size_t pos = 0;
  const Expr *at = nullptr;
  auto index_token = [&](std::string &key, int64_t &index, bool &is_int) -> bool {
    if (pos >= path.size() || path[pos] != '[') return false;
    ++pos;
    if (auto s = read_py_string(path, pos)) {
      key = *s;
      is_int = false;
    } else {
      size_t start = pos;
      while (pos < path.size() && (isdigit(static_cast<unsigned char>(path[pos])) || path[pos] == '-')) ++pos;
      if (start == pos) return false;
      index = std::stoll(std::string(path.substr(start, pos - start)));
      is_int = true;
    }
    if (pos >= path.size() || path[pos] != ']') return false;
    ++pos;
    return true;
  };
  std::string key;
  int64_t index = 0;
  bool is_int = false;
  if (path.starts_with("self")) {
    pos = 4;
    if (!g.inputs.self) return nullptr;
    at = &deref(*g.inputs.self);
  } else if (path.starts_with("args")) {
    pos = 4;
    if (!index_token(key, index, is_int) || !is_int || index < 0 || size_t(index) >= g.inputs.args.size())
      return nullptr;
    at = &deref(g.inputs.args[size_t(index)]);
  } else if (path.starts_with("kwargs")) {
    pos = 6;
    if (!index_token(key, index, is_int) || is_int) return nullptr;
    for (const auto &[k, x] : g.inputs.kwargs)
      if (k == key) at = &deref(x);
    if (!at) return nullptr;
  } else {
    return nullptr;
  }
  while (pos < path.size()) {
    if (path[pos] == '.') {
      size_t start = ++pos;
      while (pos < path.size() && path[pos] != '.' && path[pos] != '[') ++pos;
      at = member(*at, std::string(path.substr(start, pos - start)));
    } else if (index_token(key, index, is_int)) {
      if (is_int && (at->kind == EK::Tuple || at->kind == EK::List)) {
        if (index < 0) index += int64_t(at->items.size());
        at = index >= 0 && size_t(index) < at->items.size() ? &deref(at->items[size_t(index)]) : nullptr;
      } else {
        at = member(*at, is_int ? std::to_string(index) : key);
      }
    } else {
      return nullptr;
    }
    if (!at) return nullptr;
  }
  return at;
}

// torch::jit::pickle_load's reading of a torch.save zip file, with a storage context: tensors
// that share a storage in the file (views of one tensor) share one here, as torch.load gives them
// (pickle_load reads the storage again for each tensor).
c10::IValue load_pickle_sharing_storages(const std::vector<char> &bytes) {
  caffe2::serialize::PyTorchStreamReader reader(
      std::make_unique<caffe2::serialize::MemoryReadAdapter>(bytes.data(), bytes.size()));
  return torch::jit::readArchiveAndTensors("data", "", "", c10::nullopt, c10::nullopt, c10::nullopt, reader,
                                           torch::jit::Unpickler::defaultTypeParser,
                                           std::make_shared<torch::jit::DeserializationStorageContext>());
}

std::map<const Expr *, at::Tensor> load_inputs_file(const Graph &g, const std::string &file) {
  std::map<const Expr *, at::Tensor> out;
  if (file.empty()) return out;
  auto fail = [&](const std::string &what) -> UserError {
    return UserError("/inputs", fmt::format("--inputs {}: {}", file, what));
  };
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) throw fail("a directory; give a file written by torch.save");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw fail("cannot read the file");
  std::vector<char> bytes;
  try {
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  } catch (const std::exception &e) { // a read error (libstdc++ throws from the stream buffer)
    throw fail(std::string("cannot read the file: ") + e.what());
  }
  c10::IValue value;
  try {
    value = load_pickle_sharing_storages(bytes);
  } catch (const std::exception &e) {
    std::string what = e.what();
    if (auto nl = what.find('\n'); nl != std::string::npos) what.resize(nl);
    std::string hint;
    if (what.find("0x73") != std::string::npos || what.find("0x61") != std::string::npos)
      hint = "; libtorch 1.13 cannot read a dict or list of one entry: save a tuple of (path, tensor) pairs, "
             "e.g. torch.save(((\"kwargs['x']\", t),), FILE)";
    else if (what.find("_rebuild_parameter") != std::string::npos)
      hint = "; save plain tensors (p.detach().requires_grad_(p.requires_grad)), not nn.Parameter objects";
    throw fail("not a file written by torch.save (" + what + ")" + hint);
  }
  // A dict {path: tensor}, or a tuple/list of (path, tensor) pairs: libtorch 1.13's reader
  // cannot read a dict of one entry (pickle's SETITEM), nor nn.Parameter objects.
  std::vector<std::pair<c10::IValue, c10::IValue>> items;
  if (value.isGenericDict()) {
    for (const auto &item : value.toGenericDict()) items.emplace_back(item.key(), item.value());
  } else if (value.isTuple() || value.isList()) {
    for (const c10::IValue &pair : value.isTuple() ? value.toTupleRef().elements().vec() : value.toListRef().vec()) {
      if (!pair.isTuple() || pair.toTupleRef().elements().size() != 2)
        throw fail("a tuple of inputs must hold (path, tensor) pairs");
      items.emplace_back(pair.toTupleRef().elements()[0], pair.toTupleRef().elements()[1]);
    }
  } else {
    throw fail(fmt::format("expected a dict from input paths to tensors (torch.save({{\"kwargs['x']\": t, ...}}, "
                           "FILE)), got {}",
                           value.tagKind()));
  }
  std::vector<std::string> known;
  for_each_node(g, [&](const Expr &e, const std::string &path) {
    if (e.kind == EK::Tensor) known.push_back(path);
  });
  for (const auto &[k, v] : items) {
    if (!k.isString()) throw fail("every key must be a str naming an input path");
    std::string key = k.toStringRef();
    if (!v.isTensor()) throw fail(fmt::format("{} is not a tensor", key));
    const Expr *node = resolve_path(g, key);
    if (!node) throw fail(fmt::format("{} names no input{}", key, did_you_mean(key, known)));
    if (node->kind != EK::Tensor)
      throw fail(fmt::format("{} is a {} in the input description, not a tensor", key, expr_kind_name(node->kind)));
    out[node] = v.toTensor();
  }
  return out;
}

// ---- limits ----------------------------------------------------------------------------------

void check_devices_and_size(const Graph &g, const std::map<const Expr *, at::Tensor> &given, uint64_t limit) {
  uint64_t total = 0;
  const Expr *largest = nullptr;
  std::string largest_path;
  uint64_t largest_bytes = 0;
  int cuda_devices = -1;
  for_each_node(g, [&](const Expr &e, const std::string &path) {
    if (e.kind != EK::Tensor) return;
    uint64_t bytes = 0;
    if (auto it = given.find(&e); it != given.end()) {
      bytes = uint64_t(it->second.numel()) * it->second.element_size();
    } else {
      bytes = uint64_t(
          checked_bytes(e.shape, e.dtype).value_or(INT64_MAX)); // the loader checked it fits
      if (e.device.type == Device::Type::Meta)
        throw UserError(e.pointer, fmt::format("{} is a tensor on the meta device, which holds no data to run on",
                                               path));
      if (e.device.type == Device::Type::CUDA) {
        if (cuda_devices < 0) cuda_devices = at::hasCUDA() ? at::detail::getCUDAHooks().getNumGPUs() : 0;
        int want = e.device.index < 0 ? 0 : e.device.index;
        if (want >= cuda_devices)
          throw UserError(
              e.pointer,
              fmt::format("{} is a {} tensor, and {}; run this graph on a machine with CUDA (or change the "
                          "input description's devices to \"cpu\")",
                          path, type_comment(TensorMeta{e.shape, e.dtype, e.device, false}),
                          !at::hasCUDA() ? std::string("this libtorch has no CUDA support or no CUDA device is available")
                                         : fmt::format("only {} CUDA device{} available", cuda_devices,
                                                       cuda_devices == 1 ? " is" : "s are")));
      }
    }
    total = total > UINT64_MAX - bytes ? UINT64_MAX : total + bytes;
    if (bytes > largest_bytes) largest = &e, largest_bytes = bytes, largest_path = path;
  });
  if (total > limit)
    throw UserError(largest ? largest->pointer : "/inputs",
                    fmt::format("the input tensors take {} ({} alone takes {}), more than --max-input-bytes "
                                "({}); raise the limit if this machine has the memory",
                                human_bytes(total), largest_path, human_bytes(largest_bytes), human_bytes(limit)));
}

// ---- building --------------------------------------------------------------------------------

struct Builder {
  const Graph &g;
  const std::map<const Expr *, at::Tensor> &given;
  int64_t high;
  at::Generator gen;
  std::unordered_map<const Expr *, RRef> memo;

  std::string builtin_base(const std::string &cls) const {
    std::string at = cls;
    for (int depth = 0; depth < 64; ++depth) {
      if (is_builtin_class(at)) return at;
      const ClassDecl *c = g.find_class(at);
      if (!c || c->base.empty()) return "";
      at = c->base;
    }
    return "";
  }

  at::Tensor draw(const Expr &e) {
    at::IntArrayRef shape(e.shape);
    at::Tensor t;
    switch (e.dtype) {
    case DType::UInt8:
    case DType::Int8:
    case DType::Int16:
    case DType::Int32:
    case DType::Int64: t = at::randint(0, high, shape, gen, at::TensorOptions().dtype(to_aten(e.dtype))); break;
    case DType::Bool: t = at::lt(at::rand(shape, gen), 0.5); break;
    case DType::Complex64:
    case DType::Float64: t = at::randn(shape, gen, at::TensorOptions().dtype(to_aten(e.dtype))); break;
    default: t = at::randn(shape, gen).to(to_aten(e.dtype)); break;
    }
    return t.to(to_aten(e.device));
  }

  RRef tensor(const Expr &e) {
    at::Tensor t;
    if (auto it = given.find(&e); it != given.end()) {
      t = it->second;
    } else {
      t = draw(e);
      if (e.requires_grad) t.requires_grad_(true);
    }
    return RValue::of_tensor(std::move(t));
  }

  void implicit_module_attrs(RValue &m, const std::string &cls) {
    for (const ModuleDefault &d : module_defaults(cls)) {
      if (m.find(d.name)) continue;
      RRef v;
      switch (d.kind) {
      case ModuleDefault::Kind::None: v = RValue::none(); break;
      case ModuleDefault::Kind::Bool: v = RValue::boolean(d.number != 0); break;
      case ModuleDefault::Kind::Int:
        v = RValue::integer(int64_t(d.number));
        break;
      case ModuleDefault::Kind::Float: v = RValue::floating(d.number); break;
      case ModuleDefault::Kind::Str: v = RValue::str(d.text); break;
      case ModuleDefault::Kind::WeightShape:
      case ModuleDefault::Kind::WeightTuple: {
        REntry *w = m.find("weight");
        if (!w || w->value->kind != RValue::Kind::Tensor) continue;
        std::vector<RRef> dims;
        int64_t n = w->value->tensor.dim();
        if (d.kind == ModuleDefault::Kind::WeightTuple)
          dims.assign(n > 2 ? n - 2 : 0, RValue::integer(int64_t(d.number)));
        else
          for (int64_t dim : w->value->tensor.sizes())
            dims.push_back(RValue::integer(dim));
        v = RValue::seq(RValue::Kind::Tuple, std::move(dims));
        break;
      }
      }
      m.entries.push_back({d.name, RValue::str(d.name), std::move(v), d.slot});
    }
  }

  RRef value(const Expr &node) {
    const Expr &e = deref(node);
    if (auto it = memo.find(&e); it != memo.end()) return it->second;
    RRef v = build(e);
    memo[&e] = v;
    return v;
  }

  void add_member(RValue &owner, const std::string &k, const Expr &x, Slot slot) {
    owner.entries.push_back({k, RValue::str(k), value(x), slot});
  }

  RRef build(const Expr &e) {
    using K = RValue::Kind;
    switch (e.kind) {
    case EK::None: return RValue::none();
    case EK::Bool: return RValue::boolean(e.b);
    case EK::Int: return RValue::integer(e.i);
    case EK::Float: return RValue::floating(e.f);
    case EK::Str: return RValue::str(e.text);
    case EK::DType: return RValue::of_dtype(e.dtype);
    case EK::Device: return RValue::of_device(e.device);
    case EK::Class: return RValue::object(K::Class, e.text);
    case EK::Tensor: return tensor(e);
    case EK::Tuple:
    case EK::List: {
      RRef v = RValue::seq(e.kind == EK::Tuple ? K::Tuple : K::List, {});
      memo[&e] = v; // a ref to a container from inside it is rejected by the loader; harmless
      for (const Expr &x : e.items) v->items.push_back(value(x));
      return v;
    }
    case EK::Dict: {
      RRef v = RValue::object(K::Dict, "");
      memo[&e] = v;
      for (const auto &[k, x] : e.entries) add_member(*v, k, x, Slot::Item);
      return v;
    }
    case EK::Object: {
      RRef v = RValue::object(K::Object, e.text);
      memo[&e] = v;
      for (const auto &[k, x] : e.entries) add_member(*v, k, x, Slot::Attr);
      return v;
    }
    case EK::Dataclass: {
      RRef v = RValue::object(K::Dataclass, e.text);
      memo[&e] = v;
      // Fields in declared order (as the dataclass's constructor stores them), defaults filled in.
      std::vector<std::pair<std::string, RRef>> given_fields;
      for (const auto &[k, x] : e.entries) given_fields.emplace_back(k, value(x));
      const ClassDecl *c = g.find_class(e.text);
      if (c) {
        for (const std::string &f : c->fields) {
          auto it = std::find_if(given_fields.begin(), given_fields.end(), [&](auto &p) { return p.first == f; });
          if (it != given_fields.end()) v->entries.push_back({f, RValue::str(f), it->second, Slot::Field});
          else if (const Expr *d = c->default_for(f)) v->entries.push_back({f, RValue::str(f), value(*d), Slot::Field});
        }
      } else {
        for (auto &[k, x] : given_fields) v->entries.push_back({k, RValue::str(k), x, Slot::Field});
      }
      return v;
    }
    case EK::Module: {
      RRef v = RValue::object(K::Module, e.text);
      memo[&e] = v;
      // Built in the oracle's order (attrs, parameters, buffers, modules), stored in the
      // interpreter's (parameters, buffers, modules, attrs).
      std::vector<REntry> attrs, params, buffers, modules;
      for (const auto &[k, x] : e.entries) attrs.push_back({k, RValue::str(k), value(x), Slot::Attr});
      for (const auto &[k, x] : e.parameters) params.push_back({k, RValue::str(k), value(x), Slot::Parameter});
      for (const auto &[k, x] : e.buffers) buffers.push_back({k, RValue::str(k), value(x), Slot::Buffer});
      for (const auto &[k, x] : e.modules) modules.push_back({k, RValue::str(k), value(x), Slot::Submodule});
      for (auto *part : {&params, &buffers, &modules, &attrs})
        for (REntry &m : *part) v->entries.push_back(std::move(m));
      implicit_module_attrs(*v, builtin_base(e.text));
      return v;
    }
    case EK::Ref:
    case EK::Local:
    case EK::Slice:
    case EK::Ellipsis: break;
    }
    THUNDERC_ASSERT(false, std::string("not an input value form: ") + std::string(expr_kind_name(e.kind)));
    return nullptr;
  }
};

} // namespace

int64_t int_high(const Graph &g) {
  int64_t high = 10;
  for_each_node(g, [&](const Expr &e, const std::string &) {
    if (e.kind != EK::Module) return;
    for (const auto &[k, x] : e.entries)
      if (k == "num_embeddings" && x.kind == EK::Int && x.i > 0) high = std::min(high, x.i);
  });
  return high;
}

Roots build_inputs(const Graph &g, const InputOptions &options) {
  std::map<const Expr *, at::Tensor> given = load_inputs_file(g, options.inputs_file);
  check_devices_and_size(g, given, options.max_input_bytes);
  at::NoGradGuard no_grad;
  Builder b{g, given, int_high(g), at::make_generator<at::CPUGeneratorImpl>(uint64_t(options.seed)), {}};
  Roots r;
  if (g.inputs.self) r.self = b.value(*g.inputs.self);
  r.args = RValue::seq(RValue::Kind::Tuple, {});
  for (const Expr &a : g.inputs.args) r.args->items.push_back(b.value(a));
  r.kwargs = RValue::object(RValue::Kind::Dict, "");
  for (const auto &[k, x] : g.inputs.kwargs) b.add_member(*r.kwargs, k, x, Slot::Item);
  return r;
}

} // namespace thunderc::runtime
