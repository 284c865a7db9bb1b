#include "support/log.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

namespace thunderc {

void init_logging(int level) {
  auto logger = spdlog::get("thunderc");
  if (!logger) logger = spdlog::stderr_color_mt("thunderc");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("thunderc: %^%l%$: %v");
  bool known = level >= spdlog::level::trace && level <= spdlog::level::off;
  spdlog::set_level(known ? static_cast<spdlog::level::level_enum>(level) : spdlog::level::warn);
}

} // namespace thunderc
