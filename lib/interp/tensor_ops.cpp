// Tensor ops: arguments are relied on (input tensors' metadata, input scalars' values), resolved
// to the tensor versions they read, bound by the op catalogue, run by the backend and appended
// to Program::ops. In-place ops are functionalised: the functional op (cast back to the
// receiver's dtype when PyTorch would) produces a new version of the receiver, which later reads
// see; an input receiver is written back at the end. A view remembers its base, so an in-place
// update of a view, or a read of a view whose base changed since, is reported instead of being
// silently wrong.
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>

namespace thunderc::interp {

namespace {
bool can_cast(DType from, DType to) {
  if (is_complex(from) && !is_complex(to)) return false;
  if (is_floating(from) && is_integral(to, true)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

// The one argument of Tensor.<method>(<param>), given by position or keyword.
Value only_argument(Interpreter &in, std::string_view method, std::string_view param,
                    const Args &args, const Kwargs &kwargs) {
  if (args.size() + kwargs.size() != 1 || (!kwargs.empty() && kwargs[0].first != param))
    in.fail(fmt::format("Tensor.{}() takes exactly one argument, {}", method, param));
  return args.empty() ? kwargs[0].second : args[0];
}

} // namespace

std::string shape_str(const std::vector<int64_t> &shape) {
  std::string out = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    out += (i ? ", " : "") + std::to_string(shape[i]);
  return out + "]";
}

std::optional<ops::Op> Interpreter::statement_op(
    const std::string &name, std::optional<ops::Op> (*lookup)(std::string_view)) {
  const Stmt *s = own_statement(name);
  if (!s) return lookup(name);
  StatementFacts &f = facts(s);
  if (!f.op_known) f.op = lookup(name), f.op_known = true;
  return f.op;
}

void Interpreter::stale_view(Value base) {
  fail(fmt::format("this reads a view of a tensor ({}) that was updated in place after the view "
                   "was made; take the view after the update",
                   h.path_of(base)));
}

Value Interpreter::resolve_items(Value v) {
  // Copied only from the first item that resolves to another value: most sequences (shapes,
  // dims) hold none. Items are read by index: resolving one may add values to the heap.
  std::vector<Value> items;
  for (size_t i = 0, n = h.items(v).size(); i < n; ++i) {
    Value x = h.items(v)[i], r = resolve(x);
    if (r != x && items.empty()) items.assign(h.items(v).begin(), h.items(v).end());
    if (!items.empty()) items[i] = r;
  }
  if (items.empty()) return v;
  if (h.is(v, Kind::Slice)) return h.slice(items[0], items[1], items[2], kComputed);
  return h.is(v, Kind::Tuple) ? h.tuple(std::move(items), kComputed)
                              : h.list(std::move(items), kComputed);
}

void Interpreter::to_arg(Value v, ops::Op op, ops::Arg &out) {
  using AK = ops::Arg::Kind;
  switch (h.kind(v)) {
  case Kind::None:
    return; // a default Arg is None
  case Kind::Bool:
    out.kind = AK::Bool;
    out.b = h.as_bool(v);
    return;
  case Kind::Int:
    out.kind = AK::Int;
    out.i = h.as_int(v);
    return;
  case Kind::Float:
    out.kind = AK::Float;
    out.f = h.as_float(v);
    return;
  case Kind::Str:
    out.kind = AK::Str;
    out.s = h.as_str(v);
    return;
  case Kind::DType:
    out.kind = AK::DType;
    out.dtype = h.as_dtype(v);
    return;
  case Kind::Device:
    out.kind = AK::Device;
    out.device = h.as_device(v);
    return;
  case Kind::Ellipsis:
    out.kind = AK::Ellipsis;
    return;
  case Kind::Tensor:
    // The id of the version's Value rides in Arg::i (the catalogue does not read it for
    // tensors), so bound arguments map back to Values after bind() has placed them.
    out.kind = AK::Tensor;
    if (!spare_shapes.empty()) {
      out.tensor.shape = std::move(spare_shapes.back());
      spare_shapes.pop_back();
    }
    out.tensor = h.meta(v); // into the spare's buffer: no allocation
    out.i = v.id;
    return;
  case Kind::Tuple:
  case Kind::List:
  case Kind::Slice: { // a Slice's items are start, stop, step
    std::span<const Value> items = h.items(v);
    out.kind = h.is(v, Kind::Slice) ? AK::Slice : AK::Seq;
    out.is_list = h.is(v, Kind::List);
    out.items.resize(items.size());
    for (size_t i = 0; i < items.size(); ++i)
      to_arg(items[i], op, out.items[i]);
    return;
  }
  default:
    fail(fmt::format("{}(): an argument is {}, not a tensor or a Python value",
                     ops::info(op).torch_name, h.repr(v)));
  }
}

Value Interpreter::from_arg(const ops::Arg &a) {
  using AK = ops::Arg::Kind;
  switch (a.kind) {
  case AK::None:
    return h.none(kComputed);
  case AK::Bool:
    return h.boolean(a.b, kComputed);
  case AK::Int:
    return num(a.i);
  case AK::Float:
    return h.floating(a.f, kComputed);
  case AK::Str:
    return h.str(a.s, kComputed);
  case AK::DType:
    return h.dtype(a.dtype, kComputed);
  case AK::Device:
    return h.device(a.device, kComputed);
  case AK::Ellipsis:
    return h.ellipsis();
  case AK::Tensor:
    THUNDERC_ASSERT(a.i > 0 && size_t(a.i) < h.size() && h.is(Value{uint32_t(a.i)}, Kind::Tensor),
                    "a bound tensor argument lost its value");
    return Value{uint32_t(a.i)};
  case AK::Slice:
    return h.slice(from_arg(a.items[0]), from_arg(a.items[1]), from_arg(a.items[2]), kComputed);
  case AK::Seq: {
    std::vector<Value> items;
    items.reserve(a.items.size());
    for (const auto &x : a.items)
      items.push_back(from_arg(x));
    return a.is_list ? h.list(std::move(items), kComputed) : h.tuple(std::move(items), kComputed);
  }
  }
  return h.none(kComputed);
}

OpRecord &Interpreter::prepare(ops::Op op, Args args, const Kwargs &kwargs) {
  OpRecord &r = p.ops.emplace_back();
  r.op = op;
  r.args = std::move(args); // resolved in place below: the caller's buffer, no copy
  // The buffer of the last op record()ed, emptied: not one allocation per op.
  std::vector<ops::Arg> metas = std::move(spare_metas);
  ops::Kwargs kwmetas;
  metas.reserve(std::max(r.args.size(), ops::params(op).size())); // bind() fills it in place
  r.kwargs.reserve(kwargs.size());
  kwmetas.reserve(kwargs.size());
  for (Value &a : r.args) {
    rely(a);
    a = resolve(a);
    to_arg(a, op, metas.emplace_back());
  }
  for (const auto &[k, v] : kwargs) {
    rely(v);
    r.kwargs.emplace_back(k, resolve(v));
    to_arg(r.kwargs.back().second, op, kwmetas.emplace_back(k, ops::Arg()).second);
  }
  try {
    r.bound_meta = ops::bind(op, std::move(metas), std::move(kwmetas));
  } catch (const ops::OpError &e) {
    fail(e.what());
  }
  if (opt.bound_arguments) {
    r.bound.reserve(r.bound_meta.size());
    for (const auto &b : r.bound_meta)
      r.bound.push_back(from_arg(b));
  }
  const Stmt *s = top ? top->stmt : nullptr;
  r.stmt = s;
  if (s) {
    const Expr *receiver = s->kind == Stmt::Kind::Method || s->kind == Stmt::Kind::SetItem ? &s->obj
                           : !s->args.empty() ? &s->args[0]
                                              : nullptr;
    r.name_hint = !s->out.empty()                                   ? s->out
                  : receiver && receiver->kind == Expr::Kind::Local ? receiver->text
                                                                    : std::string();
  }
  return r;
}

ops::Arg Interpreter::run_op(const OpRecord &r) {
  try {
    return backend->run(r, h);
  } catch (const ops::OpError &e) {
    fail(e.what());
  }
}

ProvId Interpreter::op_record(const OpRecord &r, uint32_t output) {
  ProvId id = h.add_record(ProvKind::Op);
  ProvRecord &pr = h.record_mut(id);
  pr.op = int32_t(p.ops.size() - 1); // r is p.ops.back()
  pr.output = output;
  pr.stmt = r.stmt;
  return id;
}

void Interpreter::record(OpRecord &r) {
  backend->produced(r, h);
  // The program's op keeps no buffer (`= {}` would keep it: initializer_list assign); the next
  // prepare() reuses it.
  if (!opt.bound_arguments) {
    spare_metas = std::move(r.bound_meta);
    for (ops::Arg &a : spare_metas)
      if (a.kind == ops::Arg::Kind::Tensor && spare_shapes.size() < kSpareShapes)
        spare_shapes.push_back(std::move(a.tensor.shape));
    spare_metas.clear();
  }
}

Value Interpreter::emit(OpRecord &r, ops::Arg &&res, Value view_of) {
  auto out = [&](ops::Arg &a, uint32_t k) {
    if (a.kind != ops::Arg::Kind::Tensor)
      fail(fmt::format("{}() returned {}, not a tensor", ops::info(r.op).torch_name,
                       ops::describe(a)));
    Value t = h.tensor(std::move(a.tensor), op_record(r, k));
    if (view_of) {
      Value base = h.tensor_info(view_of).base ? h.tensor_info(view_of).base : view_of;
      h.tensor_info(t).base = base;
      h.tensor_info(t).base_versions = h.tensor_info(base).versions;
    }
    r.outputs.push_back(t);
    return t;
  };
  if (res.kind == ops::Arg::Kind::Seq) {
    std::vector<Value> outs;
    for (size_t k = 0; k < res.items.size(); ++k)
      outs.push_back(out(res.items[k], uint32_t(k)));
    r.result = h.tuple(std::move(outs), new_record());
    if (r.op == ops::Op::max || r.op == ops::Op::min || r.op == ops::Op::topk ||
        r.op == ops::Op::sort)
      h.set_tuple_class(r.result, r.op == ops::Op::topk   ? "torch.return_types.topk"
                                  : r.op == ops::Op::sort ? "torch.return_types.sort"
                                  : r.op == ops::Op::max  ? "torch.return_types.max"
                                                          : "torch.return_types.min");
  } else {
    r.result = out(res, 0);
  }
  record(r);
  return r.result;
}

Value Interpreter::tensor_op(ops::Op op, Args args, const Kwargs &kwargs) {
  const ops::OpInfo &info = ops::info(op);
  if (info.flags & ops::InPlace) return inplace_op(op, args, kwargs);
  // Function forms whose Python signature is narrower than the catalogue's (which is F.relu's,
  // and takes Tensor.split's keyword split_size): torch.relu(input), torch.split(tensor,
  // split_size_or_sections, dim=0).
  if (const Stmt *s = top ? top->stmt : nullptr;
      s && s->kind == Stmt::Kind::Call && !s->callee_is_local) {
    if (op == ops::Op::relu && s->name == "torch.relu") {
      if (args.size() > 1)
        fail(fmt::format("torch.relu() takes 1 positional argument but {} were given",
                         args.size()));
      if (!kwargs.empty())
        fail(fmt::format("torch.relu() got an unexpected keyword argument {}",
                         py_str(kwargs[0].first)));
    }
    if (op == ops::Op::split && s->name == "torch.split")
      for (const auto &[key, v] : kwargs)
        if (key == "split_size")
          fail("torch.split() got an unexpected keyword argument 'split_size' (it is "
               "split_size_or_sections; Tensor.split takes split_size)");
  }
  if (std::span<const ops::Param> ps = ops::params(op);
      !ps.empty() && ps.back().name == "inplace") {
    // `inplace=True` (the last parameter of relu, silu, dropout, leaky_relu, ...) makes the call
    // the in-place form: it is functionalised like x.relu_() (the functional op without the flag,
    // a new version of x, a write-back for an input), and returns x itself.
    size_t k = ps.size() - 1;
    Args rest(args);
    Kwargs others;
    Value flag{};
    bool twice = false;
    if (rest.size() == k + 1) flag = rest.back(), rest.pop_back();
    for (const auto &[key, v] : kwargs) {
      if (key != "inplace") {
        others.emplace_back(key, v);
        continue;
      }
      twice |= bool(flag);
      flag = v;
    }
    if (flag && !twice && h.is(flag, Kind::Bool)) {
      rely(flag);
      if (h.as_bool(flag)) return inplace_op(op, rest, others);
    }
  }
  Value view_of =
      (info.flags & ops::View) && !args.empty() && h.is(args[0], Kind::Tensor) ? args[0] : Value{};
  if (op == ops::Op::einsum && args.size() == 2) { // one operand, alone or in a tuple or list
    Value x = args[1];
    if ((h.is(x, Kind::Tuple) || h.is(x, Kind::List)) && h.items(x).size() == 1) x = h.items(x)[0];
    if (h.is(x, Kind::Tensor)) view_of = x;
  }
  OpRecord &r = prepare(op, std::move(args), kwargs);
  using K = ops::Arg::Kind;
  if (ops::is_comparison(op) && r.bound_meta[1].kind == K::Tensor) {
    // ATen compares a wrapped number with a tensor (the catalogue allows it, for the reflected
    // operators `2 < t`, which builtins swap), but Python's torch.lt(2, t) is a TypeError.
    K k = r.bound_meta[0].kind;
    if (k == K::Bool || k == K::Int || k == K::Float)
      fail(fmt::format("{}() received an invalid combination of arguments - got ({}, Tensor), but "
                       "expected one of: (Tensor input, Tensor other), (Tensor input, Number "
                       "other); write the comparison with the tensor first",
                       info.torch_name, k == K::Bool ? "bool" : k == K::Int ? "int" : "float"));
  }
  ops::Arg res = run_op(r);
  if (info.flags & ops::PythonResult) {
    p.ops.pop_back(); // a Python value: no op of the program
    Value v = from_arg(res);
    if (op == ops::Op::size && h.is(v, Kind::Tuple)) h.set_tuple_class(v, size_class); // x.size()
    return v;
  }
  if (view_of && ops::is_conversion(op)) {
    // PyTorch returns the tensor itself when nothing changes (x.to(x.device) is x), else a copy.
    const TensorMeta &in = r.bound_meta[0].tensor;
    bool copy = op == ops::Op::to && r.bound_meta[4].kind == K::Bool && r.bound_meta[4].b;
    if (!copy && res.tensor.dtype == in.dtype && res.tensor.device == in.device) {
      p.ops.pop_back();
      return view_of;
    }
    view_of = {};
  }
  if (view_of && op == ops::Op::getitem) {
    // Advanced indexing (a list, a bool, a tensor other than a 0-dim integer one) copies.
    auto advanced = [](const ops::Arg &a) {
      return a.kind == K::Bool || (a.kind == K::Seq && a.is_list) ||
             (a.kind == K::Tensor &&
              !(a.tensor.shape.empty() && is_integral(a.tensor.dtype, false)));
    };
    const ops::Arg &index = r.bound_meta[1];
    if (advanced(index) ||
        (index.kind == K::Seq && std::any_of(index.items.begin(), index.items.end(), advanced)))
      view_of = {};
  }
  return emit(r, std::move(res), view_of);
}

Value Interpreter::inplace_op(ops::Op op, const Args &args, const Kwargs &kwargs,
                              std::string_view written) {
  // An op that is not InPlace is the in-place form of a functional op (F.relu(x, inplace=True)).
  std::string name(written.empty() ? ops::info(op).torch_name : written);
  if (written.empty()) name += ops::info(op).flags & ops::InPlace ? "()" : "(..., inplace=True)";
  if (args.empty() || !h.is(args[0], Kind::Tensor))
    fail(fmt::format("{} updates a tensor in place; its first argument is {}", name,
                     args.empty() ? std::string("missing") : h.repr(args[0])));
  Value self = args[0];
  if (h.tensor_info(self).base)
    fail(fmt::format("{} updates a view of another tensor in place, which thunderc does not "
                     "support (the update would have to reach the viewed tensor); use the "
                     "out-of-place op and assign the result",
                     name));
  TensorMeta self_meta = h.meta(self);
  bool first = h.tensor_info(self).versions == 0;
  auto finish = [&]() {
    if (first && h.from_input(self)) updated_inputs.push_back(self);
    return self;
  };

  if (op == ops::Op::copy_) {
    OpRecord &check = prepare(op, args, kwargs);
    run_op(check);
    Value ver = from_arg(check.bound_meta.at(1)); // the source tensor
    p.ops.pop_back(); // only checked: the ops below make the update
    size_t before = p.ops.size();
    const TensorMeta src = h.meta(ver);
    if (src.dtype != self_meta.dtype || src.device != self_meta.device)
      ver =
          tensor_op(ops::Op::to, {ver},
                    {{"device", h.device(self_meta.device)}, {"dtype", h.dtype(self_meta.dtype)}});
    if (h.meta(ver).shape != self_meta.shape) {
      std::vector<Value> dims;
      for (int64_t d : self_meta.shape)
        dims.push_back(num(d));
      ver = tensor_op(ops::Op::expand, {ver, h.tuple(std::move(dims), kComputed)}, {});
    }
    // A new tensor's version must own its memory, as the tensor does: not be src itself (one
    // object returned twice, or an input returned as a computation output) nor a view of it.
    if (!h.from_input(self) && (p.ops.size() == before || p.ops.back().op == ops::Op::expand))
      ver = tensor_op(ops::Op::clone, {ver}, {});
    if (p.ops.size() > before) {
      p.ops.back().inplace = op;
      p.ops.back().updated = self;
    }
    TensorInfo &t = h.tensor_info(self);
    t.current = h.current(ver);
    ++t.versions;
    return finish();
  }

  std::optional<ops::Op> f = ops::functional(op);
  if (op == ops::Op::fill_) { // full_like takes a number: a 0-dim tensor value fills a clone
    bool tensor_value = args.size() > 1 && h.is(args[1], Kind::Tensor);
    for (const auto &[key, v] : kwargs)
      tensor_value |= key == "value" && h.is(v, Kind::Tensor);
    if (tensor_value) f.reset();
  }
  OpRecord *r = &prepare(f ? *f : op, args, kwargs);
  ops::Arg res = run_op(*r);
  if (res.kind != ops::Arg::Kind::Tensor)
    fail(fmt::format("{} returned {}, not a tensor", name, ops::describe(res)));
  if (res.tensor.shape != self_meta.shape)
    fail(fmt::format("{}: output with shape {} doesn't match the broadcast shape {}", name,
                     shape_str(self_meta.shape), shape_str(res.tensor.shape)));
  if (res.tensor.dtype != self_meta.dtype) {
    if (!can_cast(res.tensor.dtype, self_meta.dtype))
      fail(fmt::format("{}: result type {} can't be cast to the desired output type {}", name,
                       dtype_name(res.tensor.dtype), dtype_name(self_meta.dtype)));
    Value tmp = emit(*r, std::move(res), {});
    r = &prepare(ops::Op::to, {tmp}, {{"dtype", h.dtype(self_meta.dtype)}});
    run_op(*r);
  }
  r->inplace = op;
  r->updated = self;
  r->result = self;
  Value version = h.new_version(self, self_meta, op_record(*r, 0));
  r->outputs = {version};
  record(*r);
  return finish();
}

void Interpreter::data_dependent(Value t, const std::string &what) {
  fail(fmt::format("{} ({}: its values are unknown while tracing); make it a Python value computed "
                   "from shapes, or move it out of the traced program",
                   what, type_comment(h.meta(h.current(t)))));
}

Value Interpreter::tensor_attr(Value t, const std::string &attr, bool *found) {
  *found = true;
  std::string_view name = attr; // compared with many literals: size first, no strlen
  const TensorMeta &m = h.meta(t); // read before any new tensor is made (which may move it)
  if (name == "shape") {
    rely_meta(t);
    std::vector<Value> dims;
    for (int64_t d : m.shape)
      dims.push_back(num(d));
    Value shape = h.tuple(std::move(dims), kComputed);
    h.set_tuple_class(shape, size_class);
    return shape;
  }
  if (name == "dtype") return rely_meta(t), h.dtype(m.dtype, kComputed);
  if (name == "device") return rely_meta(t), h.device(m.device, kComputed);
  if (name == "ndim") return rely_meta(t), num(int64_t(m.shape.size()));
  if (name == "requires_grad") return rely_meta(t), h.boolean(m.requires_grad, kComputed);
  if (name == "is_cuda")
    return rely_meta(t), h.boolean(m.device.type == Device::Type::CUDA, kComputed);
  if (name == "T" || name == "mT") {
    if (name == "mT") return tensor_op(ops::Op::transpose, {t, num(-2), num(-1)}, {});
    std::vector<Value> dims;
    for (size_t i = m.shape.size(); i-- > 0;)
      dims.push_back(num(int64_t(i)));
    return tensor_op(ops::Op::permute, {t, h.tuple(std::move(dims), kComputed)}, {});
  }
  if (name == "data" || name == "grad")
    fail(fmt::format("tensor.{} is not supported while tracing", name));
  *found = false;
  return {};
}

// Tensor.type(): the legacy type name ("torch.FloatTensor", "torch.cuda.HalfTensor"); with a
// dtype or such a name, the conversion .to() makes.
Value Interpreter::tensor_type(Value t, const Args &args, const Kwargs &kwargs) {
  // In DType's order (Complex64 is ComplexFloat).
  static constexpr std::string_view names[] = {"Bool",  "Byte",   "Char",        "Short",
                                               "Int",   "Long",   "Half",        "BFloat16",
                                               "Float", "Double", "ComplexFloat"};
  std::optional<Value> to = args.empty() ? std::nullopt : std::optional(args[0]);
  for (const auto &[k, v] : kwargs)
    if (k == "dtype" && !to)
      to = v;
    else if (k != "non_blocking")
      fail(fmt::format("Tensor.type() got an unexpected keyword argument {}", py_str(k)));
  if (args.size() > 2)
    fail(fmt::format("Tensor.type() takes at most 2 arguments ({} given)", args.size()));
  if (!to || h.is(*to, Kind::None)) {
    rely_meta(t);
    const TensorMeta &m = h.meta(h.current(t));
    if (m.device.type == Device::Type::Meta) fail("Tensor.type(): Unimplemented backend Meta");
    return h.str(fmt::format("torch.{}{}Tensor", m.device.type == Device::Type::CUDA ? "cuda." : "",
                             names[static_cast<size_t>(m.dtype)]),
                 kComputed);
  }
  if (h.is(*to, Kind::DType)) return tensor_op(ops::Op::to, {t}, {{"dtype", *to}});
  if (!h.is(*to, Kind::Str)) fail("Tensor.type(): dtype must be a type, str, or dtype object");
  rely(*to);
  std::string_view text = h.as_str(*to);
  bool cuda = text.starts_with("torch.cuda.");
  std::string_view rest = text.substr(std::min<size_t>(text.size(), cuda ? 11 : 6));
  for (size_t i = 0; text.starts_with("torch.") && i < std::size(names); ++i)
    if (rest == fmt::format("{}Tensor", names[i])) {
      Kwargs conversion = {{"dtype", h.dtype(static_cast<DType>(i))}};
      if (cuda) conversion.emplace_back("device", h.device(Device{Device::Type::CUDA, -1}));
      return tensor_op(ops::Op::to, {t}, conversion);
    }
  fail(fmt::format("Tensor.type(): ValueError: invalid type: {}", py_str(text)));
}

bool interpreted_tensor_method(std::string_view name) {
  static constexpr std::string_view names[] = {
      "item",         "tolist", "__bool__",  "__int__",   "__float__", "is_floating_point",
      "element_size", "type",   "clamp_min", "clamp_max", "t",         "view_as",
      "broadcast_to", "outer",  "new_zeros", "new_ones",  "new_empty", "new_full",
      "new_tensor"};
  return std::find(std::begin(names), std::end(names), name) != std::end(names);
}

// Methods that are other ops, as PyTorch defines them: x.t() is x.T of a tensor of at most 2
// dims, x.view_as(y) x.view(y.shape), x.broadcast_to(s) x.expand(s), x.outer(v)
// x.reshape(-1, 1) * v, and x.new_zeros(...) torch.zeros(...) with x's dtype and device unless
// given (new_ones, new_empty, new_full, new_tensor likewise).
std::optional<Value> Interpreter::derived_tensor_method(Value t, std::string_view name, Args &args,
                                                        Kwargs &kwargs) {
  auto one_tensor = [&](const char *param) {
    Value v = only_argument(*this, name, param, args, kwargs);
    if (!h.is(v, Kind::Tensor))
      fail(fmt::format("Tensor.{}(): argument '{}' must be Tensor, not {}", name, param,
                       h.type_name(v)));
    return v;
  };
  if (name == "t") {
    if (!args.empty() || !kwargs.empty()) fail("Tensor.t() takes no arguments");
    rely_meta(t);
    if (size_t rank = h.meta(t).shape.size(); rank > 2)
      fail(fmt::format("t() expects a tensor with <= 2 dimensions, but self is {}D; use "
                       "transpose(dim0, dim1) or permute",
                       rank));
    bool found;
    return tensor_attr(t, "T", &found);
  }
  if (name == "view_as") {
    Value other = one_tensor("other");
    bool found;
    return tensor_op(ops::Op::view, {t, tensor_attr(other, "shape", &found)}, {});
  }
  if (name == "broadcast_to") { // x.broadcast_to(2, 3) or x.broadcast_to((2, 3)), as expand
    if (!kwargs.empty() && (!args.empty() || kwargs.size() > 1 || kwargs[0].first != "size"))
      fail("Tensor.broadcast_to() takes the size, as ints or one sequence (or size=)");
    if (!kwargs.empty()) return tensor_op(ops::Op::expand, {t, kwargs[0].second}, {});
    args.insert(args.begin(), t);
    return tensor_op(ops::Op::expand, std::move(args), {});
  }
  if (name == "outer") { // ATen's own definition, so dtypes and errors are the product's
    Value vec2 = one_tensor("vec2");
    rely_meta(t);
    rely_meta(vec2);
    for (auto [v, what] : {std::pair{t, "self"}, std::pair{vec2, "vec2"}})
      if (size_t rank = h.meta(v).shape.size(); rank != 1)
        fail(fmt::format("outer: Expected 1-D argument {}, but got {}-D", what, rank));
    Value column = tensor_op(ops::Op::reshape, {t, num(h.meta(t).shape[0]), num(1)}, {});
    return tensor_op(ops::Op::mul, {column, vec2}, {});
  }
  static constexpr std::pair<std::string_view, ops::Op> factories[] = {
      {"new_zeros", ops::Op::zeros},
      {"new_ones", ops::Op::ones},
      {"new_empty", ops::Op::empty},
      {"new_full", ops::Op::full},
      {"new_tensor", ops::Op::tensor}};
  for (auto [method, op] : factories) {
    if (name != method) continue;
    rely_meta(t);
    const TensorMeta &m = h.meta(t);
    Value dtype = h.dtype(m.dtype, kComputed), device = h.device(m.device, kComputed);
    for (auto &[key, v] : kwargs) // None means the receiver's, as PyTorch reads it
      if ((key == "dtype" || key == "device") && h.is(v, Kind::None))
        v = key == "dtype" ? dtype : device;
    for (const auto &given : {std::pair{"dtype", dtype}, std::pair{"device", device}})
      if (std::none_of(kwargs.begin(), kwargs.end(),
                       [&](const auto &kw) { return kw.first == given.first; }))
        kwargs.emplace_back(given.first, given.second);
    return tensor_op(op, std::move(args), kwargs);
  }
  return std::nullopt;
}

std::optional<Value> Interpreter::tensor_method(Value t, const std::string &method, Args &args,
                                                Kwargs &kwargs) {
  std::string_view name = method;
  if (name == "item" || name == "tolist" || name == "__bool__" || name == "__int__" ||
      name == "__float__") {
    if (name == "item" || name == "__bool__" || name == "__int__" || name == "__float__")
      if (auto s = backend->scalar(resolve(t), h)) return from_arg(*s);
    data_dependent(
        t, fmt::format("data-dependent value: tensor.{}() needs the tensor's values", name));
  }
  if (name == "is_floating_point" || name == "element_size") {
    if (!args.empty() || !kwargs.empty()) fail(fmt::format("Tensor.{}() takes no arguments", name));
    rely_meta(t);
    DType d = h.meta(t).dtype;
    if (name == "is_floating_point") return h.boolean(is_floating(d), kComputed);
    return num(element_size(d));
  }
  if (name == "type") return tensor_type(t, args, kwargs);
  if (name == "clamp_min" || name == "clamp_max") { // x.clamp_min(m) is x.clamp(min=m)
    std::string bound(name.substr(6));
    return tensor_op(ops::Op::clamp, {t},
                     {{bound, only_argument(*this, name, bound, args, kwargs)}});
  }
  if (name == "split")
    for (const auto &[key, v] : kwargs)
      if (key == "split_size_or_sections")
        fail("Tensor.split() got an unexpected keyword argument 'split_size_or_sections' (it is "
             "split_size; torch.split takes split_size_or_sections)");
  if (name == "relu" || name == "relu_") { // Tensor.relu has no `inplace` (F.relu has)
    if (!args.empty())
      fail(fmt::format("Tensor.{}() takes no arguments ({} given)", name, args.size()));
    if (!kwargs.empty()) fail(fmt::format("Tensor.{}() takes no keyword arguments", name));
    if (name == "relu_") return inplace_op(ops::Op::relu, {t}, {});
  }
  std::optional<ops::Op> op = statement_op(method, ops::lookup_method);
  if (!op) // after the catalogue's lookup, which a statement remembers: most methods are rows
    if (auto v = derived_tensor_method(t, name, args, kwargs)) return v;
  if (!op && name.ends_with('_')) // x.sub_(y) is x -= y
    if (auto f = ops::inplace_form(name)) {
      args.insert(args.begin(), t);
      return inplace_op(*f, args, kwargs, fmt::format("Tensor.{}()", name));
    }
  if (!op) return std::nullopt;
  args.insert(args.begin(), t); // the caller's arguments, no longer needed: no copy
  return tensor_op(*op, std::move(args), kwargs);
}

} // namespace thunderc::interp
