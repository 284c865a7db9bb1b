#include "graph/graph.h"

#include <algorithm>
#include <array>

namespace thunderc {

const std::string *ClassDecl::method(const std::string &n) const {
  for (const auto &[m, fn] : methods)
    if (m == n) return &fn;
  return nullptr;
}

const Expr *ClassDecl::default_for(const std::string &field) const {
  for (const auto &[f, e] : defaults)
    if (f == field) return &e;
  return nullptr;
}

const ClassDecl *Graph::find_class(const std::string &n) const {
  auto it = class_index.find(n);
  return it == class_index.end() ? nullptr : &classes[it->second];
}

const Function *Graph::find_function(const std::string &n) const {
  auto it = function_index.find(n);
  return it == function_index.end() ? nullptr : &functions[it->second];
}

std::vector<std::string> Graph::class_names() const {
  std::vector<std::string> out;
  for (const auto &c : classes) out.push_back(c.name);
  for (const auto &b : builtin_class_names()) out.push_back(b);
  return out;
}

std::vector<std::string> Graph::function_names() const {
  std::vector<std::string> out;
  for (const auto &f : functions) out.push_back(f.name);
  return out;
}

const std::vector<std::string> &builtin_class_names() {
  static const std::vector<std::string> names = {
      "torch.nn.Module",    "torch.nn.ModuleList", "torch.nn.ModuleDict", "torch.nn.Sequential", "torch.nn.Linear",
      "torch.nn.Embedding", "torch.nn.LayerNorm",  "torch.nn.Dropout",    "torch.nn.SiLU",
      "torch.nn.GELU",      "torch.nn.ReLU",       "builtins.dict",       "builtins.list",
      "builtins.tuple",     "collections.OrderedDict"};
  return names;
}

bool is_builtin_class(const std::string &name) {
  const auto &names = builtin_class_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string_view stmt_kind_name(Stmt::Kind k) {
  static constexpr std::array<std::string_view, 12> names = {
      "assign", "getattr", "setattr", "getitem", "setitem", "call",
      "method", "new",     "if",      "for",     "return",  "raise"};
  return names[static_cast<size_t>(k)];
}

std::string_view expr_kind_name(Expr::Kind k) {
  static constexpr std::array<std::string_view, 19> names = {
      "None",   "bool",  "int",   "float",  "str",    "local",     "tuple",
      "list",   "dict",  "tensor", "dtype", "device", "object",    "dataclass",
      "module", "class", "ref",   "slice",  "ellipsis"};
  return names[static_cast<size_t>(k)];
}

} // namespace thunderc
