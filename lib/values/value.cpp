#include "values/value.h"

#include <array>

namespace thunderc {

std::string_view kind_name(Kind k) {
  static constexpr std::array<std::string_view, 21> names = {
      "NoneType", "bool",   "int",      "float",    "str",
      "dtype",    "device", "ellipsis", "slice",    "tuple",
      "list",     "dict",   "range",    "object",   "dataclass",
      "Module",   "type",   "Tensor",   "function", "builtin_function_or_method",
      "method"};
  return names[static_cast<size_t>(k)];
}

} // namespace thunderc
