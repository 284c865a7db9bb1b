#include "trace/build.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cmath>
#include <fmt/format.h>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <tsl/robin_map.h>
#include <tuple>
#include <unordered_map>

namespace thunderc {

namespace {

// An operand list built by moving its operands (an initializer list would copy each one).
template <class... O> std::vector<Operand> operands(O &&...o) {
  std::vector<Operand> v;
  v.reserve(sizeof...(o));
  (v.push_back(std::forward<O>(o)), ...);
  return v;
}

// A Name interned when first used: a run writes a few of the callees below (interning all of
// them at every start, with the 106 op spellings at the first op, cost ~60k instructions).
class LazyName {
public:
  explicit LazyName(std::string_view text) : text_(text) {}
  Name operator()() {
    if (name_.empty()) name_ = Name(text_);
    return name_;
  }

private:
  std::string_view text_;
  Name name_;
};

// The callees the builder writes.
struct Callees {
  LazyName check_tensor_metadata{"check_tensor_metadata"}, check_none{"check_none"},
      check_not_none{"check_not_none"}, check_string_value{"check_string_value"},
      check_literal_like{"check_literal_like"}, check_number_type_and_value{"check_number_type_and_value"},
      check_type{"check_type"}, check_len{"check_len"}, check_keys{"check_keys"}, check_is{"check_is"},
      check_is_not{"check_is_not"}, check_hasattr{"check_hasattr"}, check_no_aliases{"check_no_aliases"},
      get_parameter{"module.get_parameter"}, get_buffer{"module.get_buffer"},
      get_submodule{"module.get_submodule"}, clone{"torch.clone"}, copy_{"torch.Tensor.copy_"},
      ordered_dict{"collections.OrderedDict"}, set_buffer{"set_buffer"}, replace_items{"replace_items"};
};

std::string float_literal(double f) {
  return std::isfinite(f) ? py_float_repr(f) : "float('" + py_float_repr(f) + "')";
}

// A component of an input path, ordered as the prologue orders inputs: indices and numeric
// names as numbers, dict keys in the dict's order, attribute names alphabetically.
using PathPart = std::tuple<int, int64_t, std::string_view>; // names: in the heap

class Builder {
public:
  // `consumed`: the ops of `p`, whose argument metadata may be moved into the computation.
  Builder(const Graph &g, const Program &p, const BuildOptions &o, std::deque<OpRecord> *consumed)
      : g_(g), p_(p), h_(p.heap), bound_(o.bound_arguments), consumed_ops_(consumed),
        op_callees_(ops::all_ops().size()) {}

  Traces build() {
    // A Namer has the traces' own names (trace_reserved_names()) taken from the start.
    for (Namer *n : {&pro_names_, &comp_names_, &epi_names_})
      for (const ClassDecl &c : g_.classes) n->reserve(c.printed_name); // the imported classes
    collect_needs();
    rank_paths();
    comp_inputs_ = by_path(comp_inputs_);
    epi_inputs_ = by_path(epi_inputs_);
    build_prologue();
    build_computation(); // the last reader of the op records (a consumed program's are freed)
    build_epilogue();
    finish_prologue();
    return std::move(out_);
  }

private:
  const Graph &g_;
  const Program &p_;
  const Heap &h_;
  bool bound_; // BuildOptions::bound_arguments
  std::deque<OpRecord> *consumed_ops_;
  Traces out_;
  Namer pro_names_, comp_names_, epi_names_;

  std::vector<ProvId> needed_;                      // input records the prologue unpacks, ascending
  std::vector<uint8_t> is_needed_; // by record; bytes: read back faster than bits (~50k fewer
                                   // instructions at L = 32)
  // Needed record -> place in input-path order; by record, set at the needed ones only (filling
  // one place per record cost an instruction a byte at L = 32, the most of them never read).
  std::unique_ptr<uint32_t[]> path_rank_;
  std::vector<ProvId> in_path_order_;               // the needed records in that order
  // The guards on each record in program order, as lists: first_guard_ by record, next_guard_ by
  // guard (indices into p_.guards; kNoGuard ends a list).
  std::vector<uint32_t> first_guard_, next_guard_;
  std::vector<const Guard *> guard_at_; // by index: a deque's indexing cost ~15 instructions a read
  std::vector<uint32_t> identity_guards_; // the Is and IsNot guards, in program order
  // Records passed on: as found (repeated), then unique in input-path order (by_path()).
  std::vector<ProvId> comp_inputs_, epi_inputs_;
  std::vector<ValueId> pro_value_;                  // record -> prologue value, or kNoValue
  std::vector<ValueId> comp_value_; // heap value (tensor version) -> computation value, or kNoValue
  std::vector<ValueId> comp_outputs_;               // computation values the epilogue reads
  std::unordered_map<ValueId, ValueId> epi_of_comp_; // computation output -> epilogue param
  std::unordered_map<ProvId, ValueId> epi_input_;   // record -> epilogue param
  std::unordered_map<uint32_t, ValueId> epi_built_; // heap value -> epilogue value (dataclasses)
  std::unordered_map<uint32_t, int> epi_reached_;   // new lists, dicts, dataclasses -> times reached
  std::set<std::string_view> pro_classes_, epi_classes_; // the graph's class names
  struct SelfPath { // self_member_path(): its text is self_texts_[at, at + size)
    bool made = false;
    bool plain = false; // py_str(text) is text in quotes: so is a member's when its name is plain
    uint32_t at = 0, size = 0;
  };
  std::vector<SelfPath> self_paths_; // by record path rank
  std::string self_texts_; // the paths' texts one after another (a string each: an allocation each)
  std::string_view text_of(const SelfPath &p) const { return {self_texts_.data() + p.at, p.size}; }

  Callees callee_;
  std::vector<Name> op_callees_; // by op: its torch_name, once written
  const Name none_{"None"}, true_{"True"}, false_{"False"};

  // The printed spelling of an op (OpInfo::torch_name).
  Name op_callee(ops::Op op) {
    Name &name = op_callees_[size_t(op)];
    if (name.empty()) name = Name(ops::info(op).torch_name);
    return name;
  }

  // ---- what is needed ----------------------------------------------------------------------

  bool is_input(Value v) const { return v && h_.from_input(v); }

  static constexpr ValueId kNoValue = ~ValueId{0};
  static constexpr uint32_t kNoGuard = ~uint32_t{0};

  ValueId pro_value(ProvId r) const {
    THUNDERC_ASSERT(r < pro_value_.size() && pro_value_[r] != kNoValue,
                    "a record read before the prologue unpacks it: " + h_.path(r));
    return pro_value_[r];
  }

  void need(ProvId r) {
    for (ProvId at = r; !is_needed_[at];) {
      is_needed_[at] = true;
      const ProvRecord &rec = h_.record(at);
      if (rec.kind != ProvKind::Attr && rec.kind != ProvKind::Item) break;
      at = rec.parent;
    }
  }

  void collect_tensor_inputs(Value v) {
    if (!v) return;
    Kind k = h_.kind(v);
    if (k == Kind::Tensor) {
      if (is_input(v)) comp_inputs_.push_back(h_.prov(v));
    } else if (k == Kind::Tuple || k == Kind::List) {
      for (Value i : h_.items(v)) collect_tensor_inputs(i);
    }
  }

  // Values the epilogue reads: input objects and tensors as themselves.
  void collect_epilogue_inputs(Value v, int depth = 0) {
    if (!v || depth > 64) return;
    Kind k = h_.kind(v);
    if (is_input(v) && k != Kind::None && k != Kind::Bool && k != Kind::Int && k != Kind::Float &&
        k != Kind::Str && k != Kind::DType && k != Kind::Device) {
      epi_inputs_.push_back(h_.prov(v));
      return;
    }
    if (k == Kind::Tuple || k == Kind::List)
      for (Value i : h_.items(v)) collect_epilogue_inputs(i, depth + 1);
    if (k == Kind::Dict || k == Kind::Dataclass)
      for (const Entry &e : h_.entries(v)) collect_epilogue_inputs(e.value, depth + 1);
  }

  void collect_needs() {
    is_needed_.assign(h_.records().size(), false);
    pro_value_.assign(h_.records().size(), kNoValue);
    first_guard_.assign(h_.records().size(), kNoGuard);
    next_guard_.assign(p_.guards.size(), kNoGuard);
    // One pass over the guards (tens of thousands of large records), last to first: each list in
    // program order.
    guard_at_.reserve(p_.guards.size());
    for (const Guard &gd : p_.guards) guard_at_.push_back(&gd);
    for (uint32_t g = static_cast<uint32_t>(p_.guards.size()); g-- > 0;) {
      const Guard &gd = *guard_at_[g];
      next_guard_[g] = first_guard_[gd.subject];
      first_guard_[gd.subject] = g;
      need(gd.subject);
      if (gd.kind == Guard::Kind::Is || gd.kind == Guard::Kind::IsNot) {
        need(gd.other);
        identity_guards_.push_back(g);
      }
    }
    std::reverse(identity_guards_.begin(), identity_guards_.end());
    for (const OpRecord &op : p_.ops) {
      for (Value a : op.args) collect_tensor_inputs(a);
      for (const auto &[k, a] : op.kwargs) collect_tensor_inputs(a);
    }
    for (const WriteBack &wb : p_.write_backs) comp_inputs_.push_back(h_.prov(wb.tensor));
    for (const SideEffect &se : p_.side_effects) {
      if (se.kind == SideEffect::Kind::SetBuffer) epi_inputs_.push_back(se.module_root);
      else
        epi_inputs_.push_back(h_.prov(se.target));
      collect_epilogue_inputs(se.value);
    }
    collect_epilogue_inputs(p_.result);
    for (ProvId r : comp_inputs_) need(r);
    for (ProvId r : epi_inputs_) need(r);
    // Ascending: read from the marks (no sort), counted first (push_back, called out of line, cost
    // ~25 instructions a record).
    needed_.resize(size_t(std::count(is_needed_.begin(), is_needed_.end(), 1)));
    for (ProvId r = 0, n = 0; r < is_needed_.size(); ++r)
      if (is_needed_[r]) needed_[n++] = r;
  }

  // Calls f(guard) for each guard on record `r`, in program order.
  template <class F> void for_each_guard_on(ProvId r, F f) const {
    for (uint32_t g = first_guard_[r]; g != kNoGuard; g = next_guard_[g]) f(*guard_at_[g]);
  }

  // ---- naming and types --------------------------------------------------------------------

  // Made once per class: thousands of module values share a few classes. The keys are views of
  // the heap's interned names, which outlive the builder.
  Name class_repr(std::string_view cls) const {
    auto [it, fresh] = class_reprs_.try_emplace(cls);
    if (fresh) {
      const ClassDecl *c = g_.find_class(cls);
      it->second = c ? fmt::format("<class '{}.{}'>", c->module, c->qualname)
                     : fmt::format("<class '{}'>", cls);
    }
    return it->second;
  }
  mutable std::unordered_map<std::string_view, Name, StrHash> class_reprs_;

  // Made once per float (by its bits: -0.0 is not 0.0): a model's floats are a few constants
  // (eps, scales) repeated in every layer, and Python's repr costs hundreds of instructions.
  Name float_name(double f) const {
    auto [it, fresh] = float_names_.try_emplace(std::bit_cast<uint64_t>(f));
    if (fresh) it->second = Name(float_literal(f));
    return it->second;
  }
  mutable std::unordered_map<uint64_t, Name> float_names_;

  // Records an imported class in `used` by its name (the graph's).
  std::string class_literal(std::string_view cls, std::set<std::string_view> &used) const {
    if (const ClassDecl *c = g_.find_class(cls)) {
      used.insert(c->name);
      return c->printed_name;
    }
    if (cls.starts_with("builtins.")) return std::string(cls.substr(9)); // dict, str, object, ...
    return std::string(cls); // torch.nn.Linear, collections.OrderedDict
  }

  // Neighbouring tensors mostly share their metadata: compared with the last, then looked up among
  // the recent ones by hash, before it is interned (the pool's lock and lookup cost ~200
  // instructions; the layers repeat a few dozen metadata: 64 places left 316 lookups at L = 32,
  // 256 leave 34).
  InternedMeta meta_of(Value v) {
    const TensorMeta &m = h_.meta(v);
    if (same_meta(*last_meta_, m)) return last_meta_;
    InternedMeta &seen = recent_metas_[TensorMetaHash{}(m) % recent_metas_.size()];
    if (!same_meta(*seen, m)) seen = InternedMeta(m);
    return last_meta_ = seen;
  }
  // TensorMeta's ==, its few dims compared in line (the defaulted == calls memcmp: ~20
  // instructions more a comparison, two comparisons a tensor).
  static bool same_meta(const TensorMeta &a, const TensorMeta &b) {
    static_assert(sizeof(TensorMeta) == 40, "same_meta compares every field: add the new one");
    if (a.dtype != b.dtype || !(a.device == b.device) || a.requires_grad != b.requires_grad ||
        a.shape.size() != b.shape.size())
      return false;
    for (size_t i = 0; i < a.shape.size(); ++i)
      if (a.shape[i] != b.shape[i]) return false;
    return true;
  }
  InternedMeta last_meta_;
  std::array<InternedMeta, 256> recent_metas_;

  ValueType type_of(Value v) {
    ValueType t;
    switch (h_.kind(v)) {
    case Kind::Tensor: t.kind = ValueType::Kind::Tensor, t.tensor = meta_of(v); break;
    case Kind::Int: t.kind = ValueType::Kind::Int, t.text = literal_name(v); break;
    case Kind::Float: t.kind = ValueType::Kind::Float, t.text = literal_name(v); break;
    case Kind::Bool: t.kind = ValueType::Kind::Bool, t.text = literal_name(v); break;
    case Kind::Str: t.kind = ValueType::Kind::Str; break;
    case Kind::None: t.kind = ValueType::Kind::None; break;
    case Kind::Object:
    case Kind::Dataclass:
    case Kind::Module: t.kind = ValueType::Kind::Object, t.text = class_repr(h_.name(v)); break;
    default: break;
    }
    return t;
  }

  // A positional argument's record (named after its parameter).
  bool is_positional(const ProvRecord &rec) const {
    return rec.kind == ProvKind::Item && rec.int_key && h_.record(rec.parent).kind == ProvKind::InputArgs;
  }

  // The records of `r`'s input path whose keys and names name it, outermost first: members up to
  // an input root or a positional argument.
  void name_parts(ProvId r, std::vector<ProvId> &parts) const {
    parts.clear();
    for (ProvId at = r;;) {
      const ProvRecord &rec = h_.record(at);
      if (rec.kind != ProvKind::Attr && rec.kind != ProvKind::Item) break;
      parts.push_back(at);
      if (is_positional(rec)) break;
      at = rec.parent;
    }
    std::reverse(parts.begin(), parts.end());
  }

  // Calls f(text) with the text record `at` gives a name: its name, its parameter's, its index.
  template <class F> void with_part_text(ProvId at, F f) const {
    const ProvRecord &rec = h_.record(at);
    if (!rec.int_key) {
      f(rec.name);
    } else if (is_positional(rec)) {
      f(std::string_view(arg_param_name(rec.index)));
    } else {
      char digits[24];
      f(std::string_view(digits, std::to_chars(digits, digits + sizeof digits, rec.index).ptr));
    }
  }
  void append_part(std::string &out, ProvId at) const {
    with_part_text(at, [&](std::string_view text) { out += text; });
  }
  // `out` = the parts' texts joined by `_` (none after an empty start), written in place after
  // one growth (an append a part and a push_back a `_`, a call each, cost ~90k instructions at
  // L = 32).
  void join_parts(std::string &out, std::span<const ProvId> parts) const {
    size_t most = parts.size(); // the `_`s, and one more
    for (ProvId p : parts) with_part_text(p, [&](std::string_view text) { most += text.size(); });
    out.resize(most);
    char *at = out.data();
    for (ProvId p : parts) {
      with_part_text(p, [&](std::string_view text) {
        if (at != out.data()) *at++ = '_';
        at = std::copy(text.begin(), text.end(), at);
      });
    }
    out.resize(size_t(at - out.data()));
  }

  std::string arg_param_name(int64_t index) const {
    const Function *fn = g_.find_function(g_.entry);
    size_t at = static_cast<size_t>(index) + (g_.inputs.self ? 1 : 0);
    return fn && at < fn->params.size() && fn->params[at].kind == Param::Kind::Positional
               ? fn->params[at].name
               : "arg" + std::to_string(index);
  }

  // Makes `s` an identifier: other characters become `_`, and `t_` goes before a leading digit.
  static void sanitize(std::string &s) {
    // Every character stored: the loop vectorises (with a branch a character it cost 8M
    // instructions at L = 1000; 2M so).
    for (char &c : s) {
      bool kept = uint8_t((c | 0x20) - 'a') < 26 || uint8_t(c - '0') < 10 || c == '_';
      c = kept ? c : '_';
    }
    if (s.empty() || isdigit(static_cast<unsigned char>(s[0]))) s.insert(0, "t_");
  }

  // The short name of an input tensor: `input_ids`, `key_cache_0`, `q_proj_weight`; the whole
  // path when that is taken (`model_layers_1_self_attn_q_proj_weight`).
  std::string tensor_name(ProvId r) {
    std::vector<ProvId> &parts = name_parts_;
    name_parts(r, parts);
    if (parts.empty()) return pro_names_.take("t", false);
    auto take_if_free = [&](std::string &candidate) {
      sanitize(candidate); // an identifier now: a name unless it is a keyword
      return !is_python_keyword(candidate) && pro_names_.claim(candidate);
    };
    std::string &name = name_text_;
    name.clear();
    if (parts.size() >= 2) {
      append_part(name, parts[parts.size() - 2]);
      name += '_';
    }
    append_part(name, parts.back());
    if (take_if_free(name)) return name;
    join_parts(name, parts); // the whole path, built only when the short name is taken
    return take_if_free(name) ? name : pro_names_.take("t", false);
  }
  std::vector<ProvId> name_parts_; // tensor_name's, kept for their room (a name grown from empty
  std::string name_text_;          // reallocated two or three times: ~100k instructions at L = 32)

  std::string prologue_name(ProvId r, Value v) {
    switch (h_.kind(v)) {
    case Kind::Tensor: return tensor_name(r);
    case Kind::Int: return pro_names_.take("i", false);
    case Kind::Float: return pro_names_.take("f", false);
    case Kind::Bool: return pro_names_.take("b", false);
    case Kind::Str: return pro_names_.take("s", false);
    default: return pro_names_.take("p", false);
    }
  }

  // ---- literals ----------------------------------------------------------------------------

  std::string literal(Value v) const {
    std::string out;
    append_literal(out, v);
    return out;
  }

  // The literal of `v`, interned. Ints and floats are found by value (a model's are a few dozen,
  // repeated in every layer: formatting and interning one cost ~200 instructions); other literals
  // by their text among the recent ones.
  Name literal_name(Value v) {
    switch (h_.kind(v)) {
    case Kind::None: return none_;
    case Kind::Bool: return h_.as_bool(v) ? true_ : false_;
    case Kind::Int: return int_name(h_.as_int(v));
    case Kind::Float: return float_name(h_.as_float(v));
    default: break;
    }
    lit_text_.clear();
    append_literal(lit_text_, v);
    return recent_literal(lit_text_);
  }

  // Found among the recent ints by value (direct-mapped): loop counters and sizes repeat.
  Name int_name(int64_t i) {
    auto &[key, name] = recent_ints_[uint64_t(i) % recent_ints_.size()];
    if (name.empty() || key != i) {
      char digits[24];
      key = i;
      name = Name(std::string_view(digits, std::to_chars(digits, digits + sizeof digits, i).ptr));
    }
    return name;
  }
  std::array<std::pair<int64_t, Name>, 256> recent_ints_;

  // Appends the Python literal of `v` (without temporaries: computation ops have thousands).
  void append_literal(std::string &out, Value v) const {
    switch (h_.kind(v)) {
    case Kind::None: out += "None"; return;
    case Kind::Bool: out += h_.as_bool(v) ? "True" : "False"; return;
    case Kind::Int: {
      char digits[24];
      out.append(digits, std::to_chars(digits, digits + sizeof digits, h_.as_int(v)).ptr);
      return;
    }
    case Kind::Float: out += float_name(h_.as_float(v)).str(); return;
    case Kind::Str: out += py_str(h_.as_str(v)); return;
    case Kind::DType: (out += "torch.") += dtype_name(h_.as_dtype(v)); return;
    case Kind::Device: ((out += "torch.device(") += py_str(device_name(h_.as_device(v)))) += ')'; return;
    case Kind::Ellipsis: out += "..."; return;
    default: break;
    }
    THUNDERC_ASSERT(false, "not a literal: " + h_.repr(v));
  }

  // ---- prologue ----------------------------------------------------------------------------

  // The last component of a needed record's input path; nullopt for a record that starts a path
  // of its own without a component (neither an input root nor a member).
  std::optional<PathPart> path_part(ProvId r) const {
    const ProvRecord &rec = h_.record(r);
    if (rec.kind == ProvKind::InputArgs) return PathPart{0, 0, ""};
    if (rec.kind == ProvKind::InputKwargs) return PathPart{1, 0, ""};
    if (rec.kind == ProvKind::InputFn) return PathPart{2, 0, ""};
    if (rec.kind != ProvKind::Attr && rec.kind != ProvKind::Item) return std::nullopt;
    const ProvRecord &owner = h_.record(rec.parent);
    bool numeric = !rec.name.empty() && std::all_of(rec.name.begin(), rec.name.end(), ::isdigit);
    if (rec.int_key) return PathPart{0, rec.index, ""};
    if (numeric && rec.name.size() < 18) return PathPart{0, std::stoll(std::string(rec.name)), ""};
    if (rec.kind == ProvKind::Item && owner.kind != ProvKind::InputKwargs && owner.value &&
        h_.is(owner.value, Kind::Dict)) {
      int64_t pos = 0;
      for (const Entry &e : h_.entries(owner.value)) {
        if (h_.is(e.key, Kind::Str) && h_.as_str(e.key) == rec.name) break;
        ++pos;
      }
      return PathPart{1, pos, rec.name};
    }
    return PathPart{2, 0, rec.name};
  }

  // Puts the needed records in input-path order once (in_path_order_; by_path() sorts subsets by
  // their place in it): paths compare part by part, a path before its extensions, equal paths by
  // record. The paths form a tree (a needed record's owner is needed: need()); its nodes are
  // visited depth-first, each node's children in part order.
  void rank_paths() {
    // Children and records are linked lists through flat arrays: a vector each per node would be
    // thousands of allocations.
    constexpr uint32_t kNone = ~uint32_t{0};
    struct Node {
      PathPart part;
      uint32_t first_child = kNone, next_sibling = kNone;
      ProvId first_record = kNone, last_record = kNone;
    };
    std::vector<Node> nodes(1); // 0: the empty path
    nodes.reserve(needed_.size() + 1);
    struct Hash {
      size_t operator()(const std::pair<uint32_t, PathPart> &k) const noexcept {
        const auto &[kind, num, name] = k.second;
        return StrHash{}(name) ^ (size_t(k.first) * 0x9E3779B97F4A7C15ull) ^
               (size_t(num) * 31 + size_t(kind));
      }
    };
    // (parent node, part) -> node; open addressing: no allocation per node
    tsl::robin_map<std::pair<uint32_t, PathPart>, uint32_t, Hash> index;
    index.reserve(needed_.size());
    // By record, like path_rank_: set at the needed ones, each before it is read.
    auto node_of = std::make_unique_for_overwrite<uint32_t[]>(h_.records().size());
    auto next_record = std::make_unique_for_overwrite<ProvId[]>(h_.records().size()); // in its node
    for (ProvId r : needed_) { // ascending: an owner's record is older than its members'
      const ProvRecord &rec = h_.record(r);
      uint32_t at = 0;
      if (auto part = path_part(r)) {
        uint32_t parent = 0;
        if (rec.kind == ProvKind::Attr || rec.kind == ProvKind::Item) parent = node_of[rec.parent];
        auto [it, fresh] = index.try_emplace({parent, *part}, static_cast<uint32_t>(nodes.size()));
        if (fresh) {
          nodes.push_back({*part, kNone, nodes[parent].first_child, kNone, kNone});
          nodes[parent].first_child = it->second;
        }
        at = it->second;
      }
      node_of[r] = at;
      Node &n = nodes[at];
      (n.first_record == kNone ? n.first_record : next_record[n.last_record]) = r;
      n.last_record = r;
      next_record[r] = kNone;
    }
    path_rank_ = std::make_unique_for_overwrite<uint32_t[]>(h_.records().size());
    self_paths_.resize(needed_.size());
    in_path_order_.reserve(needed_.size());
    uint32_t rank = 0;
    std::vector<uint32_t> stack = {0}, children;
    while (!stack.empty()) {
      const Node &n = nodes[stack.back()];
      stack.pop_back();
      for (ProvId r = n.first_record; r != kNone; r = next_record[r]) {
        path_rank_[r] = rank++;
        in_path_order_.push_back(r);
      }
      children.clear();
      for (uint32_t c = n.first_child; c != kNone; c = nodes[c].next_sibling) children.push_back(c);
      std::sort(children.begin(), children.end(),
                [&](uint32_t a, uint32_t b) { return nodes[a].part > nodes[b].part; });
      stack.insert(stack.end(), children.begin(), children.end()); // the first part on top
    }
  }

  // `records` (needed ones) in input-path order, each once: ranks are dense, so they are marked by
  // rank and read back in rank order (no sort).
  std::vector<ProvId> by_path(const std::vector<ProvId> &records) const {
    std::vector<uint8_t> marked(in_path_order_.size(), false); // bytes, like is_needed_
    for (ProvId r : records) marked[path_rank_[r]] = true;
    std::vector<ProvId> out;
    out.reserve(records.size());
    for (size_t rank = 0; rank < marked.size(); ++rank)
      if (marked[rank]) out.push_back(in_path_order_[rank]);
    return out;
  }

  // The dotted path of `r` from the entry's `self` ("model.layers.0.mlp.up_proj.weight") when `r`
  // is reached from it through module members only (Heap::module_path rooted at `self`), built
  // from its owner's; null otherwise. Kept by the record's rank (a needed record's owner is needed).
  const SelfPath *self_member_path(ProvId r) {
    SelfPath &path = self_paths_[path_rank_[r]];
    if (path.made) return &path;
    const ProvRecord &rec = h_.record(r);
    if (rec.kind != ProvKind::Attr && rec.kind != ProvKind::Item) return nullptr;
    const ProvRecord &owner = h_.record(rec.parent);
    if (!owner.value || !h_.is(owner.value, Kind::Module)) return nullptr;
    char digits[24];
    std::string_view part = rec.int_key
                                ? std::string_view(digits, std::to_chars(digits, digits + sizeof digits, rec.index).ptr)
                                : std::string_view(rec.name);
    path.plain = rec.int_key || member_name(rec.name).plain; // digits are plain
    const SelfPath *owner_path = nullptr;
    if (owner.kind != ProvKind::InputFn) {
      owner_path = self_member_path(rec.parent); // its text first: the owner's comes before
      if (!owner_path) return nullptr;
      path.plain &= owner_path->plain;
    }
    // `owner.part`, written in place after one growth (three appends were ~150 instructions)
    path.at = static_cast<uint32_t>(self_texts_.size());
    path.size = static_cast<uint32_t>((owner_path ? owner_path->size + 1 : 0) + part.size());
    self_texts_.resize(path.at + path.size);
    char *at = self_texts_.data() + path.at;
    if (owner_path) {
      at = std::copy_n(self_texts_.data() + owner_path->at, owner_path->size, at);
      *at++ = '.';
    }
    std::copy(part.begin(), part.end(), at);
    path.made = true;
    return &path;
  }

  // A member's name (ProvRecord::name: a view of a heap symbol, so one text has one address),
  // interned and checked once and found by its address among the recent ones (direct-mapped): the
  // same few dozen names (`layers`, `weight`) recur in every layer, and interning one cost ~250
  // instructions, checking it ~100.
  struct MemberName {
    const char *data = nullptr;
    size_t size = 0;
    bool plain = false; // is_plain_py_str
    Name name;          // made when first asked
  };
  MemberName &member_name(std::string_view text) {
    auto slot = (reinterpret_cast<uintptr_t>(text.data()) * 0x9E3779B97F4A7C15ull) >> 56; // 8 bits
    MemberName &m = member_names_[slot];
    if (m.data != text.data() || m.size != text.size()) m = {text.data(), text.size(), is_plain_py_str(text), {}};
    return m;
  }
  Name attr_name(std::string_view text) {
    MemberName &m = member_name(text);
    if (m.name.empty()) m.name = Name(text);
    return m.name;
  }
  std::array<MemberName, 256> member_names_;

  // Fills `ins`, an instruction added to the prologue, with the unpack of `r` into `out`.
  void unpack(ProvId r, ValueId out, Instr &ins) {
    const ProvRecord &rec = h_.record(r);
    ins.outs = {out};
    ins.annotate = true;
    ins.pure = true; // an unpack nothing uses is dropped (prologue_dce)
    // Members of the root module by dotted path: module.get_parameter('layers.0.weight').
    // A None member (a Linear without bias) is no nn.Parameter: read it from its owner.
    bool none = rec.value && h_.is(rec.value, Kind::None);
    if (g_.inputs.self && !none) {
      if (const SelfPath *path = self_member_path(r)) {
        LazyName *getter = rec.slot == Slot::Parameter   ? &callee_.get_parameter
                           : rec.slot == Slot::Buffer    ? &callee_.get_buffer
                           : rec.slot == Slot::Submodule ? &callee_.get_submodule
                                                         : nullptr;
        if (getter) {
          ins.kind = Instr::Kind::Call;
          ins.callee = (*getter)();
          std::string_view text = text_of(*path);
          if (path->plain) { // in quotes, written in place (appends were a call each)
            lit_text_.resize(text.size() + 2);
            lit_text_.front() = lit_text_.back() = '\'';
            std::copy(text.begin(), text.end(), lit_text_.begin() + 1);
          } else {
            lit_text_ = py_str(text);
          }
          ins.args.push_back(Operand::lit(lit_text_));
          return;
        }
      }
    }
    ValueId owner = pro_value(rec.parent);
    if (rec.kind == ProvKind::Attr) {
      ins.kind = Instr::Kind::GetAttr;
      ins.attr = attr_name(rec.name);
      ins.args = operands(Operand::of(owner));
    } else {
      ins.kind = Instr::Kind::GetItem;
      ins.args = operands(Operand::of(owner),
                          rec.int_key ? Operand::lit(int_name(rec.index)) : literal_operand(py_str(rec.name)));
    }
  }

  // Appends `fn(x, rest...)` to the prologue.
  template <class... Rest> Instr &check(Name fn, ValueId x, Rest &&...rest) {
    Instr &ins = check_of(fn, x, sizeof...(rest));
    (ins.args.push_back(std::forward<Rest>(rest)), ...);
    return ins;
  }
  Instr &check(Name fn, ValueId x, const std::vector<Operand> &rest) {
    Instr &ins = check_of(fn, x, rest.size());
    ins.args.insert(ins.args.end(), rest.begin(), rest.end());
    return ins;
  }
  // `fn(x)`, with room for `more` arguments.
  Instr &check_of(Name fn, ValueId x, size_t more) {
    Instr &ins = out_.prologue.body.emplace_back();
    ins.callee = fn;
    ins.args.reserve(1 + more);
    ins.args.push_back(Operand::of(x));
    return ins;
  }

  // check_tensor_metadata's arguments after the tensor, made once per distinct metadata.
  const std::vector<Operand> &metadata_operands(const TensorMeta &m) {
    auto [it, fresh] = metadata_operands_.try_emplace(m);
    if (fresh)
      it->second = operands(shape_literal(m.shape), Operand::lit(py_str(device_name(m.device))),
                            Operand::lit("torch." + std::string(dtype_name(m.dtype))),
                            Operand::lit(m.requires_grad ? "True" : "False"));
    return it->second;
  }
  std::unordered_map<TensorMeta, std::vector<Operand>, TensorMetaHash> metadata_operands_;

  // check_type's class, made once per class (thousands of modules share a few). The keys are
  // views of the guards' class names.
  Name type_literal(std::string_view cls) {
    auto [it, fresh] = type_literals_.try_emplace(cls);
    if (fresh) it->second = Name(class_literal(cls, pro_classes_));
    return it->second;
  }
  std::unordered_map<std::string_view, Name, StrHash> type_literals_;

  void emit_guard(const Guard &gd, ValueId x) {
    using K = Guard::Kind;
    switch (gd.kind) {
    case K::TensorMeta: check(callee_.check_tensor_metadata(), x, metadata_operands(gd.meta)); break;
    case K::Value: {
      Kind k = h_.kind(gd.value);
      if (k == Kind::None) {
        check(callee_.check_none(), x);
        break;
      }
      Name fn = k == Kind::Str                          ? callee_.check_string_value()
                : k == Kind::DType || k == Kind::Device ? callee_.check_literal_like()
                                                        : callee_.check_number_type_and_value();
      check(fn, x, Operand::lit(literal_name(gd.value)));
      break;
    }
    case K::None: check(callee_.check_none(), x); break;
    case K::NotNone: check(callee_.check_not_none(), x); break;
    case K::Type: check(callee_.check_type(), x, Operand::lit(type_literal(gd.cls))); break;
    case K::Len: check(callee_.check_len(), x, Operand::lit(int_name(gd.length))); break;
    case K::Keys: {
      std::vector<Operand> keys;
      keys.reserve(gd.keys.size());
      for (const auto &k : gd.keys) keys.push_back(Operand::lit(py_str(k)));
      Instr &ins = check(callee_.check_keys(), x, Operand::tuple(std::move(keys)));
      if (gd.ordered) ins.kwargs.emplace_back("ordered", Operand::lit("True"));
      break;
    }
    case K::Is: check(callee_.check_is(), x, Operand::of(pro_value(gd.other))); break;
    case K::IsNot: check(callee_.check_is_not(), x, Operand::of(pro_value(gd.other))); break;
    case K::HasAttr:
      check(callee_.check_hasattr(), x, Operand::lit(py_str(gd.name)), Operand::lit(gd.expected ? "True" : "False"));
      break;
    }
  }

  static Operand shape_literal(const std::vector<int64_t> &shape) {
    std::vector<Operand> dims;
    dims.reserve(shape.size());
    for (int64_t d : shape) dims.push_back(Operand::lit(std::to_string(d)));
    return Operand::tuple(std::move(dims));
  }

  void build_prologue() {
    Trace &t = out_.prologue;
    t.name = "prologue";
    t.varargs = true;
    if (g_.inputs.self) t.params.push_back(t.add_value("module", type_of(p_.self)));
    ValueId args = t.add_value("args", {});
    ValueId kwargs = t.add_value("kwargs", {});
    t.params.push_back(args);
    t.params.push_back(kwargs);
    // About one unpack and one check per record, the parameters' comments, the aliasing check and
    // the return: no regrowth (a regrowth moves every instruction).
    t.values.reserve(needed_.size() + 3);
    t.body.reserve(needed_.size() + p_.guards.size() + 5);
    pro_names_.expect(needed_.size());
    // A parameter's type comment comes before its checks, where Thunder unpacks it (`# kwargs:
    // "Any"` before `check_len(kwargs, 2)`); one whose record is not needed, at the top.
    out_.prologue_options.param_comments = false;
    std::vector<ValueId> uncommented = t.params;
    auto comment = [&](ValueId p) {
      Instr &ins = t.body.emplace_back();
      ins.kind = Instr::Kind::Comment;
      std::string text = t.name_of(p) + ": \"";
      append_type_text(text, t.values[p].type);
      text += '"';
      ins.comment = text;
      std::erase(uncommented, p);
    };
    bool alias_checked = !p_.side_effects.empty() || !p_.write_backs.empty(); // check_no_aliases
    if (alias_checked) unpacked_.reserve(in_path_order_.size());
    // Records in input-path order; parents sort before their members.
    for (ProvId r : in_path_order_) {
      const ProvRecord &rec = h_.record(r);
      ValueId v;
      if (rec.kind == ProvKind::InputArgs) comment(v = args);
      else if (rec.kind == ProvKind::InputKwargs) comment(v = kwargs);
      else if (rec.kind == ProvKind::InputFn) comment(v = t.params.at(0));
      else {
        v = t.add_value(prologue_name(r, rec.value), type_of(rec.value));
        unpack(r, v, t.body.emplace_back());
      }
      pro_value_[r] = v;
      if (alias_checked && rec.kind != ProvKind::InputArgs && rec.kind != ProvKind::InputKwargs)
        unpacked_.push_back({rec.value, v, h_.kind(rec.value)});
      // check_type(x, C) already rejects None: a check_not_none(x) beside it is left out.
      bool typed = false;
      for_each_guard_on(r, [&](const Guard &gd) { typed |= gd.kind == Guard::Kind::Type; });
      for_each_guard_on(r, [&](const Guard &gd) {
        if (gd.kind != Guard::Kind::Is && gd.kind != Guard::Kind::IsNot &&
            !(typed && gd.kind == Guard::Kind::NotNone))
          emit_guard(gd, v);
      });
    }
    // Identity checks once both sides exist.
    for (uint32_t g : identity_guards_) emit_guard(*guard_at_[g], pro_value(guard_at_[g]->subject));
    size_t end = t.body.size();
    for (ValueId p : std::vector<ValueId>(uncommented)) comment(p);
    std::rotate(t.body.begin(), t.body.begin() + std::ptrdiff_t(end), t.body.end());
  }

  // The records the prologue unpacks from inputs (not the fresh args and kwargs), in path order,
  // with what check_no_aliases reads of them: kept by build_prologue, where they are at hand
  // (read again by record, each was a cache miss or two at L = 1000).
  struct Unpacked {
    Value value;
    ValueId pro;
    Kind kind;
  };
  std::vector<Unpacked> unpacked_; // only for check_no_aliases

  // The inputs the program changes (side-effect targets, tensors written back) must not be, or
  // share memory with, another input it uses: the traces were made for distinct objects (inputs
  // that are one object are traced as one through a `ref`). One check over all of them, before
  // the return.
  void check_no_aliases() {
    if (p_.side_effects.empty() && p_.write_backs.empty()) return;
    enum : char { kOther, kChanged, kSeen };
    std::vector<char> state(h_.size(), kOther); // by heap value
    bool tensors = false, objects = false;
    auto change = [&](Value v) {
      state[v.id] = kChanged;
      (h_.is(v, Kind::Tensor) ? tensors : objects) = true;
    };
    for (const SideEffect &se : p_.side_effects) change(se.target);
    for (const WriteBack &wb : p_.write_backs) change(wb.tensor);
    std::vector<Operand> first, rest; // the changed inputs, the others; each in path order
    for (const Unpacked &u : unpacked_) {
      Kind k = u.kind;
      bool object = k == Kind::Object || k == Kind::Dataclass || k == Kind::Module ||
                    k == Kind::Dict || k == Kind::List;
      if (!(k == Kind::Tensor ? tensors : object && objects)) continue;
      char &s = state[u.value.id];
      if (s == kSeen) continue; // a ref: one object under two paths
      (s == kChanged ? first : rest).push_back(Operand::of(u.pro));
      s = kSeen;
    }
    if (first.size() + rest.size() < 2) return;
    Instr &ins = out_.prologue.body.emplace_back();
    ins.callee = callee_.check_no_aliases();
    ins.args = operands(Operand::tuple(std::move(first)), Operand::tuple(std::move(rest)));
  }

  void finish_prologue() {
    check_no_aliases();
    std::vector<Operand> comp, epi;
    for (ProvId r : comp_inputs_) comp.push_back(Operand::of(pro_value(r)));
    for (ProvId r : epi_inputs_) epi.push_back(Operand::of(pro_value(r)));
    Instr ret;
    ret.kind = Instr::Kind::Return;
    ret.args = {Operand::tuple({Operand::tuple(comp), Operand::tuple(epi)})};
    out_.prologue.body.push_back(std::move(ret));
    out_.prologue_options.classes = imports(pro_classes_);
  }

  std::vector<ClassImport> imports(const std::set<std::string_view> &names) const {
    std::vector<ClassImport> out;
    for (const auto &n : names) {
      const ClassDecl *c = g_.find_class(n);
      out.push_back({c->printed_name, c->module, c->qualname});
    }
    return out;
  }

  // ---- computation -------------------------------------------------------------------------

  std::string lit_text_; // a literal operand's text before it is interned (reused: no allocation)

  // A literal operand, its text interned through a small direct-mapped table of the texts last
  // seen: a few dozen literals (None, 1, -1, True, 'cpu') make most of them, and a lookup in the
  // Names' pool (a lock, a hash, a chain) costs about 200 instructions.
  Name recent_literal(std::string_view text) {
    Name &seen = recent_literals_[StrHash{}(text) % recent_literals_.size()];
    if (!(seen == text)) seen = Name(text);
    return seen;
  }
  Operand literal_operand(std::string_view text) { return Operand::lit(recent_literal(text)); }
  std::array<Name, 256> recent_literals_;

  // Makes `o`, a new (default) operand, the computation's argument for `v`.
  void comp_operand(Value v, Operand &o) {
    Kind k = h_.kind(v);
    if (k == Kind::Tensor) {
      ValueId cv = comp_value_[v.id];
      THUNDERC_ASSERT(cv != kNoValue, "tensor read before it is produced: " + h_.path_of(v));
      o = Operand::of(cv);
    } else if (k == Kind::Tuple || k == Kind::List) {
      o = k == Kind::Tuple ? Operand::tuple({}) : Operand::list({});
      std::vector<Operand> &items = o.edit_items();
      items.reserve(h_.items(v).size());
      for (Value i : h_.items(v)) comp_operand(i, items.emplace_back());
    } else if (k == Kind::Slice) {
      o = Operand::lit(slice_literal(h_.items(v)));
    } else {
      o = Operand::lit(literal_name(v));
    }
  }

  // `slice(start, stop, step)`, found among the recent slices by its parts when they are None or
  // ints (direct-mapped): a model's few slices (`x[:, :1]`) recur in every layer, and their text
  // cost ~400 instructions.
  struct RecentSlice {
    std::array<Kind, 3> kinds{};
    std::array<int64_t, 3> ints{}; // 0 for None
    Name text;                     // empty: no slice yet
  };
  Name slice_literal(std::span<const Value> parts) {
    RecentSlice key;
    uint64_t hash = 0;
    for (size_t i = 0; i < 3; ++i) {
      key.kinds[i] = h_.kind(parts[i]);
      if (key.kinds[i] != Kind::None && key.kinds[i] != Kind::Int) return slice_text(parts);
      key.ints[i] = key.kinds[i] == Kind::Int ? h_.as_int(parts[i]) : 0;
      hash = (hash ^ uint64_t(key.ints[i]) ^ (uint64_t(key.kinds[i]) << 56)) * 0x100000001b3ull;
    }
    RecentSlice &seen = recent_slices_[(hash >> 32) % recent_slices_.size()];
    if (seen.text.empty() || seen.kinds != key.kinds || seen.ints != key.ints) {
      key.text = slice_text(parts);
      seen = key;
    }
    return seen.text;
  }
  std::array<RecentSlice, 64> recent_slices_;

  Name slice_text(std::span<const Value> parts) {
    lit_text_ = "slice(";
    append_literal(lit_text_, parts[0]);
    lit_text_ += ", ";
    append_literal(lit_text_, parts[1]);
    lit_text_ += ", ";
    append_literal(lit_text_, parts[2]);
    lit_text_ += ')';
    return recent_literal(lit_text_);
  }

  // A value produced by a statement that assigns the local `x` (the local's value itself, or an
  // intermediate of the statement, nn-module lookasides included) is `x` when free, else `x_<k>`;
  // a value of no local is `t<N>`.
  std::string comp_name(const std::string &hint, bool part) {
    if (hint.empty()) return comp_names_.take("t", false);
    return part ? comp_names_.take_suffixed(hint) : comp_names_.take(hint, true);
  }

  // `x.view(1, 6, -1)` is printed as `torch.Tensor.view(x, (1, 6, -1))`: the function spellings
  // take the sizes of a `*size` parameter as one tuple.
  void pack_varargs(ops::Op op, std::vector<Operand> &args) {
    // The positional parameters before a `*size` one, worked out once per op (a walk of the
    // parameters per op record cost ~20 instructions a parameter).
    if (variadic_at_.empty()) variadic_at_.assign(ops::all_ops().size(), kNotWorkedOut);
    int &variadic_at = variadic_at_[static_cast<size_t>(op)];
    if (variadic_at == kNotWorkedOut) {
      variadic_at = kNoVariadic;
      int n = 0;
      for (const ops::Param &p : ops::params(op)) {
        if (p.variadic) variadic_at = n;
        if (p.variadic || p.keyword_only) break;
        ++n;
      }
    }
    if (variadic_at == kNoVariadic || args.size() <= size_t(variadic_at)) return;
    size_t fixed = size_t(variadic_at);
    if (args.size() == fixed + 1 && (args[fixed].kind() == Operand::Kind::Tuple || args[fixed].kind() == Operand::Kind::List))
      return;
    std::vector<Operand> rest(std::make_move_iterator(args.begin() + static_cast<long>(fixed)),
                              std::make_move_iterator(args.end()));
    args.resize(fixed);
    args.push_back(Operand::tuple(std::move(rest)));
  }

  static constexpr int kNotWorkedOut = -2, kNoVariadic = -1;
  std::vector<int> variadic_at_; // by op: pack_varargs

  // The computation's bound arguments of op record `op`; its typed arguments are moved out of
  // `consumed`, the same record, when the program's records are consumed (else null).
  std::vector<BoundArg> bound_args(const OpRecord &op, OpRecord *consumed) {
    THUNDERC_ASSERT(op.bound.size() == op.bound_meta.size(), "op record out of step");
    std::vector<ops::Arg> *metas = consumed ? &consumed->bound_meta : nullptr;
    std::vector<BoundArg> out;
    out.reserve(op.bound.size());
    for (size_t i = 0; i < op.bound.size(); ++i) {
      BoundArg &b = out.emplace_back();
      comp_operand(op.bound[i], b.operand);
      if (metas) b.meta = std::move((*metas)[i]);
      else b.meta = op.bound_meta[i];
    }
    return out;
  }

  // `x[i] = v` as `t = torch.clone(x)` then `operator.setitem(t, i, v)`: the new version is the
  // clone, and the input (if it is one) is written back at the end like any other update.
  void emit_inplace_on_clone(Trace &t, const OpRecord &op, OpRecord *consumed) {
    THUNDERC_ASSERT(op.outputs.size() == 1 && !op.args.empty(), "in-place op without one output");
    Value target = op.args[0];
    ValueId copy = t.add_value(comp_name(op.name_hint, false), type_of(op.outputs[0]));
    Instr &clone = t.body.emplace_back();
    clone.callee = callee_.clone();
    clone.op = static_cast<int>(ops::Op::clone);
    comp_operand(target, clone.args.emplace_back());
    if (bound_) clone.bound = {{clone.args[0], ops::Arg::of_tensor(h_.meta(target))}};
    clone.outs = {copy};
    Instr &update = t.body.emplace_back(); // `clone` is not used past here: the body may grow
    update.callee = op_callee(op.op);
    update.op = static_cast<int>(op.op);
    update.args = {Operand::of(copy)};
    for (size_t i = 1; i < op.args.size(); ++i) comp_operand(op.args[i], update.args.emplace_back());
    for (const auto &[k, a] : op.kwargs) comp_operand(a, update.kwargs.emplace_back(k, Operand()).second);
    if (bound_) {
      update.bound = bound_args(op, consumed);
      update.bound.at(0).operand = Operand::of(copy); // the clone takes the receiver's place
    }
    comp_value_[op.outputs[0].id] = copy;
  }

  void build_computation() {
    Trace &t = out_.computation;
    t.name = "computation";
    out_.computation_options.type_comments = true;
    // About one value and at most two instructions (a comment, the call) per op: no regrowth.
    t.values.reserve(comp_inputs_.size() + p_.ops.size());
    t.body.reserve(2 * p_.ops.size() + 1);
    comp_names_.expect(comp_inputs_.size() + p_.ops.size());
    comp_value_.assign(h_.size(), kNoValue);
    for (ProvId r : comp_inputs_) {
      const ValueInfo &pv = out_.prologue.values[pro_value(r)];
      comp_names_.reserve(pv.name);
      ValueId v = t.add_value(pv.name, pv.type);
      t.params.push_back(v);
      comp_value_[h_.record(r).value.id] = v;
    }
    // A consumed program's op records are freed one by one as they are read, while in the cache,
    // and their blocks are reused by the computation's (freed all after the loop, each record was
    // read again: ~250k cache misses at L = 1000).
    if (std::deque<OpRecord> *ops = consumed_ops_)
      for (; !ops->empty(); ops->pop_front()) computation_op(t, ops->front(), &ops->front());
    else
      for (const OpRecord &op : p_.ops) computation_op(t, op, nullptr);
    for (const WriteBack &wb : p_.write_backs) {
      Instr &ins = t.body.emplace_back();
      ins.callee = callee_.copy_();
      ins.op = static_cast<int>(ops::Op::copy_);
      ins.args.resize(2);
      comp_operand(wb.tensor, ins.args[0]);
      comp_operand(wb.version, ins.args[1]);
      if (bound_) {
        ins.bound = {{ins.args[0], ops::Arg::of_tensor(h_.meta(wb.tensor))},
                     {ins.args[1], ops::Arg::of_tensor(h_.meta(wb.version))},
                     {Operand::lit("False"), ops::Arg::of_bool(false)}};
      }
      ins.comment = "write-back into " + h_.path_of(wb.tensor);
    }
  }

  // Appends op record `op` to the computation (`consumed`: the same record, when the program's
  // records are consumed; else null).
  void computation_op(Trace &t, const OpRecord &op, OpRecord *consumed) {
    const ops::OpInfo &info = ops::info(op.op);
    if (info.flags & ops::PythonResult) return;
    if (op.stmt && op.stmt != last_stmt_ && (!op.stmt->loc.empty() || !op.stmt->src.empty())) {
      last_stmt_ = op.stmt;
      auto [it, fresh] = comments_.try_emplace(op.stmt);
      if (fresh) {
        std::string made = comment_safe(op.stmt->loc); // `loc: <TAB>src`, or the one given
        if (!op.stmt->loc.empty() && !op.stmt->src.empty()) made += ": \t";
        made += comment_safe(op.stmt->src);
        it->second = made;
      }
      if (it->second != last_comment_) {
        Instr &ins = t.body.emplace_back();
        ins.kind = Instr::Kind::Comment;
        ins.comment = last_comment_ = it->second;
      }
    }
    if (info.flags & ops::InPlace) { // no functional counterpart (setitem): update a clone
      emit_inplace_on_clone(t, op, consumed);
      return;
    }
    // Built in place: an Instr is large, and moving one in costs as much as filling it.
    Instr &ins = t.body.emplace_back();
    ins.callee = op_callee(op.op);
    ins.op = static_cast<int>(op.op);
    ins.pure = (info.flags & ops::Pure) && !(info.flags & ops::Random);
    ins.args.reserve(op.args.size());
    for (Value a : op.args) comp_operand(a, ins.args.emplace_back());
    pack_varargs(op.op, ins.args);
    if (bound_) ins.bound = bound_args(op, consumed);
    for (const auto &[k, a] : op.kwargs) comp_operand(a, ins.kwargs.emplace_back(k, Operand()).second);
    for (Value o : op.outputs) {
      // The local receives the one output, or a tuple of several: name those after it too.
      ValueId v = t.add_value(comp_name(op.name_hint, op.outputs.size() > 1), type_of(o));
      ins.outs.push_back(v);
      comp_value_[o.id] = v;
    }
  }
  // A statement executed many times (a loop body) has its comment built once.
  std::unordered_map<const Stmt *, Name> comments_;
  Name last_comment_;
  const Stmt *last_stmt_ = nullptr; // the statement last_comment_ was made of

  // ---- epilogue ----------------------------------------------------------------------------

  ValueId epi_comp_output(Value version) {
    ValueId cv = comp_value_.at(version.id);
    THUNDERC_ASSERT(cv != kNoValue, "an output read before it is produced: " + h_.path_of(version));
    auto it = epi_of_comp_.find(cv);
    if (it != epi_of_comp_.end()) return it->second;
    comp_outputs_.push_back(cv);
    const ValueInfo &info = out_.computation.values[cv];
    epi_names_.reserve(info.name);
    ValueId ev = out_.epilogue.add_value(info.name, info.type);
    epi_of_comp_[cv] = ev;
    return ev;
  }

  [[noreturn]] void unreturnable(Value v, const std::string &path, const std::string &why) {
    const std::string pointer = p_.return_stmt ? p_.return_stmt->pointer : g_.find_function(g_.entry)->pointer;
    throw UserError(pointer, fmt::format("the return value{} cannot be rebuilt by the epilogue: {}",
                                         path.empty() ? "" : " at " + path, why));
  }

  // Counts how often the values the epilogue rebuilds reach each new list, dict and dataclass:
  // one reached twice is built once, into a name, so that both places hold the same object.
  void count_reached(Value v, int depth = 0) {
    Kind k = h_.kind(v);
    if (depth > 200 || is_input(v) || is_scalar(k) || k == Kind::Tensor) return;
    if ((k == Kind::List || k == Kind::Dict || k == Kind::Dataclass) && ++epi_reached_[v.id] > 1) return;
    if (k == Kind::Tuple || k == Kind::List)
      for (Value item : h_.items(v)) count_reached(item, depth + 1);
    else if (k == Kind::Dict || k == Kind::Dataclass)
      for (const Entry &e : h_.entries(v)) count_reached(e.value, depth + 1);
  }

  // `built`, named when the new list or dict `v` is reached more than once (else inline).
  Operand shared(Value v, Operand built) {
    auto it = epi_reached_.find(v.id);
    if (it == epi_reached_.end() || it->second < 2) return built;
    Instr ins;
    ins.kind = Instr::Kind::Assign;
    ins.args = operands(std::move(built));
    ValueId name = out_.epilogue.add_value(epi_names_.take("p", false), {});
    ins.outs = {name};
    out_.epilogue.body.push_back(std::move(ins));
    epi_built_[v.id] = name;
    return Operand::of(name);
  }

  Operand rebuild(Value v, const std::string &path, int depth = 0) {
    if (depth > 200) unreturnable(v, path, "it nests too deeply");
    Kind k = h_.kind(v);
    if (is_input(v) && !is_scalar(k)) return Operand::of(epi_input_.at(h_.prov(v)));
    if (is_scalar(k)) return Operand::lit(literal(v));
    if (auto it = epi_built_.find(v.id); it != epi_built_.end()) return Operand::of(it->second);
    switch (k) {
    case Kind::Tensor: return Operand::of(epi_comp_output(h_.current(v)));
    case Kind::Tuple:
    case Kind::List: {
      std::vector<Operand> items;
      size_t i = 0;
      for (Value item : h_.items(v)) items.push_back(rebuild(item, fmt::format("{}[{}]", path, i++), depth + 1));
      if (std::string_view cls = k == Kind::Tuple ? h_.tuple_class(v) : ""; !cls.empty()) {
        // A tuple subclass, from the items: torch.Size((2, 3)), torch.return_types.max((v, i))
        ValueId built = out_.epilogue.add_value(epi_names_.take("p", false), {});
        Instr ins;
        ins.callee = Name(cls);
        ins.args = operands(Operand::tuple(std::move(items)));
        ins.outs = {built};
        out_.epilogue.body.push_back(std::move(ins));
        epi_built_[v.id] = built;
        return Operand::of(built);
      }
      return k == Kind::Tuple ? Operand::tuple(std::move(items)) : shared(v, Operand::list(std::move(items)));
    }
    case Kind::Dict: {
      std::vector<std::string> keys;
      std::vector<Operand> values;
      for (const Entry &e : h_.entries(v)) {
        const std::string &key = keys.emplace_back(literal(e.key));
        values.push_back(rebuild(e.value, path + "[" + key + "]", depth + 1));
      }
      if (!h_.ordered_dict(v)) return shared(v, Operand::dict(std::move(keys), std::move(values)));
      std::vector<Operand> pairs;
      for (size_t i = 0; i < values.size(); ++i)
        pairs.push_back(Operand::tuple(operands(Operand::lit(keys[i]), std::move(values[i]))));
      ValueId built = out_.epilogue.add_value(epi_names_.take("p", false), {});
      Instr ins;
      ins.callee = callee_.ordered_dict();
      ins.args = operands(Operand::list(std::move(pairs)));
      ins.outs = {built};
      out_.epilogue.body.push_back(std::move(ins));
      epi_built_[v.id] = built;
      return Operand::of(built);
    }
    case Kind::Dataclass: {
      // The class is called with the fields; other attributes set on the instance are set after.
      Instr ins;
      ins.callee = class_literal(h_.name(v), epi_classes_);
      for (const Entry &e : h_.entries(v))
        if (e.slot == Slot::Field)
          ins.kwargs.emplace_back(std::string(h_.symbol(e.name)),
                                  rebuild(e.value, path + "." + std::string(h_.symbol(e.name)), depth + 1));
      ValueId built = out_.epilogue.add_value(epi_names_.take("p", false), type_of(v));
      ins.outs = {built};
      out_.epilogue.body.push_back(std::move(ins));
      epi_built_[v.id] = built;
      for (const Entry &e : h_.entries(v)) {
        if (e.slot == Slot::Field) continue;
        Instr set;
        set.kind = Instr::Kind::SetAttr;
        set.attr = h_.symbol(e.name);
        set.args = {Operand::of(built), rebuild(e.value, path + "." + set.attr.str(), depth + 1)};
        out_.epilogue.body.push_back(std::move(set));
      }
      return Operand::of(built);
    }
    case Kind::Class: return Operand::lit(class_literal(h_.name(v), epi_classes_));
    default: break;
    }
    const ProvRecord &rec = h_.record(h_.prov(v));
    unreturnable(v, path,
                 fmt::format("it is a {} created while tracing{}; return a dataclass, a container, a "
                             "tensor or an input instead",
                             h_.type_name(v), rec.stmt ? " at " + rec.stmt->pointer : std::string()));
  }

  void build_epilogue() {
    Trace &t = out_.epilogue;
    t.name = "epilogue";
    for (ProvId r : epi_inputs_) {
      const ValueInfo &pv = out_.prologue.values[pro_value(r)];
      epi_names_.reserve(pv.name);
      ValueId v = t.add_value(pv.name, pv.type);
      t.params.push_back(v);
      epi_input_[r] = v;
    }
    for (const SideEffect &se : p_.side_effects)
      if (se.value) count_reached(se.value);
    count_reached(p_.result);
    for (const SideEffect &se : p_.side_effects) {
      Instr ins;
      std::string where = h_.path_of(se.target);
      switch (se.kind) {
      case SideEffect::Kind::SetAttr: // on the root module this prints `module.name = ...`
        ins.kind = Instr::Kind::SetAttr;
        ins.attr = se.name;
        ins.args = {Operand::of(epi_input_.at(h_.prov(se.target))), rebuild(se.value, where + "." + se.name)};
        break;
      case SideEffect::Kind::SetItem:
        ins.kind = Instr::Kind::SetItem;
        ins.args = {Operand::of(epi_input_.at(h_.prov(se.target))), Operand::lit(literal(se.key)),
                    rebuild(se.value, where + "[" + literal(se.key) + "]")};
        break;
      case SideEffect::Kind::SetBuffer:
        ins.callee = callee_.set_buffer();
        ins.args = {Operand::of(epi_input_.at(se.module_root)), Operand::lit(py_str(se.module_path)),
                    rebuild(se.value, where)};
        break;
      case SideEffect::Kind::Contents:
        ins.callee = callee_.replace_items();
        ins.args = {Operand::of(epi_input_.at(h_.prov(se.target))), rebuild(se.value, where)};
        break;
      }
      t.body.push_back(std::move(ins));
    }
    Operand result = rebuild(p_.result, "");
    // Computation outputs become epilogue parameters after the inputs, in first-use order.
    for (ValueId cv : comp_outputs_) t.params.push_back(epi_of_comp_.at(cv));
    Instr ret;
    ret.kind = Instr::Kind::Return;
    ret.args = {result};
    t.body.push_back(std::move(ret));
    out_.epilogue_options.classes = imports(epi_classes_);

    Instr comp_ret;
    comp_ret.kind = Instr::Kind::Return;
    std::vector<Operand> outs;
    for (ValueId cv : comp_outputs_) outs.push_back(Operand::of(cv));
    comp_ret.args = {Operand::tuple(outs)};
    out_.computation.body.push_back(std::move(comp_ret));
  }
};

} // namespace

Traces build_traces(const Graph &graph, const Program &program, const BuildOptions &options) {
  return Builder(graph, program, options, nullptr).build();
}

Traces build_traces(const Graph &graph, Program &&program, const BuildOptions &options) {
  return Builder(graph, program, options, &program.ops).build();
}

} // namespace thunderc
