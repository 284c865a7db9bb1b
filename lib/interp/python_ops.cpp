// Python semantics on Python values computed while tracing: truthiness, arithmetic, comparison,
// containment. Results are constants of the trace (Computed); each input operand that decided a
// result is relied on. Ints are 64-bit: overflow is an error, not a silent wrap.
#include "interp/interpreter.h"

#include "support/text.h"

#include <cmath>
#include <fmt/format.h>

namespace thunderc::interp {

namespace {
bool numeric(Kind k) {
  return k == Kind::Bool || k == Kind::Int || k == Kind::Float;
}
bool scalar(Kind k) {
  return k == Kind::None || numeric(k) || k == Kind::Str || k == Kind::DType || k == Kind::Device ||
         k == Kind::Ellipsis;
}
int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
int64_t floor_mod(int64_t a, int64_t b) {
  int64_t r = a % b;
  return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

// x // y and x % y on floats as Python computes them (the sign of a zero result included).
std::pair<double, double> float_divmod(double x, double y) {
  double m = std::fmod(x, y);
  double q = (x - m) / y; // nearly an integer
  if (m != 0) {
    if ((y < 0) != (m < 0)) {
      m += y;
      q -= 1;
    }
  } else {
    m = std::copysign(0.0, y);
  }
  if (q != 0) {
    double whole = std::floor(q);
    q = q - whole > 0.5 ? whole + 1 : whole;
  } else {
    q = std::copysign(0.0, x / y);
  }
  return {q, m};
}

// x / y for ints, correctly rounded as Python's (a double division rounds twice past 2**53).
double int_true_divide(int64_t x, int64_t y) {
  constexpr uint64_t exact = uint64_t{1} << 53;
  uint64_t a = x < 0 ? 0 - uint64_t(x) : uint64_t(x), b = y < 0 ? 0 - uint64_t(y) : uint64_t(y);
  if ((a <= exact && b <= exact) || a == 0) return double(x) / double(y);
  // a / b = q * 2**-shift with q of 55 or 56 bits, then rounded to 53 bits, half to even, the
  // remainder telling a tie from more.
  auto bits = [](uint64_t v) { return 64 - __builtin_clzll(v); };
  int shift = 55 + bits(b) - bits(a);
  unsigned __int128 num = a, den = b;
  if (shift >= 0)
    num <<= shift;
  else
    den <<= -shift;
  unsigned __int128 q128 = num / den;
  bool rest = num % den != 0;
  uint64_t q = uint64_t(q128);
  int extra = bits(q) - 53;
  uint64_t low = q & ((uint64_t{1} << extra) - 1), half = uint64_t{1} << (extra - 1);
  q >>= extra;
  if (low > half || (low == half && (rest || (q & 1)))) ++q;
  double r = std::ldexp(double(q), extra - shift);
  return (x < 0) != (y < 0) ? -r : r;
}
} // namespace

int64_t Interpreter::to_int(Value v, const char *what) {
  if (!h.is(v, Kind::Int) && !h.is(v, Kind::Bool))
    fail(fmt::format("{} must be an int, not {}", what, py_str(h.type_name(v))));
  rely(v);
  return h.as_int(v);
}

double Interpreter::to_float(Value v, const char *what) {
  if (h.is(v, Kind::Float)) {
    rely(v);
    return h.as_float(v);
  }
  return static_cast<double>(to_int(v, what));
}

bool Interpreter::truth(Value v) {
  switch (h.kind(v)) {
  case Kind::None:
    rely_none(v);
    return false;
  case Kind::Bool:
  case Kind::Int:
    rely(v);
    return h.as_int(v) != 0;
  case Kind::Float:
    rely(v);
    return h.as_float(v) != 0;
  case Kind::Str:
    rely(v);
    return !h.as_str(v).empty();
  case Kind::Tuple:
  case Kind::List:
    rely_len(v);
    return !h.items(v).empty();
  case Kind::Dict:
    rely_len(v);
    return !h.entries(v).empty();
  case Kind::Range:
    return range_len(v) != 0;
  case Kind::Tensor: {
    if (auto s = backend->scalar(resolve(v), h))
      return s->kind == ops::Arg::Kind::Float ? s->f != 0 : s->i != 0 || s->b;
    data_dependent(v, "data-dependent control flow: the truth value of a tensor decides a branch");
  }
  case Kind::Object:
  case Kind::Dataclass:
  case Kind::Module: {
    std::string_view cls = h.name(v);
    for (const char *m : {"__bool__", "__len__"})
      if (find_method(cls, m)) {
        Value r = call_method(v, m, {}, {});
        return std::string_view(m) == "__bool__" ? truth(r) : to_int(r, "__len__()") != 0;
      }
    rely_type(v);
    if (h.is(v, Kind::Module)) {
      const std::string &base = builtin_base(cls);
      if (base == "torch.nn.ModuleList" || base == "torch.nn.ModuleDict" ||
          base == "torch.nn.Sequential") {
        rely_len(v);
        return !submodules(v).empty();
      }
    }
    return true;
  }
  default:
    rely_none(v);
    return true;
  }
}

namespace {
// Bounds the recursion of comparisons of nested (possibly cyclic) containers.
struct Nesting {
  Interpreter &in;
  explicit Nesting(Interpreter &i) : in(i) {
    if (++in.nesting > 256) in.fail("maximum recursion depth exceeded in comparison");
  }
  ~Nesting() { --in.nesting; }
};
} // namespace

bool Interpreter::equal(Value a, Value b) {
  Nesting guard(*this);
  Kind ka = h.kind(a), kb = h.kind(b);
  if (ka == Kind::Tensor || kb == Kind::Tensor) {
    if (a == b) return true;
    data_dependent(
        ka == Kind::Tensor ? a : b,
        "data-dependent control flow: comparing a tensor with == gives a tensor, not a bool");
  }
  if (ka == Kind::None || kb == Kind::None) {
    rely_none(a), rely_none(b);
    return ka == kb;
  }
  if (scalar(ka) && scalar(kb)) {
    rely(a), rely(b);
    return h.key_equal(a, b);
  }
  if ((ka == Kind::Tuple || ka == Kind::List) && ka == kb) {
    rely_len(a), rely_len(b);
    auto x = h.items(a), y = h.items(b);
    if (x.size() != y.size()) return false;
    for (size_t i = 0; i < x.size(); ++i) // identity first, as Python's sequence == does
      if (x[i] != y[i] && !equal(x[i], y[i])) return false;
    return true;
  }
  if (ka == Kind::Dict && kb == Kind::Dict) {
    rely(a), rely(b);
    if (h.entries(a).size() != h.entries(b).size()) return false;
    if (h.ordered_dict(a) && h.ordered_dict(b)) { // two OrderedDicts: the order counts too
      auto x = h.entries(a), y = h.entries(b);
      for (size_t i = 0; i < x.size(); ++i)
        if (!h.key_equal(x[i].key, y[i].key)) return false;
    }
    for (const Entry &e : h.entries(a)) {
      Entry *f = h.find_key(b, e.key);
      if (!f || (e.value != f->value && !equal(e.value, f->value))) return false;
    }
    return true;
  }
  if (ka == Kind::Class && kb == Kind::Class) return h.name(a) == h.name(b);
  if (scalar(ka) || scalar(kb)) {
    rely(a), rely(b);
    return false; // different types
  }
  if ((ka == Kind::Object || ka == Kind::Dataclass) && find_method(a, "__eq__"))
    return truth(call_method(a, "__eq__", {b}, {}));
  if (ka == Kind::Dataclass && kb == Kind::Dataclass && a != b && h.name(a) == h.name(b)) {
    // A dataclass's __eq__: its fields compared as tuples are.
    for (const std::string &f : class_info(a).decl->fields) {
      Value x = getattr(a, f), y = getattr(b, f);
      if (x != y && !equal(x, y)) return false;
    }
    return true;
  }
  if (ka == Kind::Range && kb == Kind::Range) { // equal as sequences
    int64_t n = range_len(a);
    if (n != range_len(b)) return false;
    return n == 0 || (h.key_equal(range_item(a, 0), range_item(b, 0)) &&
                      (n == 1 || h.key_equal(range_item(a, 1), range_item(b, 1))));
  }
  rely_identity(a, b, a == b);
  return a == b;
}

int Interpreter::compare(Value a, Value b) {
  Nesting guard(*this);
  Kind ka = h.kind(a), kb = h.kind(b);
  if (numeric(ka) && numeric(kb)) {
    rely(a), rely(b);
    if (ka != Kind::Float && kb != Kind::Float)
      return (h.as_int(a) > h.as_int(b)) - (h.as_int(a) < h.as_int(b));
    int c;
    if (ka == Kind::Float && kb == Kind::Float) {
      double x = h.as_float(a), y = h.as_float(b);
      c = (x > y) - (x < y);
    } else if (ka == Kind::Float) {
      c = compare_int_float(h.as_int(b), h.as_float(a));
      c = c == 2 ? 0 : -c;
    } else {
      c = compare_int_float(h.as_int(a), h.as_float(b));
      c = c == 2 ? 0 : c;
    }
    return c; // NaN: 0, and neither < nor == holds (binary's le and ge ask both)
  }
  if (ka == Kind::Str && kb == Kind::Str) {
    rely(a), rely(b);
    return h.as_str(a).compare(h.as_str(b)) < 0 ? -1 : h.as_str(a) == h.as_str(b) ? 0 : 1;
  }
  if ((ka == Kind::Tuple || ka == Kind::List) && ka == kb) {
    rely_len(a), rely_len(b);
    auto x = h.items(a), y = h.items(b);
    for (size_t i = 0; i < x.size() && i < y.size(); ++i)
      if (x[i] != y[i] && !equal(x[i], y[i])) return compare(x[i], y[i]);
    return (x.size() > y.size()) - (x.size() < y.size());
  }
  if (ka == Kind::Tensor || kb == Kind::Tensor)
    data_dependent(ka == Kind::Tensor ? a : b,
                   "data-dependent control flow: comparing a tensor gives a tensor, not a bool");
  fail(fmt::format("'<' not supported between instances of {} and {}", py_str(h.type_name(a)),
                   py_str(h.type_name(b))));
}

bool Interpreter::contains(Value c, Value x) {
  switch (h.kind(c)) {
  case Kind::Tensor: { // Tensor.__contains__ is (x == tensor).any(): a tensor, then its truth
    rely_meta(c);
    const std::vector<int64_t> &shape = h.meta(h.current(c)).shape;
    if (std::find(shape.begin(), shape.end(), 0) != shape.end()) return false; // no element
    data_dependent(c, "data-dependent control flow: `x in tensor` is (tensor == x).any(), whose "
                      "truth needs the tensor's values");
  }
  case Kind::Dict: {
    if (!h.hashable(x)) fail(fmt::format("unhashable type: {}", py_str(h.type_name(x))));
    rely(x);
    rely_keys(c, false);
    return h.find_key(c, x) != nullptr;
  }
  case Kind::Str:
    if (!h.is(x, Kind::Str))
      fail(fmt::format("'in <string>' requires string as left operand, not {}", h.type_name(x)));
    rely(c), rely(x);
    return h.as_str(c).find(h.as_str(x)) != std::string_view::npos;
  case Kind::Range:
    if (h.is(x, Kind::Int) || h.is(x, Kind::Bool)) { // by arithmetic, as Python does for ints
      rely(x);
      auto r = h.items(c);
      __int128 start = h.as_int(r[0]), step = h.as_int(r[2]), at = h.as_int(x) - start;
      __int128 n = range_len(c);
      return at % step == 0 && at / step >= 0 && at / step < n;
    }
    break;
  case Kind::Module:
    if (builtin_base(c) == "torch.nn.ModuleDict" && h.is(x, Kind::Str)) {
      rely(x);
      rely_keys(c, false);
      Entry *e = h.find_attr(c, h.as_str(x));
      return e && e->slot == Slot::Submodule;
    }
    break;
  default:
    break;
  }
  for (Value item : iterate(c))
    if (item == x || equal(item, x)) return true;
  return false;
}

Value Interpreter::unary(std::string_view op, Value a) {
  Kind k = h.kind(a);
  if (op == "not_") return h.boolean(!truth(a), kComputed);
  if (op == "truth") return h.boolean(truth(a), kComputed);
  if (op == "index") return num(to_int(a, "operator.index() argument"));
  if (op == "neg" || op == "pos" || op == "abs") {
    if (k == Kind::Float) {
      double f = to_float(a, "an operand");
      return h.floating(op == "neg" ? -f : op == "abs" ? std::fabs(f) : f, kComputed);
    }
    int64_t i = to_int(a, "the operand of unary -, + or abs()");
    if ((op == "neg" || (op == "abs" && i < 0)) && i == INT64_MIN)
      fail("integer overflow (ints are 64-bit)");
    return num(op == "neg" ? -i : op == "abs" ? (i < 0 ? -i : i) : i);
  }
  if (op == "invert") return num(~to_int(a, "the operand of ~"));
  fail(fmt::format("operator.{} is not supported on {}", op, h.type_name(a)));
}

Value Interpreter::binary(std::string_view op, Value a, Value b) {
  Kind ka = h.kind(a), kb = h.kind(b);
  auto boolean = [&](bool x) { return h.boolean(x, kComputed); };
  if (op == "eq") return boolean(equal(a, b));
  if (op == "ne") return boolean(!equal(a, b));
  if (op == "lt") return boolean(compare(a, b) < 0);
  if (op == "le") return boolean(compare(a, b) < 0 || equal(a, b)); // NaN <= x is False
  if (op == "gt") return boolean(compare(a, b) > 0);
  if (op == "ge") return boolean(compare(a, b) > 0 || equal(a, b));
  if (op == "is_" || op == "is_not") {
    bool same;
    if (ka == Kind::None || kb == Kind::None) {
      rely_none(a), rely_none(b);
      same = ka == kb;
    } else if (scalar(ka) && scalar(kb)) {
      rely(a), rely(b);
      same = ka == kb && h.key_equal(a, b);
    } else if (ka == Kind::Class && kb == Kind::Class) { // one class object per name, as in Python
      same = h.name(a) == h.name(b);
    } else {
      rely_identity(a, b, a == b);
      same = a == b;
    }
    return boolean(op == "is_" ? same : !same);
  }
  if (op == "contains") return boolean(contains(a, b));
  if (op == "getitem") return getitem(a, b);

  // Sequences.
  bool seq_a = ka == Kind::Tuple || ka == Kind::List || ka == Kind::Str;
  bool seq_b = kb == Kind::Tuple || kb == Kind::List || kb == Kind::Str;
  if (ka == Kind::List && op == "iadd") { // list += iterable: extends the list in place
    std::vector<Value> more = iterate(b);
    contents_changed(a);
    h.items_mut(a).insert(h.items_mut(a).end(), more.begin(), more.end());
    return a;
  }
  if ((op == "add" || op == "concat" || op == "iadd") && seq_a && ka == kb) {
    if (ka == Kind::Str) {
      rely(a), rely(b);
      return h.str(std::string(h.as_str(a)) + std::string(h.as_str(b)), kComputed);
    }
    std::vector<Value> items = iterate(a), more = iterate(b);
    items.insert(items.end(), more.begin(), more.end());
    return ka == Kind::Tuple ? same_size_class(a, h.tuple(std::move(items), new_record()))
                             : h.list(std::move(items), new_record());
  }
  if ((op == "mul" || op == "imul") && (seq_a || seq_b)) {
    Value s = seq_a ? a : b, n = seq_a ? b : a;
    int64_t times = std::max<int64_t>(0, to_int(n, "a sequence repeat count"));
    // As many items (or characters) as the statements a trace may execute: a bound on memory
    // (and on the loops below: an empty sequence repeated 10**12 times is empty at once).
    auto check_size = [&](size_t one) {
      if (one && uint64_t(times) > opt.max_statements / one)
        fail(fmt::format("the repeated {} would have more than {} items (the limit while tracing)",
                         h.type_name(s), opt.max_statements));
      if (!one) times = 0;
    };
    if (h.is(s, Kind::Str)) {
      rely(s);
      check_size(h.as_str(s).size());
      std::string out;
      out.reserve(h.as_str(s).size() * size_t(times));
      for (int64_t i = 0; i < times; ++i)
        out += h.as_str(s);
      return h.str(out, kComputed);
    }
    std::vector<Value> one = iterate(s), items;
    check_size(one.size());
    for (int64_t i = 0; i < times; ++i)
      items.insert(items.end(), one.begin(), one.end());
    if (op == "imul" && seq_a && h.is(s, Kind::List)) { // list *= n: repeats the list in place
      contents_changed(s);
      h.items_mut(s) = std::move(items);
      return s;
    }
    return h.is(s, Kind::Tuple) ? same_size_class(s, h.tuple(std::move(items), new_record()))
                                : h.list(std::move(items), new_record());
  }

  auto unsupported = [&] {
    fail(fmt::format("unsupported operand type(s) for {}: {} and {}", python_symbol(op),
                     py_str(h.type_name(a)), py_str(h.type_name(b))));
  };
  if (!numeric(ka) || !numeric(kb)) unsupported();
  std::string_view base = op.starts_with("i") && op != "invert" ? op.substr(1) : op; // iadd -> add
  if (base == "and_" || base == "or_" || base == "xor" || base == "lshift" || base == "rshift") {
    if (ka == Kind::Float || kb == Kind::Float) unsupported();
    int64_t x = to_int(a, "an operand"), y = to_int(b, "an operand");
    bool bools = ka == Kind::Bool && kb == Kind::Bool;
    if (base == "and_") return bools ? boolean(x & y) : num(x & y);
    if (base == "or_") return bools ? boolean(x | y) : num(x | y);
    if (base == "xor") return bools ? boolean(x ^ y) : num(x ^ y);
    if (y < 0) fail("negative shift count");
    if (base == "rshift") return num(y >= 63 ? (x < 0 ? -1 : 0) : x >> y);
    if (x != 0 && (y >= 63 ? !(y == 63 && x == -1) : x > (INT64_MAX >> y) || x < (INT64_MIN >> y)))
      fail("integer overflow (ints are 64-bit)");
    return num(x == 0 ? 0 : static_cast<int64_t>(static_cast<uint64_t>(x) << y));
  }
  if (base == "truediv") {
    if (ka != Kind::Float && kb != Kind::Float) {
      int64_t x = to_int(a, "an operand"), y = to_int(b, "an operand");
      if (y == 0) fail("ZeroDivisionError: division by zero");
      return h.floating(int_true_divide(x, y), kComputed);
    }
    double x = to_float(a, "an operand"), y = to_float(b, "an operand");
    if (y == 0) fail("ZeroDivisionError: float division by zero");
    return h.floating(x / y, kComputed);
  }
  bool floats = ka == Kind::Float || kb == Kind::Float;
  if (floats) {
    double x = to_float(a, "an operand"), y = to_float(b, "an operand");
    double r;
    if (base == "add")
      r = x + y;
    else if (base == "sub")
      r = x - y;
    else if (base == "mul")
      r = x * y;
    else if (base == "floordiv" || base == "mod") {
      if (y == 0)
        fail(base == "mod" ? "ZeroDivisionError: float modulo"
                           : "ZeroDivisionError: float floor division by zero");
      auto [q, m] = float_divmod(x, y);
      r = base == "mod" ? m : q;
    } else if (base == "pow") {
      if (x == 0 && y < 0) fail("ZeroDivisionError: 0.0 cannot be raised to a negative power");
      if (x < 0 && std::isfinite(y) && y != std::floor(y))
        fail("a negative number raised to a fractional power is complex; not supported");
      r = std::pow(x, y);
      if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
        fail("OverflowError: (34, 'Numerical result out of range')");
    } else {
      fail(fmt::format("operator.{} is not supported on Python numbers", op));
    }
    return h.floating(r, kComputed);
  }
  int64_t x = to_int(a, "an operand"), y = to_int(b, "an operand"), r = 0;
  bool overflow = false;
  if (base == "add")
    overflow = __builtin_add_overflow(x, y, &r);
  else if (base == "sub")
    overflow = __builtin_sub_overflow(x, y, &r);
  else if (base == "mul")
    overflow = __builtin_mul_overflow(x, y, &r);
  else if (base == "floordiv" || base == "mod") {
    if (y == 0) fail("ZeroDivisionError: integer division or modulo by zero");
    if (x == INT64_MIN && y == -1)
      overflow = true;
    else
      r = base == "mod" ? floor_mod(x, y) : floor_div(x, y);
  } else if (base == "pow") {
    if (y < 0) {
      if (x == 0) fail("ZeroDivisionError: 0 cannot be raised to a negative power");
      return h.floating(std::pow(double(x), double(y)), kComputed);
    }
    r = 1;
    for (int64_t i = 0; i < y && !overflow; ++i) {
      overflow = __builtin_mul_overflow(r, x, &r);
      if (r == 0 || r == 1) break;
      if (r == -1) {
        r = (y - i - 1) % 2 ? -r : r;
        break;
      }
    }
  } else {
    fail(fmt::format("operator.{} is not supported on Python numbers", op));
  }
  if (overflow) fail("integer overflow (ints are 64-bit)");
  return num(r);
}

} // namespace thunderc::interp
