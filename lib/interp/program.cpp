#include "interp/program.h"

#include "graph/graph.h"

#include <fmt/format.h>

namespace thunderc {

namespace {
// Inputs by path, tensors made by ops as t<handle>, Python values as literals.
std::string show(const Heap &h, Value v, int depth = 0) {
  if (!v) return "<none>";
  if (h.from_input(v)) return h.path_of(v);
  if (depth > 8) return "...";
  auto join = [&](std::span<const Value> xs) {
    std::string out;
    for (size_t i = 0; i < xs.size(); ++i)
      out += (i ? ", " : "") + show(h, xs[i], depth + 1);
    return out;
  };
  switch (h.kind(v)) {
  case Kind::Tensor:
    return "t" + std::to_string(v.id);
  case Kind::Tuple:
    return "(" + join(h.items(v)) + (h.items(v).size() == 1 ? ",)" : ")");
  case Kind::List:
    return "[" + join(h.items(v)) + "]";
  case Kind::Slice:
    return "slice(" + join(h.items(v)) + ")";
  case Kind::Dict: {
    std::string out = "{";
    for (size_t i = 0; i < h.entries(v).size(); ++i) {
      const Entry &e = h.entries(v)[i];
      out += (i ? ", " : "") + show(h, e.key, depth + 1) + ": " + show(h, e.value, depth + 1);
    }
    return out + "}";
  }
  case Kind::Dataclass: {
    std::string out = std::string(h.name(v)) + "(";
    for (size_t i = 0; i < h.entries(v).size(); ++i) {
      const Entry &e = h.entries(v)[i];
      out += (i ? ", " : "") + std::string(h.symbol(e.name)) + "=" + show(h, e.value, depth + 1);
    }
    return out + ")";
  }
  default:
    return h.repr(v);
  }
}

std::string show_args(const Heap &h, const OpRecord &op) {
  std::string out;
  for (Value a : op.args)
    out += (out.empty() ? "" : ", ") + show(h, a);
  for (const auto &[k, v] : op.kwargs)
    out += (out.empty() ? "" : ", ") + k + "=" + show(h, v);
  return out;
}
} // namespace

std::string describe(const Program &p) {
  const Heap &h = p.heap;
  std::string out;
  for (ProvId r : p.inputs)
    out += fmt::format("input {}{}\n", h.path(r), h.record(r).used ? " used" : "");
  for (const Guard &g : p.guards) {
    std::string subject = h.path(g.subject);
    switch (g.kind) {
    case Guard::Kind::TensorMeta:
      out += fmt::format("guard meta {} {}\n", subject, type_comment(g.meta));
      break;
    case Guard::Kind::Value:
      out += fmt::format("guard value {} == {}\n", subject, h.repr(g.value));
      break;
    case Guard::Kind::None:
      out += fmt::format("guard none {}\n", subject);
      break;
    case Guard::Kind::NotNone:
      out += fmt::format("guard not_none {}\n", subject);
      break;
    case Guard::Kind::Type:
      out += fmt::format("guard type {} {}\n", subject, g.cls);
      break;
    case Guard::Kind::Len:
      out += fmt::format("guard len {} == {}\n", subject, g.length);
      break;
    case Guard::Kind::Keys: {
      std::string keys;
      for (const auto &k : g.keys)
        keys += (keys.empty() ? "" : ", ") + k;
      out += fmt::format("guard keys{} {} [{}]\n", g.ordered ? " ordered" : "", subject, keys);
      break;
    }
    case Guard::Kind::Is:
      out += fmt::format("guard is {} {}\n", subject, h.path(g.other));
      break;
    case Guard::Kind::IsNot:
      out += fmt::format("guard is_not {} {}\n", subject, h.path(g.other));
      break;
    case Guard::Kind::HasAttr:
      out +=
          fmt::format("guard hasattr {} {} {}\n", subject, g.name, g.expected ? "True" : "False");
      break;
    }
  }
  for (size_t i = 0; i < p.ops.size(); ++i) {
    const OpRecord &op = p.ops[i];
    std::string outs;
    for (Value o : op.outputs)
      outs += (outs.empty() ? "" : ", ") + show(h, o) + ": " + type_comment(h.meta(o));
    out +=
        fmt::format("op {} {}({}) -> {}", i, ops::info(op.op).torch_name, show_args(h, op), outs);
    if (!op.name_hint.empty()) out += " as " + op.name_hint;
    if (op.inplace)
      out +=
          fmt::format(" updates {} ({})", show(h, op.updated), ops::info(*op.inplace).torch_name);
    out += "\n";
  }
  for (const WriteBack &w : p.write_backs)
    out += fmt::format("write_back {} <- {}\n", h.path_of(w.tensor), show(h, w.version));
  for (const SideEffect &e : p.side_effects) {
    std::string target = show(h, e.target);
    switch (e.kind) {
    case SideEffect::Kind::SetAttr:
      out += fmt::format("effect setattr {}.{} = {}", target, e.name, show(h, e.value));
      if (!e.module_path.empty())
        out += fmt::format(" (module {}: {})", h.path(e.module_root), e.module_path);
      out += "\n";
      break;
    case SideEffect::Kind::SetItem:
      out += fmt::format("effect setitem {}[{}] = {}\n", target, h.repr(e.key), show(h, e.value));
      break;
    case SideEffect::Kind::SetBuffer:
      out += fmt::format("effect set_buffer {} {} = {}\n", h.path(e.module_root), e.module_path,
                         show(h, e.value));
      break;
    case SideEffect::Kind::Contents:
      out += fmt::format("effect contents {} = {}\n", target, show(h, e.value));
      break;
    }
  }
  out += "result " + show(h, p.result) + "\n";
  return out;
}

} // namespace thunderc
