// The interpreter's internal state and the operations its parts share (not a public interface:
// use interpret() from interpret.h). One Interpreter runs one graph once. Its parts live in one
// file each: statements and frames (interpreter.cpp), input values (inputs.cpp), guards and
// reliance (guards.cpp), attribute and item access (access.cpp), side effects, write-backs and
// the values the epilogue rebuilds (effects.cpp), calls, methods and `new` (calls.cpp), builtins
// and container methods (builtins.cpp), Python arithmetic (python_ops.cpp), tensor ops
// (tensor_ops.cpp), torch.nn modules (nn_modules.cpp).
#pragma once

#include "graph/graph.h"
#include "interp/interpret.h"
#include "interp/tensor_backend.h"
#include "values/module_defaults.h"

#include <deque>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace thunderc::interp {

struct OperatorName; // builtins.cpp
struct NnRow;        // nn_modules.cpp
// The forward of a built-in torch.nn class (nullptr for the containers and unknown names).
const NnRow *nn_row(std::string_view builtin_cls);

using Args = std::vector<Value>;
using Kwargs = std::vector<std::pair<std::string, Value>>;

// What is looked up by a statement's own name, found once per statement and kept: hashing the
// name cost ~135-150 instructions a lookup (972 operator calls at llama L = 32), and attribute
// reads and method calls on objects hashed it per call.
struct StatementFacts {
  bool callee_known = false;        // a call statement's `fn`, resolved (exec):
  const Function *fn = nullptr;     // a function of the graph,
  std::optional<ops::Op> callee_op; // else a torch function
  bool op_known = false;
  std::optional<ops::Op> op;                   // statement_op
  const OperatorName *operator_name = nullptr; // operator_call's facts (builtins.cpp)
  uint32_t symbol = kNoSymbol;                 // find_attr; kNoSymbol: not found yet
};

struct Frame {
  const Function *fn = nullptr;
  std::vector<Value> locals;  // by slot (fn->locals); none = unbound
  const Stmt *stmt = nullptr; // the statement executing
  StatementFacts *facts = nullptr; // fn's, by Stmt::position
  Value ret;
};

class Interpreter {
public:
  Interpreter(const Graph &g, const InterpOptions &o, Program &p);
  void run();

  // ---- errors (interpreter.cpp) --------------------------------------------------------------
  // A UserError at the current statement (or at `pointer`), with the graph call stack.
  [[noreturn]] void fail(const std::string &message, const std::string *pointer = nullptr) const;
  std::vector<std::string> stack() const;

  // ---- statements (interpreter.cpp) ----------------------------------------------------------
  Value call_function(const Function &fn, Args args, const Kwargs &kwargs);
  bool exec_block(const std::vector<Stmt> &block); // true: returned
  void exec(const Stmt &s);
  // Inline for a local, the most common operand (no call); eval_other for the rest.
  Value eval(const Expr &e) {
    return e.kind == Expr::Kind::Local ? read_local(e.text, e.slot, e.pointer) : eval_other(e);
  }
  Value eval_other(const Expr &e);
  // Locals by slot (number_locals); the name is for messages. Inline: it runs for every local an
  // expression reads, and an out-of-line body saved registers for its error paths on each call.
  Value read_local(const std::string &name, uint32_t slot, const std::string &pointer) {
    if (slot < top->locals.size()) // else kNoSlot: a name the function never binds
      if (Value v = top->locals[slot]) return v;
    unbound_local(name, slot, pointer);
  }
  [[noreturn, gnu::cold]] void unbound_local(const std::string &name, uint32_t slot,
                                             const std::string &pointer);
  Value literal(const Expr &e); // a default value or a literal: no locals
  void store(uint32_t slot, Value v);
  void exec_for(const Stmt &s);
  ProvId new_record(); // a New record for the current statement

  // ---- inputs (inputs.cpp) -------------------------------------------------------------------
  void build_inputs();
  // `name`: a symbol of the heap, or "" (the record keeps the view).
  ProvId child_record(ProvId parent, ProvKind kind, Slot slot, std::string_view name,
                      int64_t index, bool int_key);
  struct ClassInfo;
  // The class's module_defaults, each with its name's symbol (filled on first use).
  const std::vector<std::pair<const ModuleDefault *, uint32_t>> &
  implicit_attrs(const ClassInfo &cls);
  void implicit_module_attrs(Value module, const ClassInfo &cls);

  // ---- reliance and guards (guards.cpp) ------------------------------------------------------
  void reached(Value v);
  void used(Value v);
  // Deep: scalars' values, None-ness, tensor metadata, lengths. Inline: most operands are
  // values made while tracing, which guard nothing unless they hold inputs (containers).
  void rely(Value v) {
    Kind k = h.kind(v);
    if (h.from_input(v) || (k >= Kind::Slice && k <= Kind::Dict)) rely_deep(v, 0);
  }
  void rely_meta(Value t);
  void rely_none(Value v); // None-ness (None or not None)
  void rely_type(Value v);
  void rely_len(Value v);
  void rely_keys(Value v, bool ordered);
  void rely_identity(Value a, Value b, bool same);
  void rely_hasattr(Value v, const std::string &name, bool present);
  void rely_deep(Value v, int depth);
  bool enter_rely(Value container); // false when it is on the rely path already
  // A member read through a `ref` of the input description: guard that this second path reaches
  // the same object as the value's own record.
  void alias_read(Value owner, std::string key, bool int_key, int64_t index, Slot slot,
                  Value value);
  void snapshot(Value container); // before the first change to an input container
  Guard &add_guard(Guard::Kind k, Value v);

  // ---- attributes and items (access.cpp) -----------------------------------------------------
  Value getattr(Value obj, const std::string &name);
  std::optional<Value> try_getattr(Value obj, const std::string &name);
  void setattr(Value obj, const std::string &name, Value value);
  Value getitem(Value obj, Value index);
  // A ModelOutput dataclass's fields that are not None, in declared order (its to_tuple()).
  Value model_output_tuple(Value obj);
  void setitem(Value obj, Value index, Value value);
  Value read_entry(Value owner, const Entry &e);
  Value read_item(Value seq, size_t index);
  std::vector<Value> submodules(Value module) const;      // sub-modules in order
  int64_t seq_index(Value seq, Value index, size_t size); // normalised, checked
  void record_effect(SideEffect e, const std::string &key);
  bool written(Value target, const std::string &key) const; // an effect recorded on target.key
  void contents_changed(Value container);
  std::vector<Value> iterate(Value v); // items an iteration yields, with reliance
  void unpack_keywords(Value mapping, Kwargs &out); // f(**mapping): appends its items
  // `result`, a torch.Size when `from` is one: a torch.Size sliced, added to or repeated is one.
  Value same_size_class(Value from, Value result) {
    if (h.tuple_class(from) == "torch.Size") h.set_tuple_class(result, size_class);
    return result;
  }
  int64_t range_len(Value range);      // len(range(...)), checked against int64
  Value range_item(Value range, int64_t i); // range[i] for 0 <= i < len
  void finish_effects();
  void finish_result(Value v);
  // Walks a value the epilogue rebuilds: relies on the input leaves, rejects what it cannot build.
  void settle(Value v, const char *what, const std::string &path, int depth);
  // A dict key the epilogue writes is printed as a literal: rejects any other.
  void check_key_literal(Value key, const std::string &where);

  // ---- calls (calls.cpp) ---------------------------------------------------------------------
  Value call_named(const std::string &name, Args args, Kwargs kwargs);
  // call_named for a name known not to be a graph function: a builtin or a torch op.
  Value call_builtin_named(const std::string &name, Args &args, Kwargs &kwargs);
  Value call_value(Value callee, Args args, Kwargs kwargs);
  Value call_method(Value obj, const std::string &name, Args args, Kwargs kwargs);
  Value construct(const std::string &cls, Args args, Kwargs kwargs);
  Value module_call(Value m, Args args, Kwargs kwargs);
  // A declared class: its methods (own and inherited from declared bases) and the built-in class
  // it derives from ("torch.nn.Linear", "torch.nn.Module"; "" for a plain class).
  struct ClassInfo {
    const ClassDecl *decl = nullptr;
    std::string builtin_base;
    bool model_output = false; // derives Hugging Face's ModelOutput (is_model_output_class)
    struct Method {
      std::string_view name;
      const Function *fn;
      bool is_static; // a @staticmethod: called without self
    };
    // Nearest first; a linear search: classes have few methods, and it saves hashing the name.
    std::vector<Method> methods;
    // Modules: module_defaults(builtin_base), each with its name's symbol; looked up on first use.
    mutable std::vector<std::pair<const ModuleDefault *, uint32_t>> module_defaults;
    mutable bool module_defaults_known = false;
    const NnRow *nn = nullptr; // the forward of builtin_base (nn_modules.cpp), if it has one
  };
  // By the class's interned name; the Value forms take the class of an object (or a class value)
  // without hashing its name.
  const ClassInfo &class_info(uint32_t cls_symbol);
  const ClassInfo &class_info(std::string_view cls) { return class_info(h.intern(cls)); }
  const ClassInfo &class_info(Value v) { return class_info(h.name_symbol(v)); }
  // The nearest definition of `method`, when it is a plain method (find_method) or a
  // @staticmethod (find_static); nullptr otherwise.
  static const Function *find_method(const ClassInfo &info, std::string_view method);
  static const Function *find_static(const ClassInfo &info, std::string_view method);
  const Function *find_method(std::string_view cls, std::string_view method) {
    return find_method(class_info(cls), method);
  }
  const Function *find_method(Value v, std::string_view method) {
    return find_method(class_info(v), method);
  }
  const std::string &builtin_base(std::string_view cls) { return class_info(cls).builtin_base; }
  const std::string &builtin_base(Value v) { return class_info(v).builtin_base; }
  bool is_subclass(const std::string &cls, const std::string &of) const;
  std::string class_of(Value v) const; // the class name isinstance/type see

  // ---- builtins (builtins.cpp) ---------------------------------------------------------------
  std::optional<Value> call_builtin(const std::string &name, Args &args, Kwargs &kwargs);
  Value normalize(const Args &args, const Kwargs &kwargs); // torch.nn.functional.normalize
  // A Python function's arguments bound to its parameters (positionals, then keywords), as
  // CPython binds them: one Value per parameter, empty where not given; the first `required` must
  // be given. `fn` names the function in messages ("torch.nn.functional.normalize()").
  std::vector<Value> bind_arguments(std::string_view fn, std::span<const std::string_view> params,
                                    size_t required, const Args &args, const Kwargs &kwargs);
  std::optional<Value> container_method(Value obj, const std::string &name, Args &args,
                                        Kwargs &kwargs);

  // ---- Python values (python_ops.cpp) --------------------------------------------------------
  bool truth(Value v);
  Value binary(std::string_view op, Value a, Value b);
  Value unary(std::string_view op, Value a);
  bool equal(Value a, Value b);               // ==, relying on what decides it
  int compare(Value a, Value b);              // <0, 0, >0 for orderable values
  bool contains(Value container, Value x);    // `x in container`
  int64_t to_int(Value v, const char *what);  // an int operand (bool allowed), relied on
  double to_float(Value v, const char *what); // a number operand, relied on
  Value num(int64_t i) { return h.integer(i, kComputed); }

  // ---- tensors (tensor_ops.cpp) --------------------------------------------------------------
  // `args` by value: the op's record keeps them (callers done with theirs move them in).
  Value tensor_op(ops::Op op, Args args, const Kwargs &kwargs);
  Value tensor_attr(Value t, const std::string &name, bool *found);
  std::optional<Value> tensor_method(Value t, const std::string &name, Args &args, Kwargs &kwargs);
  std::optional<Value> derived_tensor_method(Value t, std::string_view name, Args &args,
                                             Kwargs &kwargs);
  [[noreturn]] void data_dependent(Value t, const std::string &what);
  // Tensor objects -> current versions (inside sequences too). Inline: it runs for every op
  // argument, most of them tensors and scalars.
  Value resolve(Value v) {
    switch (h.kind(v)) {
    case Kind::Tensor: {
      const TensorInfo &t = h.tensor_info(v);
      if (t.base && h.tensor_info(t.base).versions != t.base_versions) stale_view(t.base);
      return t.current;
    }
    case Kind::Tuple:
    case Kind::List:
    case Kind::Slice:
      return resolve_items(v);
    default:
      return v;
    }
  }
  Value resolve_items(Value seq);
  [[noreturn, gnu::cold]] void stale_view(Value base);
  // `resolved` as the op catalogue sees it, written into `out`, a default (None) Arg.
  void to_arg(Value resolved, ops::Op op, ops::Arg &out);
  Value from_arg(const ops::Arg &a); // a Python constant, or the tensor an Arg stands for
  // A new record at the end of the program's ops (made in place: an OpRecord is large), bound;
  // the caller pops it when the op is not the program's (a Python result, copy_'s check).
  OpRecord &prepare(ops::Op op, Args args, const Kwargs &kwargs);
  ops::Arg run_op(const OpRecord &r);
  ProvId op_record(const OpRecord &r, uint32_t output); // r: p.ops.back()
  Value emit(OpRecord &r, ops::Arg &&result, Value view_of);
  void record(OpRecord &r); // r, p.ops.back(), is complete: the backend sees it
  Value tensor_type(Value t, const Args &args, const Kwargs &kwargs); // Tensor.type(...)
  // `written`: how the program wrote it, for messages ("operator.isub"); default: from `op`.
  Value inplace_op(ops::Op op, const Args &args, const Kwargs &kwargs,
                   std::string_view written = {});
  void finish_write_backs();

  // ---- torch.nn modules (nn_modules.cpp) -----------------------------------------------------
  Value nn_forward(const ClassInfo &cls, Value m, Args &args, Kwargs &kwargs);
  Value multihead_attention(Value m, Args &args, Kwargs &kwargs);
  Value conv_pads(Value m, Value weight, Value padding, size_t dims);
  Value conv_transpose(const std::string &cls, Value m, Args &args, Kwargs &kwargs);

  const Graph &g;
  const InterpOptions &opt;
  Program &p;
  Heap &h;
  TensorBackend *backend;
  TracingBackend tracing;
  uint32_t size_class; // "torch.Size", interned once: every x.shape is one

  std::deque<Frame> frames;
  Frame *top = nullptr; // frames.back() (a deque keeps it in place), nullptr when none
  // The statement being executed when `name` is its own name (nullptr otherwise): the key of the
  // per-statement facts below.
  const Stmt *own_statement(const std::string &name) const {
    const Stmt *s = top ? top->stmt : nullptr;
    return s && &s->name == &name ? s : nullptr;
  }
  // Each function's statements' facts, by Stmt::position (a frame points at its function's).
  std::unordered_map<const Function *, std::vector<StatementFacts>> statement_facts;
  StatementFacts &facts(const Stmt *s) { return top->facts[s->position]; } // s: top->stmt
  // `lookup(name)` (ops::lookup_method / lookup_function), once per statement when `name` is the
  // current statement's own (exec passes s.name down).
  std::optional<ops::Op> statement_op(const std::string &name,
                                      std::optional<ops::Op> (*lookup)(std::string_view));
  // An attribute of `obj` by name (nullptr when absent), the name's symbol found once per
  // statement as statement_op's op.
  Entry *find_attr(Value obj, const std::string &name);
  std::unordered_map<uint32_t, ClassInfo> classes; // by class name symbol
  std::unordered_map<const Expr *, Value> built; // ref target (input description node) -> value
  std::unordered_map<const Expr *, Value> defaults; // parameter default -> its value
  std::vector<ops::Arg> spare_metas; // an empty buffer for prepare()'s bound arguments
  // The shapes of the last op's tensor arguments, buffers for to_arg()'s next ones: not an
  // allocation and a free per tensor argument (fresh blocks were D1 misses at L = 1000).
  static constexpr size_t kSpareShapes = 8;
  std::vector<std::vector<int64_t>> spare_shapes;
  const char *stack_base = nullptr;
  int nesting = 0; // nested comparisons under way

  struct Snapshot {
    int64_t length = 0;
    std::vector<std::string> keys;
  };
  std::unordered_map<uint32_t, Snapshot> snapshots;      // input containers as on entry
  std::unordered_set<uint64_t> alias_items;              // (seq id << 32 | index) from refs
  std::set<std::tuple<ProvId, ProvId, bool>> identities; // Is / IsNot pairs
  std::set<std::pair<ProvId, std::string>> attr_checks;  // HasAttr
  std::unordered_map<ProvId, size_t> key_guards;         // record -> its Keys guard
  std::map<std::pair<ProvId, std::string>, ProvId> alias_records;

  std::vector<std::optional<SideEffect>> effects;       // dropped writes are empty
  std::unordered_map<std::string, size_t> effect_index; // (target, key) -> effects index
  std::unordered_set<uint32_t> contents_pending;        // containers with a Contents effect
  std::vector<Value> updated_inputs;                    // input tensors updated in place
  std::unordered_set<uint32_t> settling; // containers on the settle path
  std::vector<uint32_t> relying;         // containers on the rely path (see enter_rely)
};

// The classes of torch.finfo and torch.iinfo objects (made by builtins.cpp's type_info; read-only).
inline bool is_type_info(std::string_view cls) {
  return cls == "torch.finfo" || cls == "torch.iinfo";
}

// "[2, 3]" for messages.
std::string shape_str(const std::vector<int64_t> &shape);

// A tensor method the interpreter implements itself rather than a row of the op catalogue
// (x.item(), x.type(), x.t(), x.new_zeros(...), ...).
bool interpreted_tensor_method(std::string_view name);

// An operator.* name's symbol, for Python's messages: "add" -> "+", "iadd" -> "+=" (others are
// "operator.<op>").
std::string python_symbol(std::string_view op);

// "(loc: src)" / ", statement 3/then/1" for a frame line.
std::string describe_stmt(const Function &fn, const Stmt &s);

} // namespace thunderc::interp
