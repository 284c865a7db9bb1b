// thunderc command line: parses arguments and calls the pipeline; no logic beyond wiring.
// Exit codes: 0 ok, 1 bad input (located message on stderr), 2 usage, 3 internal error.

#include "driver/compile.h"
#include "graph/load.h"
#include "passes/passes.h"
#include "support/atomic_write.h"
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

struct CompileArgs {
  std::string out_dir;
  bool no_passes = false;
  std::string dump_after;
};

void add_compile_args(CLI::App &cmd, CompileArgs &args) {
  std::vector<std::string> stages = {"build", "all"};
  for (const auto &p : pipeline()) stages.push_back(p.name);
  cmd.add_flag("--no-passes", args.no_passes, "print the computation as built, without passes");
  cmd.add_option("--dump-after", args.dump_after,
                 "print the computation to stderr after a pass (or after every stage: all)")
      ->check(CLI::IsMember(stages));
}

std::vector<OutputFile> run_compile(const GraphArgs &g, const CompileArgs &c) {
  Graph graph = load_graph(g.path, g.limits);
  CompileOptions options;
  options.passes = !c.no_passes;
  options.dump_after = c.dump_after;
  options.dump = [](const std::string &text) { std::cerr << text; };
  return compile_graph(graph, options);
}

int compile(const GraphArgs &g, const CompileArgs &c) {
  std::vector<std::pair<std::string, std::string>> files;
  for (auto &f : run_compile(g, c)) files.emplace_back(f.name, std::move(f.text));
  write_files_atomically(c.out_dir, files);
  spdlog::info("wrote {} files to {}", files.size(), c.out_dir);
  return 0;
}

int print_trace(const GraphArgs &g, const CompileArgs &c, const std::string &file) {
  for (const auto &f : run_compile(g, c))
    if (f.name == file) fmt::print("{}", f.text);
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
             "  thunderc compile samples/llama_tiny.json -o out/llama_tiny\n"
             "  thunderc print-epilogue samples/llama_static_cache.json\n"
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

  CompileArgs compile_args;
  CLI::App *compile_cmd = app.add_subcommand(
      "compile", "write prologue.py, computation.py and epilogue.py (and their support module)");
  add_graph_args(*compile_cmd, graph_args);
  add_compile_args(*compile_cmd, compile_args);
  compile_cmd->add_option("-o,--output", compile_args.out_dir, "output directory (created if missing)")
      ->required();
  compile_cmd->footer("Example:\n  thunderc compile samples/llama_tiny.json -o out/llama_tiny\n"
                      "Files are replaced atomically: on failure no file is written or changed.");
  std::vector<std::pair<CLI::App *, std::string>> printers;
  for (const char *which : {"prologue", "computation", "epilogue"}) {
    CLI::App *cmd = app.add_subcommand(std::string("print-") + which,
                                       std::string("print the ") + which + " trace to stdout");
    add_graph_args(*cmd, graph_args);
    add_compile_args(*cmd, compile_args);
    cmd->footer(fmt::format("Example:\n  thunderc print-{} samples/add.json", which));
    printers.emplace_back(cmd, std::string(which) + ".py");
  }

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
    if (*compile_cmd) return compile(graph_args, compile_args);
    for (auto &[cmd, file] : printers)
      if (*cmd) return print_trace(graph_args, compile_args, file);
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
