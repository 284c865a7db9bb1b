// Guard soundness of the prologue as `thunderc run` executes it: for every sample graph (and the
// trace test graphs), the real inputs built from the description pass the prologue, and each
// property the program relied on (every Guard of the interpreter's record: tensor shape, dtype,
// device, requires_grad, scalar values and their types, None-ness, lengths, key sets and order, exact
// classes, identities, attribute presence), perturbed one at a time on a fresh copy of the inputs,
// makes the prologue reject the inputs with a message naming the perturbed input's path.
#include "graph/load.h"
#include "interp/interpret.h"
#include "passes/passes.h"
#include "runtime/inputs.h"
#include "runtime/py_literal.h"
#include "runtime/trace_exec.h"
#include "trace/build.h"

#include <ATen/ATen.h>
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <filesystem>
#include <functional>
#include <set>

using namespace thunderc;
using namespace thunderc::runtime;
using RK = RValue::Kind;

namespace {

struct Compiled {
  std::unique_ptr<Graph> graph;
  Program program;
  Traces traces;
};

// Identity and attribute-presence guards, which no sample relies on.
const char *const identity_graph = R"({
  "format": "thunderc-graph", "version": 1, "name": "identity_attrs",
  "classes": {"Box": {"module": "app.state", "qualname": "Box"}},
  "functions": {"f": {"params": ["a", "b", "c", "t"], "body": [
    {"op": "call", "fn": "builtins.hasattr", "args": ["%a", "w"], "out": "h1"},
    {"op": "call", "fn": "builtins.hasattr", "args": ["%a", "missing"], "out": "h2"},
    {"op": "call", "fn": "operator.is_not", "args": ["%a", "%b"], "out": "d"},
    {"op": "call", "fn": "operator.is_", "args": ["%a", "%c"], "out": "s"},
    {"op": "getattr", "obj": "%a", "name": "dev", "out": "dev"},
    {"op": "method", "obj": "%t", "name": "to", "args": ["%dev"], "out": "u"},
    {"op": "return", "value": ["%u", "%h1", "%h2", "%d", "%s"]}]}},
  "entry": "f",
  "inputs": {"args": [{"object": "Box", "attrs": {"w": 1, "dev": {"device": "cpu"}}},
                      {"object": "Box", "attrs": {"w": 2}},
                      {"ref": "/args/0"},
                      {"tensor": [2]}], "kwargs": {}}})";

Compiled compile(const std::string &path) {
  Compiled c;
  c.graph = std::make_unique<Graph>(path == "identity_attrs" ? load_graph_text(identity_graph, path) : load_graph(path));
  c.program = interpret(*c.graph);
  c.traces = build_traces(*c.graph, c.program);
  run_pipeline(c.traces.prologue, c.traces.computation);
  return c;
}

std::vector<std::string> run_graphs() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  std::string root = THUNDERC_RUNTIME_SOURCE_DIR;
  for (const char *dir : {"/samples", "/tests/graphs/traces"})
    for (const auto &e : fs::directory_iterator(root + dir))
      if (e.path().extension() == ".json" && e.path().filename() != "llama_static_cache.json")
        out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  out.push_back("identity_attrs");
  return out;
}

// The slot holding the value an input record reaches (nullptr when the inputs hold none there).
RRef *slot_of(Roots &r, const Heap &h, ProvId p) {
  const ProvRecord &rec = h.record(p);
  switch (rec.kind) {
  case ProvKind::InputArgs: return &r.args;
  case ProvKind::InputKwargs: return &r.kwargs;
  case ProvKind::InputFn: return &r.self;
  case ProvKind::Attr:
  case ProvKind::Item: {
    RRef *owner = slot_of(r, h, rec.parent);
    if (!owner || !*owner) return nullptr;
    RValue &o = **owner;
    if (rec.int_key && (o.kind == RK::Tuple || o.kind == RK::List))
      return rec.index >= 0 && size_t(rec.index) < o.items.size() ? &o.items[size_t(rec.index)] : nullptr;
    REntry *e = o.find(rec.int_key ? std::to_string(rec.index) : rec.name);
    return e ? &e->value : nullptr;
  }
  default: return nullptr;
  }
}

// Every path by which the inputs reach `target` (aliases included), normalised.
std::set<std::string> spellings(const Roots &r, const RValue *target) {
  std::set<std::string> out;
  std::function<void(const RRef &, const std::string &, int)> walk = [&](const RRef &v, const std::string &path,
                                                                         int depth) {
    if (!v || depth > 64) return;
    if (v.get() == target) out.insert(normalize_path(path));
    for (size_t i = 0; i < v->items.size() && v->kind != RK::Slice; ++i)
      walk(v->items[i], fmt::format("{}[{}]", path, i), depth + 1);
    for (const REntry &e : v->entries)
      walk(e.value, v->kind == RK::Dict ? path + "[" + repr(*e.key) + "]" : path + "." + e.name, depth + 1);
  };
  if (r.self) walk(r.self, "self", 0);
  walk(r.args, "args", 0);
  walk(r.kwargs, "kwargs", 0);
  return out;
}

at::ScalarType other_dtype(at::ScalarType t) {
  switch (t) {
  case at::kFloat: return at::kDouble;
  case at::kDouble:
  case at::kHalf:
  case at::kBFloat16: return at::kFloat;
  case at::kLong: return at::kInt;
  case at::kBool: return at::kByte;
  default: return at::kLong;
  }
}

// `moved` (a copy of `t` on another device) with `t`'s requires_grad.
at::Tensor on_device(const at::Tensor &t, at::Tensor moved) {
  if (t.requires_grad()) moved.requires_grad_(true);
  return moved;
}

struct Perturbation {
  std::string what;
  std::function<void(Roots &, RRef &)> apply; // given the inputs and the subject's slot
};

std::vector<Perturbation> perturbations(const Guard &g, const RValue &x, const Heap &h) {
  std::vector<Perturbation> out;
  using GK = Guard::Kind;
  auto in_place = [&](std::string what, std::function<void(RValue &)> f) {
    out.push_back({std::move(what), [f](Roots &, RRef &slot) { f(*slot); }});
  };
  switch (g.kind) {
  case GK::TensorMeta: {
    if (x.kind != RK::Tensor) break;
    in_place("shape", [](RValue &v) {
      std::vector<int64_t> shape(v.tensor.sizes().begin(), v.tensor.sizes().end());
      if (shape.empty()) shape.push_back(1);
      else shape[0] += 1;
      bool rg = v.tensor.requires_grad();
      v.tensor = at::zeros(shape, v.tensor.options().requires_grad(false));
      if (rg) v.tensor.requires_grad_(true);
    });
    in_place("dtype", [](RValue &v) {
      bool rg = v.tensor.requires_grad();
      v.tensor = v.tensor.detach().to(other_dtype(v.tensor.scalar_type()));
      if (rg && v.tensor.is_floating_point()) v.tensor.requires_grad_(true);
    });
    // Another device thunderc names, and one it has no name for: a tensor that reports XPU (made
    // around host memory; Debian's libtorch has no XPU backend, and nothing here runs a kernel).
    in_place("device (meta)", [](RValue &v) { v.tensor = on_device(v.tensor, v.tensor.detach().to(at::kMeta)); });
    in_place("device (xpu, which thunderc has no name for)", [](RValue &v) {
      const at::Tensor &t = v.tensor;
      auto *bytes = new char[std::max<size_t>(1, t.nbytes())];
      at::Device device(at::kXPU, 0);
      at::Tensor xpu = at::for_blob(bytes, t.sizes())
                           .options(t.options().requires_grad(false).device(device))
                           .target_device(device)
                           .deleter([](void *p) { delete[] static_cast<char *>(p); })
                           .make_tensor();
      REQUIRE(xpu.device().type() == at::kXPU);
      v.tensor = on_device(t, xpu);
    });
    if (x.tensor.is_floating_point())
      in_place("requires_grad", [](RValue &v) {
        bool rg = v.tensor.requires_grad();
        v.tensor = v.tensor.detach().clone();
        if (!rg) v.tensor.requires_grad_(true);
      });
    break;
  }
  case GK::Value:
    switch (x.kind) {
    case RK::Bool: in_place("value", [](RValue &v) { v.b = !v.b, v.i = v.b; }); break;
    case RK::Int:
      in_place("value", [](RValue &v) { v.i += 1; });
      in_place("type (the same number as a float)", [](RValue &v) { v.kind = RK::Float, v.f = double(v.i); });
      break;
    case RK::Float:
      in_place("value", [](RValue &v) { v.f = std::isfinite(v.f) ? v.f + 0.5 : 0.5; }); // inf, nan
      if (x.f == 0) in_place("sign", [](RValue &v) { v.f = -v.f; }); // 1 / -0.0 is -inf
      if (x.f == std::floor(x.f) && std::abs(x.f) < 1e15)
        in_place("type (the same number as an int)", [](RValue &v) { v.kind = RK::Int, v.i = int64_t(v.f); });
      break;
    case RK::Str: in_place("value", [](RValue &v) { v.s += "_"; }); break;
    case RK::DType:
      in_place("value", [](RValue &v) { v.dtype = v.dtype == DType::Float32 ? DType::Float64 : DType::Float32; });
      break;
    case RK::Device: in_place("value", [](RValue &v) { v.device = Device{Device::Type::Meta, -1}; }); break;
    default: break;
    }
    break;
  case GK::None: in_place("None-ness (0 for None)", [](RValue &v) { v = *RValue::integer(0); }); break;
  case GK::NotNone: in_place("None-ness (None)", [](RValue &v) { v = *RValue::none(); }); break;
  case GK::Type:
    if (x.kind == RK::Object || x.kind == RK::Dataclass || x.kind == RK::Module)
      in_place("type", [](RValue &v) { v.s = v.s == "torch.nn.Module" ? "torch.nn.Sequential" : "torch.nn.Module"; });
    else if (x.kind == RK::Dict) in_place("type (dict <-> OrderedDict)", [](RValue &v) { v.ordered_dict = !v.ordered_dict; });
    else if (x.kind == RK::List) in_place("type (a tuple)", [](RValue &v) { v.kind = RK::Tuple; });
    else if (x.kind == RK::Tuple) in_place("type (a list)", [](RValue &v) { v.kind = RK::List; });
    break;
  case GK::Len:
    if (x.kind == RK::Tuple || x.kind == RK::List)
      in_place("length", [](RValue &v) { v.items.push_back(v.items.empty() ? RValue::none() : v.items.back()); });
    else if (x.kind == RK::Dict)
      in_place("length", [](RValue &v) {
        v.entries.push_back({"thunderc_extra", RValue::str("thunderc_extra"), RValue::none(), Slot::Item});
      });
    else if (x.kind == RK::Module)
      in_place("length", [](RValue &v) {
        size_t n = 0;
        for (const REntry &e : v.entries) n += e.slot == Slot::Submodule;
        std::string name = std::to_string(n);
        v.entries.push_back({name, RValue::str(name), RValue::object(RK::Module, "torch.nn.Module"), Slot::Submodule});
      });
    break;
  case GK::Keys:
    if (x.kind != RK::Dict) break;
    in_place("key set", [](RValue &v) {
      v.entries.push_back({"thunderc_extra", RValue::str("thunderc_extra"), RValue::none(), Slot::Item});
    });
    if (g.ordered && x.entries.size() >= 2)
      in_place("key order", [](RValue &v) { std::reverse(v.entries.begin(), v.entries.end()); });
    break;
  case GK::Is:
    out.push_back({"identity (an equal copy)", [](Roots &, RRef &slot) {
                     Roots one{nullptr, RValue::seq(RK::Tuple, {slot}), RValue::object(RK::Dict, "")};
                     slot = deep_copy(one).args->items[0];
                   }});
    break;
  case GK::IsNot: {
    ProvId other = g.other;
    const Heap *hp = &h;
    out.push_back({"identity (the other object)", [other, hp](Roots &r, RRef &slot) {
                     RRef *o = slot_of(r, *hp, other);
                     REQUIRE(o);
                     slot = *o;
                   }});
    break;
  }
  case GK::HasAttr:
    if (g.expected)
      in_place("attribute removed", [name = g.name](RValue &v) {
        v.entries.erase(std::remove_if(v.entries.begin(), v.entries.end(), [&](const REntry &e) { return e.name == name; }),
                        v.entries.end());
      });
    else
      in_place("attribute added", [name = g.name](RValue &v) {
        v.entries.push_back({name, RValue::str(name), RValue::none(), Slot::Attr});
      });
    break;
  }
  return out;
}

std::string guard_kind(Guard::Kind k) {
  static const char *names[] = {"TensorMeta", "Value", "None", "NotNone", "Type", "Len", "Keys", "Is", "IsNot", "HasAttr"};
  return names[static_cast<int>(k)];
}

} // namespace

TEST_CASE("the prologue accepts the inputs it was built for and rejects each perturbed guarded property") {
  at::NoGradGuard no_grad;
  for (const std::string &path : run_graphs()) {
    CAPTURE(path);
    Compiled c = compile(path);
    LiteralReader literals(*c.graph);
    const Heap &h = c.program.heap;
    Roots base = build_inputs(*c.graph, {});
    REQUIRE_NOTHROW(run_prologue(c.traces.prologue, literals, base));

    size_t rejected = 0;
    std::set<std::tuple<ProvId, int, std::string>> done;
    for (const Guard &g : c.program.guards) {
      Roots probe = deep_copy(base);
      RRef *slot = slot_of(probe, h, g.subject);
      REQUIRE_MESSAGE(slot, "no input at " << h.path(g.subject));
      for (const Perturbation &p : perturbations(g, **slot, h)) {
        if (!done.insert({g.subject, int(g.kind), p.what}).second) continue;
        Roots inputs = deep_copy(base);
        RRef *s = slot_of(inputs, h, g.subject);
        std::set<std::string> names = spellings(inputs, s->get());
        if (g.kind == Guard::Kind::Is || g.kind == Guard::Kind::IsNot) {
          RRef *o = slot_of(inputs, h, g.other);
          auto more = spellings(inputs, o->get());
          names.insert(more.begin(), more.end());
          names.insert(normalize_path(h.path(g.other)));
        }
        names.insert(normalize_path(h.path(g.subject)));
        p.apply(inputs, *s);
        std::string shown = fmt::format("{} {} of {}", guard_kind(g.kind), p.what, h.path(g.subject));
        CAPTURE(shown);
        try {
          run_prologue(c.traces.prologue, literals, inputs);
          FAIL_CHECK("the prologue accepted a perturbed " << shown);
        } catch (const GuardFailure &e) {
          std::string message = e.what();
          std::string named = normalize_path(message.substr(0, message.find(": ")));
          // A perturbation that puts another object in the slot (identity) may be caught at one
          // of that object's members first: a path below the slot names it too.
          bool below = false;
          if (g.kind == Guard::Kind::Is || g.kind == Guard::Kind::IsNot)
            for (const std::string &n : names)
              below |= named.size() > n.size() && named.compare(0, n.size(), n) == 0 &&
                       (named[n.size()] == '.' || named[n.size()] == '[');
          CHECK_MESSAGE((names.count(named) || below),
                        "the rejection of " << shown << " names another input: " << message);
          if (p.what.find("xpu") != std::string::npos)
            CHECK_MESSAGE(message.find(", got xpu:0") != std::string::npos, message);
          ++rejected;
        }
      }
    }
    MESSAGE(path << ": " << rejected << " perturbations rejected");
    CHECK(rejected > 0);
    if (path == "identity_attrs") {
      std::set<Guard::Kind> kinds;
      for (const auto &[subject, kind, what] : done) kinds.insert(Guard::Kind(kind));
      for (Guard::Kind k : {Guard::Kind::Is, Guard::Kind::IsNot, Guard::Kind::HasAttr, Guard::Kind::Value})
        CHECK_MESSAGE(kinds.count(k), "no " << guard_kind(k) << " guard was perturbed");
    }
  }
}

TEST_CASE("the prologue rejects one object or one memory passed for two inputs when the program changes one") {
  at::NoGradGuard no_grad;
  Compiled c = compile(std::string(THUNDERC_RUNTIME_SOURCE_DIR) + "/tests/graphs/traces/distinct_inputs.json");
  LiteralReader literals(*c.graph);
  auto rejection = [&](const std::function<void(std::vector<RRef> &)> &edit) {
    Roots inputs = build_inputs(*c.graph, {});
    edit(inputs.args->items); // x (changed), y, a (changed), b
    try {
      run_prologue(c.traces.prologue, literals, inputs);
    } catch (const GuardFailure &e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  CHECK(rejection([](std::vector<RRef> &) {}) == "accepted");
  CHECK(rejection([](std::vector<RRef> &a) { a[1] = a[0]; }) ==
        "args[1]: expected an input distinct from args[0] (which the program changes), got a tensor sharing its memory");
  CHECK(rejection([](std::vector<RRef> &a) { a[1] = RValue::of_tensor(a[0]->tensor.view({3})); })
            .starts_with("args[1]: expected an input distinct from args[0]"));
  CHECK(rejection([](std::vector<RRef> &a) { a[3] = a[2]; }) ==
        "args[3]: expected an input distinct from args[2] (which the program changes), got the same object");
  CHECK(rejection([](std::vector<RRef> &a) { a[0] = a[1]; }).starts_with("args[1]: expected an input distinct from args[0]"));
  // Views of one storage: overlapping ones are rejected, disjoint ones (a cache split in slices) pass.
  at::Tensor storage = at::zeros({7});
  CHECK(rejection([&](std::vector<RRef> &a) {
          a[0] = RValue::of_tensor(storage.slice(0, 0, 3));
          a[1] = RValue::of_tensor(storage.slice(0, 2, 5));
        }).starts_with("args[1]: expected an input distinct from args[0]"));
  CHECK(rejection([&](std::vector<RRef> &a) {
          a[0] = RValue::of_tensor(storage.slice(0, 0, 3));
          a[1] = RValue::of_tensor(storage.slice(0, 3, 6));
        }) == "accepted");
  CHECK(rejection([&](std::vector<RRef> &a) { // strided: elements 1, 3, 5 against 0, 2, 4 (spans overlap)
          a[0] = RValue::of_tensor(storage.slice(0, 0, 6, 2));
          a[1] = RValue::of_tensor(storage.slice(0, 1, 7, 2));
        }).starts_with("args[1]: expected an input distinct from args[0]"));
}
