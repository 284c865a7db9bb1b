#include "graph/load.h"

#include "support/diagnostics.h"
#include "support/json_reader.h"
#include "support/json_view.h"
#include "support/text.h"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <functional>
#include <set>
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

const std::vector<std::string> statement_ops = {"assign", "getattr", "setattr", "getitem",
                                                "setitem", "call",   "method",  "new",
                                                "if",      "for",    "return",  "raise"};

// Reads a graph through a JSON view (json_view.h): JsonView or SimdView.
template <class V> class Loader {
public:
  Loader(Graph &graph, const LoadLimits &limits) : g_(graph), limits_(limits) {}

  void load(V doc) {
    if (!doc.is_object()) fail("", "a graph file is a JSON object; got " + kind_of(doc));
    check_keys(doc, "", {"format", "version"},
               {"name", "classes", "functions", "entry", "inputs", "format", "version"}, "graph");
    V format = doc.at("format");
    if (!(format == "thunderc-graph"))
      fail("/format", "expected \"thunderc-graph\"; this file is not a thunderc graph");
    V version = doc.at("version");
    if (!version.is_number() || version.as_double() != 1) // 1.0 too: JSON Schema's integers
      fail("/version", fmt::format("unsupported version {}: this thunderc reads version 1",
                                   version.dump()));
    for (const char *required : {"name", "functions", "entry", "inputs"})
      if (!doc.contains(required))
        fail("", fmt::format("missing required field '{}'", required));

    g_.name = python_name(doc.at("name"), "/name", "the program name");
    if (doc.contains("classes")) {
      V classes = object_at(doc.at("classes"), "/classes", "classes");
      for (auto [name, decl] : classes.members()) declare_class(std::string(name), decl);
      name_classes();
    }
    V functions = object_at(doc.at("functions"), "/functions", "functions");
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
    g_.entry = string_at(doc.at("entry"), "/entry", "the entry function");
    if (!g_.find_function(g_.entry))
      fail("/entry", fmt::format("unknown entry function {}{}", py_str(g_.entry),
                                 did_you_mean(g_.entry, g_.function_names())));

    // Bodies after all names are known, so calls can be checked.
    size_t index = 0;
    for (auto [name, fn] : functions.members()) define_function(g_.functions[index++], fn);
    for (auto &cls : g_.classes) check_class(cls, classes_json(doc, cls.name));
    load_inputs(doc.at("inputs"));
    resolve_refs();
    check_entry_binding();
  }

private:
  Graph &g_;
  const LoadLimits &limits_;
  size_t statements_ = 0;

  [[noreturn]] void fail(const std::string &ptr, const std::string &message) {
    throw UserError(ptr, message);
  }

  static V classes_json(V doc, const std::string &name) { return doc.at("classes").at(name); }

  // ---- JSON shape helpers -------------------------------------------------------------------

  // The key lists are views (no strings built per call); the vector for a message is made only
  // on the error path.
  void check_keys(V obj, const std::string &ptr,
                  std::initializer_list<std::string_view> required,
                  std::initializer_list<std::string_view> allowed_keys, std::string_view what) {
    check_keys_in(obj, ptr, required, allowed_keys, what);
  }
  void check_keys(V obj, const std::string &ptr, const std::vector<std::string> &required,
                  const std::vector<std::string> &allowed_keys, std::string_view what) {
    check_keys_in(obj, ptr, required, allowed_keys, what);
  }
  template <class Required, class Allowed>
  void check_keys_in(V obj, const std::string &ptr, const Required &required,
                     const Allowed &allowed_keys, std::string_view what) {
    for (auto [key, value] : obj.members()) {
      if (std::find(allowed_keys.begin(), allowed_keys.end(), key) == allowed_keys.end()) {
        std::vector<std::string> allowed(allowed_keys.begin(), allowed_keys.end());
        fail(pointer_join(ptr, key),
             fmt::format("unknown field {} in {}{}; allowed fields: {}", py_str(key), what,
                         did_you_mean(key, allowed), one_of(allowed)));
      }
    }
    for (const auto &key : required)
      if (!obj.contains(key)) fail(ptr, fmt::format("{} needs the field '{}'", what, key));
  }

  V object_at(V j, const std::string &ptr, std::string_view what) {
    if (!j.is_object()) fail(ptr, fmt::format("{} must be an object; got {}", what, kind_of(j)));
    return j;
  }

  V array_at(V j, const std::string &ptr, std::string_view what) {
    if (!j.is_array()) fail(ptr, fmt::format("{} must be an array; got {}", what, kind_of(j)));
    return j;
  }

  std::string string_at(V j, const std::string &ptr, std::string_view what) {
    if (!j.is_string()) fail(ptr, fmt::format("{} must be a string; got {}", what, kind_of(j)));
    return std::string(j.as_string());
  }

  std::string python_name(V j, const std::string &ptr, std::string_view what) {
    std::string s = string_at(j, ptr, what);
    if (!is_python_name(s))
      fail(ptr, fmt::format("{} {} is not a valid Python identifier (letters, digits and '_', not "
                            "starting with a digit, not a keyword)",
                            what, py_str(s)));
    return s;
  }

  bool bool_at(V j, const std::string &ptr, std::string_view what) {
    if (!j.is_boolean()) fail(ptr, fmt::format("{} must be true or false; got {}", what, kind_of(j)));
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
    check_keys(decl, ptr, {"module", "qualname"}, {"module", "qualname", "base", "methods", "dataclass"},
               "a class declaration");
    ClassDecl cls;
    cls.name = name;
    cls.pointer = ptr;
    cls.module = string_at(decl.at("module"), ptr + "/module", "module");
    if (!is_dotted_name(cls.module, false))
      fail(ptr + "/module", fmt::format("module {} must be a dotted Python name (no keywords) such as "
                                        "'transformers.cache_utils'",
                                        py_str(cls.module)));
    cls.qualname = string_at(decl.at("qualname"), ptr + "/qualname", "qualname");
    if (!is_qualname(cls.qualname))
      fail(ptr + "/qualname", fmt::format("qualname {} must be dotted Python names without keywords "
                                          "(parts such as '<locals>' allowed)",
                                          py_str(cls.qualname)));
    if (decl.contains("base")) {
      cls.base = string_at(decl.at("base"), ptr + "/base", "base");
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
    if (decl.contains("dataclass")) {
      std::string dptr = ptr + "/dataclass";
      if (cls.base.starts_with("torch.nn."))
        fail(dptr, fmt::format("a module class (base {}) cannot be a dataclass; drop \"dataclass\" or "
                               "the base",
                               py_str(cls.base)));
      V dc = object_at(decl.at("dataclass"), dptr, "dataclass");
      check_keys(dc, dptr, {"fields"}, {"fields", "defaults"}, "a dataclass description");
      cls.is_dataclass = true;
      V fields = array_at(dc.at("fields"), dptr + "/fields", "fields");
      size_t i = 0;
      for (V f : fields.items()) {
        std::string fptr = pointer_join(dptr + "/fields", i++);
        std::string field = python_name(f, fptr, "field name");
        if (std::find(cls.fields.begin(), cls.fields.end(), field) != cls.fields.end())
          fail(fptr, fmt::format("field {} is listed twice", py_str(field)));
        cls.fields.push_back(field);
      }
      if (dc.contains("defaults")) {
        V defaults = object_at(dc.at("defaults"), dptr + "/defaults", "defaults");
        for (auto [view, value] : defaults.members()) {
          std::string field(view);
          std::string vptr = pointer_join(dptr + "/defaults", field);
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
    if (!decl.contains("methods")) return;
    std::string mptr = cls.pointer + "/methods";
    V methods = object_at(decl.at("methods"), mptr, "methods");
    for (auto [method, fn] : methods.members()) {
      std::string ptr = pointer_join(mptr, method);
      if (!is_python_name(method))
        fail(ptr, fmt::format("method name {} is not a valid Python identifier", py_str(method)));
      std::string fname = string_at(fn, ptr, "a method's function");
      const Function *f = g_.find_function(fname);
      if (!f)
        fail(ptr, fmt::format("method {} names the absent function {}{}", py_str(method),
                              py_str(fname), did_you_mean(fname, g_.function_names())));
      if (f->params.empty())
        fail(ptr, fmt::format("function {} is used as a method but takes no 'self' parameter",
                              py_str(fname)));
      cls.methods.emplace_back(method, fname);
    }
  }

  // The class named by the `form` field of the value `owner` at `value_ptr` (the field's pointer
  // is built only for a message: module and object values are many).
  std::string class_ref(V owner, const std::string &value_ptr, std::string_view form) {
    V j = owner.at(form);
    auto where = [&] { return pointer_join(value_ptr, form); };
    if (!j.is_string()) string_at(j, where(), "a class name"); // fails, with its message
    std::string name(j.as_string());
    const ClassDecl *cls = g_.find_class(name);
    if (!cls && !is_builtin_class(name))
      fail(where(), fmt::format("unknown class {}{}; declare it under \"classes\"", py_str(name),
                                did_you_mean(name, g_.class_names())));
    if (form == "object" && (!cls || cls->is_dataclass))
      fail(where(), fmt::format("{} is not a declared plain class; {}", py_str(name),
                                cls ? "write a dataclass value as {\"dataclass\": ...}"
                                    : "write a module value as {\"module\": ...}"));
    if (form == "dataclass" && (!cls || !cls->is_dataclass))
      fail(where(), fmt::format("{} is not a declared dataclass (give its declaration a "
                                "\"dataclass\" field)",
                                py_str(name)));
    if (form == "module" && (cls ? cls->is_dataclass : !name.starts_with("torch.nn.")))
      fail(where(), fmt::format("{} is not a module class", py_str(name)));
    return name;
  }

  // ---- values and operands ------------------------------------------------------------------

  Expr expr(V j, std::string pointer, Mode mode) {
    Expr e;
    e.pointer = std::move(pointer);
    const std::string &ptr = e.pointer;
    switch (j.type()) {
    case JsonType::Null: e.kind = Expr::Kind::None; break;
    case JsonType::Bool: e.kind = Expr::Kind::Bool, e.b = j.as_bool(); break;
    case JsonType::Int: e.kind = Expr::Kind::Int, e.i = j.as_int(); break;
    case JsonType::Float: e.kind = Expr::Kind::Float, e.f = j.as_double(); break;
    case JsonType::String: string_expr(e, std::string(j.as_string()), mode); break;
    case JsonType::Array: {
      e.kind = Expr::Kind::Tuple;
      size_t i = 0;
      for (V x : j.items()) e.items.push_back(expr(x, pointer_join(ptr, i++), mode));
      break;
    }
    case JsonType::Object: object_expr(e, j, mode); break;
    }
    return e;
  }

  void string_expr(Expr &e, std::string s, Mode mode) {
    if (mode == Mode::Operand && s.starts_with("%")) {
      if (s.starts_with("%%")) {
        e.kind = Expr::Kind::Str, e.text = s.substr(1);
        return;
      }
      e.kind = Expr::Kind::Local, e.text = s.substr(1);
      if (!is_python_name(e.text))
        fail(e.pointer, fmt::format("{} does not name a local: locals are Python identifiers "
                                    "(write \"%%...\" for a string starting with '%')",
                                    py_str(s)));
      locals_used_.emplace_back(e.text, e.pointer);
      return;
    }
    e.kind = Expr::Kind::Str, e.text = std::move(s);
  }

  void object_expr(Expr &e, V j, Mode mode) {
    static const std::vector<std::string> forms = {"float",  "list",      "dict",   "tensor",
                                                   "dtype",  "device",    "object", "dataclass",
                                                   "module", "class",     "ref",    "slice",
                                                   "ellipsis"};
    const std::string &ptr = e.pointer;
    // The first of `forms` that j has: one pass over j's (few) keys instead of a lookup per form.
    size_t first_form = forms.size();
    for (auto [key, value] : j.members()) {
      for (size_t f = 0; f < first_form; ++f)
        if (key == forms[f]) {
          first_form = f;
          break;
        }
    }
    std::string_view form = first_form < forms.size() ? std::string_view(forms[first_form]) : std::string_view();
    if (form.empty()) {
      std::string first = j.empty() ? std::string() : std::string((*j.members().begin()).first);
      fail(ptr, fmt::format("unknown value form{}{}: an object value has one of the keys {}",
                            first.empty() ? "" : " " + py_str(first), did_you_mean(first, forms),
                            one_of(forms)));
    }
    auto not_here = [&](std::string_view why) {
      fail(ptr, fmt::format("{} {} value is not allowed {}",
                            form == "object" || form == "ellipsis" ? "an" : "a", form, why));
    };
    const char *where = mode == Mode::Input ? "in inputs" : mode == Mode::Operand ? "in an operand" : "in a default";
    if (form == "float") {
      check_keys(j, ptr, {}, {"float"}, "a float value");
      V v = j.at("float");
      if (!v.is_number()) fail(ptr + "/float", "expected a number; got " + kind_of(v));
      e.kind = Expr::Kind::Float, e.f = v.as_double();
    } else if (form == "list") {
      check_keys(j, ptr, {}, {"list"}, "a list value");
      V items = array_at(j.at("list"), ptr + "/list", "a list");
      e.kind = Expr::Kind::List;
      size_t i = 0;
      for (V x : items.items()) e.items.push_back(expr(x, pointer_join(ptr + "/list", i++), mode));
    } else if (form == "dict") {
      check_keys(j, ptr, {}, {"dict"}, "a dict value");
      V items = object_at(j.at("dict"), ptr + "/dict", "a dict");
      e.kind = Expr::Kind::Dict;
      for (auto [k, v] : items.members())
        e.entries.emplace_back(std::string(k), expr(v, pointer_join(ptr + "/dict", k), mode));
    } else if (form == "tensor") {
      if (mode != Mode::Input) not_here(std::string(where) + "; tensors come from inputs or torch calls");
      check_keys(j, ptr, {}, {"tensor", "dtype", "device", "requires_grad"}, "a tensor value");
      e.kind = Expr::Kind::Tensor;
      V shape = j.at("tensor");
      if (!shape.is_array()) array_at(shape, ptr + "/tensor", "a tensor's shape"); // fails
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
      // Well-formed fields are read without building their pointers; the checked readers (which
      // build them) run only when a field is malformed, for the same message.
      if (auto v = j.find("dtype")) {
        std::optional<DType> d;
        if (v->is_string()) d = parse_dtype(v->as_string());
        e.dtype = d ? *d : dtype_at(*v, ptr + "/dtype");
      }
      if (auto v = j.find("device")) {
        std::optional<Device> d;
        if (v->is_string()) d = parse_device(v->as_string());
        e.device = d ? *d : device_at(*v, ptr + "/device");
      }
      if (auto v = j.find("requires_grad"))
        e.requires_grad =
            v->is_boolean() ? v->as_bool() : bool_at(*v, ptr + "/requires_grad", "requires_grad");
      if (e.requires_grad && !is_floating(e.dtype) && !is_complex(e.dtype))
        fail(ptr + "/requires_grad",
             fmt::format("{} tensors cannot require gradients (only floating point and complex "
                         "ones can); drop \"requires_grad\" or give a floating point dtype",
                         dtype_name(e.dtype)));
    } else if (form == "dtype") {
      check_keys(j, ptr, {}, {"dtype"}, "a dtype value");
      e.kind = Expr::Kind::DType, e.dtype = dtype_at(j.at("dtype"), ptr + "/dtype");
    } else if (form == "device") {
      check_keys(j, ptr, {}, {"device"}, "a device value");
      e.kind = Expr::Kind::Device, e.device = device_at(j.at("device"), ptr + "/device");
    } else if (form == "object" || form == "dataclass" || form == "module") {
      if (mode != Mode::Input)
        not_here(std::string(where) + "; create objects with a \"new\" statement");
      if (form == "object") object_value(e, j);
      else if (form == "dataclass") dataclass_value(e, j);
      else module_value(e, j);
    } else if (form == "class") {
      check_keys(j, ptr, {}, {"class"}, "a class value");
      e.kind = Expr::Kind::Class, e.text = class_ref(j, ptr, "class");
    } else if (form == "ref") {
      if (mode != Mode::Input) not_here(std::string(where) + "; refs point between inputs only");
      check_keys(j, ptr, {}, {"ref"}, "a ref value");
      e.kind = Expr::Kind::Ref, e.text = string_at(j.at("ref"), ptr + "/ref", "a ref");
      if (!e.text.starts_with("/"))
        fail(ptr + "/ref", fmt::format("ref {} must be a JSON pointer into inputs such as "
                                       "'/kwargs/past_key_values'",
                                       py_str(e.text)));
    } else if (form == "slice") {
      if (mode != Mode::Operand) not_here(where);
      check_keys(j, ptr, {}, {"slice"}, "a slice");
      V bounds = array_at(j.at("slice"), ptr + "/slice", "a slice");
      if (bounds.size() != 3)
        fail(ptr + "/slice", fmt::format("a slice has 3 entries [start, stop, step] (null where "
                                         "absent); got {}",
                                         bounds.size()));
      e.kind = Expr::Kind::Slice;
      size_t i = 0;
      for (V x : bounds.items()) e.items.push_back(expr(x, pointer_join(ptr + "/slice", i++), mode));
    } else { // ellipsis
      if (mode != Mode::Operand) not_here(where);
      check_keys(j, ptr, {}, {"ellipsis"}, "an ellipsis");
      if (!j.at("ellipsis").is_null()) fail(ptr + "/ellipsis", "write the ellipsis as {\"ellipsis\": null}");
      e.kind = Expr::Kind::Ellipsis;
    }
  }

  DType dtype_at(V j, const std::string &ptr) {
    std::string s = string_at(j, ptr, "a dtype");
    auto d = parse_dtype(s);
    if (!d)
      fail(ptr, fmt::format("unknown dtype {}{}; expected one of {}", py_str(s),
                            did_you_mean(s, dtype_names()), one_of(dtype_names())));
    return *d;
  }

  Device device_at(V j, const std::string &ptr) {
    std::string s = string_at(j, ptr, "a device");
    auto d = parse_device(s);
    if (!d)
      fail(ptr, fmt::format("unknown device {}{}; expected 'cpu', 'cuda', 'cuda:N' or 'meta'",
                            py_str(s), did_you_mean(s, {"cpu", "cuda", "cuda:0", "meta"})));
    return *d;
  }

  void named_values(V j, const std::string &ptr, std::string_view what, Entries &out) {
    object_at(j, ptr, what);
    out.reserve(out.size() + j.size());
    for (auto [k, v] : j.members())
      out.emplace_back(std::string(k), expr(v, pointer_join(ptr, k), Mode::Input));
  }

  void attribute_names(V j, const std::string &ptr) {
    for (auto [k, v] : j.members())
      if (!is_python_name(k))
        fail(pointer_join(ptr, k), fmt::format("attribute name {} is not a valid Python identifier",
                                               py_str(k)));
  }

  void object_value(Expr &e, V j) {
    check_keys(j, e.pointer, {}, {"object", "attrs"}, "an object value");
    e.kind = Expr::Kind::Object;
    e.text = class_ref(j, e.pointer, "object");
    if (j.contains("attrs")) {
      attribute_names(object_at(j.at("attrs"), e.pointer + "/attrs", "attrs"), e.pointer + "/attrs");
      named_values(j.at("attrs"), e.pointer + "/attrs", "attrs", e.entries);
    }
  }

  void dataclass_value(Expr &e, V j) {
    check_keys(j, e.pointer, {}, {"dataclass", "fields"}, "a dataclass value");
    e.kind = Expr::Kind::Dataclass;
    e.text = class_ref(j, e.pointer, "dataclass");
    const ClassDecl &cls = *g_.find_class(e.text);
    Entries given;
    if (j.contains("fields")) named_values(j.at("fields"), e.pointer + "/fields", "fields", given);
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

  void module_value(Expr &e, V j) {
    const std::string &ptr = e.pointer;
    check_keys(j, ptr, {}, {"module", "parameters", "buffers", "modules", "attrs"}, "a module value");
    e.kind = Expr::Kind::Module;
    e.text = class_ref(j, ptr, "module");
    // Views of j's keys, which outlive this call: the names of all four kinds of member.
    std::vector<std::string_view> names;
    names.reserve(16); // the members of most modules: no regrowth
    std::unordered_set<std::string_view> names_set;
    auto members = [&](const char *key, Entries &out, std::string_view what, bool submodules) {
      if (!j.contains(key)) return;
      std::string mptr = ptr + "/" + key;
      V m = object_at(j.at(key), mptr, key);
      for (auto [k, v] : m.members()) {
        bool index = !k.empty() && std::all_of(k.begin(), k.end(), ::isdigit);
        if (!is_python_name(k) && !(submodules && index))
          fail(pointer_join(mptr, k),
               fmt::format("{} name {} is not a valid Python identifier{}", what, py_str(k),
                           submodules ? " or index" : ""));
        if (!key_is_new(names, names_set, k, [](std::string_view n) { return n; }))
          fail(pointer_join(mptr, k), fmt::format("{} is defined twice in this module", py_str(k)));
        names.push_back(k);
      }
      named_values(m, mptr, key, out);
    };
    members("parameters", e.parameters, "parameter", false);
    members("buffers", e.buffers, "buffer", false);
    members("modules", e.modules, "sub-module", true);
    members("attrs", e.entries, "attribute", false);
  }

  // After refs are resolved: parameters and buffers are tensors, sub-modules modules (or null).
  void check_module_members(const Expr &e) {
    auto check = [&](const Entries &list, Expr::Kind want, std::string_view what) {
      for (const auto &[k, v] : list) {
        const Expr &t = v.kind == Expr::Kind::Ref ? *v.target : v;
        if (t.kind != want && t.kind != Expr::Kind::None)
          fail(v.pointer, fmt::format("a module's {} must be a {} or null; got {}", what,
                                      expr_kind_name(want), expr_kind_name(t.kind)));
      }
    };
    check(e.parameters, Expr::Kind::Tensor, "parameter");
    check(e.buffers, Expr::Kind::Tensor, "buffer");
    check(e.modules, Expr::Kind::Module, "sub-module");
  }

  // ---- functions and statements -------------------------------------------------------------

  std::vector<std::pair<std::string, std::string>> locals_used_; // (name, pointer) of reads

  void define_function(Function &fn, V j) {
    const std::string &ptr = fn.pointer;
    object_at(j, ptr, "a function");
    check_keys(j, ptr, {"params", "body"}, {"params", "body"}, "a function");
    V params = array_at(j.at("params"), ptr + "/params", "params");
    bool seen_default = false;
    size_t i = 0;
    for (V param : params.items()) {
      std::string pptr = pointer_join(ptr + "/params", i++);
      Param p;
      if (param.is_object()) {
        check_keys(param, pptr, {"name"}, {"name", "default"}, "a parameter");
        p.name = python_name(param.at("name"), pptr + "/name", "parameter name");
        if (auto d = param.find("default"))
          p.default_value = expr(*d, pptr + "/default", Mode::Literal);
      } else {
        p.name = python_name(param, pptr, "parameter name");
      }
      for (const auto &q : fn.params)
        if (q.name == p.name) fail(pptr, fmt::format("duplicate parameter {}", py_str(p.name)));
      if (seen_default && !p.default_value)
        fail(pptr, fmt::format("parameter {} without a default follows a parameter with one",
                               py_str(p.name)));
      seen_default |= p.default_value.has_value();
      fn.params.push_back(std::move(p));
    }
    locals_used_.clear();
    std::set<std::string> defined;
    for (const auto &p : fn.params) defined.insert(p.name);
    size_t before = statements_;
    fn.body = block(j.at("body"), ptr + "/body", defined);
    fn.statement_count = statements_ - before;
    std::vector<std::string> known(defined.begin(), defined.end());
    for (const auto &[name, where] : locals_used_)
      if (!defined.count(name))
        fail(where, fmt::format("unknown local {}{} in {}", py_str(name), did_you_mean(name, known),
                                fn.name));
    number_locals(fn);
  }

  std::vector<Stmt> block(V j, const std::string &ptr, std::set<std::string> &defined) {
    array_at(j, ptr, "a statement list");
    std::vector<Stmt> out;
    out.reserve(j.size());
    size_t i = 0;
    for (V s : j.items()) out.push_back(stmt(s, pointer_join(ptr, i++), defined));
    return out;
  }

  Stmt stmt(V j, const std::string &ptr, std::set<std::string> &defined) {
    if (++statements_ > limits_.max_statements)
      fail(ptr, fmt::format("more than {} statements; split the graph or raise the limit with "
                            "--max-statements",
                            limits_.max_statements));
    object_at(j, ptr, "a statement");
    if (!j.contains("op"))
      fail(ptr, fmt::format("a statement needs the field 'op' (one of {})", one_of(statement_ops)));
    std::string op = string_at(j.at("op"), ptr + "/op", "op");
    auto it = std::find(statement_ops.begin(), statement_ops.end(), op);
    if (it == statement_ops.end())
      fail(ptr + "/op", fmt::format("unknown statement op {}{}; expected one of {}", py_str(op),
                                    did_you_mean(op, statement_ops), one_of(statement_ops)));
    Stmt s;
    s.kind = static_cast<Stmt::Kind>(it - statement_ops.begin());
    s.pointer = ptr;

    using K = Stmt::Kind;
    std::vector<std::string> required, optional = {"op", "loc", "src"};
    auto need = [&](std::initializer_list<const char *> r, std::initializer_list<const char *> o) {
      required.assign(r.begin(), r.end());
      optional.insert(optional.end(), r.begin(), r.end());
      optional.insert(optional.end(), o.begin(), o.end());
    };
    switch (s.kind) {
    case K::Assign: need({"value", "out"}, {}); break;
    case K::GetAttr: need({"obj", "name"}, {"out"}); break;
    case K::SetAttr: need({"obj", "name", "value"}, {}); break;
    case K::GetItem: need({"obj", "index"}, {"out"}); break;
    case K::SetItem: need({"obj", "index", "value"}, {}); break;
    case K::Call: need({"fn"}, {"args", "kwargs", "out"}); break;
    case K::Method: need({"obj", "name"}, {"args", "kwargs", "out"}); break;
    case K::New: need({"class"}, {"args", "kwargs", "out"}); break;
    case K::If: need({"cond", "then"}, {"else"}); break;
    case K::For: need({"target", "iter", "body"}, {}); break;
    case K::Return: need({}, {"value"}); break;
    case K::Raise: need({"message"}, {}); break;
    }
    check_keys(j, ptr, required, optional, fmt::format("a '{}' statement", op));

    if (j.contains("loc")) s.loc = string_at(j.at("loc"), ptr + "/loc", "loc");
    if (j.contains("src")) s.src = string_at(j.at("src"), ptr + "/src", "src");
    auto operand = [&](const char *key, Expr &into) {
      if (j.contains(key)) into = expr(j.at(key), ptr + "/" + key, Mode::Operand);
      else into.pointer = ptr;
    };
    operand("obj", s.obj);
    operand("index", s.index);
    operand(s.kind == K::If ? "cond" : s.kind == K::For ? "iter" : "value", s.value);
    if (j.contains("name")) s.name = python_name(j.at("name"), ptr + "/name", "attribute name");
    if (j.contains("args")) {
      V args = array_at(j.at("args"), ptr + "/args", "args");
      size_t i = 0;
      for (V a : args.items()) s.args.push_back(expr(a, pointer_join(ptr + "/args", i++), Mode::Operand));
    }
    if (j.contains("kwargs")) {
      V kwargs = object_at(j.at("kwargs"), ptr + "/kwargs", "kwargs");
      for (auto [k, v] : kwargs.members()) {
        std::string kptr = pointer_join(ptr + "/kwargs", k);
        if (!is_python_name(k))
          fail(kptr, fmt::format("keyword {} is not a valid Python identifier", py_str(k)));
        s.kwargs.emplace_back(std::string(k), expr(v, kptr, Mode::Operand));
      }
    }
    if (s.kind == K::Call) callee(s, j.at("fn"), ptr + "/fn");
    if (s.kind == K::New) new_class(s, j.at("class"), ptr + "/class");
    if (s.kind == K::Raise) s.name = string_at(j.at("message"), ptr + "/message", "message");
    if (s.kind == K::If) {
      s.body = block(j.at("then"), ptr + "/then", defined);
      if (j.contains("else")) s.orelse = block(j.at("else"), ptr + "/else", defined);
    }
    if (s.kind == K::For) {
      V target = j.at("target");
      if (target.is_array()) {
        s.unpack = true;
        size_t i = 0;
        for (V t : target.items())
          s.targets.push_back(python_name(t, pointer_join(ptr + "/target", i++), "loop target"));
        if (s.targets.empty()) fail(ptr + "/target", "a loop target list needs at least one name");
      } else {
        s.targets.push_back(python_name(target, ptr + "/target", "loop target"));
      }
      defined.insert(s.targets.begin(), s.targets.end());
      s.body = block(j.at("body"), ptr + "/body", defined);
    }
    if (j.contains("out")) {
      s.out = python_name(j.at("out"), ptr + "/out", "local name");
      defined.insert(s.out);
    }
    return s;
  }

  void callee(Stmt &s, V j, const std::string &ptr) {
    std::string fn = string_at(j, ptr, "fn");
    if (fn.starts_with("%")) {
      s.callee_is_local = true;
      s.name = fn.substr(1);
      local_name_use(s.name, ptr);
      return;
    }
    s.name = fn;
    if (g_.find_function(fn)) return;
    for (const char *ns : {"torch.", "operator.", "builtins.", "math."})
      if (fn.starts_with(ns) && is_dotted_name(fn)) return;
    fail(ptr, fmt::format("unknown function {}{}; call a function of \"functions\" or a library "
                          "function (torch.*, operator.*, builtins.*, math.*)",
                          py_str(fn), did_you_mean(fn, g_.function_names())));
  }

  void new_class(Stmt &s, V j, const std::string &ptr) {
    std::string cls = string_at(j, ptr, "class");
    if (cls.starts_with("%")) {
      s.callee_is_local = true;
      s.name = cls.substr(1);
      local_name_use(s.name, ptr);
      return;
    }
    s.name = cls;
    if (!g_.find_class(cls) && !is_builtin_class(cls))
      fail(ptr, fmt::format("unknown class {}{}; declare it under \"classes\"", py_str(cls),
                            did_you_mean(cls, g_.class_names())));
  }

  // A "%local" used as a callee: checked with the function's other local reads.
  void local_name_use(const std::string &name, const std::string &ptr) {
    if (!is_python_name(name))
      fail(ptr, fmt::format("{} does not name a local", py_str("%" + name)));
    locals_used_.emplace_back(name, ptr);
  }

  // ---- inputs -------------------------------------------------------------------------------

  void load_inputs(V j) {
    object_at(j, "/inputs", "inputs");
    check_keys(j, "/inputs", {}, {"self", "args", "kwargs"}, "inputs");
    if (j.contains("self")) g_.inputs.self = expr(j.at("self"), "/inputs/self", Mode::Input);
    if (j.contains("args")) {
      V args = array_at(j.at("args"), "/inputs/args", "inputs.args");
      size_t i = 0;
      for (V a : args.items())
        g_.inputs.args.push_back(expr(a, pointer_join("/inputs/args", i++), Mode::Input));
    }
    if (j.contains("kwargs")) {
      V kwargs = object_at(j.at("kwargs"), "/inputs/kwargs", "inputs.kwargs");
      for (auto [k, v] : kwargs.members())
        g_.inputs.kwargs.emplace_back(std::string(k),
                                      expr(v, pointer_join("/inputs/kwargs", k), Mode::Input));
    }
  }

  // Visits every input value node (pre-order); the tree is final, so addresses are stable.
  template <class F> static void walk(Expr &e, F &&f) {
    std::vector<Expr *> todo = {&e};
    while (!todo.empty()) {
      Expr *x = todo.back();
      todo.pop_back();
      f(*x);
      for (auto &c : x->items) todo.push_back(&c);
      for (auto *list : {&x->entries, &x->parameters, &x->buffers, &x->modules})
        for (auto &[k, c] : *list) todo.push_back(&c);
    }
  }

  void for_each_input(const std::function<void(Expr &)> &f) {
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
      if (it == nodes.end())
        fail(e->pointer + "/ref", fmt::format("ref {} does not resolve to a value in inputs (write "
                                              "a JSON pointer such as '/kwargs/past_key_values')",
                                              py_str(e->text)));
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
    size_t next = 0;
    std::vector<bool> bound(fn.params.size(), false);
    if (g_.inputs.self) {
      if (fn.params.empty())
        fail("/inputs/self", fmt::format("the entry {} takes no parameter to bind 'self' to",
                                         py_str(fn.name)));
      bound[next++] = true;
    }
    if (g_.inputs.args.size() > fn.params.size() - next)
      fail("/inputs/args", fmt::format("{} positional inputs given, but {} takes {}",
                                       g_.inputs.args.size(), fn.name, fn.params.size() - next));
    for (size_t i = 0; i < g_.inputs.args.size(); ++i) bound[next++] = true;
    std::vector<std::string> names;
    for (const auto &p : fn.params) names.push_back(p.name);
    for (const auto &[k, v] : g_.inputs.kwargs) {
      auto it = std::find(names.begin(), names.end(), k);
      std::string kptr = pointer_join("/inputs/kwargs", k);
      if (it == names.end())
        fail(kptr, fmt::format("{} has no parameter {}{}", fn.name, py_str(k), did_you_mean(k, names)));
      size_t idx = it - names.begin();
      if (bound[idx])
        fail(kptr, fmt::format("parameter {} of {} is already bound by position", py_str(k), fn.name));
      bound[idx] = true;
    }
    for (size_t i = 0; i < fn.params.size(); ++i)
      if (!bound[i] && !fn.params[i].default_value)
        fail("/inputs", fmt::format("parameter {} of {} is not bound: give it in inputs.args or "
                                    "inputs.kwargs, or give it a default",
                                    py_str(fn.params[i].name), fn.name));
  }
};

} // namespace

namespace {

Graph load_text(std::string_view text, [[maybe_unused]] bool padded,
                const std::string &display_name, const LoadLimits &limits) {
  Graph g;
  g.file = display_name;
#ifdef THUNDERC_SIMDJSON
  if (auto doc = FastDocument::parse(text, limits.max_depth, padded)) {
    Loader<SimdView>(g, limits).load(SimdView(doc->root()));
    return g;
  }
#endif
  Json doc = parse_json_strict(text, limits.max_depth);
  Loader<JsonView>(g, limits).load(JsonView(doc));
  return g;
}

} // namespace

Graph load_graph_text(std::string_view text, const std::string &display_name,
                      const LoadLimits &limits) {
  return load_text(text, false, display_name, limits);
}

Graph load_graph(const std::string &path, const LoadLimits &limits) {
  std::string text = read_input_file(path, limits.max_file_bytes);
  return load_text(text, true, path == "-" ? "<stdin>" : path, limits);
}

} // namespace thunderc
