// The Program record: what interpreting a graph found out, as plain data for the trace builder.
//
// Everything refers to values of `heap` by Value handle and to inputs by provenance record
// (ProvId, printed with heap.path()). Statements are borrowed from the Graph, which must outlive
// the Program. Python scalars are constants of the trace: an input scalar the program relied on
// has a `Value` guard, and every scalar in `ops`, `side_effects` and `result` can be printed as a
// literal from the heap. Tensors are objects with versions: ops read and produce versions; for a
// tensor object `t` held in the result or a side effect, `heap.current(t)` is its final version
// (an input tensor returned is the input itself, whatever its final version).
//
// Prologue: unpack the chain of records of every guard subject, every input tensor an op reads
// (`heap.from_input`), every input object the epilogue needs; emit the guards. Computation: `ops`
// in order, then `write_backs`. Epilogue: `side_effects` in order, then rebuild `result`.
#pragma once

#include "ops/ops.h"
#include "values/heap.h"

#include <deque>
#include <string>
#include <vector>

namespace thunderc {

struct Stmt;

// A property of an input that the run relied on; the prologue checks each one.
struct Guard {
  enum class Kind : uint8_t {
    TensorMeta, // shape, dtype, device, requires_grad equal `meta`
    Value,      // the int/float/bool/str/dtype/device equals heap value `value` (same Python type)
    None,       // is None
    NotNone,    // is not None
    Type,       // type(x) is class `cls` (exactly)
    Len,        // len(x) == length
    Keys,       // the keys of a dict (or kwargs) are `keys`: as a set, or in order when `ordered`
    Is,         // x is the object at `other` (two paths to one input object)
    IsNot,      // x is not the object at `other`
    HasAttr,    // hasattr(x, name) is `expected`
  };
  Kind kind;
  ProvId subject = 0; // the input checked
  Value value;        // the input value as reached (Value: the expected value)
  TensorMeta meta;    // TensorMeta
  std::string cls;    // Type: class name as the graph spells it ("StaticCache", "torch.nn.Linear")
  int64_t length = 0; // Len
  std::vector<std::string> keys; // Keys
  bool ordered = false;          // Keys
  ProvId other = 0;              // Is / IsNot
  std::string name;              // HasAttr
  bool expected = true;          // HasAttr
};

// One tensor op of the computation, in program order. In-place ops are recorded functionally:
// the record reads the receiver's current version and produces its next one. `op` is the
// catalogue's functional counterpart (add_ -> add, fill_ -> full_like), followed by a `to` record
// when PyTorch casts the result back to the receiver's dtype; setitem_ has no counterpart in the
// catalogue and is recorded as itself (read as "a copy of input with input[index] = value");
// copy_ records only the `to`/`expand` its source needs (none when the metadata agree: the
// receiver's new version is then the source's version itself).
struct OpRecord {
  ops::Op op;
  std::vector<Value> args; // positional arguments as written (tensors as the versions read)
  std::vector<std::pair<std::string, Value>> kwargs; // keyword arguments as written
  std::vector<Value> bound;         // every parameter in signature order, defaults filled in
  std::vector<ops::Arg> bound_meta; // the same, as the op catalogue saw them
  std::vector<Value> outputs;       // tensor versions produced (several for MultiOutput ops)
  Value result;                     // what the statement received: the output, a tuple of the
                                    // outputs, or for an in-place op the receiver (`updated`)
  const Stmt *stmt = nullptr;       // the statement (pointer, loc, src)
  std::string name_hint;          // the graph local that received the result (for an in-place
                                  // op without `out`, the receiver's local), else ""
  std::optional<ops::Op> inplace; // the in-place op written in the graph (add_), if any
  Value updated; // in-place: the tensor object updated (outputs[0] is its new version)
};

// An input tensor updated in place: after the computation, `tensor` holds `version`.
struct WriteBack {
  Value tensor;  // the input tensor object (its record: heap.prov(tensor))
  Value version; // its final version: an op output, or (after copy_) another tensor's version
};

// A mutation of an input object the epilogue repeats, in program order of the last write to
// each (target, key); earlier writes to the same key are dropped.
struct SideEffect {
  enum class Kind : uint8_t {
    SetAttr,   // target.name = value (module attributes too: see module_path)
    SetItem,   // target[key] = value (dicts and lists)
    SetBuffer, // module buffer: module_path names it from the root module
    Contents,  // a list/dict changed by append/insert/pop/update...: its final items are `value`
               // (a tuple; for a dict, a tuple of (key, value) tuples)
  };
  Kind kind;
  Value target;            // the input object (heap.prov(target) is its record)
  std::string name;        // SetAttr / SetBuffer: the attribute or buffer name
  Value key;               // SetItem: the key (int index normalised to >= 0, or str)
  Value value;             // the value written
  std::string module_path; // target is a module: dotted path from its root module, member included
                           // ("layers.0.cache_k"); "" otherwise
  ProvId module_root = 0;  // the record of that root module
  const Stmt *stmt = nullptr; // the statement of the last write
};

struct Program {
  Heap heap;
  Value self, args, kwargs;   // the input roots (self: none when the graph has no inputs.self)
  std::vector<ProvId> inputs; // input records the program read, in first-read order; each
                              // record's `used` says whether it was relied on
  std::deque<Guard> guards;   // in the order the run first relied on each property
  std::deque<OpRecord> ops;   // (deques: no moves as they grow)
  std::vector<WriteBack> write_backs; // in order of first update
  std::vector<SideEffect> side_effects;
  Value result;                      // the entry's return value
  const Stmt *return_stmt = nullptr; // the entry's return statement (null: fell off the end)
  size_t statements = 0;             // statements executed
};

// A readable listing of a Program (inputs, guards, ops, write-backs, side effects, result), one
// item per line, for tests and --dump: `guard len args == 2`, `op 3 torch.add(t1, 2) -> t4`.
std::string describe(const Program &p);

} // namespace thunderc
