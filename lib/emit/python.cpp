#include "emit/python.h"

#include "support/text.h"

#include <algorithm>
#include <fmt/format.h>
#include <set>

namespace thunderc {

namespace {

class Printer {
public:
  Printer(const Trace &t, const PythonOptions &o) : t_(t), o_(o) {}

  std::string print() {
    std::string body;
    for (ValueId p : t_.params)
      body += fmt::format("  # {}: \"{}\"\n", t_.name_of(p), type_text(t_.values[p].type));
    for (const auto &ins : t_.body) body += instr(ins);

    std::string out;
    for (const char *module : {"collections", "math", "operator"})
      if (uses_module(module))
        out += fmt::format("import {}\n", module);
    out += "import torch\n";
    std::set<std::string> support = {"no_autocast"};
    for (const auto &ins : t_.body)
      if (ins.kind == Instr::Kind::Call && ins.callee.find('.') == std::string::npos &&
          !is_class(ins.callee))
        support.insert(ins.callee);
    std::vector<ClassImport> classes = o_.classes;
    std::sort(classes.begin(), classes.end(),
              [](auto &a, auto &b) { return a.printed_name < b.printed_name; });
    for (const auto &c : classes)
      if (!is_identifier(c.qualname)) support.insert("import_class");
    out += "from thunderc_support import " + join(support) + "\n";
    for (const auto &c : classes) {
      if (is_identifier(c.qualname))
        out += fmt::format("from {} import {} as {}\n", c.module, c.qualname, c.printed_name);
      else // nested or local classes: looked up by the support module
        out += fmt::format("{} = import_class({}, {})\n", c.printed_name, py_str(c.module),
                           py_str(c.qualname));
    }
    std::string params;
    for (size_t i = 0; i < t_.params.size(); ++i) {
      size_t from_end = t_.params.size() - i;
      const char *stars = !t_.varargs || from_end > 2 ? "" : from_end == 2 ? "*" : "**";
      params += (i ? ", " : "") + std::string(stars) + t_.name_of(t_.params[i]);
    }
    out += fmt::format("\n@torch.no_grad()\n@no_autocast\ndef {}({}):\n", t_.name, params);
    return out + body;
  }

private:
  const Trace &t_;
  const PythonOptions &o_;

  bool uses_module(const std::string &module) const {
    for (const auto &ins : t_.body)
      if (ins.kind == Instr::Kind::Call && ins.callee.starts_with(module + ".")) return true;
    return false;
  }

  bool is_class(const std::string &name) const {
    return std::any_of(o_.classes.begin(), o_.classes.end(),
                       [&](auto &c) { return c.printed_name == name; });
  }

  static std::string join(const std::set<std::string> &names) {
    std::string out;
    for (const auto &n : names) out += (out.empty() ? "" : ", ") + n;
    return out;
  }

  std::string operand(const Operand &o) const {
    switch (o.kind) {
    case Operand::Kind::Value: return t_.name_of(o.value);
    case Operand::Kind::Literal: return o.literal;
    case Operand::Kind::Tuple:
    case Operand::Kind::List: {
      std::string s;
      for (const auto &i : o.items) s += (s.empty() ? "" : ", ") + operand(i);
      if (o.kind == Operand::Kind::List) return "[" + s + "]";
      return o.items.size() == 1 ? "(" + s + ",)" : "(" + s + ")";
    }
    case Operand::Kind::Dict: {
      std::string s;
      for (size_t i = 0; i < o.items.size(); ++i)
        s += (i ? ", " : "") + o.keys[i] + ": " + operand(o.items[i]);
      return "{" + s + "}";
    }
    }
    return "None";
  }

  std::string call(const Instr &ins) const {
    std::string s;
    for (const auto &a : ins.args) s += (s.empty() ? "" : ", ") + operand(a);
    for (const auto &[k, a] : ins.kwargs) s += (s.empty() ? "" : ", ") + k + "=" + operand(a);
    return ins.callee + "(" + s + ")";
  }

  std::string lhs(const Instr &ins) const {
    if (ins.outs.empty()) return "";
    if (ins.annotate && ins.outs.size() == 1)
      return fmt::format("{}: \"{}\" = ", t_.name_of(ins.outs[0]), type_text(t_.values[ins.outs[0]].type));
    std::string s;
    for (ValueId v : ins.outs) s += (s.empty() ? "" : ", ") + t_.name_of(v);
    return s + " = ";
  }

  std::string trailing(const Instr &ins) const {
    std::string c;
    if (o_.type_comments && !ins.outs.empty() && !ins.annotate) {
      for (ValueId v : ins.outs)
        c += fmt::format("{}{}: \"{}\"", c.empty() ? "" : ", ", t_.name_of(v), type_text(t_.values[v].type));
    }
    if (!ins.comment.empty()) c += (c.empty() ? "" : "; ") + comment_safe(ins.comment);
    return c.empty() ? "" : "  # " + c;
  }

  std::string instr(const Instr &ins) const {
    std::string line;
    switch (ins.kind) {
    case Instr::Kind::Comment: return "  # " + ins.comment + "\n"; // made comment-safe by its author
    case Instr::Kind::Call: line = lhs(ins) + call(ins); break;
    case Instr::Kind::GetAttr: line = lhs(ins) + operand(ins.args[0]) + "." + ins.attr; break;
    case Instr::Kind::GetItem:
      line = lhs(ins) + operand(ins.args[0]) + "[" + operand(ins.args[1]) + "]";
      break;
    case Instr::Kind::SetAttr:
      line = operand(ins.args[0]) + "." + ins.attr + " = " + operand(ins.args[1]);
      break;
    case Instr::Kind::SetItem:
      line = operand(ins.args[0]) + "[" + operand(ins.args[1]) + "] = " + operand(ins.args[2]);
      break;
    case Instr::Kind::Return: line = "return " + operand(ins.args.at(0)); break;
    }
    return "  " + line + trailing(ins) + "\n";
  }
};

} // namespace

std::string print_python(const Trace &t, const PythonOptions &o) { return Printer(t, o).print(); }

} // namespace thunderc
