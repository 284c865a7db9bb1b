// A Value is a small handle (an index) into a Heap: the interpreter's Python values. Handles are
// identities: two references to one object are one handle, so aliasing and mutation behave as in
// Python. Immutable scalars made while tracing get fresh handles (their identity is never relied
// on, except None-ness). Handle 0 is "no value".
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

namespace thunderc {

enum class Kind : uint8_t {
  None,
  Bool,
  Int,
  Float,
  Str,
  DType,
  Device,
  Ellipsis, // immutable scalars
  Slice,    // items: start, stop, step
  Tuple,
  List,
  Dict,      // entries keyed by Python value; `ordered_dict()` tells OrderedDict
  Range,     // start, stop, step as integers
  Object,    // instance of a declared plain class: attributes
  Dataclass, // instance of a declared dataclass: fields in declared order
  Module,    // torch.nn.Module: parameters, buffers, sub-modules, attributes
  Class,     // a class object (declared or built-in), by name
  Tensor,    // metadata only; an object whose contents have versions (see Heap::current)
  Function,  // a function of the graph, by name
  Builtin,   // a library callable by qualified name: builtins.len, torch.add, math.sqrt
  Method,    // a bound method: receiver + method name
};

// None to Ellipsis: the immutable scalars, which traces print as literals.
inline bool is_scalar(Kind k) { return k <= Kind::Ellipsis; }

std::string_view kind_name(Kind); // Python's type name: "int", "tuple", "Tensor", ...

struct Value {
  uint32_t id = 0;
  explicit operator bool() const { return id != 0; }
  bool operator==(const Value &) const = default;
};

// Index of a provenance record in the Heap (see provenance.h).
using ProvId = uint32_t;

} // namespace thunderc

template <> struct std::hash<thunderc::Value> {
  size_t operator()(thunderc::Value v) const noexcept { return v.id; }
};
