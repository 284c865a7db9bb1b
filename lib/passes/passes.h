// Passes over traces: each maps a Trace to a Trace and keeps it in the printed format (and
// verify()-clean). run_pipeline() lists them in order; --dump-after names a pass or "all".
#pragma once

#include "trace/trace.h"

#include <functional>
#include <string>
#include <vector>

namespace thunderc {

// Removes pure instructions whose results nothing uses (computation).
Trace dce(const Trace &);
// Replaces a pure instruction identical to an earlier one (same callee and operands) by the
// earlier result (computation).
Trace cse(const Trace &);

struct PassInfo {
  std::string name;
  Trace (*run)(const Trace &);
};
const std::vector<PassInfo> &pipeline();

// Runs the pipeline over the computation; calls `after(pass, trace)` after each pass.
Trace run_pipeline(const Trace &computation,
                   const std::function<void(const std::string &, const Trace &)> &after = {});

} // namespace thunderc
