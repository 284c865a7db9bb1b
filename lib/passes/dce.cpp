#include "passes/passes.h"

namespace thunderc {

namespace {
// `live`: what the kept instructions read, found as they are kept; all of it (a comment's
// arguments, bound arguments) with `all_reads`.
void remove_unused(Trace &t, std::vector<uint8_t> &live, bool all_reads) {
  live.assign(t.values.size(), 0);
  std::vector<uint8_t> keep(t.body.size(), 1);
  // A source comment goes with the op after it: dropped when the next instruction kept here is a
  // comment or there is none (decided in this one backward walk: a walk more over the body costs a
  // cache miss per instruction).
  bool op_follows = false; // the next instruction kept here is no comment
  for (size_t i = t.body.size(); i-- > 0;) {
    const Instr &ins = t.body[i];
    if (ins.kind == Instr::Kind::Comment) {
      keep[i] = op_follows;
      op_follows = false;
      continue;
    }
    bool used = ins.outs.empty() || !ins.pure;
    for (ValueId o : ins.outs) used |= live[o];
    if (!used) {
      keep[i] = 0;
      continue;
    }
    op_follows = true;
    mark_values(ins.args, live);
    for (const auto &[k, a] : ins.kwargs) mark_values(a, live);
  }
  // The kept instructions' other reads, which decide nothing here, are marked as they are moved
  // into place.
  size_t kept = 0;
  for (size_t i = 0; i < t.body.size(); ++i) {
    if (!keep[i]) continue;
    Instr &ins = t.body[i];
    if (all_reads) {
      if (ins.kind == Instr::Kind::Comment) mark_values(ins.args, live);
      for (const auto &a : ins.bound) mark_values(a.operand, live);
    }
    if (kept != i) t.body[kept] = std::move(ins);
    ++kept;
  }
  t.body.resize(kept);
}
} // namespace

void dce(Trace &t) {
  std::vector<uint8_t> live;
  remove_unused(t, live, false);
}

void dce(Trace &t, std::vector<uint8_t> &reads) { remove_unused(t, reads, true); }

} // namespace thunderc
