#include "passes/passes.h"

namespace thunderc {

const std::vector<PassInfo> &pipeline() {
  static const std::vector<PassInfo> passes = {
      {"cse", cse, nullptr}, {"dce", dce, nullptr}, {"prologue_dce", nullptr, prologue_dce}};
  return passes;
}

void run_pipeline(Trace &prologue, Trace &computation, const AfterPass &after) {
  for (const auto &pass : pipeline()) {
    if (pass.run_with_prologue) {
      pass.run_with_prologue(prologue, computation);
      if (after) after(pass.name, prologue);
    } else {
      pass.run(computation);
    }
    if (after) after(pass.name, computation);
  }
}

} // namespace thunderc
