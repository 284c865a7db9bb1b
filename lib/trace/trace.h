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

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
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

// What the type comment of a value says.
struct ValueType {
  enum class Kind : uint8_t { Tensor, Int, Float, Bool, Str, None, Object, Any };
  Kind kind = Kind::Any;
  TensorMeta tensor; // Tensor
  // Int/Float/Bool: the Python literal of the specialised value; Object: the class as Python
  // prints it ("<class 'transformers.cache_utils.StaticCache'>").
  std::string text;
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

// `"cpu f32[2, 2]"`, `"int 5"`, `"<class '...'>"`, `"Any"` (without the quotes).
std::string type_text(const ValueType &);
void append_type_text(std::string &out, const ValueType &);

// An argument: a value, a Python literal (already printed), or a tuple/list/dict of arguments.
struct Operand {
  enum class Kind : uint8_t { Value, Literal, Tuple, List, Dict } kind = Kind::Literal;
  ValueId value = 0;
  std::string literal;           // Literal: Python text ("None", "3", "'a'", "torch.float32")
  std::vector<Operand> items;    // Tuple/List items, Dict values
  std::vector<std::string> keys; // Dict: Python literal text of each key

  static Operand of(ValueId v) { return {Kind::Value, v, {}, {}, {}}; }
  static Operand lit(std::string text) { return {Kind::Literal, 0, std::move(text), {}, {}}; }
  static Operand tuple(std::vector<Operand> items) { return {Kind::Tuple, 0, {}, std::move(items), {}}; }
  static Operand list(std::vector<Operand> items) { return {Kind::List, 0, {}, std::move(items), {}}; }
};

// One parameter of a computation op's signature, its default filled in: the argument (tensors as
// values, the rest as literals) and the same argument typed as the op catalogue saw it.
struct BoundArg {
  Operand operand;
  ops::Arg meta;
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
  std::vector<ValueId> outs; // several outs print as a tuple unpack: `a, b = f(x)`
  Name callee;               // Call: printed callable ("torch.add", "check_len")
  Name attr;                 // GetAttr, SetAttr: a Python identifier
  std::vector<Operand> args;
  std::vector<std::pair<std::string, Operand>> kwargs;
  Name comment; // Comment: the text; otherwise an optional trailing comment
  std::vector<BoundArg> bound; // computation ops (for --so): every parameter of the op, in order
  int op = -1;                 // computation ops: the ops::Op they denote (for passes and codegen)
  Kind kind = Kind::Call;
  bool annotate = false; // prints `out: "type" = ...` (prologue unpacks)
  bool pure = false;     // may be removed when unused or merged with an identical instruction
};

struct ValueInfo {
  std::string name;
  ValueType type;
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

// Hands out names. A prefix ("t", "p", "i"...) takes the next number of one counter shared by all
// prefixes, starting at 0 and skipping names already taken: `p0`, `t1`. A hint (the graph local
// that receives the value) is used as it is when free, else as `hint_<k>` with the smallest
// k >= 1 not taken, so that an edit renames only the values of the locals it touches. A prefix
// ends in neither a digit nor `_`, so that a numbered name is told from the others by its text.
class Namer {
public:
  std::string take(const std::string &hint_or_prefix, bool is_hint);
  // `hint_<k>` even when `hint` is free (a part of the value the local receives).
  std::string take_suffixed(const std::string &hint);
  void reserve(std::string_view name) { insert(name); }
  void expect(size_t more_names) { owner_.reserve(owner_.size() + more_names); } // no regrowth
  Namer() { verbatim_.max_load_factor(0.9f); } // robin hood probing stays short; half the buckets
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
  Hint &hint(const std::string &text);
  std::string take_suffixed(const std::string &hint_text, Hint &h);
  std::string take_numbered(const std::string &prefix);
  bool insert(std::string_view name); // a name taken as it is; false: taken
  bool generated(std::string_view name) const; // taken as a numbered or a suffixed name

  // The names taken as they are, and their texts less their last digits (where they have some).
  // Open addressing, hashes stored; views of copies in blocks the Namer owns (a set of strings
  // would allocate once per long name).
  using ViewSet = tsl::robin_set<std::string_view, StrHash, std::equal_to<std::string_view>,
                                 std::allocator<std::string_view>, true>;
  ViewSet verbatim_, bases_;
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
};

} // namespace thunderc
