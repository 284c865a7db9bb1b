// Input values: built once per distinct node of the input description, each with the record of
// the first place that defines it. A `ref` slot holds the same handle as its target (aliasing)
// and is flagged, so that a read through it is guarded with `Is`. Built-in torch.nn modules get
// the attributes PyTorch always has (eps, bias, padding_idx, training, ...) where the description
// leaves them out, with PyTorch's defaults; reading them is guarded like any other input.
#include "interp/interpreter.h"

#include "support/diagnostics.h"

#include <algorithm>

namespace thunderc::interp {

namespace {
bool all_digits(const std::string &s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Fixup {
  Value container;
  size_t index; // item or entry index
  bool entry;   // entries (dict, object, module) rather than items
  const Expr *target;
};
} // namespace

ProvId Interpreter::child_record(ProvId parent, ProvKind kind, Slot slot, std::string_view name,
                                 int64_t index, bool int_key) {
  ProvId id = h.add_record(kind);
  ProvRecord &r = h.record_mut(id);
  r.slot = slot;
  r.input = true;
  r.parent = parent;
  r.name = name;
  r.index = index;
  r.int_key = int_key;
  return id;
}

namespace {
struct Builder {
  Interpreter &in;
  Heap &h;
  std::vector<Fixup> fixups;

  Value build(const Expr &e, ProvId rec) {
    Value v;
    switch (e.kind) {
    case Expr::Kind::None:
      v = h.none(rec);
      break;
    case Expr::Kind::Bool:
      v = h.boolean(e.b, rec);
      break;
    case Expr::Kind::Int:
      v = h.integer(e.i, rec);
      break;
    case Expr::Kind::Float:
      v = h.floating(e.f, rec);
      break;
    case Expr::Kind::Str:
      v = h.str(e.text, rec);
      break;
    case Expr::Kind::DType:
      v = h.dtype(e.dtype, rec);
      break;
    case Expr::Kind::Device:
      v = h.device(e.device, rec);
      break;
    case Expr::Kind::Class:
      v = h.klass(e.text, rec);
      break;
    case Expr::Kind::Tensor:
      v = h.tensor(TensorMeta{e.shape, e.dtype, e.device, e.requires_grad}, rec);
      break;
    case Expr::Kind::Tuple:
    case Expr::Kind::List: {
      v = e.kind == Expr::Kind::Tuple ? h.tuple(std::vector<Value>(e.items.size()), rec)
                                      : h.list(std::vector<Value>(e.items.size()), rec);
      for (size_t i = 0; i < e.items.size(); ++i) {
        const Expr &x = e.items[i];
        if (x.kind == Expr::Kind::Ref) {
          fixups.push_back({v, i, false, x.target});
          continue;
        }
        Value item =
            build(x, in.child_record(rec, ProvKind::Item, Slot::Item, "", int64_t(i), true));
        h.items_mut(v)[i] = item;
      }
      break;
    }
    case Expr::Kind::Dict: {
      v = h.dict(rec);
      h.reserve_entries(v, e.entries.size());
      for (const auto &[k, x] : e.entries)
        member(v, rec, k, x, Slot::Item, ProvKind::Item, false);
      break;
    }
    case Expr::Kind::Object:
    case Expr::Kind::Dataclass: {
      bool dc = e.kind == Expr::Kind::Dataclass;
      v = h.object(dc ? Kind::Dataclass : Kind::Object, e.text, rec);
      h.reserve_entries(v, e.entries.size());
      for (const auto &[k, x] : e.entries)
        member(v, rec, k, x, dc ? Slot::Field : Slot::Attr, ProvKind::Attr, false);
      break;
    }
    case Expr::Kind::Module: {
      v = h.object(Kind::Module, e.text, rec);
      const Interpreter::ClassInfo &cls = in.class_info(v);
      const std::string &base = cls.builtin_base;
      h.reserve_entries(v, e.parameters.size() + e.buffers.size() + e.modules.size() +
                               e.entries.size() + in.implicit_attrs(cls).size());
      for (const auto &[k, x] : e.parameters)
        member(v, rec, k, x, Slot::Parameter, ProvKind::Attr, false);
      for (const auto &[k, x] : e.buffers)
        member(v, rec, k, x, Slot::Buffer, ProvKind::Attr, false);
      for (const auto &[k, x] : e.modules) {
        bool indexed = all_digits(k) || base == "torch.nn.ModuleDict";
        member(v, rec, k, x, Slot::Submodule, indexed ? ProvKind::Item : ProvKind::Attr,
               all_digits(k));
      }
      for (const auto &[k, x] : e.entries)
        member(v, rec, k, x, Slot::Attr, ProvKind::Attr, false);
      in.implicit_module_attrs(v, cls);
      break;
    }
    case Expr::Kind::Ref:
    case Expr::Kind::Local:
    case Expr::Kind::Slice:
    case Expr::Kind::Ellipsis:
      THUNDERC_ASSERT(false, "operand form in the input description");
    }
    h.record_mut(rec).value = v;
    if (e.ref_target) in.built[&e] = v; // refs to it are fixed up at the end
    return v;
  }

  // One named member of a dict/object/dataclass/module.
  void member(Value owner, ProvId rec, const std::string &k, const Expr &x, Slot slot,
              ProvKind kind, bool int_key) {
    // Keys of one input node are unique (the loader rejects duplicates): append without lookup.
    uint32_t name = h.intern(k); // the record's name views the symbol
    if (x.kind == Expr::Kind::Ref) {
      h.add_entry(owner, name, Value{}, slot);
      fixups.push_back({owner, h.entries(owner).size() - 1, true, x.target});
      return;
    }
    int64_t index = int_key ? std::stoll(k) : 0;
    Value m =
        build(x, in.child_record(rec, kind, slot, int_key ? "" : h.symbol(name), index, int_key));
    h.add_entry(owner, name, m, slot);
  }
};
} // namespace

const std::vector<std::pair<const ModuleDefault *, uint32_t>> &
Interpreter::implicit_attrs(const ClassInfo &cls) {
  if (!cls.module_defaults_known) { // once per class: no table lookup or hashing per module
    for (const ModuleDefault &d : module_defaults(cls.builtin_base))
      cls.module_defaults.emplace_back(&d, h.intern(d.name));
    cls.module_defaults_known = true;
  }
  return cls.module_defaults;
}

void Interpreter::implicit_module_attrs(Value m, const ClassInfo &cls) {
  ProvId rec = h.prov(m);
  for (const auto &[dp, name] : implicit_attrs(cls)) {
    const ModuleDefault &d = *dp;
    if (h.find_attr(m, name)) continue;
    std::vector<int64_t> shape;
    if (d.kind == ModuleDefault::Kind::WeightShape || d.kind == ModuleDefault::Kind::WeightTuple) {
      Entry *w = h.find_attr(m, "weight");
      if (!w || !h.is(w->value, Kind::Tensor)) continue;
      shape = h.meta(w->value).shape;
      if (d.kind == ModuleDefault::Kind::WeightTuple)
        shape.assign(shape.size() > 2 ? shape.size() - 2 : 0, int64_t(d.number));
    }
    ProvId r = child_record(rec, ProvKind::Attr, d.slot, h.symbol(name), 0, false);
    Value v;
    switch (d.kind) {
    case ModuleDefault::Kind::None: v = h.none(r); break;
    case ModuleDefault::Kind::Bool: v = h.boolean(d.number != 0, r); break;
    case ModuleDefault::Kind::Int:
      v = h.integer(int64_t(d.number), r);
      break;
    case ModuleDefault::Kind::Float: v = h.floating(d.number, r); break;
    case ModuleDefault::Kind::Str: v = h.str(d.text, r); break;
    case ModuleDefault::Kind::WeightShape:
    case ModuleDefault::Kind::WeightTuple:
      v = h.tuple(std::vector<Value>(shape.size()), r);
      for (size_t i = 0; i < shape.size(); ++i) {
        ProvId ir = child_record(r, ProvKind::Item, Slot::Item, "", int64_t(i), true);
        Value dim = h.integer(shape[i], ir);
        h.record_mut(ir).value = dim;
        h.items_mut(v)[i] = dim;
      }
      break;
    }
    h.record_mut(r).value = v;
    h.add_entry(m, name, v, d.slot); // absent: checked above
  }
}

void Interpreter::build_inputs() {
  Builder b{*this, h, {}};
  const Inputs &in = g.inputs;

  ProvRecord args_rec;
  args_rec.kind = ProvKind::InputArgs;
  args_rec.input = true;
  ProvId args_id = h.add_record(std::move(args_rec));
  p.args = h.tuple(std::vector<Value>(in.args.size()), args_id);
  h.record_mut(args_id).value = p.args;
  for (size_t i = 0; i < in.args.size(); ++i) {
    if (in.args[i].kind == Expr::Kind::Ref) {
      b.fixups.push_back({p.args, i, false, in.args[i].target});
      continue;
    }
    Value v = b.build(in.args[i],
                      child_record(args_id, ProvKind::Item, Slot::Item, "", int64_t(i), true));
    h.items_mut(p.args)[i] = v;
  }

  ProvRecord kwargs_rec;
  kwargs_rec.kind = ProvKind::InputKwargs;
  kwargs_rec.input = true;
  ProvId kwargs_id = h.add_record(std::move(kwargs_rec));
  p.kwargs = h.dict(kwargs_id);
  h.record_mut(kwargs_id).value = p.kwargs;
  for (const auto &[k, x] : in.kwargs)
    b.member(p.kwargs, kwargs_id, k, x, Slot::Item, ProvKind::Item, false);

  ProvId self_id = 0;
  if (in.self) {
    ProvRecord self_rec;
    self_rec.kind = ProvKind::InputFn;
    self_rec.input = true;
    self_id = h.add_record(std::move(self_rec));
    if (in.self->kind != Expr::Kind::Ref) p.self = b.build(*in.self, self_id);
  }

  for (const Fixup &f : b.fixups) {
    auto it = built.find(f.target);
    THUNDERC_ASSERT(it != built.end(), "ref target not built");
    if (f.entry) {
      Entry &e = h.entries_mut(f.container)[f.index];
      e.value = it->second;
      e.alias = true;
    } else {
      h.items_mut(f.container)[f.index] = it->second;
      alias_items.insert(uint64_t(f.container.id) << 32 | f.index);
    }
  }
  if (in.self && in.self->kind == Expr::Kind::Ref) {
    p.self = built.at(in.self->target);
    h.record_mut(self_id).value = p.self;
    h.record_mut(self_id).reached = true;
    p.inputs.push_back(self_id);
    Guard g{.kind = Guard::Kind::Is, .subject = self_id, .value = p.self};
    g.other = h.prov(p.self);
    p.guards.push_back(std::move(g));
  }

  reached(p.args);
  reached(p.kwargs);
  if (p.self) reached(p.self);
  rely_len(p.args);
  rely_len(p.kwargs);
  rely_keys(p.kwargs, false);
}

} // namespace thunderc::interp
