#include "interp/interpreter.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

namespace thunderc {

namespace interp {

namespace {

std::vector<std::string> bound_names(const Frame &f) {
  std::vector<std::string> out;
  for (size_t i = 0; i < f.locals.size(); ++i)
    if (f.locals[i]) out.push_back(f.fn->locals[i]);
  return out;
}

// The values of call arguments or of a tuple's or list's items; a starred one ({"*": xs}: f(*xs),
// (*shape, -1)) stands for the items of its value. `room`: for the receiver a method or module
// call inserts first (no reallocation then).
Args eval_args(Interpreter &in, const std::vector<Expr> &args, size_t room = 0) {
  Args out;
  out.reserve(args.size() + room);
  for (const Expr &e : args)
    if (e.starred) {
      std::vector<Value> items = in.iterate(in.eval(e));
      out.insert(out.end(), items.begin(), items.end());
    } else {
      out.push_back(in.eval(e));
    }
  return out;
}

} // namespace

std::string describe_stmt(const Function &fn, const Stmt &s) {
  if (!s.loc.empty() || !s.src.empty())
    return " (" + comment_safe(s.loc) + (!s.loc.empty() && !s.src.empty() ? ": " : "") +
           comment_safe(s.src) + ")";
  std::string prefix = fn.pointer + "/body/";
  std::string where = s.pointer.starts_with(prefix) ? s.pointer.substr(prefix.size()) : s.pointer;
  return ", statement " + where;
}

Interpreter::Interpreter(const Graph &g, const InterpOptions &o, Program &p)
    : g(g), opt(o), p(p), h(p.heap), backend(o.backend ? o.backend : &tracing),
      size_class(h.intern("torch.Size")) {}

// ---- errors ---------------------------------------------------------------------------------

std::vector<std::string> Interpreter::stack() const {
  std::vector<std::string> out;
  for (size_t n = frames.size(); n-- > 0;) {
    const Frame &f = frames[n];
    std::string line = (n + 1 == frames.size() ? "in " : "called from ") + f.fn->name;
    if (f.stmt) line += describe_stmt(*f.fn, *f.stmt);
    out.push_back(std::move(line));
  }
  return out;
}

void Interpreter::fail(const std::string &message, const std::string *pointer) const {
  std::string where = pointer            ? *pointer
                      : top && top->stmt ? top->stmt->pointer
                      : top              ? top->fn->pointer
                                         : std::string("/inputs");
  throw UserError(where, message, stack());
}

// ---- frames and locals ----------------------------------------------------------------------

ProvId Interpreter::new_record() {
  ProvId id = h.add_record(ProvKind::New);
  h.record_mut(id).stmt = top ? top->stmt : nullptr;
  return id;
}

void Interpreter::store(uint32_t slot, Value v) {
  Frame &f = *top;
  THUNDERC_ASSERT(slot < f.locals.size(), "a local without a slot: call number_locals");
  f.locals[slot] = v;
}

Value Interpreter::call_function(const Function &fn, Args args, const Kwargs &kwargs) {
  if (frames.size() >= opt.max_frames)
    fail(fmt::format("calls nest deeper than {} frames while calling {} (unbounded recursion?); "
                     "that is the limit while tracing",
                     opt.max_frames, fn.name));
  char here = 0;
  if (stack_base && static_cast<size_t>(stack_base - &here) > opt.max_stack_bytes)
    fail(fmt::format("calls nest too deeply while calling {}: the interpreter used more than {} "
                     "bytes of native stack",
                     fn.name, opt.max_stack_bytes));
  Frame f;
  f.fn = &fn;
  f.locals.assign(fn.locals.size(), Value{});
  // Parameters take the first slots, positional ones first; *args gets the positionals left
  // over, **kwargs the keywords that name no parameter (in call order).
  using PK = Param::Kind;
  size_t positional = 0, var_positional = SIZE_MAX, var_keyword = SIZE_MAX;
  while (positional < fn.params.size() && fn.params[positional].kind == PK::Positional)
    ++positional;
  for (size_t i = positional; i < fn.params.size(); ++i) {
    if (fn.params[i].kind == PK::VarPositional) var_positional = i;
    if (fn.params[i].kind == PK::VarKeyword) var_keyword = i;
  }
  if (args.size() > positional && var_positional == SIZE_MAX)
    fail(fmt::format("{}() takes {} positional argument{} but {} were given", fn.name, positional,
                     positional == 1 ? "" : "s", args.size()));
  for (size_t i = 0; i < std::min(args.size(), positional); ++i)
    f.locals[i] = args[i];
  if (var_positional != SIZE_MAX)
    f.locals[var_positional] =
        h.tuple(args.size() > positional ? Args(args.begin() + positional, args.end()) : Args(),
                new_record());
  if (var_keyword != SIZE_MAX) f.locals[var_keyword] = h.dict(new_record());
  for (const auto &[k, v] : kwargs) {
    size_t at = 0;
    while (at < fn.params.size() &&
           (fn.params[at].name != k || at == var_positional || at == var_keyword))
      ++at;
    if (at == fn.params.size() && var_keyword != SIZE_MAX) {
      h.set_key(f.locals[var_keyword], h.str(k), v);
      continue;
    }
    if (at == fn.params.size()) {
      std::vector<std::string> names; // those a keyword can name
      for (const auto &param : fn.params)
        if (param.kind == PK::Positional || param.kind == PK::KeywordOnly)
          names.push_back(param.name);
      fail(fmt::format("{}() got an unexpected keyword argument {}{}", fn.name, py_str(k),
                       did_you_mean(k, names)));
    }
    if (f.locals[at])
      fail(fmt::format("{}() got multiple values for argument {}", fn.name, py_str(k)));
    f.locals[at] = v;
  }
  for (size_t i = 0; i < fn.params.size(); ++i) {
    if (f.locals[i]) continue;
    if (!fn.params[i].default_value)
      fail(fmt::format("{}() missing required argument {}", fn.name, py_str(fn.params[i].name)));
    // Made once, as Python evaluates defaults once: a list a call appends to is the next call's.
    const Expr *d = &*fn.params[i].default_value;
    auto [it, fresh] = defaults.try_emplace(d);
    if (fresh) it->second = literal(*d);
    f.locals[i] = it->second;
  }
  std::vector<StatementFacts> &known = statement_facts[&fn];
  if (known.empty()) known.resize(fn.statement_count);
  f.facts = known.data();
  top = &frames.emplace_back(std::move(f));
  exec_block(fn.body);
  Value ret = top->ret ? top->ret : h.none();
  frames.pop_back();
  top = frames.empty() ? nullptr : &frames.back();
  return ret;
}

// ---- operands -------------------------------------------------------------------------------

void Interpreter::unbound_local(const std::string &name, uint32_t slot,
                                const std::string &pointer) {
  const Frame &f = *top;
  if (slot >= f.locals.size())
    fail(fmt::format("unknown local {}{}", py_str(name), did_you_mean(name, bound_names(f))),
         &pointer);
  fail(fmt::format("local {} is read before it is assigned (it is assigned only on some paths "
                   "to here){}",
                   py_str(name), did_you_mean(name, bound_names(f))),
       &pointer);
}

Value Interpreter::literal(const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::None:
    return h.none();
  case Expr::Kind::Bool:
    return h.boolean(e.b);
  case Expr::Kind::Int:
    return h.integer(e.i);
  case Expr::Kind::Float:
    return h.floating(e.f);
  case Expr::Kind::Str:
    return h.str(e.text);
  case Expr::Kind::DType:
    return h.dtype(e.dtype);
  case Expr::Kind::Device:
    return h.device(e.device);
  case Expr::Kind::Ellipsis:
    return h.ellipsis();
  case Expr::Kind::Class:
    return h.klass(e.text);
  default:
    return eval(e);
  }
}

Value Interpreter::eval_other(const Expr &e) {
  switch (e.kind) {
  case Expr::Kind::Tuple:
  case Expr::Kind::List: {
    Args items = eval_args(*this, e.items);
    return e.kind == Expr::Kind::Tuple ? h.tuple(std::move(items), new_record())
                                       : h.list(std::move(items), new_record());
  }
  case Expr::Kind::Dict: {
    Value d = h.dict(new_record());
    for (const auto &[k, x] : e.entries)
      h.set_key(d, h.str(k), eval(x));
    return d;
  }
  case Expr::Kind::Slice:
    return h.slice(eval(e.items[0]), eval(e.items[1]), eval(e.items[2]));
  case Expr::Kind::Tensor:
  case Expr::Kind::Object:
  case Expr::Kind::Dataclass:
  case Expr::Kind::Module:
  case Expr::Kind::Ref:
    fail(fmt::format("a {} value cannot be an operand", expr_kind_name(e.kind)), &e.pointer);
  default:
    return literal(e);
  }
}

// ---- statements -----------------------------------------------------------------------------

bool Interpreter::exec_block(const std::vector<Stmt> &block) {
  for (const Stmt &s : block) {
    exec(s);
    if (top->ret) return true;
  }
  return false;
}

void Interpreter::unpack_keywords(Value mapping, Kwargs &out) {
  if (!h.is(mapping, Kind::Dict))
    fail(fmt::format("argument after ** must be a mapping, not {}", py_str(h.type_name(mapping))));
  for (Value key : iterate(mapping)) {
    if (!h.is(key, Kind::Str)) fail("keywords must be strings");
    out.emplace_back(std::string(h.as_str(key)), getitem(mapping, key));
  }
}

namespace {
Kwargs eval_kwargs(Interpreter &in, const Entries &kwargs) {
  Kwargs out;
  out.reserve(kwargs.size());
  bool unpacked = false;
  for (const auto &[k, e] : kwargs) {
    if (k != "**") {
      out.emplace_back(k, in.eval(e));
      continue;
    }
    in.unpack_keywords(in.eval(e), out); // f(**kw)
    unpacked = true;
  }
  for (size_t i = 1; unpacked && i < out.size(); ++i) // only ** can repeat a keyword
    for (size_t j = 0; j < i; ++j)
      if (out[i].first == out[j].first)
        in.fail(fmt::format("got multiple values for keyword argument {}", py_str(out[i].first)));
  return out;
}
} // namespace

void Interpreter::exec(const Stmt &s) {
  Frame &f = *top;
  f.stmt = &s;
  if (++p.statements > opt.max_statements)
    fail(fmt::format("the program executes more than {} statements while tracing (the limit; "
                     "loops are unrolled): shorten its loops",
                     opt.max_statements));
  auto out = [&](Value v) {
    if (!s.out.empty()) store(s.out_slot, v);
  };
  using K = Stmt::Kind;
  switch (s.kind) {
  case K::Assign:
    out(eval(s.value));
    break;
  case K::GetAttr:
    out(getattr(eval(s.obj), s.name));
    break;
  case K::SetAttr: {
    Value obj = eval(s.obj);
    setattr(obj, s.name, eval(s.value));
    break;
  }
  case K::GetItem: {
    Value obj = eval(s.obj);
    out(getitem(obj, eval(s.index)));
    break;
  }
  case K::SetItem: {
    Value obj = eval(s.obj), index = eval(s.index);
    setitem(obj, index, eval(s.value));
    break;
  }
  case K::Call: {
    Value callee = s.callee_is_local ? read_local(s.name, s.name_slot, s.pointer) : Value{};
    Args args = eval_args(*this, s.args, callee ? 1 : 0);
    Kwargs kwargs = eval_kwargs(*this, s.kwargs);
    if (callee) {
      out(call_value(callee, std::move(args), std::move(kwargs)));
      break;
    }
    StatementFacts &f = facts(&s);
    if (!f.callee_known) {
      f.callee_known = true;
      f.fn = g.find_function(s.name);
      if (!f.fn && s.name.starts_with("torch.")) f.callee_op = ops::lookup_function(s.name);
    }
    if (f.fn)
      out(call_function(*f.fn, std::move(args), kwargs));
    else if (f.callee_op)
      out(tensor_op(*f.callee_op, std::move(args), kwargs));
    else
      out(call_builtin_named(s.name, args, kwargs)); // no graph function: looked up above
    break;
  }
  case K::Method: {
    Value obj = eval(s.obj);
    Args args = eval_args(*this, s.args, 1);
    out(call_method(obj, s.name, std::move(args), eval_kwargs(*this, s.kwargs)));
    break;
  }
  case K::New: {
    Args args = eval_args(*this, s.args);
    Kwargs kwargs = eval_kwargs(*this, s.kwargs);
    if (s.callee_is_local) {
      Value cls = read_local(s.name, s.name_slot, s.pointer);
      if (!h.is(cls, Kind::Class))
        fail(fmt::format("new: {} holds {}, not a class", py_str(s.name), h.repr(cls)));
      out(construct(std::string(h.name(cls)), std::move(args), std::move(kwargs)));
    } else {
      out(construct(s.name, std::move(args), std::move(kwargs)));
    }
    break;
  }
  case K::If: {
    bool cond = truth(eval(s.value));
    exec_block(cond ? s.body : s.orelse);
    break;
  }
  case K::For:
    exec_for(s);
    break;
  case K::Return: {
    Value v = s.kind == K::Return && s.value.pointer != s.pointer ? eval(s.value) : h.none();
    if (frames.size() == 1) {
      p.return_stmt = &s;
      finish_result(v);
    }
    top->ret = v;
    break;
  }
  case K::Raise:
    fail(s.name.empty() ? "the program raises an exception here (a raise without a message)" : s.name);
  }
  top->stmt = &s; // a call returned into this frame: point back at the statement
}

void Interpreter::exec_for(const Stmt &s) {
  THUNDERC_ASSERT(s.target_slots.size() == s.targets.size(),
                  "loop targets without slots: call number_locals");
  Value it = eval(s.value);
  auto bind = [&](Value item) {
    if (!s.unpack) return store(s.target_slots[0], item);
    Kind k = h.kind(item);
    if (is_scalar(k) && k != Kind::Str)
      fail(fmt::format("cannot unpack non-iterable {} object into {} loop targets",
                       h.type_name(item), s.targets.size()));
    bool seq = k == Kind::Tuple || k == Kind::List;
    if (seq) rely_len(item);
    std::vector<Value> items = seq ? std::vector<Value>(h.items(item).begin(), h.items(item).end())
                                   : iterate(item); // a str, a dict, a range...
    if (items.size() != s.targets.size())
      fail(fmt::format("cannot unpack {} values into {} loop targets", items.size(),
                       s.targets.size()));
    for (size_t i = 0; i < items.size(); ++i) {
      if (seq && h.from_input(item)) reached(items[i]);
      store(s.target_slots[i], items[i]);
    }
  };
  size_t iterations = 0; // an empty body executes no statement: the loop is bounded here
  auto body = [&](Value item) {
    if (++iterations > opt.max_statements)
      fail(fmt::format("the loop runs more than {} times while tracing (the limit; loops are "
                       "unrolled): shorten it",
                       opt.max_statements));
    bind(item);
    if (exec_block(s.body)) return true;
    top->stmt = &s;
    return false;
  };
  if (h.is(it, Kind::Range)) {
    for (int64_t i = 0, n = range_len(it); i < n; ++i)
      if (body(range_item(it, i))) return;
    return;
  }
  if (h.is(it, Kind::List)) { // as Python's list iterator: items the body appends are visited
    rely_len(it);
    for (size_t i = 0; i < h.items(it).size(); ++i)
      if (body(read_item(it, i))) return;
    return;
  }
  size_t dict_size = h.is(it, Kind::Dict) ? h.entries(it).size() : 0;
  for (Value item : iterate(it)) {
    if (body(item)) return;
    if (h.is(it, Kind::Dict) && h.entries(it).size() != dict_size)
      fail("RuntimeError: dictionary changed size during iteration");
  }
}

// ---- the run --------------------------------------------------------------------------------

void Interpreter::run() {
  char base = 0;
  stack_base = &base;
  build_inputs();
  const Function *entry = g.find_function(g.entry);
  THUNDERC_ASSERT(entry, "entry function missing after loading");
  Args args;
  if (p.self) args.push_back(p.self);
  for (size_t i = 0; i < h.items(p.args).size(); ++i)
    args.push_back(read_item(p.args, i));
  Kwargs kwargs;
  for (size_t i = 0; i < h.entries(p.kwargs).size(); ++i) {
    Entry e = h.entries(p.kwargs)[i];
    kwargs.emplace_back(std::string(h.symbol(e.name)), read_entry(p.kwargs, e));
  }
  p.result = call_function(*entry, std::move(args), kwargs);
  if (!p.return_stmt) finish_result(p.result);
  finish_effects();
  finish_write_backs();
}

} // namespace interp

Program interpret(const Graph &graph, const InterpOptions &options) {
  Program program;
  interp::Interpreter(graph, options, program).run();
  // One stable line (thunderc --log-level debug) that bench/compile_bench.py reads.
  spdlog::debug("interpreted {}: {} statements executed, {} ops", graph.name, program.statements,
               program.ops.size());
  return program;
}

} // namespace thunderc
