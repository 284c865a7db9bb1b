#include "passes/passes.h"

namespace thunderc {

// Most operands are values: those are marked here, a call deeper only for a tuple, list or dict.
void mark_values(const std::vector<Operand> &operands, std::vector<uint8_t> &marked) {
  for (const Operand &o : operands) mark_values(o, marked);
}

void dce(Trace &t) {
  std::vector<uint8_t> live(t.values.size(), 0);
  std::vector<uint8_t> keep(t.body.size(), 1);
  for (size_t i = t.body.size(); i-- > 0;) {
    const Instr &ins = t.body[i];
    bool used = ins.outs.empty() || !ins.pure;
    for (ValueId o : ins.outs) used |= live[o];
    if (!used) {
      keep[i] = 0;
      continue;
    }
    mark_values(ins.args, live);
    for (const auto &[k, a] : ins.kwargs) mark_values(a, live);
  }
  // A source comment goes with the op after it: drop it when that op went.
  for (size_t i = 0; i < t.body.size(); ++i) {
    if (!keep[i] || t.body[i].kind != Instr::Kind::Comment) continue;
    size_t next = i + 1;
    while (next < t.body.size() && !keep[next]) ++next;
    if (next == t.body.size() || t.body[next].kind == Instr::Kind::Comment) keep[i] = 0;
  }
  size_t kept = 0;
  for (size_t i = 0; i < t.body.size(); ++i) {
    if (!keep[i]) continue;
    if (kept != i) t.body[kept] = std::move(t.body[i]);
    ++kept;
  }
  t.body.resize(kept);
}

} // namespace thunderc
