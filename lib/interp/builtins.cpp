// Library functions on Python values: builtins.*, operator.* (tensor operands go to the op
// catalogue), math.*, the Python-level torch.* queries, and the methods of list, dict, tuple, str
// and built-in module containers. Views (dict.keys(), enumerate, zip) are materialised as tuples
// when created: traced programs do not mutate a container while iterating over it.
#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <concepts>
#include <cstdio>
#include <fmt/format.h>
#include <limits>
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

// The first parameter's argument, taken out of the call: args[0], else the keyword `name` (none
// when neither is given).
Value take_first(Args &args, Kwargs &kwargs, std::string_view name) {
  Value v{};
  if (!args.empty()) {
    v = args[0];
    args.erase(args.begin());
  } else if (auto it = std::find_if(kwargs.begin(), kwargs.end(),
                                    [&](const auto &kw) { return kw.first == name; });
             it != kwargs.end()) {
    v = it->second;
    kwargs.erase(it);
  }
  return v;
}

// Rejects keyword arguments other than `allowed`, with CPython's message (`what` is the name
// CPython gives the function there: sorted's keywords are list.sort's).
void allowed_kwargs(Interpreter &in, std::string_view what, const Kwargs &kwargs,
                    std::initializer_list<std::string_view> allowed) {
  for (const auto &[k, v] : kwargs)
    if (std::find(allowed.begin(), allowed.end(), k) == allowed.end())
      in.fail(fmt::format("'{}' is an invalid keyword argument for {}()", k, what));
}

// ---- Python text: repr() and str() of values, numbers parsed from str ------------------------

// Decodes the UTF-8 (valid: strings come from JSON) code point at `s[i]`, advancing `i`.
uint32_t next_code_point(std::string_view s, size_t &i) {
  auto b = [&](size_t k) { return uint32_t(uint8_t(s[i + k])); };
  uint32_t c = b(0);
  size_t n = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
  if (n == 2) c = (c & 0x1f) << 6 | (b(1) & 0x3f);
  if (n == 3) c = (c & 0x0f) << 12 | (b(1) & 0x3f) << 6 | (b(2) & 0x3f);
  if (n == 4) c = (c & 0x07) << 18 | (b(1) & 0x3f) << 12 | (b(2) & 0x3f) << 6 | (b(3) & 0x3f);
  i += n;
  return c;
}

// str.isspace() (Python 3.11, Unicode 14).
bool py_space(uint32_t c) {
  return (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x20) || c == 0x85 || c == 0xa0 ||
         c == 0x1680 || (c >= 0x2000 && c <= 0x200a) || c == 0x2028 || c == 0x2029 ||
         c == 0x202f || c == 0x205f || c == 0x3000;
}

// The byte ranges of `s` that are not whitespace, in order (str.split()).
std::vector<std::string_view> split_whitespace(std::string_view s) {
  std::vector<std::string_view> out;
  size_t start = std::string_view::npos;
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    bool space = py_space(next_code_point(s, i));
    if (space && start != std::string_view::npos)
      out.push_back(s.substr(start, at - start)), start = std::string_view::npos;
    if (!space && start == std::string_view::npos) start = at;
  }
  if (start != std::string_view::npos) out.push_back(s.substr(start));
  return out;
}

std::string_view strip_whitespace(std::string_view s) {
  size_t b = 0, e = s.size();
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    if (!py_space(next_code_point(s, i))) {
      b = at;
      break;
    }
    b = i;
  }
  for (size_t i = b; i < s.size();) {
    if (!py_space(next_code_point(s, i))) e = i;
  }
  return b >= s.size() ? std::string_view() : s.substr(b, e - b);
}

// Whether repr() shows a non-ASCII code point as itself (str.isprintable()), as far as this
// knows: nullopt for code points outside the blocks below, which repr() rejects.
std::optional<bool> py_printable(uint32_t c) {
  static const std::pair<uint32_t, uint32_t> printable[] = {
      {0xa1, 0xac},     {0xae, 0x377},     {0x400, 0x52f},   {0x2010, 0x2027},
      {0x2030, 0x205e}, {0x20a0, 0x20c0},  {0x2100, 0x218b}, {0x2190, 0x23ff},
      {0x2500, 0x27ff}, {0x3041, 0x3096},  {0x30a0, 0x30ff}, {0x4e00, 0x9fff},
      {0xac00, 0xd7a3}, {0x1f600, 0x1f64f}};
  static const std::pair<uint32_t, uint32_t> unprintable[] = {
      {0x80, 0xa0},     {0xad, 0xad},     {0x1680, 0x1680}, {0x2000, 0x200f},
      {0x2028, 0x202f}, {0x205f, 0x206f}, {0x3000, 0x3000}, {0xe000, 0xf8ff},
      {0xfeff, 0xfeff}, {0xfff9, 0xfffb}};
  for (auto [a, b] : printable)
    if (c >= a && c <= b) return true;
  for (auto [a, b] : unprintable)
    if (c >= a && c <= b) return false;
  return std::nullopt;
}

// Python's repr of a str; nullopt (with the code point in `bad`) for a character whose
// printability this does not know.
std::optional<std::string> py_str_repr(std::string_view s, uint32_t &bad) {
  char q = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos
               ? '"'
               : '\'';
  std::string out(1, q);
  for (size_t i = 0; i < s.size();) {
    size_t at = i;
    uint32_t c = next_code_point(s, i);
    if (c == '\\' || c == uint32_t(q)) out += '\\', out += char(c);
    else if (c == '\t') out += "\\t";
    else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c < 0x20 || c == 0x7f) out += fmt::format("\\x{:02x}", c);
    else if (c < 0x7f) out += char(c);
    else if (auto printable = py_printable(c); !printable) return bad = c, std::nullopt;
    else if (*printable) out += s.substr(at, i - at);
    else if (c < 0x100) out += fmt::format("\\x{:02x}", c);
    else if (c < 0x10000) out += fmt::format("\\u{:04x}", c);
    else out += fmt::format("\\U{:08x}", c);
  }
  return out + q;
}

// str(v) (`repr` false) or repr(v) of a Python value, exactly as CPython 3.11 writes it; values
// whose text is not known while tracing (tensors, modules, functions, objects without __repr__)
// are errors. The caller relies on `v`.
class PyText {
public:
  explicit PyText(Interpreter &in) : in(in), h(in.h) {}

  std::string text(Value v, bool repr) {
    if (++depth > 200) in.fail("str()/repr() of a value nested too deeply is not supported");
    std::string out = render(v, repr);
    --depth;
    return out;
  }

private:
  Interpreter &in;
  Heap &h;
  int depth = 0;
  std::vector<uint32_t> open; // containers being rendered (a list inside itself is [...])

  [[noreturn]] void reject(Value v, const std::string &why) {
    in.fail(fmt::format("str()/repr() of {} is not supported: {}", py_str(h.type_name(v)), why));
  }

  std::string join(std::span<const Value> xs) {
    std::string out;
    for (size_t i = 0; i < xs.size(); ++i)
      out += (i ? ", " : "") + text(xs[i], true);
    return out;
  }

  std::string user_method(Value v, const char *method) {
    in.rely_type(v);
    Value s = in.call_method(v, method, {}, {});
    if (!h.is(s, Kind::Str))
      in.fail(fmt::format("{} returned non-string (type {})", method, h.type_name(s)));
    in.rely(s);
    return std::string(h.as_str(s));
  }

  std::string render(Value v, bool repr) {
    switch (h.kind(v)) {
    case Kind::None:
      return "None";
    case Kind::Bool:
      return h.as_bool(v) ? "True" : "False";
    case Kind::Int:
      return std::to_string(h.as_int(v));
    case Kind::Float:
      return py_float_repr(h.as_float(v));
    case Kind::Str: {
      if (!repr) return std::string(h.as_str(v));
      uint32_t bad = 0;
      if (auto r = py_str_repr(h.as_str(v), bad)) return *r;
      in.fail(fmt::format("repr() of a str holding U+{:04X} is not supported (whether Python "
                          "escapes it is not known here)",
                          bad));
    }
    case Kind::DType:
      return "torch." + std::string(dtype_name(h.as_dtype(v)));
    case Kind::Device: {
      Device d = h.as_device(v);
      if (!repr) return device_name(d);
      std::string type = device_name(Device{d.type, -1});
      return d.index < 0 ? fmt::format("device(type='{}')", type)
                         : fmt::format("device(type='{}', index={})", type, d.index);
    }
    case Kind::Ellipsis:
      return "Ellipsis";
    case Kind::Slice:
      return "slice(" + join(h.items(v)) + ")";
    case Kind::Range: {
      auto r = h.items(v);
      int64_t step = h.as_int(r[2]);
      return fmt::format("range({}, {}{})", h.as_int(r[0]), h.as_int(r[1]),
                         step == 1 ? "" : ", " + std::to_string(step));
    }
    case Kind::Tuple:
      return "(" + join(h.items(v)) + (h.items(v).size() == 1 ? ",)" : ")");
    case Kind::List:
    case Kind::Dict: {
      bool list = h.is(v, Kind::List);
      if (std::find(open.begin(), open.end(), v.id) != open.end()) return list ? "[...]" : "{...}";
      open.push_back(v.id);
      std::string out;
      if (list) {
        out = "[" + join(h.items(v)) + "]";
      } else {
        bool od = h.ordered_dict(v);
        size_t n = 0;
        for (const Entry &e : h.entries(v)) {
          std::string k = text(e.key, true), x = text(e.value, true);
          out += (n++ ? ", " : "") + (od ? "(" + k + ", " + x + ")" : k + ": " + x);
        }
        out = od ? (n ? "OrderedDict([" + out + "])" : "OrderedDict()") : "{" + out + "}";
      }
      open.pop_back();
      return out;
    }
    case Kind::Class:
      return class_text(v);
    case Kind::Dataclass:
    case Kind::Object: {
      if (!repr && in.find_method(v, "__str__")) return user_method(v, "__str__");
      if (in.find_method(v, "__repr__")) return user_method(v, "__repr__");
      const ClassDecl *decl = in.class_info(v).decl;
      if (std::string_view c = h.name(v); is_type_info(c)) {
        static constexpr std::string_view finfo[] = {"resolution",      "min", "max", "eps",
                                                     "smallest_normal", "tiny"};
        static constexpr std::string_view iinfo[] = {"min", "max"};
        std::string out(c.substr(6));
        std::string_view sep = "(";
        for (std::string_view a :
             c == "torch.finfo" ? std::span<const std::string_view>(finfo) : iinfo) {
          Value x = h.find_attr(v, a)->value; // read-only: setattr refuses them
          out += fmt::format("{}{}={:g}", std::exchange(sep, ", "), a,
                             h.is(x, Kind::Int) ? double(h.as_int(x)) : h.as_float(x));
        }
        return out + fmt::format(", dtype={})", h.as_str(h.find_attr(v, "dtype")->value));
      }
      if (!h.is(v, Kind::Dataclass) || !decl)
        reject(v, "its default repr shows its address; declare a __repr__ method");
      in.rely_type(v);
      std::string out = decl->qualname + "(";
      for (size_t i = 0; i < decl->fields.size(); ++i) {
        Entry *e = h.find_attr(v, decl->fields[i]);
        if (!e) reject(v, fmt::format("field {} is missing", decl->fields[i]));
        out += (i ? ", " : "") + decl->fields[i] + "=" + text(in.read_entry(v, *e), true);
      }
      return out + ")";
    }
    case Kind::Tensor:
      reject(v, "a tensor's text needs its data");
    case Kind::Module:
      reject(v, "a module's repr is torch's own");
    default:
      reject(v, "its repr shows its address");
    }
  }

  std::string class_text(Value v) {
    std::string_view n = h.name(v);
    if (const ClassDecl *decl = in.class_info(n).decl)
      return "<class '" + decl->module + "." + decl->qualname + "'>";
    if (n.starts_with("builtins.")) return fmt::format("<class '{}'>", n.substr(9));
    if (n == "collections.OrderedDict" || n == "torch.Tensor" || n == "torch.dtype" ||
        n == "torch.device")
      return fmt::format("<class '{}'>", n);
    reject(v, fmt::format("the class {} is printed with its defining module", n));
  }
};

// The text of a number literal with its underscores removed, where each sits between two digits
// (as int() and float() allow); nullopt otherwise.
std::optional<std::string> without_underscores(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '_') {
      out += s[i];
      continue;
    }
    if (i == 0 || i + 1 == s.size() || !std::isdigit(uint8_t(s[i - 1])) ||
        !std::isdigit(uint8_t(s[i + 1])))
      return std::nullopt;
  }
  return out;
}

// int(s) for a str: base 10, surrounding whitespace, a sign, digits with single underscores
// between them. nullopt when CPython rejects it; `overflow` set when it is past 64 bits.
std::optional<int64_t> parse_py_int(std::string_view text, bool &overflow) {
  std::string_view s = strip_whitespace(text);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) neg = s[0] == '-', s.remove_prefix(1);
  auto digits = without_underscores(s);
  if (!digits || digits->empty()) return std::nullopt;
  __int128 v = 0;
  for (char c : *digits) {
    if (!std::isdigit(uint8_t(c))) return std::nullopt;
    v = v * 10 + (c - '0');
    if (v > (__int128(1) << 64)) v = __int128(1) << 64; // saturate: only the range matters
  }
  if (neg) v = -v;
  if (v > INT64_MAX || v < INT64_MIN) return overflow = true, std::nullopt;
  return int64_t(v);
}

// float(s) for a str: surrounding whitespace, a sign, then inf / infinity / nan (any case) or a
// decimal number (digits with underscores between them, optional point and exponent).
std::optional<double> parse_py_float(std::string_view text) {
  std::string_view s = strip_whitespace(text);
  bool neg = false;
  if (!s.empty() && (s[0] == '+' || s[0] == '-')) neg = s[0] == '-', s.remove_prefix(1);
  std::string lower;
  for (char c : s)
    lower += char(std::tolower(uint8_t(c)));
  double sign = neg ? -1.0 : 1.0;
  if (lower == "inf" || lower == "infinity") return sign * HUGE_VAL;
  if (lower == "nan") return std::copysign(NAN, sign);
  auto body = without_underscores(s);
  if (!body) return std::nullopt;
  // digits [. digits] [e [sign] digits], at least one digit before the exponent
  size_t i = 0, mantissa = 0;
  const std::string &b = *body;
  auto run = [&] {
    size_t n = 0;
    while (i < b.size() && std::isdigit(uint8_t(b[i])))
      ++i, ++n;
    return n;
  };
  mantissa += run();
  if (i < b.size() && b[i] == '.') ++i, mantissa += run();
  if (mantissa == 0) return std::nullopt;
  if (i < b.size() && (b[i] == 'e' || b[i] == 'E')) {
    ++i;
    if (i < b.size() && (b[i] == '+' || b[i] == '-')) ++i;
    if (run() == 0) return std::nullopt;
  }
  if (i != b.size()) return std::nullopt;
  return sign * std::strtod(b.c_str(), nullptr); // a plain decimal: strtod reads all of it
}

// round(x, ndigits) for a float, as CPython does it: the exact binary value rounded half-even to
// `ndigits` decimal places, then read back. nullopt when the result overflows.
std::optional<double> py_round_float(double x, int64_t ndigits) {
  // CPython's NDIGITS_MAX and NDIGITS_MIN: past them the result is x or a signed zero.
  if (!std::isfinite(x) || ndigits > 323) return x;
  if (ndigits < -308) return 0.0 * x;
  std::string text;
  if (ndigits >= 0) {
    // glibc prints the exact value, rounded half-even on exact ties.
    int n = std::snprintf(nullptr, 0, "%.*f", int(ndigits), x);
    text.resize(size_t(n) + 1);
    std::snprintf(text.data(), text.size(), "%.*f", int(ndigits), x);
    text.resize(size_t(n));
  } else {
    // x = I + f with I an integer (exact); round I to a multiple of 10^k, f only breaks ties.
    size_t k = size_t(-ndigits);
    double ip = std::trunc(std::fabs(x)), frac = std::fabs(x) - ip;
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.0f", ip);
    std::string digits = buf;
    if (digits.size() < k) digits.insert(0, k - digits.size(), '0');
    std::string head = digits.substr(0, digits.size() - k), tail = digits.substr(head.size());
    std::string half = "5" + std::string(k - 1, '0');
    int c = tail.compare(half);
    bool odd = !head.empty() && (head.back() - '0') % 2 == 1;
    bool up = c > 0 || (c == 0 && (frac > 0 || odd));
    if (head.empty()) head = "0";
    if (up) {
      size_t i = head.size();
      while (i > 0 && head[i - 1] == '9')
        head[--i] = '0';
      if (i == 0) head.insert(0, "1");
      else ++head[i - 1];
    }
    text = (std::signbit(x) ? "-" : "") + head + "e" + std::to_string(k);
  }
  errno = 0;
  double r = std::strtod(text.c_str(), nullptr);
  if (errno == ERANGE && std::fabs(r) >= 1.0) return std::nullopt;
  return r;
}
} // namespace

// What operator_call needs to know of an operator.* name, found with one hash lookup instead of
// a chain of string compares per call (measured: ~0.38M instructions at llama L = 32).
struct OperatorName {
  enum class Kind : uint8_t { SetItem, GetItem, Other } kind = Kind::Other;
  bool unary = false;
  bool python_only = false; // is_, is_not, contains, not_, truth: never a tensor op
  std::optional<ops::Op> update; // t -= y, t /= y, ...: the functional op written into t
  std::string_view reflected;    // the operator Python's reflected form calls: 2 < t is t > 2
};

namespace {
const OperatorName &operator_name(std::string_view op) {
  using K = OperatorName::Kind;
  static const std::unordered_map<std::string_view, OperatorName> names = [] {
    std::unordered_map<std::string_view, OperatorName> m;
    m["setitem"].kind = K::SetItem;
    m["getitem"].kind = K::GetItem;
    for (std::string_view u : {"neg", "pos", "abs", "invert", "not_", "truth", "index"})
      m[u].unary = true;
    for (std::string_view p : {"is_", "is_not", "contains", "not_", "truth"})
      m[p].python_only = true;
    // t += y and t *= y are add_, mul_ (tensor methods); these have no method of their own.
    for (auto [from, to] : {std::pair{"isub", ops::Op::sub},
                            {"itruediv", ops::Op::div},
                            {"ifloordiv", ops::Op::floor_divide},
                            {"imod", ops::Op::remainder},
                            {"ipow", ops::Op::pow},
                            {"iand", ops::Op::bitwise_and},
                            {"ior", ops::Op::bitwise_or},
                            {"ixor", ops::Op::bitwise_xor}})
      m[from].update = to;
    // Python's reflected operators: 2 * t is t.__rmul__(2) = torch.mul(t, 2).
    for (auto [from, to] : {std::pair{"add", "add"}, {"mul", "mul"}, {"eq", "eq"}, {"ne", "ne"},
                            {"lt", "gt"}, {"le", "ge"}, {"gt", "lt"}, {"ge", "le"},
                            {"and_", "and_"}, {"or_", "or_"}, {"xor", "xor"}})
      m[from].reflected = to;
    return m;
  }();
  static const OperatorName other;
  auto it = names.find(op);
  return it == names.end() ? other : it->second;
}

// operator_name for `name` (operator.<op>), looked up once per statement when the name is the
// statement's own.
const OperatorName &statement_operator(Interpreter &in, const std::string &name) {
  std::string_view op = std::string_view(name).substr(9); // after "operator."
  const Stmt *s = in.own_statement(name);
  if (!s) return operator_name(op);
  const OperatorName *&known = in.facts(s).operator_name;
  if (!known) known = &operator_name(op);
  return *known;
}

} // namespace

std::string python_symbol(std::string_view op) {
  static const std::unordered_map<std::string_view, std::string_view> symbols = {
      {"add", "+"}, {"sub", "-"},     {"mul", "*"},     {"truediv", "/"}, {"floordiv", "//"},
      {"mod", "%"}, {"pow", "**"},    {"matmul", "@"},  {"and_", "&"},    {"or_", "|"},
      {"xor", "^"}, {"lshift", "<<"}, {"rshift", ">>"}, {"lt", "<"},      {"le", "<="},
      {"gt", ">"},  {"ge", ">="}};
  bool augmented = op.starts_with('i') && symbols.count(op.substr(1)) && !symbols.count(op);
  auto it = symbols.find(augmented ? op.substr(1) : op);
  return it == symbols.end() ? "operator." + std::string(op)
                             : std::string(it->second) + (augmented ? "=" : "");
}

namespace {

// A tensor and an operand that is neither a tensor nor a number (None, a str, a list, ...): the
// tensor's operator declines it, and Python falls back to identity for == and != (`mask == None`
// is False) and raises TypeError for the others. The result of == and !=, nullopt when the
// operands are numbers and tensors.
std::optional<bool> mixed_operands(Interpreter &in, std::string_view op, Value a, Value b) {
  Heap &h = in.h;
  auto operand = [&](Value v) {
    Kind k = h.kind(v);
    return k == Kind::Tensor || k == Kind::Bool || k == Kind::Int || k == Kind::Float;
  };
  if (operand(a) && operand(b)) return std::nullopt;
  if (op == "eq" || op == "ne") { // the answer holds while the operands keep their kinds
    in.rely_type(a), in.rely_type(b);
    return op == "ne";
  }
  std::string sym = python_symbol(op), ta = h.type_name(a), tb = h.type_name(b);
  if (op == "lt" || op == "le" || op == "gt" || op == "ge")
    in.fail(fmt::format("'{}' not supported between instances of {} and {}", sym, py_str(ta),
                        py_str(tb)));
  in.fail(
      fmt::format("unsupported operand type(s) for {}: {} and {}", sym, py_str(ta), py_str(tb)));
}

std::optional<Value> operator_call(Interpreter &in, const std::string &name, Args &args,
                                   Kwargs &kwargs) {
  Heap &h = in.h;
  std::string_view op = std::string_view(name).substr(9); // after "operator."
  const OperatorName *info = &statement_operator(in, name);
  bool tensor = false;
  for (Value a : args)
    tensor |= h.is(a, Kind::Tensor);
  if (info->kind == OperatorName::Kind::SetItem) {
    arity(in, name, args, kwargs, 3, 3);
    in.setitem(args[0], args[1], args[2]);
    return h.none();
  }
  if (info->kind == OperatorName::Kind::GetItem) {
    arity(in, name, args, kwargs, 2, 2);
    return in.getitem(args[0], args[1]);
  }
  bool is_unary = info->unary;
  arity(in, name, args, kwargs, is_unary ? 1 : 2, is_unary ? 1 : 2);
  if (tensor && !info->python_only) {
    if (op == "pos") return args[0];
    if (args.size() == 2)
      if (std::optional<bool> answer = mixed_operands(in, op, args[0], args[1]))
        return h.boolean(*answer, kComputed);
    bool augmented = args.size() == 2 && op.starts_with('i') && op != "is_" && op != "is_not";
    // x op= t for a Python x, and t @= y (Tensor has no __imatmul__): Python falls back to the
    // binary operator and rebinds the name.
    bool renamed = false; // op is no longer `name`'s own
    if (augmented && (!h.is(args[0], Kind::Tensor) || op == "imatmul")) {
      op = op == "iand" ? "and_" : op == "ior" ? "or_" : op.substr(1); // and_, or_: keywords
      info = &operator_name(op);
      renamed = true;
    }
    if (info->update) return in.inplace_op(*info->update, args, {}, name);
    if (args.size() == 2 && !h.is(args[0], Kind::Tensor)) {
      if (!info->reflected.empty()) {
        std::swap(args[0], args[1]);
        renamed |= op != info->reflected;
        op = info->reflected;
      }
      if (op == "truediv" &&
          (h.is(args[0], Kind::Bool) || h.is(args[0], Kind::Int) || h.is(args[0], Kind::Float))) {
        // s / t is Tensor.__rtruediv__: t.reciprocal() * s, which rounds twice (torch.div(s, t)
        // differs from it in the last bit of some elements).
        Value inverse = in.tensor_op(ops::Op::reciprocal, {args[1]}, {});
        return in.tensor_op(ops::Op::mul, {inverse, args[0]}, {});
      }
      if (op == "sub" && !h.is(args[0], Kind::Tensor)) {
        // s - t is torch.rsub(t, s) = -(t - s): exact (IEEE subtraction is symmetric, integer
        // wrap-around is modular), with sub's type promotion and its bool-tensor check; a
        // negation before the subtraction would wrap unsigned tensors before promotion.
        Value diff = in.tensor_op(ops::Op::sub, {args[1], args[0]}, {});
        return in.tensor_op(ops::Op::neg, {diff}, {});
      }
    }
    // Tensor.__invert__ checks the dtype itself (torch.bitwise_not's error is the kernel's).
    if (op == "invert" && !is_integral(h.meta(args[0]).dtype, true))
      in.fail(fmt::format("~ (operator.invert) is only implemented on integer and Boolean-type "
                          "tensors, not on {} tensors",
                          dtype_name(h.meta(args[0]).dtype)));
    // `name` itself unless the operator was rewritten above (no string built per call; the flag,
    // not a compare of op with name: ~45 instructions a tensor operator call).
    if (auto tensor_op = !renamed ? in.statement_op(name, ops::lookup_function)
                                  : ops::lookup_function("operator." + std::string(op)))
      return in.tensor_op(*tensor_op, std::move(args), kwargs);
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
  // CPython's math_1: a NaN from a non-NaN is a domain error, an infinity from a finite argument
  // a range error for exp (it can overflow) and a domain error otherwise (log2(0)).
  auto checked = [&](double x, double r, bool can_overflow) {
    if (std::isnan(r) && !std::isnan(x))
      in.fail(fmt::format("{}: math domain error", name));
    if (std::isinf(r) && std::isfinite(x))
      in.fail(fmt::format("{}: {}", name,
                          can_overflow ? "math range error"
                                       : "math domain error"));
    return real(r);
  };
  for (const auto &[n, impl] : unary)
    if (fn == n) {
      arity(in, name, args, kwargs, 1, 1);
      double x = f(0);
      return checked(x, impl(x), fn == "exp"); // sqrt(-1), log2(0) included
    }
  if (fn == "log") {
    arity(in, name, args, kwargs, 1, 2);
    double x = f(0);
    if (x <= 0 || (args.size() == 2 && f(1) <= 0))
      in.fail("math.log: math domain error");
    if (args.size() == 1) return checked(x, std::log(x), false);
    double num = std::log(x), den = std::log(f(1));
    if (den == 0) in.fail("math.log: float division by zero");
    return real(num / den);
  }
  if (fn == "pow") {
    arity(in, name, args, kwargs, 2, 2);
    double x = f(0), y = f(1), r = std::pow(x, y);
    // CPython: only finite arguments raise; inf from 0 ** negative is a domain error.
    if (std::isfinite(x) && std::isfinite(y)) {
      if (std::isnan(r) || (std::isinf(r) && x == 0))
        in.fail("math.pow: math domain error");
      if (std::isinf(r)) in.fail("math.pow: math range error");
    }
    return real(r);
  }
  if (fn == "floor" || fn == "ceil" || fn == "trunc") {
    arity(in, name, args, kwargs, 1, 1);
    if (!h.is(args[0], Kind::Float)) return in.num(in.to_int(args[0], "a math argument"));
    double x = f(0);
    double r = fn == "floor" ? std::floor(x) : fn == "ceil" ? std::ceil(x) : std::trunc(x);
    if (std::isnan(r)) in.fail(fmt::format("{}: cannot convert float NaN to integer", name));
    if (std::isinf(r)) in.fail(fmt::format("{}: cannot convert float infinity to integer", name));
    if (!(r >= -0x1p63 && r < 0x1p63)) in.fail("integer overflow (ints are 64-bit)");
    return in.num(static_cast<int64_t>(r));
  }
  if (fn == "isqrt") {
    arity(in, name, args, kwargs, 1, 1);
    int64_t x = in.to_int(args[0], "math.isqrt() argument");
    if (x < 0) in.fail("math.isqrt: argument must be nonnegative");
    int64_t r = static_cast<int64_t>(std::sqrt(static_cast<double>(x)));
    // r * r <= x  <=>  r <= x / r: no product, which overflows near INT64_MAX.
    while (r > 0 && r > x / r)
      --r;
    while (r + 1 <= x / (r + 1))
      ++r;
    return in.num(r);
  }
  if (fn == "gcd") {
    arity(in, name, args, kwargs, 0, SIZE_MAX);
    uint64_t r = 0;
    for (Value a : args) {
      int64_t x = in.to_int(a, "math.gcd() argument");
      r = std::gcd(r, x < 0 ? 0 - uint64_t(x) : uint64_t(x));
    }
    if (r > uint64_t(INT64_MAX)) in.fail("integer overflow (ints are 64-bit)");
    return in.num(int64_t(r));
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
    arity(in, name, args, kwargs, 1, 1, true);
    allowed_kwargs(in, "prod", kwargs, {"start"});
    Value r = kwarg(kwargs, "start").value_or(in.num(1));
    for (Value a : in.iterate(args.at(0)))
      r = in.binary("mul", r, a);
    return r;
  }
  in.fail(fmt::format("{} is not supported", name));
}
} // namespace

namespace {
// str.format: literal text, {{ and }}, and fields {}, {N} or {name} with an optional !r / !s
// conversion; format specs are not supported.
std::string str_format(Interpreter &in, std::string_view s, const Args &args,
                       const Kwargs &kwargs) {
  std::string out;
  int numbering = 0; // 1: automatic, 2: manual
  size_t next = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '}') {
      if (i + 1 < s.size() && s[i + 1] == '}') ++i;
      else in.fail("str.format: ValueError: Single '}' encountered in format string");
      out += '}';
      continue;
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < s.size() && s[i + 1] == '{') {
      out += '{', ++i;
      continue;
    }
    size_t end = s.find_first_of("{}", i + 1);
    if (end == std::string_view::npos)
      in.fail(i + 1 == s.size() ? "str.format: ValueError: Single '{' encountered in format string"
                                : "str.format: ValueError: expected '}' before end of string");
    if (s[end] == '{')
      in.fail("str.format: nested replacement fields in a format spec are not supported");
    std::string_view field = s.substr(i + 1, end - i - 1);
    i = end;
    size_t mark = field.find_first_of("!:");
    std::string_view fname = field.substr(0, mark), rest;
    if (mark != std::string_view::npos) rest = field.substr(mark);
    char conversion = 's';
    if (rest.starts_with("!")) {
      if (rest.size() < 2 || (rest.size() > 2 && rest[2] != ':'))
        in.fail("str.format: ValueError: expected ':' after conversion specifier");
      conversion = rest[1];
      if (conversion == 'a') in.fail("str.format: the !a conversion is not supported");
      if (conversion != 'r' && conversion != 's')
        in.fail(fmt::format("str.format: ValueError: Unknown conversion specifier {}",
                            conversion));
      rest.remove_prefix(2);
    }
    if (rest.size() > 1) // ":" followed by a spec
      in.fail(fmt::format("str.format: the format spec {} is not supported", py_str(rest.substr(1))));
    Value x;
    if (fname.empty() || std::all_of(fname.begin(), fname.end(), [](char d) {
          return d >= '0' && d <= '9';
        })) {
      bool automatic = fname.empty();
      if (numbering && numbering != (automatic ? 1 : 2))
        in.fail(automatic ? "str.format: ValueError: cannot switch from manual field "
                            "specification to automatic field numbering"
                          : "str.format: ValueError: cannot switch from automatic field "
                            "numbering to manual field specification");
      numbering = automatic ? 1 : 2;
      size_t index = automatic ? next++ : SIZE_MAX;
      if (!automatic && fname.size() <= 18) index = std::stoull(std::string(fname));
      if (index >= args.size())
        in.fail(fmt::format("str.format: IndexError: Replacement index {} out of range for "
                            "positional args tuple",
                            fname.empty() ? std::to_string(index) : std::string(fname)));
      x = args[index];
    } else {
      if (!is_identifier(fname))
        in.fail(fmt::format("str.format: the field {} is not supported (only {{}}, {{N}} and "
                            "{{name}})",
                            py_str(fname)));
      auto v = kwarg(kwargs, fname);
      if (!v) in.fail(fmt::format("str.format: KeyError: {}", py_str(fname)));
      x = *v;
    }
    in.rely(x);
    out += PyText(in).text(x, conversion == 'r');
  }
  return out;
}

// torch.finfo(type=torch.float32) and torch.iinfo(type): a dtype's numeric limits, as an object
// made while tracing whose attributes are constants (the dtype is guarded where it came from the
// inputs). A complex dtype's finfo is its real part's, as in PyTorch.
Value type_info(Interpreter &in, const std::string &name, const Args &args, const Kwargs &kwargs) {
  Heap &h = in.h;
  std::string_view fn = std::string_view(name).substr(6); // "finfo", "iinfo"
  bool floating = fn == "finfo";
  allowed_kwargs(in, fn, kwargs, {"type"});
  if (args.size() + kwargs.size() > 1)
    in.fail(
        fmt::format("{}() takes at most 1 argument ({} given)", name, args.size() + kwargs.size()));
  std::optional<Value> type = args.empty() ? kwarg(kwargs, "type") : args[0];
  if (!type && !floating) in.fail(fmt::format("{}() missing required argument 'type'", name));
  DType d = DType::Float32; // torch.finfo(): the default dtype's
  if (type) {
    if (!h.is(*type, Kind::DType))
      in.fail(fmt::format("{}(): argument 'type' (position 1) must be torch.dtype, not {}", fn,
                          h.type_name(*type)));
    in.rely(*type);
    d = h.as_dtype(*type);
  }
  if (d == DType::Complex64) d = floating ? DType::Float32 : d;
  if (floating != is_floating(d) || d == DType::Bool)
    in.fail(d == DType::Bool && !floating
                ? "torch.bool is not supported by torch.iinfo"
                : fmt::format("{}() requires {} input type. Use torch.{} to handle 'torch.{}'",
                              name, floating ? "a floating point" : "an integer",
                              floating ? "iinfo" : "finfo", fn));
  Value obj = h.object(Kind::Object, name, in.new_record());
  auto set = [&](std::string_view attr, Value v) { h.add_entry(obj, attr, v, Slot::Attr); };
  auto real = [&](double x) { return h.floating(x, kComputed); };
  set("bits", in.num(8 * element_size(d)));
  if (floating) {
    struct Limits {
      double eps, max, tiny, resolution;
    };
    Limits l =
        d == DType::Float16    ? Limits{0x1p-10, 65504.0, 0x1p-14, 1e-3}
        : d == DType::BFloat16 ? Limits{0x1p-7, 0x1.fep127, 0x1p-126, 1e-2}
        : d == DType::Float32
            ? Limits{std::numeric_limits<float>::epsilon(), std::numeric_limits<float>::max(),
                     std::numeric_limits<float>::min(), 1e-6}
            : Limits{std::numeric_limits<double>::epsilon(), std::numeric_limits<double>::max(),
                     std::numeric_limits<double>::min(), 1e-15};
    set("eps", real(l.eps));
    set("max", real(l.max));
    set("min", real(-l.max));
    set("tiny", real(l.tiny));
    set("smallest_normal", real(l.tiny));
    set("resolution", real(l.resolution));
  } else {
    set("max", in.num(integer_max(d)));
    set("min", in.num(integer_min(d)));
  }
  set("dtype", h.str(dtype_name(d), kComputed));
  return obj;
}
} // namespace

// torch.nn.functional.normalize(input, p=2.0, dim=1, eps=1e-12, out=None), as PyTorch defines it:
// input / input.norm(p, dim, keepdim=True).clamp_min(eps).expand_as(input).
std::vector<Value> Interpreter::bind_arguments(std::string_view fn,
                                               std::span<const std::string_view> params,
                                               size_t required, const Args &args,
                                               const Kwargs &kwargs) {
  std::vector<Value> v(params.size());
  if (args.size() > v.size())
    fail(fmt::format("{} takes from {} to {} positional arguments but {} were given", fn, required,
                     params.size(), args.size()));
  std::copy(args.begin(), args.end(), v.begin());
  for (const auto &[key, value] : kwargs) {
    size_t i = std::find(params.begin(), params.end(), key) - params.begin();
    if (i == v.size()) fail(fmt::format("{} got an unexpected keyword argument '{}'", fn, key));
    if (v[i]) fail(fmt::format("{} got multiple values for argument '{}'", fn, key));
    v[i] = value;
  }
  for (size_t i = 0; i < required; ++i)
    if (!v[i]) fail(fmt::format("{} missing required positional argument: '{}'", fn, params[i]));
  return v;
}

Value Interpreter::normalize(const Args &args, const Kwargs &kwargs) {
  static constexpr std::string_view params[] = {"input", "p", "dim", "eps", "out"};
  constexpr std::string_view fn = "torch.nn.functional.normalize()";
  std::vector<Value> v = bind_arguments(fn, params, 1, args, kwargs);
  if (v[4] && !h.is(v[4], Kind::None)) fail(fmt::format("{}: thunderc does not support out=", fn));
  Value input = v[0];
  Value norm = call_method(input, "norm", {v[1] ? v[1] : h.floating(2.0), v[2] ? v[2] : num(1)},
                           {{"keepdim", h.boolean(true)}});
  Value denom = call_method(call_method(norm, "clamp_min", {v[3] ? v[3] : h.floating(1e-12)}, {}),
                            "expand_as", {input}, {});
  Args operands{input, denom};
  Kwargs no_kwargs;
  return call_builtin_named("operator.truediv", operands, no_kwargs);
}

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
  // What the program asks of the context it runs in: the traces are neither scripted, traced nor
  // compiled by another tool, and run without grad and autocast (torch.no_grad, no_autocast).
  static constexpr std::string_view context_queries[] = {"torch.jit.is_tracing",
                                                         "torch.jit.is_scripting",
                                                         "torch.compiler.is_compiling",
                                                         "torch._dynamo.is_compiling",
                                                         "torch.fx._symbolic_trace.is_fx_tracing",
                                                         "torch.is_grad_enabled",
                                                         "torch.is_autocast_enabled"};
  if (std::find(std::begin(context_queries), std::end(context_queries), name) !=
      std::end(context_queries)) {
    arity(*this, name, args, kwargs, 0, 0);
    return h.boolean(false, kComputed);
  }
  if (name == "torch.Size") return construct(name, std::move(args), std::move(kwargs));
  if (name == "torch.finfo" || name == "torch.iinfo") return type_info(*this, name, args, kwargs);
  if (name == "torch.clamp_min" || name == "torch.clamp_max" || name == "torch.broadcast_to" ||
      name == "torch.outer" || name == "torch.t") { // torch.outer(x, v) is x.outer(v)
    Value input = take_first(args, kwargs, "input");
    if (!input || !h.is(input, Kind::Tensor))
      fail(fmt::format("{}(): argument 'input' must be Tensor, not {}", name,
                       input ? std::string(h.type_name(input)) : std::string("missing")));
    if (name == "torch.broadcast_to") // the method alone takes sizes as separate ints
      for (Value size : args.size() == 1 ? args : Args{})
        if (!h.is(size, Kind::Tuple) && !h.is(size, Kind::List))
          fail(fmt::format("torch.broadcast_to(): argument 'size' must be tuple of ints, not {}",
                           h.type_name(size)));
    return call_method(input, name.substr(6), std::move(args), std::move(kwargs));
  }
  if (name == "torch.nn.functional.normalize") return normalize(args, kwargs);
  if (name == "torch.nn.Transformer.generate_square_subsequent_mask") {
    // torch.triu(torch.full((sz, sz), float("-inf"), dtype=dtype, device=device), diagonal=1)
    static constexpr std::string_view params[] = {"sz", "device", "dtype"};
    std::vector<Value> v = bind_arguments(name + "()", params, 1, args, kwargs);
    auto given = [&](Value x) { // not None
      if (x) rely_none(x);
      return x && !h.is(x, Kind::None);
    };
    Value size = h.tuple({v[0], v[0]}, kComputed);
    Value full = tensor_op(ops::Op::full, {size, h.floating(-INFINITY, kComputed)},
                           {{"dtype", given(v[2]) ? v[2] : h.dtype(DType::Float32)},
                            {"device", given(v[1]) ? v[1] : h.device(Device{})}});
    return tensor_op(ops::Op::triu, {full}, {{"diagonal", num(1)}});
  }
  if (name == "torch._assert") { // `assert condition, message` (torchvision's models call it)
    static constexpr std::string_view params[] = {"condition", "message"};
    std::vector<Value> v = bind_arguments("torch._assert()", params, 2, args, kwargs);
    if (!truth(v[0]))
      fail(fmt::format("AssertionError: {}",
                       h.is(v[1], Kind::Str) ? std::string(h.as_str(v[1])) : h.repr(v[1])));
    return h.none(kComputed);
  }
  if (name.starts_with("torch.Tensor.") && !args.empty() && h.is(args[0], Kind::Tensor)) {
    // torch.Tensor.t(x), torch.Tensor.triu_(m, 1): the methods that are not catalogue rows
    std::string method = name.substr(13);
    if (interpreted_tensor_method(method) || ops::inplace_form(method))
      return call_method(args[0], method, Args(args.begin() + 1, args.end()), kwargs);
  }
  if (name.starts_with("torch.nn.") && name.ends_with(".forward")) {
    // torch.nn.Embedding.forward(self, x): `super().forward(x)` in a module class deriving it
    std::string cls = name.substr(0, name.size() - 8);
    Value self = take_first(args, kwargs, "self");
    if (!self || !h.is(self, Kind::Module) || builtin_base(self) != cls)
      fail(fmt::format("{}() takes first a module whose class derives {} (self, as "
                       "super().forward(...) passes it); got {}",
                       name, cls, self ? h.repr(self) : std::string("no argument")));
    rely_type(self);
    return nn_forward(class_info(self), self, args, kwargs);
  }
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
      return num(int64_t(code_point_count(h.as_str(x))));
    case Kind::Range:
      return num(range_len(x));
    case Kind::Tensor: {
      rely_meta(x);
      const TensorMeta &m = h.meta(h.current(x));
      if (m.shape.empty()) fail("len() of a 0-d tensor");
      return num(m.shape[0]);
    }
    case Kind::Module:
    case Kind::Object:
    case Kind::Dataclass:
      if (find_method(x, "__len__")) return call_method(x, "__len__", {}, {});
      if (const std::string &base = builtin_base(x);
          h.is(x, Kind::Module) && (base == "torch.nn.ModuleList" ||
                                    base == "torch.nn.Sequential" || base == "torch.nn.ModuleDict")) {
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
  if (fn == "slice") { // slice(stop), slice(start, stop[, step]): checked where it indexes
    if (args.empty()) fail("slice expected at least 1 argument, got 0");
    arity(*this, name, args, kwargs, 1, 3);
    Value none = h.none();
    return args.size() == 1 ? h.slice(none, args[0], none)
                            : h.slice(args[0], args[1], args.size() == 3 ? args[2] : none);
  }
  if (fn == "enumerate") {
    arity(*this, name, args, kwargs, 1, 2, true);
    allowed_kwargs(*this, fn, kwargs, {"start"});
    int64_t start = args.size() == 2 ? to_int(args[1], "enumerate() start") : 0;
    if (auto s = kwarg(kwargs, "start")) start = to_int(*s, "enumerate() start");
    std::vector<Value> out;
    for (Value x : iterate(args[0]))
      out.push_back(h.tuple({num(start++), x}, kComputed));
    return h.tuple(std::move(out), new_record());
  }
  if (fn == "zip") {
    arity(*this, name, args, kwargs, 0, 64, true);
    allowed_kwargs(*this, fn, kwargs, {"strict"});
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
    if (args.empty()) fail(fmt::format("{} expected at least 1 argument, got 0", fn));
    allowed_kwargs(*this, fn, kwargs, {"key", "default"});
    std::optional<Value> dflt = kwarg(kwargs, "default");
    if (dflt && args.size() > 1)
      fail(fmt::format("Cannot specify a default for {}() with multiple positional arguments",
                       fn));
    std::optional<Value> key = kwarg(kwargs, "key");
    if (key && h.is(*key, Kind::None)) key.reset();
    std::vector<Value> xs = args.size() == 1 ? iterate(args[0]) : args;
    if (xs.empty()) {
      if (dflt) return *dflt;
      fail(fmt::format("{}() arg is an empty sequence", fn));
    }
    // CPython keeps the first of equal items: it replaces only on a strict < (min) or > (max).
    auto key_of = [&](Value x) { return key ? call_value(*key, {x}, {}) : x; };
    Value best = xs[0], best_key = key_of(xs[0]);
    for (size_t i = 1; i < xs.size(); ++i) {
      Value k = key_of(xs[i]);
      int c = compare(k, best_key);
      if (fn == "min" ? c < 0 : c > 0) best = xs[i], best_key = k;
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
      return h.str(PyText(*this).text(x, false), kComputed);
    }
    if (h.is(x, Kind::Str)) {
      rely(x);
      std::string_view s = h.as_str(x);
      if (fn == "int") {
        bool overflow = false;
        if (auto v = parse_py_int(s, overflow)) return num(*v);
        if (overflow) fail(fmt::format("int({}): integer overflow (ints are 64-bit)", py_str(s)));
        fail(fmt::format("ValueError: invalid literal for int() with base 10: {}", py_str(s)));
      }
      if (auto v = parse_py_float(s)) return h.floating(*v, kComputed);
      fail(fmt::format("ValueError: could not convert string to float: {}", py_str(s)));
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
    arity(*this, name, args, kwargs, 1, 2, true);
    allowed_kwargs(*this, fn, kwargs, {"ndigits"});
    std::optional<Value> nd = args.size() == 2 ? args[1] : kwarg(kwargs, "ndigits");
    if (nd && h.is(*nd, Kind::None)) nd.reset();
    if (nd && h.is(*nd, Kind::Float))
      fail("TypeError: 'float' object cannot be interpreted as an integer");
    std::optional<int64_t> ndigits;
    if (nd) ndigits = to_int(*nd, "round() ndigits");
    if (!h.is(args[0], Kind::Float)) {
      int64_t n = to_int(args[0], "round() argument");
      if (!ndigits || *ndigits >= 0) return num(n);
      // int.__round__: to a multiple of 10^-ndigits, half to even; |n| < 10^19.
      if (*ndigits < -38) return num(0);
      __int128 pow10 = 1;
      for (int64_t i = 0; i < -*ndigits; ++i)
        pow10 *= 10;
      __int128 q = n / pow10, r = n % pow10;
      if (r < 0) r += pow10, --q; // floor division
      if (2 * r > pow10 || (2 * r == pow10 && q % 2 != 0)) ++q;
      __int128 v = q * pow10;
      if (v > INT64_MAX || v < INT64_MIN) fail("integer overflow (ints are 64-bit)");
      return num(int64_t(v));
    }
    double x = to_float(args[0], "round() argument");
    if (ndigits) {
      auto r = py_round_float(x, *ndigits);
      if (!r) fail("OverflowError: rounded value too large to represent");
      return h.floating(*r, kComputed);
    }
    if (std::isnan(x)) fail("ValueError: cannot convert float NaN to integer");
    if (std::isinf(x)) fail("OverflowError: cannot convert float infinity to integer");
    double r = std::nearbyint(x); // half to even
    if (!(r >= -0x1p63 && r < 0x1p63)) fail("integer overflow (ints are 64-bit)");
    return num(static_cast<int64_t>(r));
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
    allowed_kwargs(*this, fn, kwargs, {"start"});
    Value total = args.size() == 2 ? args[1] : kwarg(kwargs, "start").value_or(num(0));
    if (h.is(total, Kind::Str))
      fail("TypeError: sum() can't sum strings [use ''.join(seq) instead]");
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
    allowed_kwargs(*this, "sort", kwargs, {"key", "reverse"});
    std::vector<Value> xs = iterate(args[0]);
    bool reverse = false;
    if (auto r = kwarg(kwargs, "reverse")) reverse = truth(*r);
    std::optional<Value> key = kwarg(kwargs, "key");
    if (key && h.is(*key, Kind::None)) key.reset();
    std::vector<Value> keys;
    for (Value x : xs)
      keys.push_back(key ? call_value(*key, {x}, {}) : x);
    // Stable both ways, as CPython's: reverse=True keeps equal items in their original order.
    std::vector<size_t> order(xs.size());
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
      return reverse ? compare(keys[b], keys[a]) < 0 : compare(keys[a], keys[b]) < 0;
    });
    std::vector<Value> out;
    for (size_t i : order)
      out.push_back(xs[i]);
    return h.list(std::move(out), new_record());
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
                          find_method(args[0], "__call__")),
                     kComputed);
  }
  if (fn == "repr") {
    arity(*this, name, args, kwargs, 1, 1);
    rely(args[0]);
    return h.str(PyText(*this).text(args[0], true), kComputed);
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
    if (name == "numel" && h.tuple_class(obj) == "torch.Size") { // the product of the sizes
      arity(*this, qual, args, kwargs, 0, 0);
      int64_t n = 1;
      for (Value size : iterate(obj))
        n *= h.as_int(size);
      return num(n);
    }
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
      if (code_point_count(s) != s.size())
        fail(fmt::format("{}() of a non-ASCII string is not supported: {}", qual(), py_str(s)));
      for (char &c : s) {
        if (name == "lower" ? c >= 'A' && c <= 'Z' : c >= 'a' && c <= 'z') c ^= 0x20;
      }
      return h.str(s, kComputed);
    }
    if (name == "strip") {
      arity(*this, qual, args, kwargs, 0, 1);
      if (!args.empty() && !h.is(args[0], Kind::None))
        fail(fmt::format("{}() with characters to strip is not supported", qual()));
      return h.str(strip_whitespace(s), kComputed);
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
      if (args.empty() || h.is(args[0], Kind::None)) {
        for (std::string_view part : split_whitespace(s))
          parts.push_back(h.str(part, kComputed));
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
    if (name == "format") return h.str(str_format(*this, s, args, kwargs), kComputed);
    return std::nullopt;
  }
  case Kind::Module: {
    const std::string &base = builtin_base(obj);
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
        if (dot == std::string::npos && name == "get_parameter" && e->slot != Slot::Parameter)
          fail(fmt::format("{}({}): AttributeError: `{}` is not an nn.Parameter", name,
                           py_str(target), part));
        if (dot == std::string::npos && name == "get_buffer" && e->slot != Slot::Buffer)
          fail(fmt::format("{}({}): AttributeError: `{}` is not a buffer", name, py_str(target),
                           part));
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
