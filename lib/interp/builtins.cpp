// Library functions on Python values: builtins.*, operator.* (tensor operands go to the op
// catalogue), math.*, the Python-level torch.* queries, and the methods of list, dict, tuple, str
// and built-in module containers. Views (dict.keys(), enumerate, zip) are materialised as tuples
// when created: traced programs do not mutate a container while iterating over it.
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <algorithm>
#include <cmath>
#include <concepts>
#include <fmt/format.h>
#include <numeric>

namespace thunderc::interp {

namespace {
std::string label(const std::string &s) {
  return s;
}
template <class F>
requires std::invocable<F> std::string label(const F &f) {
  return f();
}

// Checks the argument count; `name` is a string or a callable making one (built only on error).
template <class Name>
void arity(Interpreter &in, const Name &name, const Args &args, const Kwargs &kwargs, size_t min,
           size_t max, bool kwargs_ok = false) {
  if (!kwargs_ok && !kwargs.empty())
    in.fail(fmt::format("{}() takes no keyword arguments", label(name)));
  if (args.size() < min || args.size() > max)
    in.fail(min == max ? fmt::format("{}() takes {} argument{} ({} given)", label(name), min,
                                     min == 1 ? "" : "s", args.size())
                       : fmt::format("{}() takes {} to {} arguments ({} given)", label(name), min,
                                     max, args.size()));
}

std::optional<Value> kwarg(const Kwargs &kwargs, std::string_view name) {
  for (const auto &[k, v] : kwargs)
    if (k == name) return v;
  return std::nullopt;
}
} // namespace

namespace {
std::optional<Value> operator_call(Interpreter &in, const std::string &name, Args &args,
                                   Kwargs &kwargs) {
  Heap &h = in.h;
  std::string_view op = std::string_view(name).substr(9); // after "operator."
  bool tensor = false;
  for (Value a : args)
    tensor |= h.is(a, Kind::Tensor);
  if (op == "setitem") {
    arity(in, name, args, kwargs, 3, 3);
    in.setitem(args[0], args[1], args[2]);
    return h.none();
  }
  if (op == "getitem") {
    arity(in, name, args, kwargs, 2, 2);
    return in.getitem(args[0], args[1]);
  }
  static const std::vector<std::string_view> unary = {"neg",  "pos",   "abs",  "invert",
                                                      "not_", "truth", "index"};
  bool is_unary = std::find(unary.begin(), unary.end(), op) != unary.end();
  arity(in, name, args, kwargs, is_unary ? 1 : 2, is_unary ? 1 : 2);
  if (tensor && op != "is_" && op != "is_not" && op != "contains" && op != "not_" &&
      op != "truth") {
    if (op == "pos") return args[0];
    if (args.size() == 2 && !h.is(args[0], Kind::Tensor)) {
      // Python's reflected operators: 2 * t is t.__rmul__(2) = torch.mul(t, 2).
      static const std::vector<std::pair<std::string_view, std::string_view>> flipped = {
          {"add", "add"}, {"mul", "mul"}, {"eq", "eq"}, {"ne", "ne"},     {"lt", "gt"},
          {"le", "ge"},   {"gt", "lt"},   {"ge", "le"}, {"and_", "and_"}, {"or_", "or_"}};
      for (const auto &[from, to] : flipped)
        if (op == from) {
          std::swap(args[0], args[1]);
          op = to;
          break;
        }
      if (op == "sub" && !h.is(args[0], Kind::Tensor)) { // s - t == (-t) + s
        Value neg = in.tensor_op(ops::Op::neg, {args[1]}, {});
        return in.tensor_op(ops::Op::add, {neg, args[0]}, {});
      }
    }
    if (auto tensor_op = ops::lookup_function("operator." + std::string(op)))
      return in.tensor_op(*tensor_op, args, kwargs);
    in.fail(fmt::format("{} is not supported on tensors", name));
  }
  if (is_unary) return in.unary(op, args[0]);
  return in.binary(op, args[0], args[1]);
}

Value math_call(Interpreter &in, const std::string &name, Args &args, Kwargs &kwargs) {
  Heap &h = in.h;
  std::string fn = name.substr(5);
  auto f = [&](size_t i) { return in.to_float(args[i], "a math argument"); };
  auto real = [&](double x) { return h.floating(x, kComputed); };
  static const std::vector<std::pair<std::string, double (*)(double)>> unary = {
      {"sqrt", std::sqrt}, {"exp", std::exp}, {"log2", std::log2}, {"log10", std::log10},
      {"sin", std::sin},   {"cos", std::cos}, {"tan", std::tan},   {"tanh", std::tanh},
      {"fabs", std::fabs}, {"erf", std::erf}, {"atan", std::atan}};
  for (const auto &[n, impl] : unary)
    if (fn == n) {
      arity(in, name, args, kwargs, 1, 1);
      double x = f(0);
      if ((fn == "sqrt" && x < 0) || ((fn == "log2" || fn == "log10") && x <= 0))
        in.fail(fmt::format("{}: math domain error", name));
      return real(impl(x));
    }
  if (fn == "log") {
    arity(in, name, args, kwargs, 1, 2);
    double x = f(0);
    if (x <= 0 || (args.size() == 2 && f(1) <= 0)) in.fail("math.log: math domain error");
    return real(args.size() == 2 ? std::log(x) / std::log(f(1)) : std::log(x));
  }
  if (fn == "pow") {
    arity(in, name, args, kwargs, 2, 2);
    return real(std::pow(f(0), f(1)));
  }
  if (fn == "floor" || fn == "ceil" || fn == "trunc") {
    arity(in, name, args, kwargs, 1, 1);
    if (!h.is(args[0], Kind::Float)) return in.num(in.to_int(args[0], "a math argument"));
    double x = f(0);
    double r = fn == "floor" ? std::floor(x) : fn == "ceil" ? std::ceil(x) : std::trunc(x);
    if (!std::isfinite(r) || std::fabs(r) > 9.2e18)
      in.fail(fmt::format("{}: cannot convert {} to an int", name, x));
    return in.num(static_cast<int64_t>(r));
  }
  if (fn == "isqrt") {
    arity(in, name, args, kwargs, 1, 1);
    int64_t x = in.to_int(args[0], "math.isqrt() argument");
    if (x < 0) in.fail("math.isqrt: argument must be nonnegative");
    int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(x)));
    while (r * r > x)
      --r;
    while ((r + 1) * (r + 1) <= x)
      ++r;
    return in.num(r);
  }
  if (fn == "gcd") {
    int64_t r = 0;
    for (Value a : args)
      r = std::gcd(r, in.to_int(a, "math.gcd() argument"));
    return in.num(r);
  }
  if (fn == "isfinite" || fn == "isinf" || fn == "isnan") {
    arity(in, name, args, kwargs, 1, 1);
    double x = f(0);
    return h.boolean(fn == "isfinite" ? std::isfinite(x)
                     : fn == "isinf"  ? std::isinf(x)
                                      : std::isnan(x),
                     kComputed);
  }
  if (fn == "prod") {
    Value r = in.num(1);
    for (Value a : in.iterate(args.at(0)))
      r = in.binary("mul", r, a);
    return r;
  }
  in.fail(fmt::format("{} is not supported", name));
}
} // namespace

std::optional<Value> Interpreter::call_builtin(const std::string &name, Args &args,
                                               Kwargs &kwargs) {
  if (name.starts_with("operator.")) return operator_call(*this, name, args, kwargs);
  if (name.starts_with("math.")) return math_call(*this, name, args, kwargs);
  if (name == "torch.is_tensor") {
    arity(*this, name, args, kwargs, 1, 1);
    rely_type(args[0]);
    return h.boolean(h.is(args[0], Kind::Tensor), kComputed);
  }
  if (name == "torch.is_floating_point") {
    arity(*this, name, args, kwargs, 1, 1);
    return call_method(args[0], "is_floating_point", {}, {});
  }
  if (name == "torch.get_default_dtype") return h.dtype(DType::Float32, kComputed);
  if (!name.starts_with("builtins.")) return std::nullopt;
  std::string fn = name.substr(9);

  if (fn == "len") {
    arity(*this, name, args, kwargs, 1, 1);
    Value x = args[0];
    switch (h.kind(x)) {
    case Kind::Tuple:
    case Kind::List:
      rely_len(x);
      return num(int64_t(h.items(x).size()));
    case Kind::Dict:
      rely_len(x);
      return num(int64_t(h.entries(x).size()));
    case Kind::Str:
      rely(x);
      return num(int64_t(h.as_str(x).size()));
    case Kind::Range:
      return num(int64_t(iterate(x).size()));
    case Kind::Tensor: {
      rely_meta(x);
      const TensorMeta &m = h.meta(h.current(x));
      if (m.shape.empty()) fail("len() of a 0-d tensor");
      return num(m.shape[0]);
    }
    case Kind::Module:
    case Kind::Object:
    case Kind::Dataclass:
      if (find_method(h.name(x), "__len__")) return call_method(x, "__len__", {}, {});
      if (h.is(x, Kind::Module)) {
        rely_type(x);
        rely_len(x);
        return num(int64_t(submodules(x).size()));
      }
      break;
    default:
      break;
    }
    fail(fmt::format("object of type {} has no len()", py_str(h.type_name(x))));
  }
  if (fn == "range") {
    arity(*this, name, args, kwargs, 1, 3);
    int64_t start = 0, stop, step = 1;
    if (args.size() == 1)
      stop = to_int(args[0], "range() argument");
    else
      start = to_int(args[0], "range() argument"), stop = to_int(args[1], "range() argument");
    if (args.size() == 3) step = to_int(args[2], "range() argument");
    if (step == 0) fail("range() arg 3 must not be zero");
    return h.range(start, stop, step);
  }
  if (fn == "enumerate") {
    arity(*this, name, args, kwargs, 1, 2, true);
    int64_t start = args.size() == 2 ? to_int(args[1], "enumerate() start") : 0;
    if (auto s = kwarg(kwargs, "start")) start = to_int(*s, "enumerate() start");
    std::vector<Value> out;
    for (Value x : iterate(args[0]))
      out.push_back(h.tuple({num(start++), x}, kComputed));
    return h.tuple(std::move(out), new_record());
  }
  if (fn == "zip") {
    arity(*this, name, args, kwargs, 0, 64, true);
    bool strict = false;
    if (auto s = kwarg(kwargs, "strict")) strict = truth(*s);
    std::vector<std::vector<Value>> its;
    size_t n = SIZE_MAX;
    for (Value a : args) {
      its.push_back(iterate(a));
      n = std::min(n, its.back().size());
    }
    if (its.empty()) n = 0;
    for (const auto &it : its)
      if (strict && it.size() != n) fail("zip() argument lengths differ (strict=True)");
    std::vector<Value> out;
    for (size_t i = 0; i < n; ++i) {
      std::vector<Value> row;
      for (const auto &it : its)
        row.push_back(it[i]);
      out.push_back(h.tuple(std::move(row), kComputed));
    }
    return h.tuple(std::move(out), new_record());
  }
  if (fn == "isinstance" || fn == "issubclass") {
    arity(*this, name, args, kwargs, 2, 2);
    std::vector<Value> classes =
        h.is(args[1], Kind::Tuple) ? iterate(args[1]) : std::vector<Value>{args[1]};
    std::string cls;
    if (fn == "isinstance") {
      rely_type(args[0]);
      cls = class_of(args[0]);
    } else {
      if (!h.is(args[0], Kind::Class)) fail("issubclass() arg 1 must be a class");
      cls = std::string(h.name(args[0]));
    }
    for (Value c : classes) {
      if (!h.is(c, Kind::Class))
        fail(fmt::format("{}() arg 2 must be a class or a tuple of classes", fn));
      if (is_subclass(cls, std::string(h.name(c)))) return h.boolean(true, kComputed);
    }
    return h.boolean(false, kComputed);
  }
  if (fn == "type") {
    arity(*this, name, args, kwargs, 1, 1);
    rely_type(args[0]);
    return h.klass(class_of(args[0]), kComputed);
  }
  if (fn == "min" || fn == "max") {
    if (args.empty()) fail(fmt::format("{}() expected at least 1 argument", fn));
    std::optional<Value> dflt = kwarg(kwargs, "default");
    std::vector<Value> xs = args.size() == 1 ? iterate(args[0]) : args;
    if (xs.empty()) {
      if (dflt) return *dflt;
      fail(fmt::format("{}() arg is an empty sequence", fn));
    }
    Value best = xs[0];
    for (size_t i = 1; i < xs.size(); ++i) {
      int c = compare(xs[i], best);
      if (fn == "min" ? c < 0 : c > 0) best = xs[i];
    }
    return best;
  }
  if (fn == "abs") {
    arity(*this, name, args, kwargs, 1, 1);
    if (h.is(args[0], Kind::Tensor)) return tensor_op(ops::Op::abs, args, {});
    return unary("abs", args[0]);
  }
  if (fn == "int" || fn == "float" || fn == "bool" || fn == "str") {
    arity(*this, name, args, kwargs, 0, 1);
    if (args.empty())
      return fn == "int"     ? num(0)
             : fn == "float" ? h.floating(0, kComputed)
             : fn == "bool"  ? h.boolean(false, kComputed)
                             : h.str("", kComputed);
    Value x = args[0];
    if (h.is(x, Kind::Tensor)) {
      if (auto s = backend->scalar(resolve(x), h)) {
        double f = s->kind == ops::Arg::Kind::Float
                       ? s->f
                       : double(s->kind == ops::Arg::Kind::Bool ? s->b : s->i);
        if (fn == "int") return num(int64_t(f));
        if (fn == "float") return h.floating(f, kComputed);
        if (fn == "bool") return h.boolean(f != 0, kComputed);
      }
      data_dependent(x, fmt::format("data-dependent value: {}() of a tensor needs its value", fn));
    }
    if (fn == "bool") return h.boolean(truth(x), kComputed);
    if (fn == "str") {
      rely(x);
      return h.str(h.is(x, Kind::Str) ? std::string(h.as_str(x)) : h.repr(x), kComputed);
    }
    if (h.is(x, Kind::Str)) {
      rely(x);
      std::string s(h.as_str(x));
      try {
        size_t used = 0;
        if (fn == "int") {
          int64_t v = std::stoll(s, &used);
          if (used == s.size()) return num(v);
        } else {
          double v = std::stod(s, &used);
          if (used == s.size()) return h.floating(v, kComputed);
        }
      } catch (const std::exception &) {
      }
      fail(fmt::format("invalid literal for {}(): {}", fn, py_str(s)));
    }
    if (fn == "float") return h.floating(to_float(x, "float() argument"), kComputed);
    if (h.is(x, Kind::Float)) {
      double f = to_float(x, "int() argument");
      if (!std::isfinite(f) || std::fabs(f) > 9.2e18)
        fail(fmt::format("cannot convert float {} to an int", f));
      return num(static_cast<int64_t>(f));
    }
    return num(to_int(x, "int() argument"));
  }
  if (fn == "round") {
    arity(*this, name, args, kwargs, 1, 2);
    if (!h.is(args[0], Kind::Float)) return num(to_int(args[0], "round() argument"));
    double x = to_float(args[0], "round() argument");
    if (args.size() == 2 && !h.is(args[1], Kind::None)) {
      double scale = std::pow(10.0, double(to_int(args[1], "round() ndigits")));
      return h.floating(std::nearbyint(x * scale) / scale, kComputed);
    }
    return num(static_cast<int64_t>(std::nearbyint(x)));
  }
  if (fn == "divmod") {
    arity(*this, name, args, kwargs, 2, 2);
    return h.tuple({binary("floordiv", args[0], args[1]), binary("mod", args[0], args[1])},
                   kComputed);
  }
  if (fn == "pow") {
    arity(*this, name, args, kwargs, 2, 2);
    return binary("pow", args[0], args[1]);
  }
  if (fn == "sum") {
    arity(*this, name, args, kwargs, 1, 2, true);
    Value total = args.size() == 2 ? args[1] : kwarg(kwargs, "start").value_or(num(0));
    Kwargs none;
    for (Value x : iterate(args[0])) {
      Args pair{total, x};
      total = *call_builtin("operator.add", pair, none);
    }
    return total;
  }
  if (fn == "any" || fn == "all") {
    arity(*this, name, args, kwargs, 1, 1);
    for (Value x : iterate(args[0]))
      if (truth(x) == (fn == "any")) return h.boolean(fn == "any", kComputed);
    return h.boolean(fn == "all", kComputed);
  }
  if (fn == "reversed") {
    arity(*this, name, args, kwargs, 1, 1);
    std::vector<Value> xs = iterate(args[0]);
    return h.tuple(std::vector<Value>(xs.rbegin(), xs.rend()), new_record());
  }
  if (fn == "sorted") {
    arity(*this, name, args, kwargs, 1, 1, true);
    std::vector<Value> xs = iterate(args[0]);
    bool reverse = false;
    if (auto r = kwarg(kwargs, "reverse")) reverse = truth(*r);
    std::stable_sort(xs.begin(), xs.end(), [&](Value a, Value b) { return compare(a, b) < 0; });
    if (reverse) std::reverse(xs.begin(), xs.end());
    return h.list(std::move(xs), new_record());
  }
  if (fn == "tuple" || fn == "list" || fn == "dict")
    return construct(name, std::move(args), std::move(kwargs));
  if (fn == "getattr" || fn == "hasattr") {
    arity(*this, name, args, kwargs, 2, fn == "getattr" ? 3 : 2);
    if (!h.is(args[1], Kind::Str)) fail(fmt::format("{}(): attribute name must be a string", fn));
    rely(args[1]);
    std::string attr(h.as_str(args[1]));
    auto v = try_getattr(args[0], attr);
    if (fn == "hasattr" || args.size() == 3) rely_hasattr(args[0], attr, v.has_value());
    if (fn == "hasattr") return h.boolean(v.has_value(), kComputed);
    if (v) return *v;
    if (args.size() == 3) return args[2];
    return getattr(args[0], attr);
  }
  if (fn == "setattr") {
    arity(*this, name, args, kwargs, 3, 3);
    if (!h.is(args[1], Kind::Str)) fail("setattr(): attribute name must be a string");
    rely(args[1]);
    setattr(args[0], std::string(h.as_str(args[1])), args[2]);
    return h.none();
  }
  if (fn == "callable") {
    arity(*this, name, args, kwargs, 1, 1);
    Kind k = h.kind(args[0]);
    rely_type(args[0]);
    return h.boolean(k == Kind::Function || k == Kind::Builtin || k == Kind::Method ||
                         k == Kind::Class || k == Kind::Module ||
                         ((k == Kind::Object || k == Kind::Dataclass) &&
                          find_method(h.name(args[0]), "__call__")),
                     kComputed);
  }
  if (fn == "print") return h.none();
  fail(fmt::format("{} is not supported", name));
}

// ---- methods of built-in containers ----------------------------------------------------------

std::optional<Value> Interpreter::container_method(Value obj, const std::string &name, Args &args,
                                                   Kwargs &kwargs) {
  auto qual = [&] { return h.type_name(obj) + "." + name; };
  switch (h.kind(obj)) {
  case Kind::List: {
    auto items = [&]() -> std::vector<Value> & { return h.items_mut(obj); };
    if (name == "append") {
      arity(*this, qual, args, kwargs, 1, 1);
      contents_changed(obj);
      items().push_back(args[0]);
      return h.none();
    }
    if (name == "extend") {
      arity(*this, qual, args, kwargs, 1, 1);
      std::vector<Value> more = iterate(args[0]);
      contents_changed(obj);
      items().insert(items().end(), more.begin(), more.end());
      return h.none();
    }
    if (name == "insert") {
      arity(*this, qual, args, kwargs, 2, 2);
      int64_t n = int64_t(items().size()), i = to_int(args[0], "list.insert() index");
      if (i < 0) rely_len(obj), i = std::max<int64_t>(0, i + n);
      contents_changed(obj);
      items().insert(items().begin() + std::min(i, n), args[1]);
      return h.none();
    }
    if (name == "pop") {
      arity(*this, qual, args, kwargs, 0, 1);
      if (items().empty()) fail("pop from empty list");
      size_t i = args.empty() ? (rely_len(obj), items().size() - 1)
                              : size_t(seq_index(obj, args[0], items().size()));
      Value v = read_item(obj, i);
      contents_changed(obj);
      items().erase(items().begin() + int64_t(i));
      return v;
    }
    if (name == "clear") {
      arity(*this, qual, args, kwargs, 0, 0);
      contents_changed(obj);
      items().clear();
      return h.none();
    }
    if (name == "reverse") {
      arity(*this, qual, args, kwargs, 0, 0);
      contents_changed(obj);
      std::reverse(items().begin(), items().end());
      return h.none();
    }
    if (name == "remove") {
      arity(*this, qual, args, kwargs, 1, 1);
      std::vector<Value> xs = iterate(obj);
      for (size_t i = 0; i < xs.size(); ++i)
        if (xs[i] == args[0] || equal(xs[i], args[0])) {
          contents_changed(obj);
          items().erase(items().begin() + int64_t(i));
          return h.none();
        }
      fail("list.remove(x): x not in list");
    }
    if (name == "copy") {
      arity(*this, qual, args, kwargs, 0, 0);
      return h.list(iterate(obj), new_record());
    }
    [[fallthrough]];
  }
  case Kind::Tuple:
    if (name == "index" || name == "count") {
      arity(*this, qual, args, kwargs, 1, 1);
      std::vector<Value> xs = iterate(obj);
      int64_t count = 0;
      for (size_t i = 0; i < xs.size(); ++i)
        if (xs[i] == args[0] || equal(xs[i], args[0])) {
          if (name == "index") return num(int64_t(i));
          ++count;
        }
      if (name == "index")
        fail(fmt::format("{}.index(x): x not in {}", h.type_name(obj), h.type_name(obj)));
      return num(count);
    }
    return std::nullopt;
  case Kind::Dict: {
    auto key_of = [&](Value k) {
      if (!h.hashable(k)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(k))));
      rely(k);
      return k;
    };
    if (name == "get") {
      arity(*this, qual, args, kwargs, 1, 2);
      if (Entry *e = h.find_key(obj, key_of(args[0]))) return read_entry(obj, *e);
      rely_keys(obj, false);
      return args.size() == 2 ? args[1] : h.none();
    }
    if (name == "keys" || name == "values" || name == "items") {
      arity(*this, qual, args, kwargs, 0, 0);
      rely_keys(obj, true);
      std::vector<Value> out;
      for (size_t i = 0; i < h.entries(obj).size(); ++i) {
        Entry e = h.entries(obj)[i];
        if (name == "keys")
          out.push_back(e.key);
        else if (name == "values")
          out.push_back(read_entry(obj, e));
        else
          out.push_back(h.tuple({e.key, read_entry(obj, e)}, kComputed));
      }
      return h.tuple(std::move(out), new_record());
    }
    if (name == "update") {
      arity(*this, qual, args, kwargs, 0, 1, true);
      if (!args.empty()) {
        Value src = construct("builtins.dict", {args[0]}, {});
        for (size_t i = 0; i < h.entries(src).size(); ++i) {
          Entry e = h.entries(src)[i];
          setitem(obj, e.key, e.value);
        }
      }
      for (const auto &[k, v] : kwargs)
        setitem(obj, h.str(k), v);
      return h.none();
    }
    if (name == "setdefault") {
      arity(*this, qual, args, kwargs, 1, 2);
      if (Entry *e = h.find_key(obj, key_of(args[0]))) return read_entry(obj, *e);
      rely_keys(obj, false);
      Value v = args.size() == 2 ? args[1] : h.none();
      setitem(obj, args[0], v);
      return v;
    }
    if (name == "pop") {
      arity(*this, qual, args, kwargs, 1, 2);
      Entry *e = h.find_key(obj, key_of(args[0]));
      if (!e) {
        rely_keys(obj, false);
        if (args.size() == 2) return args[1];
        fail(fmt::format("KeyError: {}", h.repr(args[0])));
      }
      size_t at = size_t(e - h.entries(obj).data());
      Value v = read_entry(obj, *e);
      contents_changed(obj);
      auto &table = h.entries_mut(obj);
      table.erase(table.begin() + int64_t(at));
      return v;
    }
    if (name == "clear") {
      arity(*this, qual, args, kwargs, 0, 0);
      contents_changed(obj);
      h.entries_mut(obj).clear();
      return h.none();
    }
    if (name == "copy") {
      arity(*this, qual, args, kwargs, 0, 0);
      return construct(h.ordered_dict(obj) ? "collections.OrderedDict" : "builtins.dict", {obj},
                       {});
    }
    return std::nullopt;
  }
  case Kind::Str: {
    rely(obj);
    std::string s(h.as_str(obj));
    auto str_arg = [&](size_t i) {
      if (i >= args.size() || !h.is(args[i], Kind::Str))
        fail(fmt::format("{}() needs a str argument", qual()));
      rely(args[i]);
      return std::string(h.as_str(args[i]));
    };
    if (name == "startswith" || name == "endswith") {
      arity(*this, qual, args, kwargs, 1, 1);
      std::string x = str_arg(0);
      return h.boolean(name == "startswith" ? s.starts_with(x) : s.ends_with(x), kComputed);
    }
    if (name == "lower" || name == "upper") {
      arity(*this, qual, args, kwargs, 0, 0);
      for (char &c : s)
        c = name == "lower" ? char(std::tolower(c)) : char(std::toupper(c));
      return h.str(s, kComputed);
    }
    if (name == "strip") {
      arity(*this, qual, args, kwargs, 0, 0);
      size_t b = s.find_first_not_of(" \t\n\r"), e = s.find_last_not_of(" \t\n\r");
      return h.str(b == std::string::npos ? "" : s.substr(b, e - b + 1), kComputed);
    }
    if (name == "replace") {
      arity(*this, qual, args, kwargs, 2, 2);
      std::string from = str_arg(0), to = str_arg(1), out;
      if (from.empty()) fail("str.replace with an empty pattern is not supported");
      for (size_t at = 0;;) {
        size_t hit = s.find(from, at);
        out += s.substr(at, hit - at);
        if (hit == std::string::npos) break;
        out += to;
        at = hit + from.size();
      }
      return h.str(out, kComputed);
    }
    if (name == "split") {
      arity(*this, qual, args, kwargs, 0, 1);
      std::vector<Value> parts;
      if (args.empty()) {
        size_t at = 0;
        while ((at = s.find_first_not_of(" \t\n\r", at)) != std::string::npos) {
          size_t end = s.find_first_of(" \t\n\r", at);
          parts.push_back(h.str(s.substr(at, end - at), kComputed));
          at = end;
        }
      } else {
        std::string sep = str_arg(0);
        if (sep.empty()) fail("empty separator");
        for (size_t at = 0;;) {
          size_t hit = s.find(sep, at);
          parts.push_back(h.str(s.substr(at, hit - at), kComputed));
          if (hit == std::string::npos) break;
          at = hit + sep.size();
        }
      }
      return h.list(std::move(parts), new_record());
    }
    if (name == "join") {
      arity(*this, qual, args, kwargs, 1, 1);
      std::string out;
      bool first = true;
      for (Value x : iterate(args[0])) {
        if (!h.is(x, Kind::Str))
          fail(fmt::format("str.join: expected str, got {}", h.type_name(x)));
        rely(x);
        out += (first ? "" : s) + std::string(h.as_str(x));
        first = false;
      }
      return h.str(out, kComputed);
    }
    if (name == "format") {
      std::string out;
      size_t next = 0;
      for (size_t i = 0; i < s.size(); ++i) {
        if (s[i] == '{' && i + 1 < s.size() && s[i + 1] == '}') {
          if (next >= args.size()) fail("str.format: not enough arguments");
          Value x = args[next++];
          rely(x);
          out += h.is(x, Kind::Str) ? std::string(h.as_str(x)) : h.repr(x);
          ++i;
        } else {
          out += s[i];
        }
      }
      return h.str(out, kComputed);
    }
    return std::nullopt;
  }
  case Kind::Module: {
    const std::string &base = builtin_base(h.name(obj));
    if (base == "torch.nn.ModuleDict" && (name == "keys" || name == "values" || name == "items")) {
      arity(*this, qual, args, kwargs, 0, 0);
      rely_keys(obj, true);
      std::vector<Value> out;
      for (size_t i = 0; i < h.entries(obj).size(); ++i) {
        Entry e = h.entries(obj)[i];
        if (e.slot != Slot::Submodule) continue;
        Value k = h.str(h.symbol(e.name), kComputed);
        if (name == "keys")
          out.push_back(k);
        else if (name == "values")
          out.push_back(read_entry(obj, e));
        else
          out.push_back(h.tuple({k, read_entry(obj, e)}, kComputed));
      }
      return h.tuple(std::move(out), new_record());
    }
    if (name == "register_buffer") {
      arity(*this, qual, args, kwargs, 2, 3, true);
      if (!h.is(args[0], Kind::Str)) fail("register_buffer(): the name must be a string");
      rely(args[0]);
      std::string buffer(h.as_str(args[0]));
      Entry *e = h.find_attr(obj, buffer);
      if (e && e->slot != Slot::Buffer)
        fail(fmt::format("attribute {} already exists", py_str(buffer)));
      if (!e) h.set_attr(obj, buffer, h.none(), Slot::Buffer);
      setattr(obj, buffer, args[1]);
      return h.none();
    }
    if (name == "get_submodule" || name == "get_parameter" || name == "get_buffer") {
      arity(*this, qual, args, kwargs, 1, 1);
      if (!h.is(args[0], Kind::Str)) fail(fmt::format("{}(): the target must be a string", name));
      rely(args[0]);
      std::string target(h.as_str(args[0]));
      Value at = obj;
      for (size_t start = 0; !target.empty();) {
        size_t dot = target.find('.', start);
        std::string part =
            target.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        Entry *e = h.is(at, Kind::Module) ? h.find_attr(at, part) : nullptr;
        if (!e) fail(fmt::format("{}({}): no member {}", name, py_str(target), py_str(part)));
        at = read_entry(at, *e);
        if (dot == std::string::npos) break;
        start = dot + 1;
      }
      return at;
    }
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace thunderc::interp
