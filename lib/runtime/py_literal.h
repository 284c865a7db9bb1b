// Reading back the Python literals that the trace builder prints into operands (lib/trace/
// build.cpp): None, True, False, ints, floats (`1e-05`, `float('nan')`), single-quoted strings
// with Python escapes, `torch.float32`, `torch.device('cuda:0')`, `...`, `slice(a, b, c)`, and
// class names (a declared class's printed name, `torch.nn.Linear`, `dict`). Tuples, lists and
// dicts are Operands of their own, not literals.
#pragma once

#include "graph/graph.h"
#include "runtime/rvalue.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace thunderc::runtime {

class LiteralReader {
public:
  explicit LiteralReader(const Graph &g);
  // Throws std::invalid_argument naming the text when it is not a literal thunderc prints.
  RRef read(std::string_view text) const;
  // The graph's name of a printed class (`transformers_cache_utils_StaticCache` -> `StaticCache`;
  // built-ins as they are); nullopt when `text` is not a class.
  std::optional<std::string> class_name(std::string_view text) const;
  // `module.qualname` of a class as Python prints it in messages.
  std::string qualified(const std::string &cls) const;

private:
  const Graph &g_;
  std::unordered_map<std::string, std::string> printed_; // printed name -> graph name
};

// A Python string literal (single or double quotes, backslash escapes) at text[pos]; advances
// pos past it. nullopt when there is none.
std::optional<std::string> read_py_string(std::string_view text, size_t &pos);

} // namespace thunderc::runtime
