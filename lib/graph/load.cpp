#include "graph/load.h"

#include "support/diagnostics.h"
#include "support/json_reader.h"
#include "support/json_view.h"
#include "support/text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cstring>
#include <fmt/format.h>
#include <limits>
#include <span>
#include <unordered_map>
#include <unordered_set>

namespace thunderc {

namespace {

// What an expression may contain, by where it stands.
enum class Mode {
  Input,   // inputs: every value form, refs; no locals
  Operand, // statement operands: literals, locals, slices, ellipsis
  Literal, // parameter and dataclass defaults: plain Python literals
};

template <class V> std::string kind_of(V j) {
  switch (j.type()) {
  case JsonType::Null: return "null";
  case JsonType::Bool: return "a boolean";
  case JsonType::Int: return "an integer";
  case JsonType::Float: return "a float";
  case JsonType::String: return "a string";
  case JsonType::Array: return "an array";
  case JsonType::Object: return "an object";
  }
  return "an unsupported value";
}

// `a.b.c` with identifier parts; `keywords_ok` false also rejects Python keywords (module names
// are printed in `from MODULE import ...`).
bool is_dotted_name(std::string_view s, bool keywords_ok = true) {
  if (s.empty()) return false;
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string_view part = s.substr(start, dot == std::string_view::npos ? s.npos : dot - start);
    if (!is_identifier(part) || (!keywords_ok && is_python_keyword(part))) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

// A qualname part may also be `<locals>` or `<lambda>` (nested definitions): letters and `_`
// between angle brackets, as the schema's pattern has it.
bool is_qualname(std::string_view s) {
  if (s.empty()) return false;
  size_t start = 0;
  while (true) {
    size_t dot = s.find('.', start);
    std::string_view part = s.substr(start, dot == std::string_view::npos ? s.npos : dot - start);
    bool nested = part.size() > 2 && part.front() == '<' && part.back() == '>' &&
                  std::all_of(part.begin() + 1, part.end() - 1,
                              [](char c) { return c == '_' || std::isalpha(static_cast<unsigned char>(c)); });
    if (!is_python_name(part) && !nested) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

std::string printed_class_name(const std::string &module, const std::string &qualname) {
  std::string out = module + "_" + qualname;
  std::replace_if(out.begin(), out.end(), [](char c) { return c == '.' || c == '<' || c == '>'; }, '_');
  return out;
}

// Finds a key among constant ones (at most 32), comparing it only with those of its first
// character (a statement's op and keys were compared with each in turn: 15% of read_stmt at L = 1).
template <size_t N> class KeyTable {
public:
  constexpr explicit KeyTable(const std::string_view (&keys)[N]) : keys_(keys) {
    static_assert(N <= 32);
    for (size_t k = 0; k < N; ++k) by_initial_[uint8_t(keys[k][0])] |= 1u << k;
  }
  // The index of `key`; N when it is none of them.
  size_t find(std::string_view key) const {
    if (key.empty()) return N;
    for (uint32_t m = by_initial_[uint8_t(key[0])]; m; m &= m - 1)
      if (size_t k = size_t(std::countr_zero(m)); same_key(keys_[k], key)) return k;
    return N;
  }

private:
  const std::string_view (&keys_)[N];
  std::array<uint32_t, 256> by_initial_{}; // bit k: keys_[k] starts with the character
};

constexpr std::string_view statement_op_names[] = {"assign", "getattr", "setattr", "getitem",
                                                   "setitem", "call",   "method",  "new",
                                                   "if",      "for",    "return",  "raise"};
constexpr KeyTable statement_op_table(statement_op_names);
const std::vector<std::string> statement_ops(std::begin(statement_op_names),
                                             std::end(statement_op_names)); // for messages

// The fields a statement may have, read by position (a statement's are looked up often).
enum StmtKey : uint8_t {
  kOp, kLoc, kSrc, kValue, kOut, kObj, kName, kIndex, kFn, kArgs, kKwargs, kClass, kCond, kThen,
  kElse, kTarget, kIter, kBody, kMessage, kStmtKeys
};
constexpr std::string_view stmt_keys[kStmtKeys] = {
    "op",   "loc",    "src",   "value", "out",  "obj",    "name", "index", "fn",     "args",
    "kwargs", "class", "cond", "then",  "else", "target", "iter", "body",  "message"};
constexpr KeyTable stmt_key_table(stmt_keys);

// Reads a graph through a JSON view (json_view.h): JsonView or RapidView.
template <class V> class Loader {
public:
  Loader(Graph &graph, const LoadLimits &limits) : g_(graph), limits_(limits) {}

  void load(V doc) {
    if (!doc.is_object()) fail("", "a graph file is a JSON object; got " + kind_of(doc));
    static constexpr std::string_view keys[] = {"name",   "classes", "functions", "entry",
                                                "inputs", "format",  "version"};
    Fields f = fields(doc, "", {"format", "version"}, keys, "graph");
    if (!(f.at("format") == "thunderc-graph"))
      fail("/format", "expected \"thunderc-graph\"; this file is not a thunderc graph");
    V version = f.at("version");
    if (!version.is_number() || version.as_double() != 1) // 1.0 too: JSON Schema's integers
      fail("/version", fmt::format("unsupported version {}: this thunderc reads version 1",
                                   version.dump()));
    for (const char *required : {"name", "functions", "entry", "inputs"})
      if (!f[required]) fail("", fmt::format("missing required field '{}'", required));

    g_.name = python_name(f.at("name"), "/name", "the program name");
    std::optional<V> classes = f["classes"];
    if (classes) {
      object_at(*classes, "/classes", "classes");
      for (auto [name, decl] : classes->members()) declare_class(std::string(name), decl);
      check_bases();
      name_classes();
    }
    V functions = object_at(f.at("functions"), "/functions", "functions");
    for (auto [view, fn] : functions.members()) {
      std::string name(view);
      std::string ptr = pointer_join("/functions", name);
      if (!is_dotted_name(name))
        fail(ptr, fmt::format("function name {} must be a dotted Python name such as "
                              "'forward' or 'Block.forward'",
                              py_str(name)));
      g_.function_index.emplace(name, g_.functions.size());
      g_.functions.push_back({name, ptr, {}, {}, 0});
    }
    g_.entry = string_at(f.at("entry"), "/entry", "the entry function");
    if (!g_.find_function(g_.entry))
      fail("/entry", fmt::format("unknown entry function {}{}", py_str(g_.entry),
                                 did_you_mean(g_.entry, g_.function_names())));

    // Bodies after all names are known, so calls can be checked.
    size_t index = 0;
    for (auto [name, fn] : functions.members()) define_function(g_.functions[index++], fn);
    if (classes) {
      index = 0; // classes were declared in file order
      for (auto [name, decl] : classes->members()) check_class(g_.classes[index++], decl);
    }
    load_inputs(f.at("inputs"));
    // The walk over all inputs (190K instructions at L = 32) is needed only when it has something
    // to find: a ref to resolve, or a module member of the wrong kind (reported in walk order).
    if (inputs_need_walk_) resolve_refs();
    check_entry_binding();
  }

private:
  Graph &g_;
  const LoadLimits &limits_;
  size_t statements_ = 0;
  bool inputs_need_walk_ = false; // see load(): set by a ref or a wrong module member read

  [[noreturn]] void fail(const std::string &ptr, const std::string &message) {
    throw UserError(ptr, message);
  }

  // ---- JSON shape helpers -------------------------------------------------------------------

  // An object's members under the keys its form allows, found in one pass over the object (a
  // lookup by key walks the object each time). Read them by key: `f["dtype"]` (none when absent,
  // or when the form does not allow the key), `f.at("dtype")` when it is required; or, where
  // values are many, by the key's position in the allowed list: `f[kDType]`.
  class Fields {
  public:
    explicit Fields(std::span<const std::string_view> allowed) : allowed_(allowed) {
      THUNDERC_ASSERT(allowed.size() <= kMost, "more allowed fields than Fields holds");
    }
    std::optional<V> operator[](std::string_view key) const {
      for (size_t i = 0; i < allowed_.size(); ++i)
        if (same_key(allowed_[i], key)) return values_[i];
      return std::nullopt;
    }
    std::optional<V> operator[](size_t i) const { return values_[i]; } // by position in `allowed`
    V at(std::string_view key) const {
      std::optional<V> v = (*this)[key];
      THUNDERC_ASSERT(v, "JSON member read before it was checked");
      return *v;
    }
    void set(size_t i, V v) { values_[i] = v; }

  private:
    static constexpr size_t kMost = 8;
    std::span<const std::string_view> allowed_;
    std::array<std::optional<V>, kMost> values_;
  };

  // The fields of `obj` (`allowed` must outlive them): fails on its first key (in file order) that
  // `allowed` lacks, then on the first of `required` that it lacks.
  Fields fields(V obj, const std::string &ptr, std::initializer_list<std::string_view> required,
                std::span<const std::string_view> allowed, std::string_view what) {
    return fields(obj, ptr, std::span(required.begin(), required.size()), allowed, what);
  }
  Fields fields(V obj, const std::string &ptr, std::span<const std::string_view> required,
                std::span<const std::string_view> allowed, std::string_view what) {
    Fields out(allowed);
    for (auto [key, value] : obj.members()) {
      size_t i = 0;
      while (i < allowed.size() && !same_key(allowed[i], key)) ++i;
      if (i == allowed.size()) unknown_field(ptr, key, allowed, what);
      out.set(i, value);
    }
    for (std::string_view key : required)
      if (!out[key]) missing_field(ptr, key, what);
    return out;
  }

  [[noreturn]] void unknown_field(const std::string &ptr, std::string_view key,
                                  std::span<const std::string_view> allowed,
                                  std::string_view what) {
    std::vector<std::string> names(allowed.begin(), allowed.end());
    fail(pointer_join(ptr, key),
         fmt::format("unknown field {} in {}{}; allowed fields: {}", py_str(key), what,
                     did_you_mean(key, names), one_of(names)));
  }

  [[noreturn]] void missing_field(const std::string &ptr, std::string_view key,
                                  std::string_view what) {
    fail(ptr, fmt::format("{} needs the field '{}'", what, key));
  }

  // Where a value is, for the checked readers below: a JSON pointer, or one and a field under
  // it, joined only when a check fails (most values pass, and their pointers are not kept).
  struct Where {
    Where(const std::string &ptr) : base(ptr) {}
    Where(const char *ptr) : base(ptr) {}
    Where(std::string_view base, std::string_view field)
        : base(base), field(field), has_field(true) {}
    std::string str() const { return has_field ? pointer_join(base, field) : std::string(base); }
    std::string_view base, field;
    bool has_field = false;
  };

  // The pointer of `key` in the object under `field` of the value at `base`, built in one piece
  // (`field` is one of the format's keys: it needs no escaping). `escape` false: `key` is known to
  // hold no '~' or '/' (a Python name, an index), and is appended as it is.
  static std::string member_pointer(std::string_view base, std::string_view field,
                                    std::string_view key, bool escape = true) {
    if (escape && key.find_first_of("~/") != key.npos) {
      std::string out;
      out.reserve(base.size() + field.size() + key.size() + 4);
      out.append(base).append(1, '/').append(field);
      append_pointer_token(out, key);
      return out;
    }
    // Sized once and filled in place: appends cost a call and a capacity check each (one such
    // pointer per input member: 3% of load_graph at L = 32).
    std::string out(base.size() + field.size() + key.size() + 2, '/');
    char *at = std::copy(base.begin(), base.end(), out.data()) + 1;
    at = std::copy(field.begin(), field.end(), at) + 1;
    std::copy(key.begin(), key.end(), at);
    return out;
  }

  V object_at(V j, const Where &at, std::string_view what) {
    if (!j.is_object())
      fail(at.str(), fmt::format("{} must be an object; got {}", what, kind_of(j)));
    return j;
  }

  V array_at(V j, const Where &at, std::string_view what) {
    if (!j.is_array()) fail(at.str(), fmt::format("{} must be an array; got {}", what, kind_of(j)));
    return j;
  }

  // A string's text, viewed in the document (which outlives the Loader).
  std::string_view text_at(V j, const Where &at, std::string_view what) {
    if (!j.is_string())
      fail(at.str(), fmt::format("{} must be a string; got {}", what, kind_of(j)));
    return j.as_string();
  }

  std::string string_at(V j, const Where &at, std::string_view what) {
    return std::string(text_at(j, at, what));
  }

  std::string python_name(V j, const Where &at, std::string_view what) {
    std::string s = string_at(j, at, what);
    if (!is_python_name(s))
      fail(at.str(), fmt::format("{} {} is not a valid Python identifier (letters, digits and '_', "
                                 "not starting with a digit, not a keyword)",
                                 what, py_str(s)));
    return s;
  }

  bool bool_at(V j, const Where &at, std::string_view what) {
    if (!j.is_boolean())
      fail(at.str(), fmt::format("{} must be true or false; got {}", what, kind_of(j)));
    return j.as_bool();
  }

  // ---- classes ------------------------------------------------------------------------------

  // Printed names: `module_qualname` made an identifier, unique (`a.b` + `C` and `a` + `b.C` are
  // both `a_b_C`) and none the traces use for something else: a taken one gets `_2`, `_3`, ... in
  // declaration order.
  void name_classes() {
    auto reserved = trace_reserved_names();
    std::unordered_set<std::string> taken;
    for (std::string_view r : reserved) taken.emplace(r);
    for (ClassDecl &cls : g_.classes) {
      std::string base = printed_class_name(cls.module, cls.qualname), name = base;
      for (int k = 2; !taken.insert(name).second; ++k) name = base + "_" + std::to_string(k);
      cls.printed_name = std::move(name);
    }
  }

  void declare_class(const std::string &name, V decl) {
    std::string ptr = pointer_join("/classes", name);
    if (!is_dotted_name(name))
      fail(ptr, fmt::format("class name {} must be a (dotted) Python name", py_str(name)));
    if (is_builtin_class(name))
      fail(ptr, fmt::format("{} is a built-in class; remove its declaration", py_str(name)));
    object_at(decl, ptr, "a class declaration");
    static constexpr std::string_view keys[] = {"module", "qualname", "base", "methods",
                                                "staticmethods", "dataclass"};
    Fields f = fields(decl, ptr, {"module", "qualname"}, keys, "a class declaration");
    ClassDecl cls;
    cls.name = name;
    cls.pointer = ptr;
    cls.module = string_at(f.at("module"), Where(ptr, "module"), "module");
    if (!is_dotted_name(cls.module, false))
      fail(ptr + "/module", fmt::format("module {} must be a dotted Python name (no keywords) such as "
                                        "'transformers.cache_utils'",
                                        py_str(cls.module)));
    cls.qualname = string_at(f.at("qualname"), Where(ptr, "qualname"), "qualname");
    if (!is_qualname(cls.qualname))
      fail(ptr + "/qualname", fmt::format("qualname {} must be dotted Python names without keywords "
                                          "(parts such as '<locals>' allowed)",
                                          py_str(cls.qualname)));
    if (auto base = f["base"]) {
      cls.base = string_at(*base, Where(ptr, "base"), "base");
      if (!is_dotted_name(cls.base))
        fail(ptr + "/base", fmt::format("base {} must be a dotted class name such as "
                                        "'torch.nn.Module'",
                                        py_str(cls.base)));
      if (cls.base.starts_with("builtins.") || cls.base.starts_with("collections."))
        fail(ptr + "/base", fmt::format("base {} is not supported: a declared class derives from a "
                                        "torch.nn class or another declared class; an instance of a "
                                        "subclass of a built-in type would not behave as one",
                                        py_str(cls.base)));
    }
    if (auto dataclass = f["dataclass"]) {
      std::string dptr = ptr + "/dataclass";
      if (cls.base.starts_with("torch.nn."))
        fail(dptr, fmt::format("a module class (base {}) cannot be a dataclass; drop \"dataclass\" or "
                               "the base",
                               py_str(cls.base)));
      object_at(*dataclass, dptr, "dataclass");
      static constexpr std::string_view dc_keys[] = {"fields", "defaults"};
      Fields dc = fields(*dataclass, dptr, {"fields"}, dc_keys, "a dataclass description");
      cls.is_dataclass = true;
      std::string fields_ptr = dptr + "/fields";
      V names = array_at(dc.at("fields"), fields_ptr, "fields");
      size_t i = 0;
      for (V name : names.items()) {
        std::string fptr = pointer_join(fields_ptr, i++);
        std::string field = python_name(name, fptr, "field name");
        if (std::find(cls.fields.begin(), cls.fields.end(), field) != cls.fields.end())
          fail(fptr, fmt::format("field {} is listed twice", py_str(field)));
        cls.fields.push_back(field);
      }
      if (auto defaults_json = dc["defaults"]) {
        std::string defaults_ptr = dptr + "/defaults";
        V defaults = object_at(*defaults_json, defaults_ptr, "defaults");
        for (auto [view, value] : defaults.members()) {
          std::string field(view);
          std::string vptr = pointer_join(defaults_ptr, field);
          if (std::find(cls.fields.begin(), cls.fields.end(), field) == cls.fields.end())
            fail(vptr, cls.fields.empty()
                           ? fmt::format("default for unknown field {}: the class declares no fields",
                                         py_str(field))
                           : fmt::format("default for unknown field {}{}; the fields are {}", py_str(field),
                                         did_you_mean(field, cls.fields), one_of(cls.fields)));
          cls.defaults.emplace_back(field, expr(value, vptr, Mode::Literal));
        }
      }
      bool seen_default = false;
      for (size_t i = 0; i < cls.fields.size(); ++i) {
        bool has = cls.default_for(cls.fields[i]) != nullptr;
        if (seen_default && !has)
          fail(pointer_join(dptr + "/fields", i),
               fmt::format("field {} without a default follows a field with one (Python's "
                           "dataclass rule); give it a default or move it up",
                           py_str(cls.fields[i])));
        seen_default |= has;
      }
    }
    g_.class_index.emplace(name, g_.classes.size());
    g_.classes.push_back(std::move(cls));
  }

  void check_class(ClassDecl &cls, V decl) {
    for (bool is_static : {false, true}) {
      std::string_view key = is_static ? "staticmethods" : "methods";
      std::optional<V> methods_json = decl.find(key);
      if (!methods_json) continue;
      std::string mptr = pointer_join(cls.pointer, key);
      V methods = object_at(*methods_json, mptr, key);
      for (auto [method, fn] : methods.members()) {
        std::string ptr = pointer_join(mptr, method);
        if (!is_python_name(method))
          fail(ptr, fmt::format("method name {} is not a valid Python identifier", py_str(method)));
        std::string fname = string_at(fn, ptr, "a method's function");
        const Function *f = g_.find_function(fname);
        if (!f)
          fail(ptr, fmt::format("method {} names the absent function {}{}", py_str(method),
                                py_str(fname), did_you_mean(fname, g_.function_names())));
        if (!is_static && f->params.empty())
          fail(ptr, fmt::format("function {} is used as a method but takes no 'self' parameter "
                                "(declare it under \"staticmethods\" if it is a @staticmethod)",
                                py_str(fname)));
        for (const auto &[m, other] : cls.methods)
          if (m == method)
            fail(ptr, fmt::format("{} is declared both as a method and as a static method",
                                  py_str(method)));
        (is_static ? cls.static_methods : cls.methods).emplace_back(method, fname);
      }
    }
  }

  // ---- values and operands ------------------------------------------------------------------

  Expr expr(V j, std::string pointer, Mode mode) {
    Expr e;
    e.pointer = std::move(pointer);
    read_expr(e, j, mode);
    return e;
  }

  // Reads `j` into `e`, whose pointer is set: the trees of inputs are large, and each node is
  // built where it stays instead of being moved there.
  void read_expr(Expr &e, V j, Mode mode) {
    switch (j.type()) {
    case JsonType::Null: e.kind = Expr::Kind::None; break;
    case JsonType::Bool: e.kind = Expr::Kind::Bool, e.b = j.as_bool(); break;
    case JsonType::Int: e.kind = Expr::Kind::Int, e.i = j.as_int(); break;
    case JsonType::Float: e.kind = Expr::Kind::Float, e.f = j.as_double(); break;
    case JsonType::String: string_expr(e, j.as_string(), mode); break;
    case JsonType::Array:
      e.kind = Expr::Kind::Tuple;
      read_items(j, e.pointer, mode, e.items, mode == Mode::Operand);
      break;
    case JsonType::Object: object_expr(e, j, mode); break;
    }
  }

  // The items of the array `j` at `ptr` into `out`; with `starred`, an item {"*": OPERAND} is
  // unpacked where it stands (call arguments, tuple and list operands: f(*xs), (*shape, -1)).
  void read_items(V j, const std::string &ptr, Mode mode, std::vector<Expr> &out,
                  bool starred = false) {
    out.reserve(out.size() + j.size());
    size_t i = 0;
    for (V x : j.items()) {
      Expr &item = out.emplace_back();
      item.pointer = pointer_join(ptr, i++);
      std::optional<V> star =
          starred && x.is_object() && x.size() == 1 ? x.find("*") : std::nullopt;
      item.starred = star.has_value();
      if (star) item.pointer = pointer_join(item.pointer, "*");
      read_expr(item, star ? *star : x, mode);
    }
  }

  void string_expr(Expr &e, std::string_view s, Mode mode) {
    if (mode == Mode::Operand && s.starts_with('%')) {
      if (s.starts_with("%%")) {
        e.kind = Expr::Kind::Str, e.text = s.substr(1);
        return;
      }
      e.kind = Expr::Kind::Local, e.text = s.substr(1);
      if (!is_python_name(e.text)) {
        // "%probs.shape" reads an attribute: a statement of its own in the graph.
        size_t dot = e.text.find('.');
        std::string hint = dot != std::string::npos && is_python_name(e.text.substr(0, dot))
                               ? fmt::format("read {} with a getattr statement into a local first",
                                             py_str(e.text.substr(dot + 1)))
                               : "write \"%%...\" for a string starting with '%'";
        fail(e.pointer, fmt::format("{} does not name a local: locals are Python identifiers ({})",
                                    py_str(s), hint));
      }
      locals_used_.push_back({e.text, Where(e.pointer), &e.slot});
      return;
    }
    e.kind = Expr::Kind::Str, e.text = s;
  }

  // The forms of an object value, each named by its key; an object with several of the keys has
  // the first form of this order.
  enum class Form : uint8_t {
    Float, List, Dict, Tensor, DType, Device, Object, Dataclass, Module, Class, Ref, Slice, Ellipsis
  };
  static constexpr std::string_view form_keys[] = {
      "float",     "list",   "dict",  "tensor", "dtype", "device",  "object",
      "dataclass", "module", "class", "ref",    "slice", "ellipsis"};

  // The class named by `j`, the `form` field of the value at `value_ptr` (the field's pointer is
  // built only for a message: module and object values are many).
  std::string class_ref(V j, const std::string &value_ptr, Form form) {
    Where where(value_ptr, form_keys[size_t(form)]);
    std::string name = string_at(j, where, "a class name");
    const ClassDecl *cls = g_.find_class(name);
    if (!cls && !is_builtin_class(name))
      fail(where.str(), fmt::format("unknown class {}{}; declare it under \"classes\"",
                                    py_str(name), did_you_mean(name, g_.class_names())));
    if (form == Form::Object && (!cls || cls->is_dataclass))
      fail(where.str(), fmt::format("{} is not a declared plain class; {}", py_str(name),
                                    cls ? "write a dataclass value as {\"dataclass\": ...}"
                                        : "write a module value as {\"module\": ...}"));
    if (form == Form::Dataclass && (!cls || !cls->is_dataclass))
      fail(where.str(), fmt::format("{} is not a declared dataclass (give its declaration a "
                                    "\"dataclass\" field)",
                                    py_str(name)));
    if (form == Form::Module && (cls ? cls->is_dataclass : !name.starts_with("torch.nn.")))
      fail(where.str(), fmt::format("{} is not a module class", py_str(name)));
    return name;
  }

  void object_expr(Expr &e, V j, Mode mode) {
    const std::string &ptr = e.pointer;
    // The form: one pass over j's (few) keys instead of a lookup per form.
    size_t first = std::size(form_keys);
    for (auto [key, value] : j.members())
      for (size_t f = 0; f < first; ++f)
        if (same_key(key, form_keys[f])) {
          first = f;
          break;
        }
    if (first == std::size(form_keys)) {
      std::vector<std::string> forms(std::begin(form_keys), std::end(form_keys));
      std::string key = j.empty() ? std::string() : std::string((*j.members().begin()).first);
      fail(ptr, fmt::format("unknown value form{}{}: an object value has one of the keys {}",
                            key.empty() ? "" : " " + py_str(key), did_you_mean(key, forms),
                            one_of(forms)));
    }
    Form form = Form(first);
    std::string_view name = form_keys[first];
    auto not_here = [&](std::string_view why) {
      const char *article = form == Form::Object || form == Form::Ellipsis ? "an" : "a";
      fail(ptr, fmt::format("{} {} value is not allowed {}", article, name, why));
    };
    const char *where = mode == Mode::Input ? "in inputs" : mode == Mode::Operand ? "in an operand" : "in a default";
    // For the forms of one field: the value under it.
    auto only = [&](std::string_view what) {
      return fields(j, ptr, {}, std::span(&form_keys[first], 1), what).at(name);
    };
    switch (form) {
    case Form::Float: {
      V v = only("a float value");
      e.kind = Expr::Kind::Float;
      if (v.is_string()) { // the floats JSON has no number for, spelled as Python's repr
        std::string_view text = v.as_string();
        if (text == "inf" || text == "-inf")
          e.f = text[0] == '-' ? -std::numeric_limits<double>::infinity()
                               : std::numeric_limits<double>::infinity();
        else if (text == "nan")
          e.f = std::numeric_limits<double>::quiet_NaN();
        else
          fail(
              ptr + "/float",
              fmt::format("expected a number, \"inf\", \"-inf\" or \"nan\"; got {}", py_str(text)));
        break;
      }
      if (!v.is_number())
        fail(ptr + "/float", "expected a number, \"inf\", \"-inf\" or \"nan\"; got " + kind_of(v));
      e.f = v.as_double();
      break;
    }
    case Form::List: {
      V items = array_at(only("a list value"), Where(ptr, name), "a list");
      e.kind = Expr::Kind::List;
      read_items(items, pointer_join(ptr, "list"), mode, e.items, mode == Mode::Operand);
      break;
    }
    case Form::Dict: {
      V items = object_at(only("a dict value"), Where(ptr, name), "a dict");
      e.kind = Expr::Kind::Dict;
      read_entries(items, ptr, name, mode, e.entries);
      break;
    }
    case Form::Tensor:
      if (mode != Mode::Input) not_here(std::string(where) + "; tensors come from inputs or torch calls");
      tensor_value(e, j);
      break;
    case Form::DType:
      e.kind = Expr::Kind::DType, e.dtype = dtype_at(only("a dtype value"), Where(ptr, name));
      break;
    case Form::Device:
      e.kind = Expr::Kind::Device, e.device = device_at(only("a device value"), Where(ptr, name));
      break;
    case Form::Object:
    case Form::Dataclass:
    case Form::Module:
      if (mode != Mode::Input)
        not_here(std::string(where) + "; create objects with a \"new\" statement");
      if (form == Form::Object) object_value(e, j);
      else if (form == Form::Dataclass) dataclass_value(e, j);
      else module_value(e, j);
      break;
    case Form::Class:
      e.kind = Expr::Kind::Class, e.text = class_ref(only("a class value"), ptr, form);
      break;
    case Form::Ref:
      if (mode != Mode::Input) not_here(std::string(where) + "; refs point between inputs only");
      e.kind = Expr::Kind::Ref, e.text = string_at(only("a ref value"), Where(ptr, name), "a ref");
      inputs_need_walk_ = true;
      if (!e.text.starts_with("/"))
        fail(ptr + "/ref", fmt::format("ref {} must be a JSON pointer into inputs such as "
                                       "'/kwargs/past_key_values'",
                                       py_str(e.text)));
      break;
    case Form::Slice: {
      if (mode != Mode::Operand) not_here(where);
      V bounds = array_at(only("a slice"), Where(ptr, name), "a slice");
      if (bounds.size() != 3)
        fail(ptr + "/slice", fmt::format("a slice has 3 entries [start, stop, step] (null where "
                                         "absent); got {}",
                                         bounds.size()));
      e.kind = Expr::Kind::Slice;
      read_items(bounds, pointer_join(ptr, "slice"), mode, e.items);
      break;
    }
    case Form::Ellipsis:
      if (mode != Mode::Operand) not_here(where);
      if (!only("an ellipsis").is_null())
        fail(ptr + "/ellipsis", "write the ellipsis as {\"ellipsis\": null}");
      e.kind = Expr::Kind::Ellipsis;
      break;
    }
  }

  void tensor_value(Expr &e, V j) {
    const std::string &ptr = e.pointer;
    static constexpr std::string_view keys[] = {"tensor", "dtype", "device", "requires_grad"};
    enum { kShape, kDType, kDevice, kRequiresGrad };
    Fields f = fields(j, ptr, {}, keys, "a tensor value");
    e.kind = Expr::Kind::Tensor;
    V shape = array_at(*f[kShape], Where(ptr, "tensor"), "a tensor's shape");
    e.shape.reserve(shape.size());
    size_t i = 0;
    for (V d : shape.items()) {
      if (d.is_number_integer() && d.as_int() >= 0) { // the pointer only for a message
        e.shape.push_back(d.as_int());
        ++i;
        continue;
      }
      std::string dptr = pointer_join(ptr + "/tensor", i);
      if (!d.is_number_integer()) fail(dptr, "a shape entry must be an integer; got " + kind_of(d));
      fail(dptr, fmt::format("shape entry {} is negative; sizes are >= 0", d.as_int()));
    }
    if (auto v = f[kDType]) e.dtype = dtype_at(*v, Where(ptr, "dtype"));
    if (!checked_bytes(e.shape, e.dtype))
      fail(ptr + "/tensor",
           fmt::format("a {} tensor of shape {} would take more than 2^63 - 1 bytes, which "
                       "PyTorch refuses (storage size overflow); give its real sizes",
                       dtype_name(e.dtype), fmt::format("[{}]", fmt::join(e.shape, ", "))));
    if (auto v = f[kDevice]) e.device = device_at(*v, Where(ptr, "device"));
    if (auto v = f[kRequiresGrad])
      e.requires_grad = bool_at(*v, Where(ptr, "requires_grad"), "requires_grad");
    if (e.requires_grad && !is_floating(e.dtype) && !is_complex(e.dtype))
      fail(ptr + "/requires_grad",
           fmt::format("{} tensors cannot require gradients (only floating point and complex "
                       "ones can); drop \"requires_grad\" or give a floating point dtype",
                       dtype_name(e.dtype)));
  }

  DType dtype_at(V j, const Where &at) {
    std::optional<DType> d;
    if (j.is_string()) d = parse_dtype(j.as_string());
    if (d) return *d;
    std::string s = string_at(j, at, "a dtype");
    fail(at.str(), fmt::format("unknown dtype {}{}; expected one of {}", py_str(s),
                               did_you_mean(s, dtype_names()), one_of(dtype_names())));
  }

  Device device_at(V j, const Where &at) {
    std::optional<Device> d;
    if (j.is_string()) d = parse_device(j.as_string());
    if (d) return *d;
    std::string s = string_at(j, at, "a device");
    fail(at.str(),
         fmt::format(
             "unknown device {}{}; expected 'cpu', 'cuda', 'cuda:N' (N from 0 to 127) or 'meta'",
             py_str(s), did_you_mean(s, {"cpu", "cuda", "cuda:0", "meta"})));
  }

  // The members of the object `j`, under `field` of the value at `base`, into `out` in file order
  // (`escape`: as for member_pointer).
  void read_entries(V j, std::string_view base, std::string_view field, Mode mode, Entries &out,
                    bool escape = true) {
    out.reserve(out.size() + j.size());
    for (auto [k, v] : j.members()) {
      Expr &e = out.emplace_back(std::string(k)).second;
      e.pointer = member_pointer(base, field, k, escape);
      read_expr(e, v, mode);
    }
  }

  void named_values(V j, std::string_view base, std::string_view field, std::string_view what,
                    Entries &out) {
    object_at(j, Where(base, field), what);
    read_entries(j, base, field, Mode::Input, out);
  }

  void attribute_names(V j, std::string_view base, std::string_view field) {
    for (auto [k, v] : j.members())
      if (!is_python_name(k))
        fail(member_pointer(base, field, k),
             fmt::format("attribute name {} is not a valid Python identifier", py_str(k)));
  }

  void object_value(Expr &e, V j) {
    static constexpr std::string_view keys[] = {"object", "attrs"};
    Fields f = fields(j, e.pointer, {}, keys, "an object value");
    e.kind = Expr::Kind::Object;
    e.text = class_ref(f.at("object"), e.pointer, Form::Object);
    if (auto attrs = f["attrs"]) {
      attribute_names(object_at(*attrs, Where(e.pointer, "attrs"), "attrs"), e.pointer, "attrs");
      named_values(*attrs, e.pointer, "attrs", "attrs", e.entries);
    }
  }

  void dataclass_value(Expr &e, V j) {
    static constexpr std::string_view keys[] = {"dataclass", "fields"};
    Fields f = fields(j, e.pointer, {}, keys, "a dataclass value");
    e.kind = Expr::Kind::Dataclass;
    e.text = class_ref(f.at("dataclass"), e.pointer, Form::Dataclass);
    const ClassDecl &cls = *g_.find_class(e.text);
    Entries given;
    if (auto values = f["fields"]) named_values(*values, e.pointer, "fields", "fields", given);
    for (const auto &[k, v] : given)
      if (std::find(cls.fields.begin(), cls.fields.end(), k) == cls.fields.end())
        fail(v.pointer, fmt::format("{} has no field {}{}; its fields are {}", py_str(cls.name),
                                    py_str(k), did_you_mean(k, cls.fields), one_of(cls.fields)));
    // Declared order; missing fields take their defaults.
    for (const auto &field : cls.fields) {
      auto it = std::find_if(given.begin(), given.end(), [&](auto &p) { return p.first == field; });
      if (it != given.end()) e.entries.push_back(std::move(*it));
      else if (const Expr *d = cls.default_for(field)) e.entries.emplace_back(field, *d);
      else
        fail(e.pointer, fmt::format("dataclass value lacks the field {}, which has no default",
                                    py_str(field)));
    }
  }

  // No declared class derives from itself (A -> B -> A): Python cannot make such classes, and a
  // walk up the bases would not end.
  void check_bases() {
    for (const ClassDecl &c : g_.classes) {
      std::string chain = c.name;
      size_t steps = 0;
      for (const ClassDecl *b = g_.find_class(c.base); b && steps++ < g_.classes.size();
           b = g_.find_class(b->base)) {
        chain += " -> " + b->name;
        if (b == &c)
          fail(c.pointer + "/base",
               fmt::format("class {} derives from itself ({}); a class's bases must "
                           "end at a torch.nn class or a class without a base",
                           py_str(c.name), chain));
      }
    }
  }

  void module_value(Expr &e, V j) {
    const std::string &ptr = e.pointer;
    static constexpr std::string_view keys[] = {"module", "parameters", "buffers", "modules",
                                                "attrs"};
    enum { kClass, kParameters, kBuffers, kModules, kAttrs };
    Fields f = fields(j, ptr, {}, keys, "a module value");
    e.kind = Expr::Kind::Module;
    e.text = class_ref(*f[kClass], ptr, Form::Module);
    // Each name names one member of one kind. A kind's own names are distinct (keys of one
    // object): they are checked against the names of the kinds before (views of j's keys, which
    // outlive this call), kept only when a kind follows.
    std::vector<std::string_view> names;
    std::unordered_set<std::string_view> names_set;
    size_t last = kAttrs; // the last kind given
    while (last > kParameters && !f[last]) --last;
    auto members = [&](size_t field, Entries &out, std::string_view what, bool submodules) {
      std::optional<V> m = f[field];
      if (!m) return;
      std::string_view key = keys[field];
      object_at(*m, Where(ptr, key), key);
      bool check = !names.empty(), keep = field < last;
      if (keep) names.reserve(names.size() + m->size());
      for (auto [k, v] : m->members()) {
        auto is_index = [k = k] {
          return !k.empty() && std::all_of(k.begin(), k.end(), ::isdigit);
        };
        if (!is_python_name(k) && !(submodules && is_index()))
          fail(member_pointer(ptr, key, k),
               fmt::format("{} name {} is not a valid Python identifier{}", what, py_str(k),
                           submodules ? " or index" : ""));
        if (check && !key_is_new(names, names_set, k, [](std::string_view n) { return n; }))
          fail(member_pointer(ptr, key, k),
               fmt::format("{} is defined twice in this module", py_str(k)));
        if (keep) names.push_back(k);
      }
      read_entries(*m, ptr, key, Mode::Input, out, false); // names and indices, checked above
    };
    members(kParameters, e.parameters, "parameter", false);
    members(kBuffers, e.buffers, "buffer", false);
    members(kModules, e.modules, "sub-module", true);
    members(kAttrs, e.entries, "attribute", false);
    // A ModuleList's sub-modules are its items: named "0", "1", ... in order (len() and the
    // prologue's get_submodule('layers.2') rely on it).
    std::string_view cls = e.text; // a declared class's built-in base (torch.nn.* are not declared)
    for (const ClassDecl *c; !cls.starts_with("torch.nn.") && (c = g_.find_class(cls));)
      cls = c->base;
    if (cls == "torch.nn.ModuleList")
      for (size_t i = 0; i < e.modules.size(); ++i)
        if (e.modules[i].first != std::to_string(i))
          fail(e.modules[i].second.pointer, fmt::format("sub-module {} of a torch.nn.ModuleList is "
                                                        "item {}: name its items \"0\", \"1\", ... "
                                                        "in order, without gaps",
                                                        py_str(e.modules[i].first), i));
    // A member that is no ref has its final kind: checked now whether it will fail (a ref has
    // already called for the walk).
    for_module_members(e, [&](const Expr &v, Expr::Kind want, std::string_view) {
      if (!inputs_need_walk_ && !member_kind_ok(v, want)) inputs_need_walk_ = true;
    });
  }

  // Calls f(member, wanted kind, what) for each parameter, buffer and sub-module of `e`, in order.
  template <class F> static void for_module_members(const Expr &e, F f) {
    for (const auto &[k, v] : e.parameters) f(v, Expr::Kind::Tensor, "parameter");
    for (const auto &[k, v] : e.buffers) f(v, Expr::Kind::Tensor, "buffer");
    for (const auto &[k, v] : e.modules) f(v, Expr::Kind::Module, "sub-module");
  }
  // A member's kind: a ref's is its (resolved) target's.
  static Expr::Kind member_kind(const Expr &v) {
    return (v.kind == Expr::Kind::Ref ? *v.target : v).kind;
  }
  // Parameters and buffers are tensors, sub-modules modules, or null.
  static bool member_kind_ok(const Expr &v, Expr::Kind want) {
    return member_kind(v) == want || member_kind(v) == Expr::Kind::None;
  }

  // After refs are resolved.
  void check_module_members(const Expr &e) {
    for_module_members(e, [&](const Expr &v, Expr::Kind want, std::string_view what) {
      if (!member_kind_ok(v, want))
        fail(v.pointer, fmt::format("a module's {} must be a {} or null; got {}", what,
                                    expr_kind_name(want), expr_kind_name(member_kind(v))));
    });
  }

  // ---- functions and statements -------------------------------------------------------------

  // The reads of locals in the function being defined, in file order: checked once its locals are
  // numbered (a read whose slot stays kNoSlot names no parameter, `out` or loop target of the
  // function). Each views its Expr's or Stmt's own strings and slot, which stay where they are.
  struct LocalUse {
    std::string_view name;
    Where where;
    const uint32_t *slot;
  };
  std::vector<LocalUse> locals_used_;

  void define_function(Function &fn, V j) {
    const std::string &ptr = fn.pointer;
    object_at(j, ptr, "a function");
    static constexpr std::string_view keys[] = {"params", "body"};
    Fields f = fields(j, ptr, {"params", "body"}, keys, "a function");
    std::string params_ptr = pointer_join(ptr, "params");
    V params = array_at(f.at("params"), params_ptr, "params");
    bool seen_default = false, keyword_only = false, bare_star = false;
    size_t i = 0;
    for (V param : params.items()) {
      std::string pptr = pointer_join(params_ptr, i++);
      Param p;
      p.kind = keyword_only ? Param::Kind::KeywordOnly : Param::Kind::Positional;
      if (!fn.params.empty() && fn.params.back().kind == Param::Kind::VarKeyword)
        fail(pptr, fmt::format("a parameter follows **{}, which must be the last",
                               fn.params.back().name));
      if (param.is_object()) {
        static constexpr std::string_view param_keys[] = {"name", "default"};
        Fields pf = fields(param, pptr, {"name"}, param_keys, "a parameter");
        p.name = python_name(pf.at("name"), Where(pptr, "name"), "parameter name");
        if (auto d = pf["default"])
          p.default_value = expr(*d, pointer_join(pptr, "default"), Mode::Literal);
      } else if (param.is_string() && param.as_string().starts_with('*')) {
        // "*args", "**kwargs", or a bare "*" before keyword-only parameters
        std::string_view text = param.as_string();
        bool star2 = text.starts_with("**");
        std::string_view name = text.substr(star2 ? 2 : 1);
        if (text != "*" && !is_python_name(name))
          fail(pptr, fmt::format("parameter {} is not \"*NAME\", \"**NAME\" or \"*\" with NAME a "
                                 "Python identifier",
                                 py_str(text)));
        if (!star2 && keyword_only)
          fail(pptr, "a second *: a function has one *args or bare * at most");
        keyword_only = true;
        if (text == "*") {
          bare_star = true;
          continue;
        }
        p.name = std::string(name);
        p.kind = star2 ? Param::Kind::VarKeyword : Param::Kind::VarPositional;
      } else {
        p.name = python_name(param, pptr, "parameter name");
      }
      for (const auto &q : fn.params)
        if (q.name == p.name) fail(pptr, fmt::format("duplicate parameter {}", py_str(p.name)));
      if (p.kind == Param::Kind::Positional && seen_default && !p.default_value)
        fail(pptr, fmt::format("parameter {} without a default follows a parameter with one",
                               py_str(p.name)));
      seen_default |= p.default_value.has_value();
      bare_star &= p.kind != Param::Kind::KeywordOnly;
      fn.params.push_back(std::move(p));
    }
    if (bare_star)
      fail(params_ptr, "a bare \"*\" must be followed by a keyword-only parameter (named "
                       "arguments must follow bare *)");
    locals_used_.clear();
    fn.body = block(f.at("body"), pointer_join(ptr, "body"));
    // The slots tell the defined names (fn.locals) without a set of them kept while reading.
    number_locals(fn);
    for (const LocalUse &use : locals_used_)
      if (*use.slot == kNoSlot) {
        std::vector<std::string> known = fn.locals; // sorted, as messages list them
        std::sort(known.begin(), known.end());
        fail(use.where.str(), fmt::format("unknown local {}{} in {}", py_str(use.name),
                                          did_you_mean(use.name, known), fn.name));
      }
  }

  std::vector<Stmt> block(V j, const std::string &ptr) {
    array_at(j, ptr, "a statement list");
    std::vector<Stmt> out;
    out.reserve(j.size()); // statements stay put: locals_used_ views them
    size_t i = 0;
    for (V s : j.items()) read_stmt(out.emplace_back(), s, pointer_join(ptr, i++));
    return out;
  }

  // The fields of a statement of each op (by Stmt::Kind): `keys` lists the required ones, then the
  // optional ones (messages list the allowed ones as op, loc, src, then these); and both as sets of
  // StmtKeys. A constant table: nothing to build on the first statement.
  struct StmtForm {
    std::array<StmtKey, 5> keys{};
    size_t required = 0, count = 0;
    uint32_t required_keys = 0, allowed_keys = 1u << kOp | 1u << kLoc | 1u << kSrc;

    constexpr StmtForm(std::initializer_list<StmtKey> required_list,
                       std::initializer_list<StmtKey> optional) {
      for (auto list : {required_list, optional})
        for (StmtKey k : list) {
          keys[count++] = k;
          allowed_keys |= 1u << k;
        }
      required = required_list.size();
      for (StmtKey k : required_list) required_keys |= 1u << k;
    }
    std::vector<std::string_view> allowed() const { // for messages
      std::vector<std::string_view> out = {"op", "loc", "src"};
      for (size_t i = 0; i < count; ++i) out.push_back(stmt_keys[keys[i]]);
      return out;
    }
  };
  static constexpr StmtForm stmt_forms[] = {
      {{kValue, kOut}, {}},                  // assign
      {{kObj, kName}, {kOut}},               // getattr
      {{kObj, kName, kValue}, {}},           // setattr
      {{kObj, kIndex}, {kOut}},              // getitem
      {{kObj, kIndex, kValue}, {}},          // setitem
      {{kFn}, {kArgs, kKwargs, kOut}},       // call
      {{kObj, kName}, {kArgs, kKwargs, kOut}}, // method
      {{kClass}, {kArgs, kKwargs, kOut}},    // new
      {{kCond, kThen}, {kElse}},             // if
      {{kTarget, kIter, kBody}, {}},         // for
      {{}, {kValue}},                        // return
      {{kMessage}, {}},                      // raise
  };

  // Reads the statement `j` into `s` (in place: statements hold several expressions).
  void read_stmt(Stmt &s, V j, std::string pointer) {
    s.pointer = std::move(pointer);
    const std::string &ptr = s.pointer;
    if (++statements_ > limits_.max_statements)
      fail(ptr, fmt::format("more than {} statements; split the graph or raise the limit with "
                            "--max-statements",
                            limits_.max_statements));
    object_at(j, ptr, "a statement");
    std::optional<V> op_json = j.find("op");
    if (!op_json)
      fail(ptr, fmt::format("a statement needs the field 'op' (one of {})", one_of(statement_ops)));
    std::string_view op = text_at(*op_json, Where(ptr, "op"), "op");
    size_t kind = statement_op_table.find(op);
    if (kind == statement_ops.size())
      fail(ptr + "/op", fmt::format("unknown statement op {}{}; expected one of {}", py_str(op),
                                    did_you_mean(op, statement_ops), one_of(statement_ops)));
    s.kind = static_cast<Stmt::Kind>(kind);
    const StmtForm &form = stmt_forms[kind];
    auto what = [&] { return fmt::format("a '{}' statement", statement_ops[kind]); };
    std::array<std::optional<V>, kStmtKeys> f;
    uint32_t given = 0;
    for (auto [key, value] : j.members()) { // as fields() checks them
      auto k = StmtKey(stmt_key_table.find(key));
      if (k == kStmtKeys || !(form.allowed_keys >> k & 1))
        unknown_field(ptr, key, form.allowed(), what());
      given |= 1u << k;
      f[k] = value;
    }
    if ((given & form.required_keys) != form.required_keys)
      for (size_t i = 0; i < form.required; ++i)
        if (!f[form.keys[i]]) missing_field(ptr, stmt_keys[form.keys[i]], what());

    using K = Stmt::Kind;
    if (auto loc = f[kLoc]) s.loc = text_at(*loc, Where(ptr, "loc"), "loc");
    if (auto src = f[kSrc]) s.src = text_at(*src, Where(ptr, "src"), "src");
    // An operand the op lacks keeps an empty pointer (nothing reads it); a return without a value
    // has its value's pointer the statement's, which tells the interpreter that it is absent.
    // (Copying the statement's pointer into every absent operand was ~500 copies at L = 1.)
    auto operand = [&](StmtKey key, Expr &into) {
      if (auto v = f[key]) {
        into.pointer = pointer_join(ptr, stmt_keys[key]);
        read_expr(into, *v, Mode::Operand);
      }
    };
    operand(kObj, s.obj);
    operand(kIndex, s.index);
    operand(s.kind == K::If ? kCond : s.kind == K::For ? kIter : kValue, s.value);
    if (s.kind == K::Return && !f[kValue]) s.value.pointer = ptr;
    if (auto name = f[kName]) s.name = python_name(*name, Where(ptr, "name"), "attribute name");
    if (auto args = f[kArgs]) {
      std::string aptr = pointer_join(ptr, "args");
      read_items(array_at(*args, aptr, "args"), aptr, Mode::Operand, s.args, true);
    }
    if (auto kwargs_json = f[kKwargs]) {
      std::string kwptr = pointer_join(ptr, "kwargs");
      V kwargs = object_at(*kwargs_json, kwptr, "kwargs");
      s.kwargs.reserve(kwargs.size());
      for (auto [k, v] : kwargs.members()) {
        std::string kptr = pointer_join(kwptr, k);
        if (!is_python_name(k) && k != "**") // "**": f(**kw)
          fail(kptr, fmt::format("keyword {} is not a valid Python identifier", py_str(k)));
        Expr &e = s.kwargs.emplace_back(std::string(k)).second;
        e.pointer = std::move(kptr);
        read_expr(e, v, Mode::Operand);
      }
    }
    if (s.kind == K::Call) callee(s, *f[kFn], Where(ptr, "fn"));
    if (s.kind == K::New) new_class(s, *f[kClass], Where(ptr, "class"));
    if (s.kind == K::Raise) s.name = text_at(*f[kMessage], Where(ptr, "message"), "message");
    if (s.kind == K::If) {
      s.body = block(*f[kThen], pointer_join(ptr, "then"));
      if (auto orelse = f[kElse]) s.orelse = block(*orelse, pointer_join(ptr, "else"));
    }
    if (s.kind == K::For) {
      V target = *f[kTarget];
      if (target.is_array()) {
        s.unpack = true;
        size_t i = 0;
        for (V t : target.items())
          s.targets.push_back(python_name(t, pointer_join(ptr + "/target", i++), "loop target"));
        if (s.targets.empty()) fail(ptr + "/target", "a loop target list needs at least one name");
      } else {
        s.targets.push_back(python_name(target, Where(ptr, "target"), "loop target"));
      }
      s.body = block(*f[kBody], pointer_join(ptr, "body"));
    }
    if (auto out = f[kOut]) s.out = python_name(*out, Where(ptr, "out"), "local name");
  }

  // `fn` of a call (`at`: under the statement's pointer).
  void callee(Stmt &s, V j, const Where &at) {
    std::string_view fn = text_at(j, at, "fn");
    if (fn.starts_with('%')) {
      s.callee_is_local = true;
      s.name = fn.substr(1);
      local_name_use(s, at);
      return;
    }
    s.name = fn;
    if (g_.find_function(fn)) return;
    for (const char *ns : {"torch.", "operator.", "builtins.", "math."})
      if (fn.starts_with(ns) && is_dotted_name(fn)) return;
    // Library functions are spelled out in full: `F.relu`, `nn.functional.relu` and `len` as
    // Python code imports them are torch.nn.functional.relu, torch.nn.functional.relu and
    // builtins.len.
    static const std::vector<std::string> builtins = {
        "abs",    "all",   "any",     "bool",     "dict",  "divmod",     "enumerate",
        "filter", "float", "getattr", "hasattr",  "int",   "isinstance", "iter",
        "len",    "list",  "map",     "max",      "min",   "next",       "pow",
        "print",  "range", "repr",    "reversed", "round", "setattr",    "sorted",
        "str",    "sum",   "tuple",   "type",     "zip"};
    std::string hint = did_you_mean(fn, g_.function_names());
    if (fn.starts_with("F."))
      hint = " (did you mean " + py_str("torch.nn.functional." + std::string(fn.substr(2))) + "?)";
    else if (fn.starts_with("nn."))
      hint = " (did you mean " + py_str("torch." + std::string(fn)) + "?)";
    else if (hint.empty() && std::find(builtins.begin(), builtins.end(), fn) != builtins.end())
      hint = " (did you mean " + py_str("builtins." + std::string(fn)) + "?)";
    fail(at.str(),
         fmt::format("unknown function {}{}; call a function of \"functions\" or a "
                     "library function by its full name (torch.*, operator.*, builtins.*, math.*)",
                     py_str(fn), hint));
  }

  void new_class(Stmt &s, V j, const Where &at) {
    std::string_view cls = text_at(j, at, "class");
    if (cls.starts_with('%')) {
      s.callee_is_local = true;
      s.name = cls.substr(1);
      local_name_use(s, at);
      return;
    }
    s.name = cls;
    if (!g_.find_class(cls) && !is_builtin_class(s.name))
      fail(at.str(), fmt::format("unknown class {}{}; declare it under \"classes\"", py_str(cls),
                                 did_you_mean(cls, g_.class_names())));
  }

  // A "%local" used as the callee of `s`: checked with the function's other local reads.
  void local_name_use(const Stmt &s, const Where &at) {
    if (!is_python_name(s.name))
      fail(at.str(), fmt::format("{} does not name a local", py_str("%" + s.name)));
    locals_used_.push_back({s.name, at, &s.name_slot});
  }

  // ---- inputs -------------------------------------------------------------------------------

  void load_inputs(V j) {
    object_at(j, "/inputs", "inputs");
    static constexpr std::string_view keys[] = {"self", "args", "kwargs"};
    Fields f = fields(j, "/inputs", {}, keys, "inputs");
    if (auto self = f["self"]) {
      Expr &e = g_.inputs.self.emplace();
      e.pointer = "/inputs/self";
      read_expr(e, *self, Mode::Input);
    }
    if (auto args = f["args"])
      read_items(array_at(*args, "/inputs/args", "inputs.args"), "/inputs/args", Mode::Input,
                 g_.inputs.args);
    if (auto kwargs = f["kwargs"])
      read_entries(object_at(*kwargs, "/inputs/kwargs", "inputs.kwargs"), "/inputs", "kwargs",
                   Mode::Input, g_.inputs.kwargs);
  }

  // Visits every input value node, each before its children and those last to first (the order
  // refs are resolved and modules checked in, which decides the error reported first); the tree
  // is final, so addresses are stable. Recursion as deep as the JSON nesting, as when reading it.
  template <class F> static void walk(Expr &e, F &f) {
    f(e);
    for (auto *list : {&e.modules, &e.buffers, &e.parameters, &e.entries})
      for (auto it = list->rbegin(); it != list->rend(); ++it) walk(it->second, f);
    for (auto it = e.items.rbegin(); it != e.items.rend(); ++it) walk(*it, f);
  }

  template <class F> void for_each_input(F &&f) {
    if (g_.inputs.self) walk(*g_.inputs.self, f);
    for (auto &a : g_.inputs.args) walk(a, f);
    for (auto &[k, v] : g_.inputs.kwargs) walk(v, f);
  }

  static std::vector<Expr *> children(Expr &x) {
    std::vector<Expr *> out;
    for (auto &c : x.items) out.push_back(&c);
    for (auto *list : {&x.entries, &x.parameters, &x.buffers, &x.modules})
      for (auto &[k, c] : *list) out.push_back(&c);
    return out;
  }

  // Why a ref names no input value: the longest part of it that does, and what lies under that.
  std::string unresolved(const std::string &ref) {
    std::string message = fmt::format("ref {} does not resolve to a value in inputs", py_str(ref));
    if (ref.starts_with("/inputs/"))
      return message + " (a ref is a JSON pointer into the inputs object: leave out '/inputs')";
    std::unordered_map<std::string_view, Expr *> all;
    for_each_input([&](Expr &x) { all.emplace(x.pointer, &x); });
    std::string prefix = "/inputs" + ref;
    while (prefix.size() > 7 && !all.count(prefix))
      prefix.resize(prefix.rfind('/'));
    if (prefix.size() <= 7)
      return message + " (write a JSON pointer such as '/kwargs/past_key_values')";
    Expr &at = *all.at(prefix);
    std::vector<std::string> under;
    for (Expr *c : children(at))
      if (under.size() < 6) under.push_back(py_str(c->pointer.substr(prefix.size() + 1)));
    std::string what(expr_kind_name(at.kind)); // "a list", "an int", "None"
    if (at.kind != Expr::Kind::None) what.insert(0, std::strchr("aeiou", what[0]) ? "an " : "a ");
    return message + fmt::format(": {} is {}{}{}", py_str(prefix.substr(7)), what,
                                 under.empty() ? ", with nothing under it" : "; under it: ",
                                 fmt::join(under, ", "));
  }

  void resolve_refs() {
    // One walk finds the refs and the modules; the nodes are walked again only when there are
    // refs, and only the nodes some ref points to are indexed (keys view the nodes' pointers,
    // which stay put): most inputs are no ref target, and hashing every pointer is costly.
    std::vector<Expr *> refs, modules;
    for_each_input([&](Expr &e) {
      if (e.kind == Expr::Kind::Ref) refs.push_back(&e);
      if (e.kind == Expr::Kind::Module) modules.push_back(&e);
    });
    std::unordered_set<std::string> wanted;
    for (const Expr *e : refs) wanted.insert("/inputs" + e->text);
    std::vector<bool> wanted_size;
    for (const auto &w : wanted) {
      if (w.size() >= wanted_size.size()) wanted_size.resize(w.size() + 1);
      wanted_size[w.size()] = true;
    }
    std::unordered_map<std::string_view, Expr *> nodes;
    if (!wanted.empty())
      for_each_input([&](Expr &e) {
        if (e.pointer.size() < wanted_size.size() && wanted_size[e.pointer.size()] && wanted.count(e.pointer))
          nodes.emplace(e.pointer, &e);
      });
    // Direct targets.
    std::unordered_map<Expr *, Expr *> direct;
    for (Expr *e : refs) {
      auto it = nodes.find("/inputs" + e->text);
      if (it == nodes.end()) fail(e->pointer + "/ref", unresolved(e->text));
      direct[e] = it->second;
    }
    // Follow chains of refs.
    for (auto &[ref, first] : direct) {
      Expr *t = first;
      size_t steps = 0;
      while (t->kind == Expr::Kind::Ref) {
        if (++steps > direct.size())
          fail(ref->pointer + "/ref", fmt::format("ref {} is part of a cycle of refs", py_str(ref->text)));
        t = direct[t];
      }
      ref->target = t;
      t->ref_target = true;
    }
    for (const Expr *e : modules) check_module_members(*e);
    // Reject cycles through containment and refs (iterative DFS: no recursion on input size).
    // Containment alone is a tree (nodes own their children): without refs there is no cycle.
    if (direct.empty()) return;
    enum Color : uint8_t { White, Gray, Black };
    std::unordered_map<Expr *, Color> color;
    auto roots = std::vector<Expr *>();
    if (g_.inputs.self) roots.push_back(&*g_.inputs.self);
    for (auto &a : g_.inputs.args) roots.push_back(&a);
    for (auto &[k, v] : g_.inputs.kwargs) roots.push_back(&v);
    for (Expr *root : roots) {
      std::vector<std::pair<Expr *, std::vector<Expr *>>> stack;
      auto enter = [&](Expr *x) {
        color[x] = Gray;
        std::vector<Expr *> next = x->kind == Expr::Kind::Ref ? std::vector<Expr *>{const_cast<Expr *>(x->target)}
                                                               : children(*x);
        stack.emplace_back(x, std::move(next));
      };
      if (color[root] != White) continue;
      enter(root);
      while (!stack.empty()) {
        auto &[x, next] = stack.back();
        if (next.empty()) {
          color[x] = Black;
          stack.pop_back();
          continue;
        }
        Expr *n = next.back();
        next.pop_back();
        Color c = color[n];
        if (c == Gray) {
          Expr *ref = x->kind == Expr::Kind::Ref ? x : nullptr;
          fail(ref ? ref->pointer + "/ref" : n->pointer,
               "this ref makes the inputs cyclic (an object reachable from itself); cycles are "
               "not supported");
        }
        if (c == White) enter(n);
      }
    }
  }

  void check_entry_binding() {
    const Function &fn = *g_.find_function(g_.entry);
    // A method run without inputs.self takes args[0] for its self: said where binding fails.
    auto method_hint = [&]() -> std::string {
      if (!g_.inputs.self)
        for (const ClassDecl &c : g_.classes)
          for (const auto &[method, function] : c.methods)
            if (function == fn.name)
              return fmt::format(
                  "; {} is the method {} of class {}: give the object it runs on as inputs.self",
                  fn.name, py_str(method), py_str(c.name));
      return "";
    };
    using PK = Param::Kind;
    auto has = [&](PK kind) {
      return std::any_of(fn.params.begin(), fn.params.end(),
                         [&](const Param &p) { return p.kind == kind; });
    };
    size_t positional =
        size_t(std::count_if(fn.params.begin(), fn.params.end(),
                             [](const Param &p) { return p.kind == PK::Positional; }));
    size_t given = g_.inputs.args.size() + (g_.inputs.self ? 1 : 0);
    std::vector<bool> bound(fn.params.size(), false);
    if (g_.inputs.self && positional == 0 && !has(PK::VarPositional))
      fail("/inputs/self",
           fmt::format("the entry {} takes no parameter to bind 'self' to", py_str(fn.name)));
    if (given > positional && !has(PK::VarPositional))
      fail("/inputs/args",
           fmt::format("{} positional inputs given, but {} takes {}", g_.inputs.args.size(),
                       fn.name, positional - (g_.inputs.self ? 1 : 0)));
    for (size_t i = 0; i < std::min(given, positional); ++i)
      bound[i] = true;
    std::vector<std::string> names; // the parameters a keyword binds
    for (const auto &p : fn.params)
      names.push_back(p.kind == PK::Positional || p.kind == PK::KeywordOnly ? p.name : "");
    for (const auto &[k, v] : g_.inputs.kwargs) {
      auto it = std::find(names.begin(), names.end(), k);
      std::string kptr = pointer_join("/inputs/kwargs", k);
      if (it == names.end() && has(PK::VarKeyword)) continue; // into **kwargs
      if (it == names.end())
        fail(kptr, fmt::format("{} has no parameter {}{}", fn.name, py_str(k), did_you_mean(k, names)));
      size_t idx = it - names.begin();
      if (bound[idx])
        fail(kptr, fmt::format("parameter {} of {} is already bound by position{}", py_str(k),
                               fn.name, method_hint()));
      bound[idx] = true;
    }
    for (size_t i = 0; i < fn.params.size(); ++i)
      if (!bound[i] && !fn.params[i].default_value &&
          (fn.params[i].kind == PK::Positional || fn.params[i].kind == PK::KeywordOnly))
        fail("/inputs", fmt::format("parameter {} of {} is not bound: give it in inputs.args or "
                                    "inputs.kwargs, or give it a default{}",
                                    py_str(fn.params[i].name), fn.name, method_hint()));
  }
};

// The graph of `text`, read by the fast reader, which parses it in place, or where that gives up
// by the strict reader, from the text `again()` gives anew.
template <class Again>
Graph load_text(InputText text, const std::string &display_name, const LoadLimits &limits,
                Again again) {
  Graph g;
  g.file = display_name;
#ifdef THUNDERC_RAPIDJSON
  if (auto doc = FastDocument::parse(std::move(text), limits.max_depth)) {
    Loader<RapidView>(g, limits).load(RapidView(doc->root()));
    return g;
  }
  text = again();
#endif
  Json doc = parse_json_strict(text.text(), limits.max_depth);
  Loader<JsonView>(g, limits).load(JsonView(doc));
  return g;
}

} // namespace

Graph load_graph_text(std::string_view text, const std::string &display_name,
                      const LoadLimits &limits) {
  return load_text(InputText(text), display_name, limits, [&] { return InputText(text); });
}

Graph load_graph(const std::string &path, const LoadLimits &limits) {
  if (path == "-") { // read once: the fast reader parses a copy, the strict one the text as read
    InputText input = read_input_file(path, limits.max_file_bytes);
    return load_text(InputText(input.text()), "<stdin>", limits, [&] { return std::move(input); });
  }
  // No copy of the text: should the fast reader give up, the file is read again.
  auto read = [&] { return read_input_file(path, limits.max_file_bytes); };
  return load_text(read(), path, limits, read);
}

} // namespace thunderc
