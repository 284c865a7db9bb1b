// libFuzzer target over the whole pipeline: load -> validate -> interpret -> build traces ->
// passes -> print, the C++ of --so included (generated, not built). Bad input must end in a
// UserError; anything else (an InternalError, a crash, a hang, a leak, a sanitizer report) is a
// finding, and so is a text the fast JSON reader accepts that the strict one rejects or reads
// differently. `make fuzz` runs it.
#include "driver/compile.h"
#include "graph/load.h"
#include "support/diagnostics.h"
#include "support/json_reader.h"
#include "support/json_view.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  thunderc::LoadLimits limits;
  limits.max_file_bytes = 1 << 16;
  limits.max_statements = 2000;
  thunderc::CompileOptions options;
  options.cpp = true;
  options.interp.max_statements = 20000;
  options.interp.max_frames = 64;
  std::string_view text(reinterpret_cast<const char *>(data), size);
#ifdef THUNDERC_RAPIDJSON
  if (auto fast = thunderc::FastDocument::parse(text, limits.max_depth)) {
    try {
      if (thunderc::to_json(thunderc::RapidView(fast->root())).dump() !=
          thunderc::parse_json_strict(text, limits.max_depth).dump()) {
        std::fprintf(stderr, "the JSON readers read this text differently\n");
        std::abort();
      }
    } catch (const thunderc::UserError &e) {
      std::fprintf(stderr, "the fast JSON reader accepts what the strict one rejects: %s\n", e.what());
      std::abort();
    }
  }
#endif
  try {
    thunderc::Graph g = thunderc::load_graph_text(text, "fuzz.json", limits);
    thunderc::compile_graph(g, options);
  } catch (const thunderc::UserError &) {
    // rejected with a located message: the expected outcome for most inputs
  } catch (const std::exception &e) {
    std::fprintf(stderr, "not a UserError: %s\n", e.what());
    std::abort();
  }
  return 0;
}
