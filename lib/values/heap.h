// The Heap owns every value of one interpretation: a flat arena of small nodes addressed by
// Value handles, side tables for container items, attribute/dict entries and tensor metadata, an
// interned string table, and the provenance records (kept beside the values, not part of their
// identity). Nothing is ever freed while the Heap lives; handles stay valid and cheap to copy.
//
// Tensors are objects with versions: an in-place op does not change a tensor's handle (Python
// identity) but gives it a new current version, `current(t)`, produced by a functional op. A
// view remembers its base object and the base's version count when it was made, so reading a
// view whose base changed since can be detected.
#pragma once

#include "support/hash.h"
#include "values/chunked_array.h"
#include "values/mapped_array.h"
#include "values/provenance.h"
#include "values/tensor_meta.h"
#include "values/value.h"

#include <deque>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tsl/robin_map.h>

namespace thunderc {

inline constexpr uint32_t kNoSymbol = 0xffffffffu;

// Python's comparison of an int with a float, exact (not through a double, which rounds ints past
// 2**53): -1, 0 or 1, or 2 when the float is NaN (unordered).
int compare_int_float(int64_t i, double d);

// A member of a dict, object, dataclass or module, in insertion (declared) order.
struct Entry {
  uint32_t name = kNoSymbol; // the key's interned text when it is a str (always for attributes)
  Value key;                 // dicts: the key; attributes: a str value of the name
  Value value;
  Slot slot = Slot::Attr;
  bool alias = false; // an input member written as a `ref`: a second path to its value
};

struct TensorInfo {
  TensorMeta meta;
  Value object;          // the tensor object this is a version of (itself for an object)
  Value current;         // an object's latest version (the tensor itself until updated in place)
  Value base;            // a view: the tensor object it views (else none)
  uint32_t versions = 0; // in-place updates of this object so far
  uint32_t base_versions = 0; // a view: base's `versions` when the view was made
};

struct ModulePath {
  ProvId root;      // the record of the root module the path starts at
  std::string path; // dotted member names: "layers.0.self_attn.q_proj.weight"
};

class Heap {
public:
  Heap();
  // Not copyable: records and the symbol index view this heap's own symbols (a move keeps them).
  Heap(const Heap &) = delete;
  Heap &operator=(const Heap &) = delete;
  Heap(Heap &&) = default;
  Heap &operator=(Heap &&) = default;

  // ---- making values -------------------------------------------------------------------------
  Value none(ProvId p = kConstant) { return make(Kind::None, p); }
  // Numbers inline, as make(): shapes, dims and literals make thousands a run.
  Value boolean(bool b, ProvId p = kConstant) { return number(Kind::Bool, b, p); }
  Value integer(int64_t i, ProvId p = kConstant) { return number(Kind::Int, i, p); }
  Value floating(double f, ProvId p = kConstant) {
    Value v = make(Kind::Float, p);
    nodes_[v.id].f = f;
    return v;
  }
  Value str(std::string_view s, ProvId p = kConstant);
  Value dtype(DType d, ProvId p = kConstant);
  Value device(Device d, ProvId p = kConstant);
  Value ellipsis() { return ellipsis_; }
  Value slice(Value start, Value stop, Value step, ProvId p = kConstant);
  Value tuple(std::vector<Value> items, ProvId p);
  Value list(std::vector<Value> items, ProvId p);
  Value range(int64_t start, int64_t stop, int64_t step, ProvId p = kComputed);
  Value dict(ProvId p, bool ordered_dict = false);
  Value object(Kind kind, std::string_view class_name, ProvId p); // Object, Dataclass, Module
  Value klass(std::string_view name, ProvId p = kConstant);
  Value function(std::string_view name, ProvId p = kConstant);
  Value builtin(std::string_view qualified_name, ProvId p = kConstant);
  Value method(Value receiver, std::string_view name, ProvId p = kComputed);
  Value tensor(TensorMeta meta, ProvId p);

  // ---- reading values ------------------------------------------------------------------------
  Kind kind(Value v) const { return nodes_[v.id].kind; }
  bool is(Value v, Kind k) const { return nodes_[v.id].kind == k; }
  bool as_bool(Value v) const { return nodes_[v.id].i != 0; }
  int64_t as_int(Value v) const { return nodes_[v.id].i; } // Bool and Int
  double as_float(Value v) const { return nodes_[v.id].f; }
  std::string_view as_str(Value v) const { return symbol(nodes_[v.id].a); }
  uint32_t str_symbol(Value v) const { return nodes_[v.id].a; }
  DType as_dtype(Value v) const { return static_cast<DType>(nodes_[v.id].i); }
  Device as_device(Value v) const;
  // Object/Dataclass/Module/Class: the class name; Function/Builtin/Method: the name.
  // The interned symbol of name(v).
  uint32_t name_symbol(Value v) const {
    const Node &n = nodes_[v.id];
    return n.kind == Kind::Object || n.kind == Kind::Dataclass || n.kind == Kind::Module ? n.b : n.a;
  }
  std::string_view name(Value v) const { return symbol(name_symbol(v)); }
  Value receiver(Value method) const { return Value{nodes_[method.id].b}; }
  bool ordered_dict(Value v) const { return nodes_[v.id].flags & kOrderedDict; }
  // A tuple of a subclass of tuple: torch.Size (shapes), or PyTorch's named tuples
  // (torch.return_types.topk: the (values, indices) of torch.max/min over a dim and of torch.topk,
  // read as .values and .indices). tuple_class() is "" for a plain tuple.
  void set_tuple_class(Value tuple, uint32_t cls_symbol) {
    nodes_[tuple.id].b = cls_symbol;
    nodes_[tuple.id].flags |= kTupleClass;
  }
  void set_tuple_class(Value tuple, std::string_view cls) { set_tuple_class(tuple, intern(cls)); }
  std::string_view tuple_class(Value v) const {
    const Node &n = nodes_[v.id];
    return n.flags & kTupleClass ? symbol(n.b) : std::string_view();
  }

  // Tuple, List, Slice (start, stop, step), Range (start, stop, step as ints).
  std::span<const Value> items(Value v) const { return seqs_[nodes_[v.id].a]; }
  std::vector<Value> &items_mut(Value v) { return seqs_[nodes_[v.id].a]; }
  // Dict, Object, Dataclass, Module.
  std::span<const Entry> entries(Value v) const { return tables_[nodes_[v.id].a]; }
  std::vector<Entry> &entries_mut(Value v); // for removals and in-place edits
  // Appends a member known to be absent (building inputs): no lookup.
  void add_entry(Value obj, std::string_view name, Value value, Slot slot);
  void add_entry(Value obj, uint32_t name_symbol, Value value, Slot slot);
  // Room for `n` entries of a table about to be filled (no growth 1, 2, 4, 8, ...).
  void reserve_entries(Value obj, size_t n);
  // An attribute / field / module member by name; nullptr when absent.
  Entry *find_attr(Value obj, uint32_t name_symbol);
  Entry *find_attr(Value obj, std::string_view name);
  // A dict entry by key (Python equality of hashable scalars and tuples); nullptr when absent.
  Entry *find_key(Value dict, Value key);
  void set_attr(Value obj, std::string_view name, Value value, Slot slot = Slot::Attr);
  void set_key(Value dict, Value key, Value value);

  // Tensors.
  TensorInfo &tensor_info(Value t) { return tensors_[nodes_[t.id].a]; }
  const TensorInfo &tensor_info(Value t) const { return tensors_[nodes_[t.id].a]; }
  const TensorMeta &meta(Value t) const { return tensor_info(t).meta; }
  Value current(Value t) const { return tensor_info(t).current; }
  // A new version of tensor object `object` (an in-place update's result), made current.
  Value new_version(Value object, TensorMeta meta, ProvId p);

  // Python equality for hashable values (None, bool, int, float, str, dtype, device, tuples of
  // these); identity otherwise.
  bool key_equal(Value a, Value b) const;
  bool hashable(Value v) const;

  // ---- provenance ----------------------------------------------------------------------------
  ProvId prov(Value v) const { return nodes_[v.id].prov; }
  void set_prov(Value v, ProvId p) {
    Node &n = nodes_[v.id];
    n.prov = p;
    n.flags = uint8_t((n.flags & ~(kInput | kReached | kUsed)) | input_flag(p));
  }
  const ProvRecord &record(ProvId p) const { return records_[p]; }
  ProvRecord &record_mut(ProvId p) { return records_[p]; }
  std::span<const ProvRecord> records() const { return records_; }
  ProvId add_record(ProvRecord r); // r.name is interned: it may view a temporary
  // A record of `kind`, otherwise default, appended in place for the caller to fill through
  // record_mut (a name set there must view a symbol of this heap).
  ProvId add_record(ProvKind kind) {
    records_.emplace_back().kind = kind;
    return static_cast<ProvId>(records_.size() - 1);
  }
  // From the node's copy of its record's `input` (records are not read: every statement asks this
  // of its operands, and an old value's record is a cache miss away from its node).
  bool from_input(Value v) const { return nodes_[v.id].flags & kInput; }
  // Sets `reached` of v's record; true when it was not set. The node remembers it was done (as
  // mark_used does), so that asking again reads no record: inputs are reached and used once per
  // statement that reads them.
  bool mark_reached(Value v) {
    Node &n = nodes_[v.id];
    if (n.flags & kReached) return false;
    n.flags |= kReached;
    return !std::exchange(records_[n.prov].reached, true);
  }
  void mark_used(Value v) {
    Node &n = nodes_[v.id];
    if (n.flags & kUsed) return;
    n.flags |= kUsed;
    records_[n.prov].used = true;
  }
  std::string path(ProvId p) const { return provenance_path(records_, p); }
  std::string path_of(Value v) const { return path(prov(v)); }
  // The dotted member path from the root module when `p` is reached from a module through
  // module members only (attributes, parameters, buffers, sub-modules); nullopt otherwise.
  std::optional<ModulePath> module_path(ProvId p) const;

  // ---- strings -------------------------------------------------------------------------------
  uint32_t intern(std::string_view s);
  std::optional<uint32_t> find_symbol(std::string_view s) const;
  std::string_view symbol(uint32_t id) const { return symbols_[id]; }

  // Python repr, short, for messages: 3, 'text', (1, 2), <StaticCache object>, a tensor's type
  // comment.
  std::string repr(Value v) const;
  // Python type name for messages: "int", "tuple", "StaticCache", "Tensor".
  std::string type_name(Value v) const;

  size_t size() const { return nodes_.size(); }
  // Unmaps the value and record tables (no walk: their elements own nothing), leaving a heap
  // only fit to be destroyed: for a process that exits next and keeps the rest allocated.
  void release_tables() {
    nodes_ = {};
    records_ = {};
  }

private:
  // Node::flags: kInput is the record's `input` (fixed when the record is made); kReached and
  // kUsed say the record's `reached` / `used` were set through this value.
  static constexpr uint8_t kOrderedDict = 1, kInput = 2, kReached = 4, kUsed = 8, kTupleClass = 16;
  struct Node {
    Kind kind;
    uint8_t flags = 0;
    ProvId prov = 0;
    uint32_t a = 0; // symbol / store index / tensor index
    uint32_t b = 0; // Method: receiver; Object/Dataclass/Module: class symbol
    union {
      int64_t i;
      double f;
    };
  };
  static_assert(sizeof(Node) == 24);

  // Inline (the growth is out of line in MappedArray): most values are made here.
  Value make(Kind k, ProvId p, uint32_t a = 0) {
    nodes_.push_back(Node{k, input_flag(p), p, a, 0, {0}});
    return Value{static_cast<uint32_t>(nodes_.size() - 1)};
  }
  // Records 0 and 1 (constant, computed) are never input: no record read for most values.
  uint8_t input_flag(ProvId p) const { return p > kComputed && records_[p].input ? kInput : 0; }
  Value number(Kind k, int64_t i, ProvId p) {
    Value v = make(k, p);
    nodes_[v.id].i = i;
    return v;
  }
  std::string repr(Value v, int depth) const;
  Entry *find_name(uint32_t table, uint32_t name_symbol);
  void append(uint32_t table, Entry e);
  Value seq(Kind k, std::vector<Value> items, ProvId p);

  MappedArray<Node> nodes_;
  std::vector<std::vector<Value>> seqs_;
  std::vector<std::vector<Entry>> tables_;
  // Name -> position for large tables (many sub-modules, big dicts), built on first lookup.
  std::unordered_map<uint32_t, std::unordered_map<uint32_t, uint32_t>> name_index_;
  ChunkedArray<TensorInfo> tensors_;
  MappedArray<ProvRecord> records_;
  std::deque<std::string> symbols_; // stable addresses: views into it stay valid
  // Keys view symbols_; open addressing with stored hashes: a lookup is one hash and, mostly,
  // one probe, without a node to follow.
  tsl::robin_map<std::string_view, uint32_t, StrHash, std::equal_to<>,
                 std::allocator<std::pair<std::string_view, uint32_t>>, true>
      symbol_index_;
  Value ellipsis_;
};

} // namespace thunderc
