// The catalogue built from ops.def: the info table, the parsed signatures, name lookup (function
// spellings, tensor methods, the operator module), binding of Python-style calls to signatures,
// and the in-place -> functional mapping. Meta rules live in meta*.cpp.
#include "ops/ops.h"

#include "support/diagnostics.h"
#include "support/hash.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <charconv>
#include <cmath>
#include <unordered_map>

namespace thunderc::ops {

Arg Arg::of_bool(bool v) {
  Arg a;
  a.kind = Kind::Bool;
  a.b = v;
  return a;
}
Arg Arg::of_int(int64_t v) {
  Arg a;
  a.kind = Kind::Int;
  a.i = v;
  return a;
}
Arg Arg::of_float(double v) {
  Arg a;
  a.kind = Kind::Float;
  a.f = v;
  return a;
}
Arg Arg::of_str(std::string v) {
  Arg a;
  a.kind = Kind::Str;
  a.s = std::move(v);
  return a;
}
Arg Arg::of_dtype(DType v) {
  Arg a;
  a.kind = Kind::DType;
  a.dtype = v;
  return a;
}
Arg Arg::of_device(Device v) {
  Arg a;
  a.kind = Kind::Device;
  a.device = v;
  return a;
}
Arg Arg::of_tensor(TensorMeta v) {
  Arg a;
  a.kind = Kind::Tensor;
  a.tensor = std::move(v);
  return a;
}
Arg Arg::of_seq(std::vector<Arg> v) {
  Arg a;
  a.kind = Kind::Seq;
  a.items = std::move(v);
  return a;
}
Arg Arg::of_list(std::vector<Arg> v) {
  Arg a = of_seq(std::move(v));
  a.is_list = true;
  return a;
}
Arg Arg::of_slice(Arg start, Arg stop, Arg step) {
  Arg a;
  a.kind = Kind::Slice;
  a.items.reserve(3); // moved in: an initializer list would copy them
  a.items.push_back(std::move(start));
  a.items.push_back(std::move(stop));
  a.items.push_back(std::move(step));
  return a;
}
Arg Arg::ellipsis() {
  Arg a;
  a.kind = Kind::Ellipsis;
  return a;
}

namespace {

constexpr OpInfo table[] = {
#define THUNDERC_OP(id, torch_name, aten_name, signature, flags)                                   \
  {Op::id, #id, torch_name, aten_name, signature, static_cast<uint32_t>(flags)},
#include "ops/ops.def"
#undef THUNDERC_OP
};
constexpr size_t op_count = std::size(table);

// Python's float repr: shortest round-trip digits, exponent form outside [1e-4, 1e16).
std::string float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  std::array<char, 64> buf{};
  auto end =
      std::to_chars(buf.data(), buf.data() + buf.size(), v, std::chars_format::scientific).ptr;
  std::string sci(buf.data(), end); // "-1.25e+02"
  size_t e = sci.find('e');
  int exponent = std::stoi(sci.substr(e + 1));
  bool negative = sci[0] == '-';
  std::string digits;
  for (char c : sci.substr(0, e))
    if (c >= '0' && c <= '9') digits += c;
  std::string out = negative ? "-" : "";
  if (exponent < -4 || exponent >= 16) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exponent < 0 ? '-' : '+', std::abs(exponent));
    return out + exp_buf;
  }
  if (exponent < 0) return out + "0." + std::string(-exponent - 1, '0') + digits;
  if (digits.size() <= static_cast<size_t>(exponent) + 1)
    return out + digits + std::string(exponent + 1 - digits.size(), '0') + ".0";
  return out + digits.substr(0, exponent + 1) + "." + digits.substr(exponent + 1);
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ')
    s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ')
    s.remove_suffix(1);
  return s;
}

// A default value as written in a signature: None, True, False, ints, floats, 'str', ().
Arg parse_default(std::string_view text) {
  if (text == "None") return Arg::none();
  if (text == "True" || text == "False") return Arg::of_bool(text == "True");
  if (text == "()") return Arg::of_seq({});
  if (text.size() >= 2 && text.front() == '\'')
    return Arg::of_str(std::string(text.substr(1, text.size() - 2)));
  int64_t i = 0;
  auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), i);
  if (ec == std::errc() && p == text.data() + text.size()) return Arg::of_int(i);
  double f = 0;
  auto [q, ec2] = std::from_chars(text.data(), text.data() + text.size(), f);
  THUNDERC_ASSERT(ec2 == std::errc() && q == text.data() + text.size(), "bad default in ops.def");
  return Arg::of_float(f);
}

// Appends the parameters of `sig` to `out`, each built in place.
void parse_signature(std::string_view sig, std::vector<Param> &out) {
  bool keyword_only = false;
  while (!sig.empty()) {
    size_t comma = sig.find(',');
    std::string_view item = trim(sig.substr(0, comma));
    sig = comma == std::string_view::npos ? std::string_view() : sig.substr(comma + 1);
    if (item == "*") {
      keyword_only = true;
      continue;
    }
    Param &p = out.emplace_back();
    p.keyword_only = keyword_only;
    if (item.front() == '*') {
      p.variadic = true;
      keyword_only = true;
      item.remove_prefix(1);
    }
    if (size_t eq = item.find('='); eq != std::string_view::npos) {
      p.default_value = parse_default(trim(item.substr(eq + 1)));
      item = trim(item.substr(0, eq));
    }
    for (size_t bar; (bar = item.rfind('|')) != std::string_view::npos; item = item.substr(0, bar))
      p.aliases.insert(p.aliases.begin(), item.substr(bar + 1));
    p.name = item;
  }
}

constexpr size_t max_params = 32; // bind() marks the parameters given in a bitset of this size

// Every op's parameters in one vector, reserved once, and each op's part of it: with a vector per
// op, each regrowth moved its Params (with their optional Arg), and these moves and ~240
// allocations were a third of the parse every process makes at start (129k -> 85k instructions).
struct Signatures {
  std::vector<Param> all;
  std::array<std::span<const Param>, op_count> of_op;
};

Signatures parse_signatures() {
  Signatures out;
  size_t items = 0; // at least the number of parameters: one per comma-separated item
  for (const OpInfo &o : table)
    items += std::count(o.signature.begin(), o.signature.end(), ',') + 1;
  out.all.reserve(items);
  std::array<size_t, op_count + 1> begin{};
  for (size_t i = 0; i < op_count; ++i) {
    parse_signature(table[i].signature, out.all);
    begin[i + 1] = out.all.size();
    THUNDERC_ASSERT(begin[i + 1] - begin[i] <= max_params, "too many parameters in ops.def");
  }
  for (size_t i = 0; i < op_count; ++i)
    out.of_op[i] = std::span<const Param>(out.all).subspan(begin[i], begin[i + 1] - begin[i]);
  return out;
}

// Parsed at start-up from the constexpr table alone (no other global is read, and no static
// initializer calls params()): params() is a plain table read, without a function-local static's
// guard on every call.
const Signatures signatures = parse_signatures();

} // namespace

std::span<const Alias> aliases() {
  static constexpr Alias list[] = {
      {"torch.nn.functional.softmax", Op::softmax, false},
      {"torch.nn.functional.log_softmax", Op::log_softmax, false},
      {"torch.nn.functional.sigmoid", Op::sigmoid, false},
      {"torch.nn.functional.tanh", Op::tanh, false},
      {"torch.relu", Op::relu, false},
      {"torch.conv1d", Op::conv1d, false},
      {"torch.adaptive_avg_pool1d", Op::adaptive_avg_pool1d, false},
      {"torch.conv2d", Op::conv2d, false},
      {"torch.conv3d", Op::conv3d, false},
      {"torch.conv_transpose1d", Op::conv_transpose1d, false},
      {"torch.conv_transpose2d", Op::conv_transpose2d, false},
      {"torch.conv_transpose3d", Op::conv_transpose3d, false},
      {"torch.concat", Op::cat, false},
      {"torch.clip", Op::clamp, false},
      {"torch.multiply", Op::mul, false},
      {"torch.subtract", Op::sub, false},
      {"torch.divide", Op::div, false},
      {"operator.add", Op::add, false},
      {"operator.sub", Op::sub, false},
      {"operator.mul", Op::mul, false},
      {"operator.truediv", Op::div, false},
      {"operator.floordiv", Op::floor_divide, false},
      {"operator.mod", Op::remainder, false},
      {"operator.pow", Op::pow, false},
      {"operator.neg", Op::neg, false},
      {"operator.abs", Op::abs, false},
      {"operator.matmul", Op::matmul, false},
      {"operator.eq", Op::eq, false},
      {"operator.ne", Op::ne, false},
      {"operator.lt", Op::lt, false},
      {"operator.le", Op::le, false},
      {"operator.gt", Op::gt, false},
      {"operator.ge", Op::ge, false},
      {"operator.and_", Op::bitwise_and, false},
      {"operator.or_", Op::bitwise_or, false},
      {"operator.xor", Op::bitwise_xor, false},
      {"operator.invert", Op::bitwise_not, false},
      {"operator.iadd", Op::add_, false},
      {"operator.imul", Op::mul_, false},
      {"multiply", Op::mul, true},
      {"clip", Op::clamp, true},
      {"subtract", Op::sub, true},
      {"divide", Op::div, true},
  };
  return list;
}

namespace {

struct Names {
  // StrHash: inlined XXH3, cheaper than std::hash's out-of-line _Hash_bytes for every call's
  // name (tensor methods are looked up per call).
  std::unordered_map<std::string_view, Op, StrHash> functions, methods;
};

const Names &names() {
  static const Names n = [] {
    Names n;
    constexpr std::string_view tensor_prefix = "torch.Tensor.";
    for (const OpInfo &o : table) {
      n.functions.emplace(o.torch_name, o.op);
      std::string_view last = o.torch_name.substr(o.torch_name.rfind('.') + 1);
      if (o.torch_name.starts_with(tensor_prefix) || (o.flags & Method))
        n.methods.emplace(last, o.op);
    }
    for (const Alias &a : aliases())
      (a.method ? n.methods : n.functions).emplace(a.name, a.op);
    return n;
  }();
  return n;
}

[[noreturn]] void fail(Op op, const std::string &message) {
  throw OpError(std::string(info(op).torch_name) + "(): " + message);
}

// The ops normalize_positionals() handles: asked before the call, which most ops skip.
bool has_overloads(Op op) {
  return op == Op::to || op == Op::arange || op == Op::max || op == Op::min || op == Op::var ||
         op == Op::std;
}

// PyTorch's overloads that a single signature cannot express, folded into it.
void normalize_positionals(Op op, std::vector<Arg> &args, const Kwargs &kwargs) {
  auto has_kw = [&](std::string_view name) {
    for (const auto &[k, v] : kwargs)
      if (k == name) return true;
    return false;
  };
  if (op == Op::to && args.size() >= 2) {
    if (args[1].kind == Arg::Kind::DType) {
      args.insert(args.begin() + 1, Arg::none());   // to(dtype, non_blocking, copy)
    } else if (args[1].kind == Arg::Kind::Tensor) { // to(other, non_blocking, copy)
      TensorMeta other = args[1].tensor;
      args[1] = Arg::of_device(other.device);
      args.insert(args.begin() + 2, Arg::of_dtype(other.dtype));
    }
  } else if (op == Op::arange) {
    // arange(end, *, ...), arange(start, end, *, ...), arange(start, end, step, *, ...): a step
    // needs both start and end, and there is no end without start but arange(end).
    bool end_only = args.size() == 1 && !has_kw("end");
    bool start = args.size() >= 2 || (args.size() == 1 && !end_only) || has_kw("start");
    bool end = args.size() >= 2 || end_only || has_kw("end");
    if (!end) fail(op, "missing required argument 'end'");
    if ((args.size() >= 3 || has_kw("step")) && (!start || end_only))
      fail(op, "a step needs both start and end: arange(start, end, step)");
    if (end_only) args.insert(args.begin(), Arg::of_int(0)); // arange(end)
  } else if ((op == Op::max || op == Op::min) &&
             ((args.size() >= 2 && args[1].kind == Arg::Kind::None) ||
              std::any_of(kwargs.begin(), kwargs.end(), [](const auto &kw) {
                return kw.first == "dim" && kw.second.kind == Arg::Kind::None;
              }))) {
    fail(op, "dim=None is not accepted (\"Please look up dimensions by name, got: name = None\"); "
             "leave dim out to reduce over all elements");
  } else if ((op == Op::var || op == Op::std) && args.size() >= 2 &&
             args[1].kind == Arg::Kind::Bool) {
    args.insert(args.begin() + 1, Arg::none()); // var(input, unbiased), std(input, unbiased)
  }
}

} // namespace

const OpInfo &info(Op op) {
  return table[static_cast<size_t>(op)];
}
std::span<const OpInfo> all_ops() {
  return table;
}
std::span<const Param> params(Op op) {
  return signatures.of_op[static_cast<size_t>(op)];
}

std::optional<Op> lookup_function(std::string_view qualified_name) {
  const Names &n = names();
  if (auto it = n.functions.find(qualified_name); it != n.functions.end()) return it->second;
  constexpr std::string_view tensor_prefix = "torch.Tensor.";
  if (qualified_name.starts_with(tensor_prefix))
    return lookup_method(qualified_name.substr(tensor_prefix.size()));
  return std::nullopt;
}

std::optional<Op> lookup_method(std::string_view method_name) {
  const Names &n = names();
  if (auto it = n.methods.find(method_name); it != n.methods.end()) return it->second;
  return std::nullopt;
}

void flatten_data(const Arg &data, std::vector<const Arg *> &numbers) {
  if (data.kind != Arg::Kind::Seq) return numbers.push_back(&data);
  for (const Arg &item : data.items)
    flatten_data(item, numbers);
}

DType data_dtype(std::span<const Arg *const> numbers) {
  bool any_int = false, any_float = false;
  for (const Arg *a : numbers)
    any_int |= a->kind == Arg::Kind::Int, any_float |= a->kind == Arg::Kind::Float;
  return any_float || numbers.empty() ? DType::Float32 : any_int ? DType::Int64 : DType::Bool;
}

std::vector<int64_t> data_shape(const Arg &data) {
  std::vector<int64_t> shape;
  for (const Arg *a = &data; a->kind == Arg::Kind::Seq; a = &a->items[0]) {
    shape.push_back(static_cast<int64_t>(a->items.size()));
    if (a->items.empty()) break;
  }
  return shape;
}

namespace {

const std::unordered_map<std::string, Op> &inplace_forms_by_name() {
  static const std::unordered_map<std::string, Op> forms = [] {
    std::unordered_map<std::string, Op> m;
    for (Op op : {Op::sub,        Op::div,         Op::floor_divide, Op::remainder,
                  Op::pow,        Op::eq,          Op::ne,           Op::lt,
                  Op::le,         Op::gt,          Op::ge,           Op::logical_and,
                  Op::logical_or, Op::bitwise_and, Op::bitwise_or,   Op::bitwise_xor,
                  Op::neg,        Op::abs,         Op::exp,          Op::log,
                  Op::sqrt,       Op::rsqrt,       Op::sin,          Op::cos,
                  Op::tanh,       Op::sigmoid,     Op::logical_not,  Op::bitwise_not,
                  Op::reciprocal, Op::clamp,       Op::triu,         Op::tril,
                  Op::index_add,  Op::scatter,     Op::scatter_add,  Op::masked_scatter,
                  Op::erf,        Op::log1p,       Op::expm1,        Op::log2,
                  Op::floor,      Op::ceil,        Op::trunc,        Op::sign}) {
      std::string_view name = info(op).torch_name;
      m.emplace(std::string(name.substr(name.rfind('.') + 1)) + "_", op); // "sub_"
    }
    m.emplace("clip_", Op::clamp);
    return m;
  }();
  return forms;
}

} // namespace

std::optional<Op> inplace_form(std::string_view method_name) {
  const auto &forms = inplace_forms_by_name();
  if (auto it = forms.find(std::string(method_name)); it != forms.end()) return it->second;
  return std::nullopt;
}

std::vector<std::pair<std::string, Op>> inplace_forms() {
  const auto &forms = inplace_forms_by_name();
  std::vector<std::pair<std::string, Op>> out(forms.begin(), forms.end());
  std::sort(out.begin(), out.end());
  return out;
}

std::optional<Op> functional(Op op) {
  switch (op) {
  case Op::add_:
    return Op::add;
  case Op::mul_:
    return Op::mul;
  case Op::index_copy_:
    return Op::index_copy;
  case Op::masked_fill_:
    return Op::masked_fill;
  case Op::zero_:
    return Op::zeros_like;
  case Op::fill_:
    return Op::full_like;
  default:
    return std::nullopt; // copy_ and setitem_ have no single out-of-place op
  }
}

namespace {
// Appends a copy of a signature default. None, bools and numbers (nearly all defaults: made by
// Arg::none / of_bool / of_int / of_float, which set the kind and its value only) are set in a
// new Arg: a whole Arg's copy also copies its string, shape and items.
void push_default(std::vector<Arg> &out, const Arg &d) {
  switch (d.kind) {
  case Arg::Kind::None:
    out.emplace_back();
    return;
  case Arg::Kind::Bool:
    out.emplace_back().b = d.b;
    break;
  case Arg::Kind::Int:
    out.emplace_back().i = d.i;
    break;
  case Arg::Kind::Float:
    out.emplace_back().f = d.f;
    break;
  default:
    out.push_back(d);
    return;
  }
  out.back().kind = d.kind;
}
} // namespace

std::vector<Arg> bind(Op op, std::vector<Arg> given, Kwargs kwargs) {
  std::span<const Param> ps = params(op);
  const size_t n_given = given.size();
  // Positionals take the first parameters in order: the result is built in their vector, one Arg
  // per parameter, each marked when given.
  std::vector<Arg> out = std::move(given);
  if (has_overloads(op)) normalize_positionals(op, out, kwargs);
  std::bitset<max_params> given_at;
  for (size_t next = 0; next < out.size(); ++next) {
    if (next >= ps.size() || ps[next].keyword_only) {
      size_t positional = 0;
      for (const Param &p : ps)
        positional += !p.keyword_only;
      fail(op, "takes " + std::to_string(positional) + " positional argument" +
                   (positional == 1 ? "" : "s") + " but " + std::to_string(n_given) +
                   (n_given == 1 ? " was" : " were") + " given");
    }
    if (ps[next].variadic) {
      std::vector<Arg> rest(std::make_move_iterator(out.begin() + next),
                            std::make_move_iterator(out.end()));
      out.resize(next);
      bool whole = rest.size() == 1 && rest[0].kind == Arg::Kind::Seq;
      out.push_back(whole ? std::move(rest[0]) : Arg::of_seq(std::move(rest)));
      given_at[next] = true;
      break;
    }
    given_at[next] = true;
  }
  // Keywords are matched (and rejected) first; the parameters after the positionals are then
  // appended in order, each from its keyword argument or a copy of its default: no
  // default-constructed Arg is assigned over.
  const size_t positionals = out.size();
  std::array<uint8_t, max_params> keyword_at; // the kwargs index given for a parameter
  for (size_t k = 0; k < kwargs.size(); ++k) {
    std::string_view key = kwargs[k].first;
    size_t i = 0;
    while (i < ps.size() && ps[i].name != key &&
           std::find(ps[i].aliases.begin(), ps[i].aliases.end(), key) == ps[i].aliases.end())
      ++i;
    if (i == ps.size()) {
      std::vector<std::string> candidates;
      for (const Param &p : ps)
        candidates.emplace_back(p.name);
      fail(op, "got an unexpected keyword argument '" + std::string(key) + "'" +
                   did_you_mean(key, candidates));
    }
    if (given_at[i])
      fail(op, "got multiple values for argument '" + std::string(key) + "'" +
                   (ps[0].name == "tensors" && n_given > 1 // torch.cat(a, b, dim=1)
                        ? "; pass the tensors as one tuple or list: " +
                              std::string(info(op).torch_name) + "((a, b), " + std::string(key) +
                              "=...)"
                        : ""));
    keyword_at[i] = static_cast<uint8_t>(k);
    given_at[i] = true;
  }
  for (size_t i = positionals; i < ps.size(); ++i) {
    if (given_at[i]) {
      Arg &v = kwargs[keyword_at[i]].second;
      if (ps[i].variadic && v.kind != Arg::Kind::Seq) v = Arg::of_seq({v});
      out.push_back(std::move(v));
      continue;
    }
    if (!ps[i].default_value) fail(op, "missing required argument '" + std::string(ps[i].name) + "'");
    push_default(out, *ps[i].default_value);
  }
  return out;
}

std::string describe(const Arg &a) {
  auto join = [](const std::vector<Arg> &items, std::string_view sep) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i)
      s += (i ? std::string(sep) : "") + describe(items[i]);
    return s;
  };
  switch (a.kind) {
  case Arg::Kind::None:
    return "None";
  case Arg::Kind::Bool:
    return a.b ? "True" : "False";
  case Arg::Kind::Int:
    return std::to_string(a.i);
  case Arg::Kind::Float:
    return float_repr(a.f);
  case Arg::Kind::Str: { // Python's choice of quotes and escapes (ASCII control characters)
    char quote =
        a.s.find('\'') != std::string::npos && a.s.find('"') == std::string::npos ? '"' : '\'';
    std::string s(1, quote);
    for (unsigned char c : a.s) {
      if (c == quote || c == '\\')
        s += {'\\', static_cast<char>(c)};
      else if (c == '\n')
        s += "\\n";
      else if (c == '\r')
        s += "\\r";
      else if (c == '\t')
        s += "\\t";
      else if (c < 0x20 || c == 0x7f) {
        char hex[8];
        std::snprintf(hex, sizeof hex, "\\x%02x", c);
        s += hex;
      } else
        s += static_cast<char>(c);
    }
    return s + quote;
  }
  case Arg::Kind::DType:
    return "torch." + std::string(dtype_name(a.dtype));
  case Arg::Kind::Device: {
    std::string type = device_name(Device{a.device.type, -1});
    return "device(type='" + type + "'" +
           (a.device.index >= 0 ? ", index=" + std::to_string(a.device.index) : "") + ")";
  }
  case Arg::Kind::Tensor:
    return "<" + type_comment(a.tensor) + ">";
  case Arg::Kind::Seq:
    if (a.is_list) return "[" + join(a.items, ", ") + "]";
    return "(" + join(a.items, ", ") + (a.items.size() == 1 ? ",)" : ")");
  case Arg::Kind::Slice:
    return "slice(" + join(a.items, ", ") + ")";
  case Arg::Kind::Ellipsis:
    return "Ellipsis";
  }
  return "?";
}

} // namespace thunderc::ops
