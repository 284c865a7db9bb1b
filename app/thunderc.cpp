// thunderc command line: parses arguments and calls the pipeline; no logic beyond wiring.
// Exit codes: 0 ok, 1 bad input (located message on stderr), 2 usage, 3 internal error.

#include "graph/load.h"
#include "support/diagnostics.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <exception>
#include <iostream>

namespace {

using namespace thunderc;

struct GraphArgs {
  std::string path;
  LoadLimits limits;
};

void add_graph_args(CLI::App &cmd, GraphArgs &args) {
  cmd.add_option("GRAPH", args.path, "graph file (JSON, see docs/graph-format.md); - reads stdin")
      ->required();
  cmd.add_option("--max-file-size", args.limits.max_file_bytes, "largest graph file accepted, in bytes")
      ->capture_default_str();
  cmd.add_option("--max-depth", args.limits.max_depth, "deepest JSON nesting accepted")
      ->capture_default_str();
  cmd.add_option("--max-statements", args.limits.max_statements, "most statements accepted")
      ->capture_default_str();
}

int validate(const GraphArgs &args) {
  Graph g = load_graph(args.path, args.limits);
  size_t statements = 0;
  for (const auto &fn : g.functions) statements += fn.statement_count;
  auto count = [](size_t n, std::string_view what) {
    return fmt::format("{} {}{}", n, what, n == 1 ? "" : what.ends_with("s") ? "es" : "s");
  };
  fmt::print("{}: valid (entry {}; {}, {}, {})\n", g.file, g.entry,
             count(g.functions.size(), "function"), count(statements, "statement"),
             count(g.classes.size(), "class"));
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  auto logger = spdlog::stderr_color_mt("thunderc");
  spdlog::set_default_logger(logger);
  spdlog::set_pattern("thunderc: %^%l%$: %v");
  spdlog::set_level(spdlog::level::warn);

  CLI::App app{"thunderc: compiles a serialized PyTorch program graph into Thunder-style traces\n"
               "(prologue, computation, epilogue) without Python.",
               "thunderc"};
  app.set_version_flag("--version", std::string("thunderc ") + THUNDERC_VERSION);
  app.require_subcommand(1);
  app.footer("Examples:\n"
             "  thunderc validate samples/llama_tiny.json\n"
             "  cat graph.json | thunderc validate -\n"
             "Exit codes: 0 ok, 1 bad input, 2 usage error, 3 internal error.\n"
             "The input format: docs/graph-format.md and schemas/graph.schema.json.");

  std::string log_level = "warn";
  bool verbose = false, quiet = false;
  app.add_option("--log-level", log_level, "trace, debug, info, warn, error, critical or off")
      ->check(CLI::IsMember({"trace", "debug", "info", "warn", "error", "critical", "off"}))
      ->capture_default_str();
  app.add_flag("-v,--verbose", verbose, "log progress (same as --log-level=info)");
  app.add_flag("-q,--quiet", quiet, "log errors only (same as --log-level=error)");

  GraphArgs graph_args;
  CLI::App *validate_cmd =
      app.add_subcommand("validate", "check a graph against the format and its static rules");
  add_graph_args(*validate_cmd, graph_args);
  validate_cmd->footer("Example:\n  thunderc validate samples/mlp.json\n"
                       "Prints a one-line summary on success; on failure, every message is\n"
                       "FILE: JSON-POINTER: what is wrong and how to fix it (exit code 1).");

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  spdlog::set_level(spdlog::level::from_str(log_level));
  if (verbose) spdlog::set_level(spdlog::level::info);
  if (quiet) spdlog::set_level(spdlog::level::err);

  const std::string &file = graph_args.path == "-" ? std::string("<stdin>") : graph_args.path;
  try {
    if (*validate_cmd) return validate(graph_args);
  } catch (const UserError &e) {
    std::cerr << e.render(file) << "\n";
    return 1;
  } catch (const InternalError &e) {
    std::cerr << "thunderc: " << e.what() << "\nthis is a bug in thunderc; please report it with "
              << "the graph that triggered it\n";
    return 3;
  } catch (const std::bad_alloc &) {
    std::cerr << "thunderc: out of memory\n";
    return 3;
  } catch (const std::exception &e) {
    std::cerr << "thunderc: internal error: " << e.what() << "\nthis is a bug in thunderc; please "
              << "report it with the graph that triggered it\n";
    return 3;
  }
  return 2;
}
