#include "passes/passes.h"

namespace thunderc {

namespace {
void mark(const Operand &o, std::vector<bool> &live) {
  if (o.kind == Operand::Kind::Value) live[o.value] = true;
  for (const auto &i : o.items) mark(i, live);
}
} // namespace

Trace dce(const Trace &in) {
  Trace out = in;
  std::vector<bool> live(in.values.size(), false);
  std::vector<bool> keep(in.body.size(), true);
  for (size_t i = in.body.size(); i-- > 0;) {
    const Instr &ins = in.body[i];
    bool used = ins.outs.empty() || !ins.pure;
    for (ValueId o : ins.outs) used |= live[o];
    if (!used) {
      keep[i] = false;
      continue;
    }
    for (const auto &a : ins.args) mark(a, live);
    for (const auto &[k, a] : ins.kwargs) mark(a, live);
  }
  out.body.clear();
  for (size_t i = 0; i < in.body.size(); ++i) {
    if (!keep[i]) continue;
    // A source comment goes with the op after it: drop it when that op went.
    if (in.body[i].kind == Instr::Kind::Comment) {
      size_t next = i + 1;
      while (next < in.body.size() && !keep[next]) ++next;
      if (next == in.body.size() || in.body[next].kind == Instr::Kind::Comment) continue;
    }
    out.body.push_back(in.body[i]);
  }
  return out;
}

} // namespace thunderc
