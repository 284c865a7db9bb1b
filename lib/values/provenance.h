// Provenance: how a value was reached, as data beside the value (in the manner of Thunder's
// ProvenanceRecord). Input values form a tree rooted at `args`, `kwargs` and the function object
// `self`, whose edges are attribute loads and item loads; the prologue unpacks along it and prints
// each record as a path (`kwargs['past_key_values'].key_cache[0]`, `self.layers[0].mlp.weight`).
// Values made while tracing carry a record saying so: a literal (Constant), a Python value
// computed from others (Computed: a constant of the trace, its inputs guarded where it was
// computed), an object created by a statement (New), a tensor produced by an op (Op).
//
// Invariants: record 0 is the shared Constant record and record 1 the shared Computed record; an
// input value's record is the first place the input description defines it (a `ref` elsewhere
// reaches the same value through a second path, which the interpreter guards with `Is`).
#pragma once

#include "values/value.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace thunderc {

struct Stmt;

enum class ProvKind : uint8_t {
  Constant,    // a literal of the graph or a default value
  Computed,    // a Python value computed while tracing (len, arithmetic, tensor.shape, ...)
  InputArgs,   // the positional-argument tuple: `args`
  InputKwargs, // the keyword-argument dict: `kwargs`
  InputFn,     // the function object or root module: `self`
  Attr,        // parent.name
  Item,        // parent[index] / parent['key']
  New,         // created while tracing by `stmt` (new, container literals, list(), ...)
  Op,          // output `output` of computation op `op`
};

// What a member is in its owner; for modules this decides get_parameter/get_buffer/get_submodule.
enum class Slot : uint8_t { Attr, Field, Parameter, Buffer, Submodule, Item };

inline constexpr ProvId kConstant = 0;
inline constexpr ProvId kComputed = 1;

struct ProvRecord {
  ProvKind kind = ProvKind::Constant;
  Slot slot = Slot::Attr; // Attr/Item: the member's role in its owner
  bool input = false;     // rooted at args, kwargs or self; set before a value takes the record
                          // (the Heap copies it into the value: see Heap::from_input)
  bool reached = false;   // the program read this input
  bool used = false;      // the program relied on it: guarded, or passed to computation/epilogue
  bool int_key = false;   // Item: `index` is the key (else `name`)
  uint16_t guarded = 0;   // the interpreter's bookkeeping: one bit per guard kind recorded
  ProvId parent = 0;      // Attr/Item: the owner's record
  int64_t index = 0;      // Item with an int key
  // Attr: attribute name; Item: str key. A view of the heap's interned symbol (or ""): no string
  // to move each time the record table grows.
  std::string_view name;
  const Stmt *stmt =
      nullptr;         // New/Op: the statement that created the value (borrowed from the Graph)
  int32_t op = -1;     // Op: index into Program::ops
  uint32_t output = 0; // Op: which output of the op
  Value value;         // input records: the value this path reaches
};

// `args[0]`, `kwargs['k'].cache[1]`, `self.layers[0].weight`; `<created at /functions/f/body/3>`
// for New, `<output 0 of op 12>` for Op, `<constant>`, `<computed>`.
std::string provenance_path(std::span<const ProvRecord> records, ProvId id);

} // namespace thunderc
