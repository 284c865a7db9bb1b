#include "graph/graph.h"

#include <algorithm>
#include <array>
#include <string_view>
#include <unordered_map>

namespace thunderc {

const Expr *ClassDecl::default_for(const std::string &field) const {
  for (const auto &[f, e] : defaults)
    if (f == field) return &e;
  return nullptr;
}

// Names view the parameters' and statements' own strings, which stay where they are. A name's
// slot is found by a linear search while the function has few locals (most have a few dozen: no
// hashing and no node to allocate per name), by a hash table filled on first use after that.
void number_locals(Function &fn) {
  constexpr size_t few = 32;
  std::vector<std::string_view> names; // by slot
  std::unordered_map<std::string_view, uint32_t, StrHash> slots; // once more than `few`
  auto slot = [&](std::string_view name) {
    if (names.size() <= few) {
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == name) return uint32_t(i);
      return kNoSlot;
    }
    if (slots.empty())
      for (size_t i = 0; i < names.size(); ++i) slots.emplace(names[i], uint32_t(i));
    auto it = slots.find(name);
    return it == slots.end() ? kNoSlot : it->second;
  };
  auto add = [&](const std::string &name) {
    uint32_t s = slot(name);
    if (s != kNoSlot) return s;
    s = uint32_t(names.size());
    names.push_back(name);
    if (!slots.empty()) slots.emplace(name, s);
    return s;
  };
  for (const Param &p : fn.params) add(p.name);
  uint32_t statements = 0;
  auto define = [&](auto &self, std::vector<Stmt> &block) -> void {
    for (Stmt &s : block) {
      s.position = statements++;
      s.out_slot = s.out.empty() ? kNoSlot : add(s.out);
      s.target_slots.clear();
      for (const std::string &t : s.targets) s.target_slots.push_back(add(t));
      self(self, s.body);
      self(self, s.orelse);
    }
  };
  define(define, fn.body);
  fn.statement_count = statements;
  fn.locals.assign(names.begin(), names.end()); // in one piece, once their number is known
  auto operand = [&](auto &self, Expr &e) -> void {
    if (e.kind == Expr::Kind::Local) e.slot = slot(e.text);
    for (Expr &x : e.items) self(self, x);
    for (auto &[k, x] : e.entries) self(self, x);
  };
  auto read = [&](auto &self, std::vector<Stmt> &block) -> void {
    for (Stmt &s : block) {
      if (s.callee_is_local) s.name_slot = slot(s.name);
      for (Expr *e : {&s.obj, &s.value, &s.index}) operand(operand, *e);
      for (Expr &e : s.args) operand(operand, e);
      for (auto &[k, e] : s.kwargs) operand(operand, e);
      self(self, s.body);
      self(self, s.orelse);
    }
  };
  read(read, fn.body);
}

void drop_input_descriptions(Graph &g) {
  if (g.inputs.self) g.inputs.self = Expr();
  std::vector<Expr>().swap(g.inputs.args);
  Entries().swap(g.inputs.kwargs);
}

const ClassDecl *Graph::find_class(std::string_view n) const {
  auto it = class_index.find(n);
  return it == class_index.end() ? nullptr : &classes[it->second];
}

const Function *Graph::find_function(std::string_view n) const {
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
      "torch.nn.Module",
      "torch.nn.ModuleList",
      "torch.nn.ModuleDict",
      "torch.nn.Sequential",
      "torch.nn.Linear",
      "torch.nn.Embedding",
      "torch.nn.LayerNorm",
      "torch.nn.Dropout",
      "torch.nn.SiLU",
      "torch.nn.GELU",
      "torch.nn.ReLU",
      "torch.nn.Tanh",
      "torch.nn.Sigmoid",
      "torch.nn.Identity",
      "torch.nn.Softmax",
      "torch.nn.LogSoftmax",
      "torch.nn.Unflatten",
      "torch.nn.PReLU",
      "torch.nn.PixelShuffle",
      "torch.nn.PixelUnshuffle",
      "torch.nn.ZeroPad2d",
      "torch.nn.ConstantPad1d",
      "torch.nn.ConstantPad2d",
      "torch.nn.ConstantPad3d",
      "torch.nn.ReflectionPad1d",
      "torch.nn.ReflectionPad2d",
      "torch.nn.ReflectionPad3d",
      "torch.nn.ReplicationPad1d",
      "torch.nn.ReplicationPad2d",
      "torch.nn.ReplicationPad3d",
      "torch.nn.LeakyReLU",
      "torch.nn.ELU",
      "torch.nn.Mish",
      "torch.nn.Hardswish",
      "torch.nn.Hardsigmoid",
      "torch.nn.Hardtanh",
      "torch.nn.ReLU6",
      "torch.nn.Softplus",
      "torch.nn.Conv1d",
      "torch.nn.Conv2d",
      "torch.nn.Conv3d",
      "torch.nn.ConvTranspose1d",
      "torch.nn.ConvTranspose2d",
      "torch.nn.ConvTranspose3d",
      "torch.nn.GroupNorm",
      "torch.nn.BatchNorm1d",
      "torch.nn.BatchNorm2d",
      "torch.nn.BatchNorm3d",
      "torch.nn.MaxPool1d",
      "torch.nn.MaxPool2d",
      "torch.nn.AvgPool1d",
      "torch.nn.AvgPool2d",
      "torch.nn.AdaptiveAvgPool1d",
      "torch.nn.AdaptiveAvgPool2d",
      "torch.nn.Flatten",
      "torch.nn.Upsample",
      "torch.nn.MultiheadAttention",
      "torch.nn.modules.linear.NonDynamicallyQuantizableLinear",
      "builtins.dict",
      "builtins.list",
      "builtins.tuple",
      "collections.OrderedDict",
      "builtins.object",
      "builtins.bool",
      "builtins.int",
      "builtins.float",
      "builtins.str",
      "torch.Tensor",
      "torch.dtype",
      "torch.device",
      "torch.Size",
      "torch.fx.Proxy"};
  return names;
}

bool is_builtin_class(const std::string &name) {
  const auto &names = builtin_class_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

bool is_model_output_class(std::string_view name) {
  return name == "transformers.utils.generic.ModelOutput" ||
         name == "transformers.utils.ModelOutput";
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
