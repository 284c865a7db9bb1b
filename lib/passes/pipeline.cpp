#include "passes/passes.h"

namespace thunderc {

const std::vector<PassInfo> &pipeline() {
  static const std::vector<PassInfo> passes = {{"cse", cse}, {"dce", dce}};
  return passes;
}

Trace run_pipeline(const Trace &computation,
                   const std::function<void(const std::string &, const Trace &)> &after) {
  Trace t = computation;
  for (const auto &pass : pipeline()) {
    t = pass.run(t);
    if (after) after(pass.name, t);
  }
  return t;
}

} // namespace thunderc
