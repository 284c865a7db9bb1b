#include "passes/passes.h"

namespace thunderc {

const std::vector<PassInfo> &pipeline() {
  static const std::vector<PassInfo> passes = {
      {"cse", false,
       [](Trace &, Trace &computation, PassState &s) {
         if (s.watched) cse(computation);
         else cse_before_dce(computation); // dce is next
       }},
      {"dce", false,
       [](Trace &, Trace &computation, PassState &s) { dce(computation, s.computation_reads); }},
      {"prologue_dce", true, [](Trace &prologue, Trace &computation, PassState &s) {
         prologue_dce(prologue, computation, s.computation_reads);
       }}};
  return passes;
}

void run_pipeline(Trace &prologue, Trace &computation, const AfterPass &after) {
  PassState state;
  state.watched = bool(after);
  for (const auto &pass : pipeline()) {
    pass.run(prologue, computation, state);
    if (after && pass.edits_prologue) after(pass.name, prologue);
    if (after) after(pass.name, computation);
  }
}

} // namespace thunderc
