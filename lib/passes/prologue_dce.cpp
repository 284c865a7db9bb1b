#include "passes/passes.h"

#include "support/diagnostics.h"

namespace thunderc {

void prologue_dce(Trace &prologue, Trace &computation) {
  std::vector<uint8_t> reads(computation.values.size(), 0);
  for (const Instr &ins : computation.body) {
    mark_values(ins.args, reads);
    for (const auto &[k, a] : ins.kwargs) mark_values(a, reads);
    for (const auto &a : ins.bound) mark_values(a.operand, reads);
  }
  prologue_dce(prologue, computation, reads);
}

void prologue_dce(Trace &prologue, Trace &computation, const std::vector<uint8_t> &reads) {
  THUNDERC_ASSERT(!prologue.body.empty() && prologue.body.back().kind == Instr::Kind::Return,
                  "the prologue does not end with its return");
  // The prologue returns ((computation inputs), (epilogue inputs)), the first in parameter order.
  std::vector<Operand> &passed = prologue.body.back().args.at(0).edit_items().at(0).edit_items();
  THUNDERC_ASSERT(passed.size() == computation.params.size(),
                  "the prologue passes a different number of values than the computation takes");
  std::vector<ValueId> params;
  std::vector<Operand> items;
  for (size_t i = 0; i < computation.params.size(); ++i) {
    if (!reads[computation.params[i]]) continue;
    params.push_back(computation.params[i]);
    items.push_back(std::move(passed[i]));
  }
  computation.params = std::move(params);
  passed = std::move(items);
  dce(prologue); // unpacks are pure; checks have no result and always stay
}

} // namespace thunderc
