#include "passes/passes.h"

#include <map>

namespace thunderc {

namespace {
void rename(Operand &o, const std::vector<ValueId> &to) {
  if (o.kind == Operand::Kind::Value) o.value = to[o.value];
  for (auto &i : o.items) rename(i, to);
}

void mark_returned(const Operand &o, std::vector<bool> &returned) {
  if (o.kind == Operand::Kind::Value) returned[o.value] = true;
  for (const auto &i : o.items) mark_returned(i, returned);
}

std::string key_of(const Operand &o) {
  switch (o.kind) {
  case Operand::Kind::Value: return "%" + std::to_string(o.value);
  case Operand::Kind::Literal: return "=" + o.literal;
  default: break;
  }
  std::string s = std::to_string(static_cast<int>(o.kind)) + "(";
  for (size_t i = 0; i < o.items.size(); ++i)
    s += (i < o.keys.size() ? o.keys[i] + ":" : "") + key_of(o.items[i]) + ",";
  return s + ")";
}
} // namespace

Trace cse(const Trace &in) {
  Trace out = in;
  std::vector<ValueId> to(in.values.size());
  for (ValueId v = 0; v < to.size(); ++v) to[v] = v;
  std::map<std::string, std::vector<ValueId>> seen; // instruction key -> its results
  // Values the trace returns keep their own instruction: the next trace knows them by name.
  std::vector<bool> returned(in.values.size(), false);
  for (const Instr &ins : in.body)
    if (ins.kind == Instr::Kind::Return)
      for (const auto &a : ins.args) mark_returned(a, returned);
  out.body.clear();
  for (Instr ins : in.body) {
    for (auto &a : ins.args) rename(a, to);
    for (auto &[k, a] : ins.kwargs) rename(a, to);
    for (auto &a : ins.bound) rename(a, to);
    if (ins.pure && ins.kind == Instr::Kind::Call && !ins.outs.empty()) {
      std::string key = ins.callee + "(";
      for (const auto &a : ins.args) key += key_of(a) + ",";
      for (const auto &[k, a] : ins.kwargs) key += k + "=" + key_of(a) + ",";
      bool keep = false;
      for (ValueId o : ins.outs) keep |= returned[o];
      auto [it, fresh] = seen.emplace(key, ins.outs);
      if (!fresh && !keep) {
        for (size_t i = 0; i < ins.outs.size(); ++i) to[ins.outs[i]] = it->second[i];
        continue;
      }
    }
    out.body.push_back(std::move(ins));
  }
  return out;
}

} // namespace thunderc
