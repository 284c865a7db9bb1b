#include "runtime/eager.h"

#include "interp/tensor_backend.h"
#include "runtime/aten_ops.h"
#include "support/diagnostics.h"

#include <ATen/core/Tensor.h>
#include <fmt/format.h>

#include <unordered_map>

namespace thunderc::runtime {

namespace {

using RK = RValue::Kind;

// The real object an input record reaches, from the roots, along the record's path.
class InputResolver {
public:
  explicit InputResolver(const Roots &r) : roots_(r) {}

  RRef resolve(const Heap &h, ProvId p) {
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    const ProvRecord &rec = h.record(p);
    RRef out;
    switch (rec.kind) {
    case ProvKind::InputArgs: out = roots_.args; break;
    case ProvKind::InputKwargs: out = roots_.kwargs; break;
    case ProvKind::InputFn: out = roots_.self; break;
    case ProvKind::Attr:
    case ProvKind::Item: {
      RRef owner = resolve(h, rec.parent);
      if (rec.int_key && (owner->kind == RK::Tuple || owner->kind == RK::List)) {
        THUNDERC_ASSERT(rec.index >= 0 && size_t(rec.index) < owner->items.size(), "input index out of range");
        out = owner->items[size_t(rec.index)];
      } else if (owner->kind == RK::Dict && rec.int_key) {
        for (const REntry &e : owner->entries)
          if (e.key && e.key->kind == RK::Int && e.key->i == rec.index) out = e.value;
      } else {
        REntry *e = owner->find(rec.int_key ? std::to_string(rec.index) : std::string(rec.name));
        if (e) out = e->value;
      }
      break;
    }
    default: break;
    }
    THUNDERC_ASSERT(out, "the real inputs have nothing at " + h.path(p));
    memo_[p] = out;
    return out;
  }

private:
  const Roots &roots_;
  std::unordered_map<ProvId, RRef> memo_;
};

class AtenBackend final : public TensorBackend {
public:
  AtenBackend(InputResolver &inputs) : inputs_(inputs) {}

  at::Tensor data(Value version, const Heap &h) {
    if (auto it = data_.find(version.id); it != data_.end()) return it->second;
    THUNDERC_ASSERT(h.from_input(version), "eager: a tensor read before it was computed: " + h.path_of(version));
    RRef real = inputs_.resolve(h, h.prov(version));
    THUNDERC_ASSERT(real->kind == RK::Tensor, "eager: the input at " + h.path_of(version) + " is no tensor");
    data_[version.id] = real->tensor;
    return real->tensor;
  }

  AArg bind(const ops::Arg &m, const Heap &h) {
    AArg a;
    a.meta = m;
    if (m.kind == ops::Arg::Kind::Tensor) a.tensor = data(Value{uint32_t(m.i)}, h);
    if (m.kind == ops::Arg::Kind::Seq || m.kind == ops::Arg::Kind::Slice)
      for (const ops::Arg &i : m.items) a.items.push_back(bind(i, h));
    return a;
  }

  ops::Arg run(const OpRecord &op, const Heap &h) override {
    ops::Arg inferred = ops::infer(op.op, op.bound_meta);
    // copy_ is run only to check its arguments: the interpreter records the update as the ops
    // that make the source fit (to, expand), which arrive here as ops of their own.
    if (op.op == ops::Op::copy_) return inferred;
    std::vector<AArg> bound;
    for (const ops::Arg &m : op.bound_meta) bound.push_back(bind(m, h));
    AResult res = run_aten(op.op, bound);
    if (res.python) return *res.python;
    pending_ = res.tensors;
    std::vector<const ops::Arg *> metas;
    if (inferred.kind == ops::Arg::Kind::Seq)
      for (const ops::Arg &i : inferred.items) metas.push_back(&i);
    else
      metas.push_back(&inferred);
    std::string loc = op.stmt ? " at " + op.stmt->pointer : "";
    if (metas.size() != pending_.size()) {
      mismatches.push_back(fmt::format("{}(){}: ATen gives {} tensors, thunderc infers {}", ops::info(op.op).torch_name,
                                       loc, pending_.size(), metas.size()));
      return inferred;
    }
    for (size_t k = 0; k < metas.size(); ++k) {
      const TensorMeta &want = metas[k]->tensor;
      TensorMeta got = result_meta(op.op, pending_[k], want);
      if (!(got == want))
        mismatches.push_back(fmt::format("{}(){}: ATen computes {}, thunderc infers {}", ops::info(op.op).torch_name,
                                         loc, meta_text(got), meta_text(want)));
    }
    return inferred;
  }

  void produced(const OpRecord &op, const Heap &) override {
    for (size_t k = 0; k < op.outputs.size() && k < pending_.size(); ++k) data_[op.outputs[k].id] = pending_[k];
    pending_.clear();
  }

  std::optional<ops::Arg> scalar(Value version, const Heap &h) override {
    at::Tensor t = data(version, h);
    if (t.numel() != 1) return std::nullopt;
    at::Scalar s = t.item();
    if (s.isBoolean()) return ops::Arg::of_bool(s.toBool());
    if (s.isIntegral(false)) return ops::Arg::of_int(s.toLong());
    if (s.isFloatingPoint()) return ops::Arg::of_float(s.toDouble());
    return std::nullopt;
  }

  std::vector<std::string> mismatches;

private:
  InputResolver &inputs_;
  std::unordered_map<uint32_t, at::Tensor> data_;
  std::vector<at::Tensor> pending_;
};

// Builds the real value of an interpreter value after the run.
class Realizer {
public:
  Realizer(const Heap &h, InputResolver &inputs, AtenBackend &backend, TensorValues &tensors)
      : h_(h), inputs_(inputs), backend_(backend), tensors_(tensors) {}

  RRef real(Value v) {
    if (auto it = memo_.find(v.id); it != memo_.end()) return it->second;
    RRef out = make(v);
    memo_[v.id] = out;
    return out;
  }

private:
  RRef make(Value v) {
    Kind k = h_.kind(v);
    bool scalar = k == Kind::None || k == Kind::Bool || k == Kind::Int || k == Kind::Float || k == Kind::Str ||
                  k == Kind::DType || k == Kind::Device || k == Kind::Ellipsis;
    if (!scalar && h_.from_input(v)) return inputs_.resolve(h_, h_.prov(v));
    switch (k) {
    case Kind::None: return RValue::none();
    case Kind::Bool: return RValue::boolean(h_.as_bool(v));
    case Kind::Int: return RValue::integer(h_.as_int(v));
    case Kind::Float: return RValue::floating(h_.as_float(v));
    case Kind::Str: return RValue::str(std::string(h_.as_str(v)));
    case Kind::DType: return RValue::of_dtype(h_.as_dtype(v));
    case Kind::Device: return RValue::of_device(h_.as_device(v));
    case Kind::Ellipsis: return RValue::ellipsis();
    case Kind::Tensor: return tensors_.wrap(backend_.data(h_.current(v), h_));
    case Kind::Slice:
    case Kind::Tuple:
    case Kind::List: {
      RRef out = RValue::seq(k == Kind::Slice ? RK::Slice : k == Kind::Tuple ? RK::Tuple : RK::List, {});
      memo_[v.id] = out;
      for (Value i : h_.items(v)) out->items.push_back(real(i));
      return out;
    }
    case Kind::Dict:
    case Kind::Dataclass:
    case Kind::Object:
    case Kind::Module: {
      RK rk = k == Kind::Dict ? RK::Dict : k == Kind::Dataclass ? RK::Dataclass : k == Kind::Object ? RK::Object : RK::Module;
      RRef out = RValue::object(rk, k == Kind::Dict ? "" : std::string(h_.name(v)));
      out->ordered_dict = k == Kind::Dict && h_.ordered_dict(v);
      memo_[v.id] = out;
      for (const Entry &e : h_.entries(v)) {
        RRef key = k == Kind::Dict ? real(e.key) : RValue::str(std::string(h_.symbol(e.name)));
        std::string name = key->kind == RK::Str ? key->s : repr(*key);
        out->entries.push_back({name, key, real(e.value), e.slot});
      }
      return out;
    }
    case Kind::Class: return RValue::object(RK::Class, std::string(h_.name(v)));
    default: break;
    }
    THUNDERC_ASSERT(false, "eager: cannot make a real value of " + h_.repr(v));
    return nullptr;
  }

  const Heap &h_;
  InputResolver &inputs_;
  AtenBackend &backend_;
  TensorValues &tensors_;
  std::unordered_map<uint32_t, RRef> memo_;
};

RRef submodule_path(RRef at, const std::string &path, std::string *last) {
  size_t start = 0;
  while (true) {
    size_t dot = path.find('.', start);
    if (dot == std::string::npos) {
      *last = path.substr(start);
      return at;
    }
    REntry *e = at->find(path.substr(start, dot - start));
    THUNDERC_ASSERT(e && e->value->kind == RK::Module, "eager: no sub-module on the way to " + path);
    at = e->value;
    start = dot + 1;
  }
}

} // namespace

EagerRun run_eager(const Graph &g, const Roots &inputs, const InterpOptions &options) {
  at::NoGradGuard no_grad;
  InputResolver resolver(inputs);
  AtenBackend backend(resolver);
  InterpOptions o = options;
  o.backend = &backend;
  Program p = interpret(g, o);
  const Heap &h = p.heap;
  TensorValues tensors(inputs);
  Realizer realizer(h, resolver, backend, tensors);

  // Everything the effects need is made real before the first effect changes the inputs.
  struct Effect {
    const SideEffect *se;
    RRef target, key, value;
  };
  std::vector<Effect> effects;
  for (const SideEffect &se : p.side_effects) {
    Effect e{&se, nullptr, nullptr, realizer.real(se.value)};
    e.target = se.kind == SideEffect::Kind::SetBuffer ? resolver.resolve(h, se.module_root) : realizer.real(se.target);
    if (se.kind == SideEffect::Kind::SetItem) e.key = realizer.real(se.key);
    effects.push_back(std::move(e));
  }
  EagerRun out;
  out.result = realizer.real(p.result);
  std::vector<std::pair<at::Tensor, at::Tensor>> writes;
  for (const WriteBack &wb : p.write_backs)
    writes.emplace_back(resolver.resolve(h, h.prov(wb.tensor))->tensor, backend.data(wb.version, h));

  for (auto &[dst, src] : writes) dst.copy_(src);
  for (Effect &e : effects) {
    switch (e.se->kind) {
    case SideEffect::Kind::SetAttr: e.target->set_attr(e.se->name, e.value); break;
    case SideEffect::Kind::SetItem:
      if (e.target->kind == RK::List) {
        int64_t i = e.key->i < 0 ? e.key->i + int64_t(e.target->items.size()) : e.key->i;
        THUNDERC_ASSERT(i >= 0 && size_t(i) < e.target->items.size(), "eager: list index out of range");
        e.target->items[size_t(i)] = e.value;
      } else {
        set_item(*e.target, e.key, e.value);
      }
      break;
    case SideEffect::Kind::SetBuffer: {
      std::string name;
      RRef owner = submodule_path(e.target, e.se->module_path, &name);
      if (REntry *m = owner->find(name)) {
        m->value = e.value;
        m->slot = Slot::Buffer;
      } else {
        owner->entries.push_back({name, RValue::str(name), e.value, Slot::Buffer});
      }
      break;
    }
    case SideEffect::Kind::Contents:
      if (e.target->kind == RK::Dict) {
        e.target->entries.clear();
        for (const RRef &kv : e.value->items) set_item(*e.target, kv->items.at(0), kv->items.at(1));
      } else {
        e.target->items = e.value->items;
      }
      break;
    }
  }
  out.meta_mismatches = std::move(backend.mismatches);
  return out;
}

} // namespace thunderc::runtime
