// Loading libthunderc_runtime.so from the executable (no libtorch here). The library is looked
// for at $THUNDERC_RUNTIME when set, then next to the executable (the build tree), then at
// ../lib/thunderc/ relative to it (an install).
#pragma once

#include "runtime/runtime_abi.h"

namespace thunderc {

// Runs `request` in the runtime library and returns its exit code. Throws UserError when the
// library is missing, cannot be loaded, or speaks another ABI version.
int run_in_runtime(const ThundercRunRequest &request);

} // namespace thunderc
