// The trace IR: a straight-line Python function as a list of instructions over small typed value
// handles. Prologue, computation and epilogue are all Traces; passes edit a Trace in place and the
// Python printer prints one. Names are assigned when a value is created and never change, so a
// value has the same name in dumps, errors and every trace it is passed to.
#pragma once

#include "ops/ops.h"
#include "support/hash.h"
#include "values/tensor_meta.h"

#include <tsl/robin_map.h>
#include <tsl/robin_set.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace thunderc {

using ValueId = uint32_t;

// An interned string, for the callees, attribute names and comments of instructions: a few dozen
// callees repeated thousands of times ("check_tensor_metadata", "torch.nn.functional.linear"), a
// source comment per statement repeated in every trace of a loop. One pointer, so instructions are
// copied and moved without copying text, and equal names are compared by address. The texts stay
// allocated until the process exits (like Python's interned strings; a process holds each
// distinct text once; thread-safe).
class Name {
public:
  Name() = default; // ""
  explicit Name(std::string_view text);
  Name &operator=(std::string_view text) { return *this = Name(text); }

  const std::string &str() const { return *text_; }
  operator std::string_view() const { return *text_; }
  bool empty() const { return text_->empty(); }

  friend bool operator==(const Name &a, const Name &b) { return a.text_ == b.text_; }
  friend bool operator==(const Name &a, std::string_view b) { return *a.text_ == b; }

private:
  static inline const std::string kEmpty;
  const std::string *text_ = &kEmpty;
};

// For tables of what is made once per distinct tensor metadata (thousands of tensors share a few
// dozen).
struct TensorMetaHash {
  size_t operator()(const TensorMeta &m) const noexcept {
    size_t h = size_t(m.dtype) * 31 + size_t(m.device.type) * 7 + size_t(m.device.index) + m.requires_grad;
    for (int64_t d : m.shape) h = (h ^ size_t(d)) * 0x100000001b3ull;
    return h;
  }
};

// A tensor's metadata, interned like a Name: a trace's tens of thousands of tensor values share a
// few dozen, and a copy each (its shape a block of its own) made every value 112 bytes and an
// allocation. Equal metadata are one object, compared by address; kept until the process exits.
class InternedMeta {
public:
  InternedMeta() = default; // TensorMeta{}
  explicit InternedMeta(const TensorMeta &meta);

  const TensorMeta &operator*() const { return *meta_; }
  const TensorMeta *operator->() const { return meta_; }
  operator const TensorMeta &() const { return *meta_; }
  friend bool operator==(InternedMeta a, InternedMeta b) { return a.meta_ == b.meta_; }

private:
  static inline const TensorMeta kDefault{};
  const TensorMeta *meta_ = &kDefault;
};

// What the type comment of a value says.
struct ValueType {
  enum class Kind : uint8_t { Tensor, Int, Float, Bool, Str, None, Object, Any };
  Kind kind = Kind::Any;
  InternedMeta tensor; // Tensor
  // Int/Float/Bool: the Python literal of the specialised value; Object: the class as Python
  // prints it ("<class 'transformers.cache_utils.StaticCache'>").
  Name text;
};

// `"cpu f32[2, 2]"`, `"int 5"`, `"<class '...'>"`, `"Any"` (without the quotes).
std::string type_text(const ValueType &);
void append_type_text(std::string &out, const ValueType &);

// An argument: a value, a Python literal (already printed), or a tuple/list/dict of arguments.
// 16 bytes: a value or a literal (almost every operand) is held in place, a literal as an interned
// Name (None, 0, -1, torch.float32 repeat thousands of times); a tuple/list/dict's parts are a
// block of their own, copied with the operand (a copy is a value copy). Passes walk millions of
// operands: at 88 bytes each (a std::string and two vectors in place) they missed the cache.
class Operand {
public:
  enum class Kind : uint8_t { Value, Literal, Tuple, List, Dict };

private:
  Kind kind_ = Kind::Literal;

public:
  ValueId value = 0; // Value

  Operand() = default; // the literal "" (filled in later)
  static Operand of(ValueId v) {
    Operand o;
    o.kind_ = Kind::Value;
    o.value = v;
    return o;
  }
  static Operand lit(Name text) {
    Operand o;
    o.data_.literal = text;
    return o;
  }
  static Operand lit(std::string_view text) { return lit(Name(text)); }
  static Operand tuple(std::vector<Operand> items) { return aggregate(Kind::Tuple, std::move(items), {}); }
  static Operand list(std::vector<Operand> items) { return aggregate(Kind::List, std::move(items), {}); }
  // keys[i]: the Python literal text of the key of values[i].
  static Operand dict(std::vector<std::string> keys, std::vector<Operand> values) {
    return aggregate(Kind::Dict, std::move(values), std::move(keys));
  }

  Operand(const Operand &o) : kind_(o.kind_), value(o.value), data_(o.data_) {
    if (is_aggregate()) data_.parts = new Parts(*o.data_.parts);
  }
  Operand(Operand &&o) noexcept : kind_(o.kind_), value(o.value), data_(o.data_) {
    if (is_aggregate()) o.kind_ = Kind::Literal, o.data_ = Data();
  }
  Operand &operator=(Operand o) noexcept { // copy or move, then swap
    std::swap(kind_, o.kind_);
    std::swap(value, o.value);
    std::swap(data_, o.data_);
    return *this;
  }
  ~Operand() {
    if (is_aggregate()) delete data_.parts;
  }

  Kind kind() const { return kind_; }
  bool is_aggregate() const { return kind_ >= Kind::Tuple; }
  // Literal: the Python text ("None", "3", "'a'", "torch.float32"); empty for the other kinds.
  Name literal() const { return kind_ == Kind::Literal ? data_.literal : Name(); }
  // Tuple/List items, Dict values; none for a value or a literal.
  const std::vector<Operand> &items() const { return is_aggregate() ? data_.parts->items : kNoItems; }
  std::vector<Operand> &edit_items() { return data_.parts->items; } // Tuple/List/Dict only
  // Dict: the Python literal text of each key; none for the other kinds.
  const std::vector<std::string> &keys() const { return kind_ == Kind::Dict ? data_.parts->keys : kNoKeys; }

private:
  struct Parts {
    std::vector<Operand> items;
    std::vector<std::string> keys;
  };
  union Data {
    Data() : literal() {}
    Name literal; // Value, Literal
    Parts *parts; // Tuple, List, Dict: owned
  } data_;
  static const std::vector<Operand> kNoItems;
  static const std::vector<std::string> kNoKeys;

  static Operand aggregate(Kind kind, std::vector<Operand> items, std::vector<std::string> keys) {
    Operand o;
    o.kind_ = kind;
    o.data_.parts = new Parts{std::move(items), std::move(keys)};
    return o;
  }
};

namespace detail {
// A call per tuple, list or dict, not per item (a call per item of a literal tuple was 71k
// instructions in Verifier::check at L = 32); kept out of line so that for_each_value stays small
// enough to be inlined.
template <class F> [[gnu::noinline]] void for_each_item_value(const Operand &o, F &f) {
  for (const Operand &i : o.items()) {
    if (i.kind() == Operand::Kind::Value) f(i.value);
    else if (i.is_aggregate()) for_each_item_value(i, f);
  }
}
} // namespace detail

// Calls f(v) for every value `o` reads, inside tuples, lists and dicts too (a value or a literal,
// almost every operand, needs no loop).
template <class F> void for_each_value(const Operand &o, F &&f) {
  if (o.kind() == Operand::Kind::Value) f(o.value);
  else if (o.is_aggregate()) detail::for_each_item_value(o, f);
}

// One parameter of a computation op's signature, its default filled in: the argument (tensors as
// values, the rest as literals) and the same argument typed as the op catalogue saw it.
struct BoundArg {
  Operand operand;
  ops::Arg meta;
};

// The values an instruction defines: almost always one, held in place (a std::vector's block of
// its own cost every pass a cache miss per instruction); several in a block of their own, of the
// power of two at or above their number.
class Outs {
public:
  Outs() = default;
  Outs(std::initializer_list<ValueId> values) {
    for (ValueId v : values) push_back(v);
  }
  Outs(const Outs &o) : size_(o.size_), data_(o.data_) {
    if (size_ > 1) {
      data_.many = new ValueId[std::bit_ceil(size_)];
      std::copy(o.begin(), o.end(), data_.many);
    }
  }
  Outs(Outs &&o) noexcept : size_(std::exchange(o.size_, 0)), data_(o.data_) {}
  Outs &operator=(Outs o) noexcept { // copy or move, then swap
    std::swap(size_, o.size_);
    std::swap(data_, o.data_);
    return *this;
  }
  ~Outs() {
    if (size_ > 1) delete[] data_.many;
  }

  void push_back(ValueId v) {
    if (size_ == 0) {
      data_.one = v;
    } else {
      if (std::has_single_bit(size_)) grow(); // full
      data_.many[size_] = v;
    }
    ++size_;
  }
  const ValueId *begin() const { return size_ > 1 ? data_.many : &data_.one; }
  const ValueId *end() const { return begin() + size_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  ValueId operator[](size_t i) const { return begin()[i]; }
  ValueId at(size_t i) const {
    if (i >= size_) throw std::out_of_range("Outs::at");
    return begin()[i];
  }
  friend bool operator==(const Outs &a, const Outs &b) { return std::equal(a.begin(), a.end(), b.begin(), b.end()); }

private:
  void grow() { // from size_ (a power of two) to twice as many
    ValueId *more = new ValueId[2 * size_];
    std::copy(begin(), end(), more);
    if (size_ > 1) delete[] data_.many;
    data_.many = more;
  }
  uint32_t size_ = 0;
  union {
    ValueId one;   // size_ <= 1
    ValueId *many; // size_ > 1: owned
  } data_{};
};

// A std::vector that costs one pointer in place and nothing more while empty, for the parts that
// most instructions lack (keyword arguments; bound arguments, made for --so only).
template <class T> class RareVector {
public:
  RareVector() = default;
  RareVector(std::vector<T> items) {
    if (!items.empty()) v_ = std::make_unique<std::vector<T>>(std::move(items));
  }
  RareVector(std::initializer_list<T> items) : RareVector(std::vector<T>(items)) {}
  RareVector(const RareVector &o) : v_(o.v_ ? std::make_unique<std::vector<T>>(*o.v_) : nullptr) {}
  RareVector(RareVector &&) noexcept = default;
  RareVector &operator=(RareVector o) noexcept { // copy or move, then swap
    v_.swap(o.v_);
    return *this;
  }

  template <class... A> T &emplace_back(A &&...a) { return items().emplace_back(std::forward<A>(a)...); }
  void push_back(T item) { items().push_back(std::move(item)); }
  T *begin() { return v_ ? v_->data() : nullptr; }
  T *end() { return v_ ? v_->data() + v_->size() : nullptr; }
  const T *begin() const { return v_ ? v_->data() : nullptr; }
  const T *end() const { return v_ ? v_->data() + v_->size() : nullptr; }
  size_t size() const { return v_ ? v_->size() : 0; }
  bool empty() const { return size() == 0; }
  T &operator[](size_t i) { return (*v_)[i]; }
  const T &operator[](size_t i) const { return (*v_)[i]; }
  T &at(size_t i) { return const_cast<T &>(std::as_const(*this).at(i)); }
  const T &at(size_t i) const {
    if (i >= size()) throw std::out_of_range("RareVector::at");
    return (*v_)[i];
  }

private:
  std::vector<T> &items() {
    if (!v_) v_ = std::make_unique<std::vector<T>>();
    return *v_;
  }
  std::unique_ptr<std::vector<T>> v_; // null while empty
};

struct Instr {
  enum class Kind : uint8_t {
    Call,    // outs = callee(args, kwargs)
    GetAttr, // out = args[0].attr
    GetItem, // out = args[0][args[1]]
    SetAttr, // args[0].attr = args[1]
    SetItem, // args[0][args[1]] = args[2]
    Return,  // return args[0]
    Comment, // # comment
    Assign,  // out = args[0] (the epilogue names a new list or dict it uses twice)
  };
  // What every pass reads first, together: a scan of kinds and callees reads one cache line per
  // instruction.
  Kind kind = Kind::Call;
  bool annotate = false; // prints `out: "type" = ...` (prologue unpacks)
  bool pure = false;     // may be removed when unused or merged with an identical instruction
  int op = -1;           // computation ops: the ops::Op they denote (for passes and codegen)
  Name callee;           // Call: printed callable ("torch.add", "check_len")
  Outs outs;             // several outs print as a tuple unpack: `a, b = f(x)`
  std::vector<Operand> args;
  RareVector<std::pair<std::string, Operand>> kwargs;
  Name attr;    // GetAttr, SetAttr: a Python identifier
  Name comment; // Comment: the text; otherwise an optional trailing comment
  RareVector<BoundArg> bound; // computation ops (for --so): every parameter of the op, in order
};

struct ValueInfo {
  std::string name;
  ValueType type;
  // for emplace_back(name, type): clang before 16 cannot construct an aggregate from parentheses
  ValueInfo(std::string &&n, const ValueType &t) : name(std::move(n)), type(t) {}
};

struct Trace {
  std::string name;                // "prologue", "computation", "epilogue"
  std::vector<ValueId> params;
  bool varargs = false;            // prologue: the last two params print as `*args, **kwargs`
  std::vector<ValueInfo> values;   // indexed by ValueId
  std::vector<Instr> body;
  std::vector<std::string> classes_used; // printed class names to import, sorted

  ValueId add_value(std::string name, ValueType type);
  const std::string &name_of(ValueId v) const { return values.at(v).name; }
};

// Checks the invariants every pass keeps: every use is defined before it (by a parameter or an
// earlier instruction), each value is defined once, names are unique identifiers, the trace ends
// with one return. Returns the problems found (empty when valid).
std::vector<std::string> verify(const Trace &);

// verify() an instruction at a time, for a walk over the body that does more (the Python printer
// checks each instruction as it prints it: a walk of its own over a 100k-instruction trace cost a
// cache miss or two per instruction). Checks the values and parameters when made, then each
// instruction given to check() (every one of the trace's, in order), then the end in finish().
class Verifier {
public:
  explicit Verifier(const Trace &);
  bool check(const Instr &); // false: a problem found so far (in this instruction or before)
  std::vector<std::string> finish(); // the problems found, as verify() returns them
  bool valid() const { return problems_.empty(); }

private:
  const Trace &t_;
  std::vector<std::string> problems_;
  std::vector<uint8_t> defined_; // a byte per value: cheaper than bit operations
  size_t next_ = 0;              // the index of the instruction check() is given next
  size_t returns_ = 0;
  static constexpr size_t kParameters = ~size_t{0}; // where the parameters are defined
  void define(ValueId v, size_t where);
  std::string where(size_t instruction) const;
  void bad_definition(ValueId v, size_t where);
  void bad_use(ValueId v, size_t where);
};

// Texts looked up by content: open addressing with linear probing, at most half the slots used
// (most lookups are of new texts, whose probes grow fast with the load), each slot an item and its
// text's hash, so that a text is hashed once to be looked up and added (tsl::robin_set's robin
// hood insertion was ~170 instructions a name at L = 32). Item: a std::string_view, or a pointer
// to a std::string, of a text kept elsewhere; a null one is an empty slot.
template <class Item> class TextSet {
public:
  explicit TextSet(size_t slots = 16) : slots_(slots) {} // a power of two
  bool contains(std::string_view text) const {
    return present(slots_[probe(text, StrHash()(text))].item);
  }
  // The item of the text equal to `text` (of hash `hash`); when none is, make() adds one.
  template <class Make> Item find_or_add(std::string_view text, uint64_t hash, Make &&make) {
    if (2 * (size_ + 1) > slots_.size()) grow(); // first, so that one probe finds either
    Slot &s = slots_[probe(text, hash)];
    if (!present(s.item)) s = {hash, make()}, ++size_;
    return s.item;
  }
  bool insert(Item item) { // false: an equal text is in
    bool added = false;
    find_or_add(text_of(item), StrHash()(text_of(item)), [&] { return added = true, item; });
    return added;
  }

private:
  struct Slot {
    uint64_t hash = 0;
    Item item{};
  };
  std::vector<Slot> slots_;
  size_t size_ = 0;

  static std::string_view text_of(std::string_view s) { return s; }
  static std::string_view text_of(const std::string *s) { return *s; }
  static bool present(std::string_view s) { return s.data() != nullptr; }
  static bool present(const std::string *s) { return s != nullptr; }
  // The slot of the text equal to `text`, else the empty one where it goes.
  size_t probe(std::string_view text, uint64_t hash) const {
    const size_t mask = slots_.size() - 1;
    size_t i = hash & mask;
    while (present(slots_[i].item) && !(slots_[i].hash == hash && text_of(slots_[i].item) == text))
      i = (i + 1) & mask;
    return i;
  }
  void grow() {
    std::vector<Slot> old = std::exchange(slots_, std::vector<Slot>(2 * slots_.size()));
    for (const Slot &s : old)
      if (present(s.item)) slots_[probe(text_of(s.item), s.hash)] = s;
  }
};

// Hands out names. A prefix ("t", "p", "i"...) takes the next number of one counter shared by all
// prefixes, starting at 0 and skipping names already taken: `p0`, `t1`. A hint (the graph local
// that receives the value) is used as it is when free, else as `hint_<k>` with the smallest
// k >= 1 not taken, so that an edit renames only the values of the locals it touches. A prefix
// ends in neither a digit nor `_`, so that a numbered name is told from the others by its text.
// The names the traces use themselves (trace_reserved_names()) are taken from the start.
class Namer {
public:
  Namer(); // the reserved names copied from a set made once (inserting them cost ~60k
           // instructions a compile, for its three Namers)
  std::string take(std::string_view hint_or_prefix, bool is_hint);
  // `hint_<k>` even when `hint` is free (a part of the value the local receives).
  std::string take_suffixed(std::string_view hint);
  void reserve(std::string_view name) {
    if (!verbatim_.contains(name)) insert(name); // most are the reserved names, taken already
  }
  void expect(size_t more_names) { owner_.reserve(owner_.size() + more_names); } // no regrowth
  bool claim(std::string_view name) { return insert(name); } // false: taken

private:
  // Numbered and suffixed names are unique by construction: a name clashes only with the names
  // taken as they are (reserved, claimed, hints used as they are), which are few (a set of every
  // name cost ~100k cache misses at L = 1000). Such a name is looked up only where one of those has
  // its text less its last digits (`hint_`, `prefix`): `clash` below.
  struct Hint {             // what a hint's text allows, worked out once per hint
    bool identifier = false;  // hint_<k> are names
    bool python_name = false; // the hint itself is a name
    bool taken = false;       // the hint itself is taken (as a name, or tried and found taken)
    bool clash = false;       // a name taken as it is is `hint_<digits>`
    unsigned next_suffix = 1; // every hint_<j> with 1 <= j < next_suffix is taken
  };
  struct Prefix {
    std::string text;
    bool clash = false; // a name taken as it is is `<text><digits>`
  };
  struct Empty {};
  explicit Namer(Empty);
  Hint &hint(std::string_view text);
  std::string take_suffixed(std::string_view hint_text, Hint &h);
  std::string take_numbered(std::string_view prefix);
  // `<base><sep><n>`; `base` and `sep` are written only when `of` (a Hint or a Prefix) did not
  // write them last.
  std::string numbered_name(const void *of, std::string_view base, std::string_view sep, unsigned n);
  bool insert(std::string_view name); // a name taken as it is; false: taken
  bool generated(std::string_view name) const; // taken as a numbered or a suffixed name

  // The names taken as they are, and their texts less their last digits (where they have some):
  // views of copies in blocks the Namer owns (a set of strings would allocate once per long name).
  TextSet<std::string_view> verbatim_, bases_;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char *room_ = nullptr; // the free end of the last block
  size_t room_left_ = 0;
  tsl::robin_map<std::string, Hint, StrHash, std::equal_to<>,
                 std::allocator<std::pair<std::string, Hint>>, true>
      hints_;
  const std::string *last_hint_text_ = nullptr; // the hint last looked up, and its Hint
  Hint *last_hint_ = nullptr;
  std::vector<Prefix> prefixes_;
  // By number of the shared counter (the next number is owner_.size()): 1 + the index in
  // prefixes_ of the prefix that took it, 0 where the numbered name was found taken.
  std::vector<uint8_t> owner_;
  // Where numbered_name writes a name before copying it out, and what wrote its start last (a new
  // std::string written in three copies and a fill: ~170k instructions more at L = 32).
  std::string buf_;
  const void *buf_of_ = nullptr;
};

} // namespace thunderc
