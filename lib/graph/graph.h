// The program graph, format 1, as plain structs mirroring schemas/graph.schema.json. load_graph()
// builds one and guarantees every structural and static semantic rule of the format (see
// docs/graph-format.md); the interpreter may rely on them. Every node keeps the JSON pointer of
// the place it was read from, for located errors.
#pragma once

#include "support/hash.h"
#include "values/dtype.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace thunderc {

struct Expr;
struct NamedExpr;

inline constexpr uint32_t kNoSlot = UINT32_MAX; // a local slot not numbered (see number_locals)
using Entries = std::vector<NamedExpr>; // name -> value, in file order

// A VALUE (input description, literal) or OPERAND (may also read locals, build slices).
struct Expr {
  enum class Kind : uint8_t {
    None, Bool, Int, Float, Str, // Python scalars
    Local,                       // "%name": reads a local (text = name)
    Tuple, List, Dict,           // items / entries
    Tensor, DType, Device,       // metadata only
    Object, Dataclass, Module,   // text = class name; entries = attrs / fields
    Class,                       // the class object itself; text = class name
    Ref,                         // text = pointer into inputs; target = the node it denotes
    Slice,                       // items = start, stop, step (operands, None when absent)
    Ellipsis,
  };
  Kind kind = Kind::None;
  std::string pointer;

  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string text;

  std::vector<int64_t> shape; // Tensor
  DType dtype = DType::Float32;
  Device device;
  bool requires_grad = false;
  bool ref_target = false; // some Ref's target is this node (set by load_graph)
  bool starred = false; // {"*": operand} in call arguments, tuples, lists: its value's items

  std::vector<Expr> items;
  Entries entries;                     // Dict items, Object attrs, Dataclass fields, Module attrs
  Entries parameters, buffers, modules; // Module members (a null parameter/buffer is Kind::None)
  const Expr *target = nullptr;        // Ref: the (non-Ref) node it denotes
  uint32_t slot = kNoSlot;             // Local: index into the function's `locals`
};

// One member of an Entries list (a struct rather than std::pair: Expr holds lists of these).
struct NamedExpr {
  NamedExpr(std::string name, Expr value) : first(std::move(name)), second(std::move(value)) {}
  explicit NamedExpr(std::string name) : first(std::move(name)) {} // the value filled in place
  std::string first;
  Expr second;
};

struct Stmt {
  enum class Kind : uint8_t {
    Assign, GetAttr, SetAttr, GetItem, SetItem, Call, Method, New, If, For, Return, Raise
  };
  Kind kind = Kind::Assign;
  std::string pointer;
  std::string loc, src; // "" when absent

  Expr obj;          // getattr, setattr, getitem, setitem, method: the receiver
  Expr value;        // assign, setattr, setitem, return: the value; if: cond; for: iter
  Expr index;        // getitem, setitem
  std::string name;  // getattr/setattr/method: attribute; call: fn; new: class; raise: message
  bool callee_is_local = false; // call/new: `name` is a local holding the callable or class
  uint32_t name_slot = kNoSlot; // callee_is_local: the slot of `name`
  std::vector<Expr> args;
  Entries kwargs;
  std::string out;   // "" when the result is unused
  uint32_t out_slot = kNoSlot;
  std::vector<std::string> targets; // for: the names bound each iteration
  std::vector<uint32_t> target_slots;
  bool unpack = false;              // for: target was a list of names
  std::vector<Stmt> body, orelse;   // for: body; if: then / else
  uint32_t position = 0; // its place among its function's statements, nested ones included
};

struct Param {
  // In Python's order: positional-or-keyword, then `*args` (or a bare `*`), keyword-only,
  // `**kwargs`.
  enum class Kind : uint8_t { Positional, VarPositional, KeywordOnly, VarKeyword };
  std::string name;
  std::optional<Expr> default_value;
  Kind kind = Kind::Positional;
};

struct Function {
  std::string name, pointer;
  std::vector<Param> params;
  std::vector<Stmt> body;
  size_t statement_count = 0; // statements in body, nested ones included
  std::vector<std::string> locals; // by slot: see number_locals
};

// Numbers a function's locals: `locals` lists the parameters, then each `out` and loop target in
// statement order, and every read and write of a local gets its slot there (kNoSlot for a name
// never bound), so that a frame is a vector indexed by slot. Numbers its statements too
// (Stmt::position, statement_count). load_graph() calls it for every
// function; a Graph built or edited by other means must call it again.
void number_locals(Function &fn);

struct ClassDecl {
  std::string name, pointer;
  std::string module, qualname, base;
  std::vector<std::pair<std::string, std::string>> methods; // method name -> function name
  std::vector<std::pair<std::string, std::string>> static_methods; // @staticmethod: no self
  bool is_dataclass = false;
  std::vector<std::string> fields;
  Entries defaults;
  std::string printed_name; // module_qualname with '.', '<', '>' replaced by '_', unique (load.cpp)
  const Expr *default_for(const std::string &field) const;
};

struct Inputs {
  std::optional<Expr> self;
  std::vector<Expr> args;
  Entries kwargs;
};

struct Graph {
  std::string file; // as given on the command line, for messages
  std::string name, entry;
  std::vector<ClassDecl> classes;
  std::vector<Function> functions;
  Inputs inputs;

  const ClassDecl *find_class(std::string_view n) const;
  const Function *find_function(std::string_view n) const;
  std::vector<std::string> class_names() const;
  std::vector<std::string> function_names() const;

  std::unordered_map<std::string, size_t, StrHash, std::equal_to<>> class_index, function_index;
};

// Frees the inputs' descriptions (Graph::inputs), keeping whether `self` is given (an empty
// description): once the program is interpreted, nothing else reads them
// (CompileOptions::interpreted).
void drop_input_descriptions(Graph &g);

// Classes that need no declaration: torch.nn modules with PyTorch's attribute names and forward
// semantics, and the builtin containers usable with `new`.
bool is_builtin_class(const std::string &name);
// Hugging Face's ModelOutput (transformers.utils.generic.ModelOutput, also exported as
// transformers.utils.ModelOutput): a base of dataclasses that index as the tuple of their fields
// that are not None.
bool is_model_output_class(std::string_view name);
// The library classes deriving tuple: torch.Size and PyTorch's named tuples (torch.return_types.*).
inline bool derives_tuple(std::string_view name) {
  return name == "torch.Size" || name.starts_with("torch.return_types.");
}
const std::vector<std::string> &builtin_class_names();

std::string_view stmt_kind_name(Stmt::Kind);
std::string_view expr_kind_name(Expr::Kind);

} // namespace thunderc
