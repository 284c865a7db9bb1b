// thunderc's log: messages on stderr as `thunderc: LEVEL: message`. spdlog is used header-only
// (its shared library would cost every start about 0.3 ms), so the executable and
// libthunderc_runtime.so each hold their own logger: both call init_logging, the runtime library
// with the level the executable was given (runtime/runtime_abi.h).
#pragma once

namespace thunderc {

// Makes the `thunderc` logger on stderr the default logger, at `level` (an
// spdlog::level::level_enum; anything else means warn).
void init_logging(int level);

} // namespace thunderc
