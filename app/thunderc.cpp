// thunderc command line: parses arguments and calls the pipeline; no logic beyond wiring.
// Exit codes: 0 ok, 1 bad input (located message on stderr), 2 usage, 3 internal error.

#include "driver/build_so.h"
#include "driver/compile.h"
#include "graph/load.h"
#include "passes/passes.h"
#include "runtime/loader.h"
#include "support/atomic_write.h"
#include "support/diagnostics.h"
#include "support/keep_until_exit.h"
#include "support/log.h"
#ifdef THUNDERC_MIMALLOC
#include <mimalloc.h>
#endif

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <functional>
#include <iostream>
#include <malloc.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysinfo.h>
#include <unistd.h>

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
  // Reading and interpreting a value recurse once per level: the cap keeps them within the stack.
  cmd.add_option("--max-depth", args.limits.max_depth, "deepest JSON nesting accepted")
      ->capture_default_str()
      ->check(CLI::Range(size_t{1}, size_t{1024}));
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
  bool so = false;           // compile --so: also DIR/<name>.cpp and DIR/<name>.so
  SoBuildOptions so_options; // --cxx, --torch-cflags, --torch-ldflags, --torch-prefix
  size_t so_chunk_ops = 64;  // --so-chunk-ops
};

void add_compile_args(CLI::App &cmd, CompileArgs &args) {
  std::vector<std::string> stages = {"build", "all"};
  for (const auto &p : pipeline()) stages.push_back(p.name);
  cmd.add_flag("--no-passes", args.no_passes, "print the computation as built, without passes");
  cmd.add_option("--dump-after", args.dump_after,
                 "print the computation to stderr after a pass (or after every stage: all)")
      ->check(CLI::IsMember(stages));
}

// A subcommand whose options and footer `add_options` sets up when the subcommand is parsed (its
// pre-parse callback, run before its arguments are read), so that a process sets up only those of
// the subcommand it runs: setting up all six subcommands' options was 0.5M of the 3.6M
// instructions of `thunderc --version`. Help and messages see the same options in the same order.
CLI::App *add_subcommand(CLI::App &app, std::string name, std::string description,
                         std::function<void(CLI::App &)> add_options) {
  CLI::App *cmd = app.add_subcommand(std::move(name), std::move(description));
  cmd->preparse_callback([cmd, add = std::move(add_options)](size_t) { add(*cmd); });
  return cmd;
}

// The compile's heap is advised to use transparent huge pages: a few hundred 2 MiB page faults
// instead of tens of thousands of 4 KiB ones, and fewer TLB entries; the pages are faulted in only
// when used. Linux only; THUNDERC_NO_HUGE_PAGES=1 turns it off. Measured with
// bench/compile_bench.py (bench/README.md).
//
// With mimalloc (for a graph of 64 KiB or more), the compile allocates through a heap of its own,
// made the default heap here, in an exclusive arena advised before any of it is touched: the heap's
// segments come from that arena only, so its 2 MiB pages hold the process's data and nothing else
// (it is made before anything else is allocated: set_up_allocator). (Advising the segment
// mimalloc takes at start-up and collapsing the 2 MiB ranges start-up had touched, as before,
// zeroed 2 MiB around start-up's scattered pages and took two collapses: 6 huge pages of heap at
// L = 32 where the arena heap has 5. Alternating runs, CPU min / median: L = 32 7.79 / 9.28 ->
// 7.58 / 8.96 ms; L = 8 5.71 / 6.55 -> 5.01 / 5.73 ms and L = 1 3.91 / 4.73 -> 3.73 / 4.48 ms,
// which the former 256 KiB threshold left out; 3 KiB graphs lose 0.1-0.3 ms, 24-30 KiB ones break
// even, hence 64 KiB.) An arena heap does not fall back to the OS when its arena is full, so the
// arena is address space of twice the system's memory (RAM and swap): the heap cannot outgrow it
// without running out of memory first (its segments span under twice what it touches: 8 MiB for
// 4.7 MiB at L = 32). A core dump writes that range too, sparse (35 ms per GiB here). Where it
// cannot be mapped (an address-space limit), mimalloc's default heap serves the compile.
//
// With glibc's malloc (for a graph of 256 KiB or more), the heap a compile may use (80 bytes per
// byte of graph file; a compile uses about 40: 237 MiB for the 6 MiB llama L = 1000 graph) becomes
// the free top of the heap, grown at once and advised, as glibc's glibc.malloc.hugetlb=1 tunable
// would do.
//
// It runs before the program's static initialisers (set_up_allocator), so it logs nothing: it
// leaves what it did for load() to log (`--log-level debug`).
char heap_note[128];

void reserve_heap(uintmax_t bytes) {
#if defined(MADV_HUGEPAGE) && (defined(THUNDERC_MIMALLOC) || defined(M_MMAP_MAX))
  if (std::getenv("THUNDERC_NO_HUGE_PAGES")) return;
#ifdef THUNDERC_MIMALLOC
  constexpr uintmax_t kMin = 64 << 10;
  struct sysinfo system;
  if (bytes < kMin || sysinfo(&system) != 0) return;
  // mimalloc carves an arena into segments aligned to their size (32 MiB in mimalloc 2; the
  // arena's start and size are multiples of twice that).
  constexpr size_t kAlign = 64 << 20;
  const size_t memory = (system.totalram + system.totalswap) * size_t{system.mem_unit};
  const size_t size = (2 * memory + kAlign - 1) & ~(kAlign - 1);
  void *map = mmap(nullptr, size + kAlign, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (map == MAP_FAILED) return;
  void *start =
      reinterpret_cast<void *>((reinterpret_cast<uintptr_t>(map) + kAlign - 1) & ~(kAlign - 1));
  mi_arena_id_t arena;
  if (madvise(start, size, MADV_HUGEPAGE) != 0 ||
      !mi_manage_os_memory_ex(start, size, /*is_committed=*/true, /*is_large=*/false,
                              /*is_zero=*/true, /*numa_node=*/-1, /*exclusive=*/true, &arena)) {
    munmap(map, size + kAlign);
    return;
  }
  mi_heap_t *heap = mi_heap_new_in_arena(arena);
  if (!heap) return;
  mi_heap_set_default(heap);
  std::snprintf(heap_note, sizeof heap_note,
                "heap: %zu MiB reserved for a %ju KiB graph, advised to use huge pages", size >> 20,
                bytes >> 10);
#else
  constexpr uintmax_t kMin = 256 << 10;
  if (bytes < kMin) return;
  const size_t want = static_cast<size_t>(std::min<uintmax_t>(bytes * 80, uintmax_t{1} << 30));
  constexpr uintptr_t kHuge = 2 << 20;
  mallopt(M_MMAP_MAX, 0); // from the heap (grown when its free top is smaller), not a mapping
  void *volatile block = malloc(want); // volatile: a compiler may drop an unused malloc and free
  mallopt(M_MMAP_MAX, 65536);
  // From the block to the end of the heap (the break), all free once the block is freed.
  const auto at = reinterpret_cast<uintptr_t>(block);
  const uintptr_t from = (at + kHuge - 1) & ~(kHuge - 1);
  const auto end = reinterpret_cast<uintptr_t>(sbrk(0));
  const bool advised = block && at + want <= end && end > from &&
                       madvise(reinterpret_cast<void *>(from), end - from, MADV_HUGEPAGE) == 0;
  free(block); // stays in the heap: trimming is off (tune_malloc)
  std::snprintf(heap_note, sizeof heap_note, "heap: %zu MiB reserved for a %ju KiB graph, %s",
                advised ? size_t(end - from) >> 20 : 0, bytes >> 10,
                advised ? "advised to use huge pages" : "without huge pages");
#endif
#else
  (void)bytes;
#endif
}

Graph load(const GraphArgs &g) {
  if (heap_note[0]) spdlog::debug("{}", heap_note);
  return load_graph(g.path, g.limits);
}

CompileOptions compile_options(const CompileArgs &c, Graph &graph) {
  CompileOptions options;
  options.interpreted = [&graph] { drop_input_descriptions(graph); };
  options.passes = !c.no_passes;
  options.dump_after = c.dump_after;
  options.dump = [](const std::string &text) { std::cerr << text; };
  options.cpp = c.so;
  options.cpp_chunk_ops = c.so_chunk_ops;
  options.free_memory = false; // the process ends after writing or printing the files
  return options;
}

// The files, as they are printed, into the output directory (AtomicFiles: replaced together at
// the end, or not at all). What it cannot do is about -o DIR, not about the graph: it says so
// apart from the graph's errors.
class OutputDir : public FileSink {
public:
  struct Failed {
    std::string message;
  };
  explicit OutputDir(const std::string &dir) : files_(dir) {}
  void begin(const std::string &name) override {
    if (name.ends_with(".cpp")) so_name = name.substr(0, name.size() - 4);
    ++count;
    guard([&] { files_.begin(name); });
  }
  void write(std::string_view piece) override {
    guard([&] { files_.write(piece); });
  }
  void end() override {
    guard([&] { files_.end(); });
  }
  void commit() {
    guard([&] { files_.commit(); });
  }
  std::string so_name; // the graph name, from the generated <name>.cpp
  size_t count = 0;

private:
  template <class F> void guard(F &&f) {
    try {
      f();
    } catch (const UserError &e) {
      throw Failed{e.message};
    }
  }
  AtomicFiles files_;
};

int compile(const GraphArgs &g, const CompileArgs &c) {
  Graph graph = load(g);
  OutputDir out(c.out_dir);
  try {
    compile_graph(graph, compile_options(c, graph), out);
    out.commit();
  } catch (const OutputDir::Failed &e) {
    std::cerr << "thunderc: error: " << e.message << "\n";
    return 1;
  }
  keep_until_exit(std::move(graph));
  spdlog::info("wrote {} files to {}", out.count, c.out_dir);
  if (c.so) {
    try {
      build_so(c.out_dir, out.so_name, c.so_options);
    } catch (const SoBuildError &e) {
      std::cerr << "thunderc: error: " << e.what() << "\n";
      return 1;
    }
  }
  return 0;
}

int print_trace(const GraphArgs &g, const CompileArgs &c, const std::string &file) {
  Graph graph = load(g);
  for (const auto &f : compile_graph(graph, compile_options(c, graph)))
    if (f.name == file) fmt::print("{}", f.text);
  keep_until_exit(std::move(graph));
  return 0;
}

// `run` happens in libthunderc_runtime.so, loaded only here: nothing else loads libtorch.
struct RunArgs {
  int64_t seed = 0;
  bool check = false, no_passes = false;
  std::string inputs, save, so;
  uint64_t max_input_bytes = 4ull << 30;
};

int run(const GraphArgs &g, const RunArgs &r) {
  ThundercRunRequest q{};
  q.abi_version = THUNDERC_RUNTIME_ABI_VERSION;
  q.graph = g.path.c_str();
  q.max_file_bytes = g.limits.max_file_bytes;
  q.max_depth = g.limits.max_depth;
  q.max_statements = g.limits.max_statements;
  q.seed = r.seed;
  q.check = r.check;
  q.passes = !r.no_passes;
  q.inputs_file = r.inputs.empty() ? nullptr : r.inputs.c_str();
  q.save_file = r.save.empty() ? nullptr : r.save.c_str();
  q.so_path = r.so.empty() ? nullptr : r.so.c_str();
  q.max_input_bytes = r.max_input_bytes;
  q.log_level = spdlog::get_level();
  try {
    return run_in_runtime(q);
  } catch (const UserError &e) {
    std::cerr << "thunderc: " << e.message << "\n";
    return 1;
  }
}

} // namespace

#ifndef THUNDERC_MIMALLOC
// glibc malloc tuned for a short-lived process that builds and drops many small objects (values,
// provenance, trace instructions) and a few large vectors: no fastbins (whose consolidation, set
// off by every large free, was ~15% of a compile), no giving memory back to the OS and no mmap for
// large blocks (each regrowth of a large vector faulted its pages in again). A GNU extension; no
// effect elsewhere. Measured by bench/bench_compile.sh (bench/README.md).
static void tune_malloc() {
#ifdef M_MXFAST
  mallopt(M_MXFAST, 0);
  mallopt(M_TRIM_THRESHOLD, INT_MAX);
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_MMAP_THRESHOLD, 32 << 20); // the largest glibc accepts
#endif
}
#else
// `new` through mimalloc with sizes from 8 KiB to 128 KiB rounded up to a power of two. mimalloc
// gives each size class pages of its own, and from 16 KiB those are 512 KiB: the vectors and
// strings of a compile (function bodies, the traces' tables, the printed texts), each of its own
// size, spread over many such pages, and every 2 MiB of the compile's heap that anything touches
// is a huge page the kernel zeroes (reserve_heap). With five classes instead of fifteen in that
// range, the heap spans less: huge pages per compile of llama L = 8 4 -> 3, L = 32 5 -> 4, L = 128
// 14 -> 12, L = 1000 74 -> 73; a 2 MiB page costs about 0.2 ms here (alternating runs at L = 32,
// CPU 10th percentile / median: 8.98 / 9.28 -> 8.69 / 9.03 ms on a slow hour of the host).
static size_t rounded(size_t n) { return n > (8 << 10) && n <= (128 << 10) ? std::bit_ceil(n) : n; }
void *operator new(size_t n) { return mi_new(rounded(n)); }
void *operator new[](size_t n) { return mi_new(rounded(n)); }
#endif

// The allocator is set up before the C++ library's and thunderc's static initialisers run
// (priority 101 comes first; glibc passes them the command line): a compile's heap reserved here
// (reserve_heap) also holds what start-up and the command line's parser allocate, in huge pages
// the compile touches anyway, rather than in 4 KiB pages of mimalloc's start-up segment, each a
// page fault (about 2 us on this project's machines): at llama L = 32, 221 -> 168 page faults.
// The graph is taken to be the largest regular file named after `compile` or a `print-*`
// command: a guess for the heap's sake only, as the command line is parsed later.
[[gnu::constructor(101)]] static void set_up_allocator(int argc, char **argv) {
#ifndef THUNDERC_MIMALLOC
  tune_malloc();
#else
  // mimalloc (a C library) aborts when `new` finds no memory; its error callback, which it calls
  // first, throws std::bad_alloc instead, as the standard allocator does (main reports it).
  mi_register_error([](int err, void *) { if (err == ENOMEM) throw std::bad_alloc(); }, nullptr);
#endif
  int i = 1;
  auto command = [](const char *arg) {
    return std::strcmp(arg, "compile") == 0 || std::strncmp(arg, "print-", 6) == 0;
  };
  while (i < argc && !command(argv[i])) ++i;
  uintmax_t graph = 0;
  for (struct stat st; ++i < argc;)
    if (argv[i][0] != '-' && ::stat(argv[i], &st) == 0 && S_ISREG(st.st_mode))
      graph = std::max<uintmax_t>(graph, static_cast<uintmax_t>(st.st_size));
  if (graph) reserve_heap(graph);
}

int main(int argc, char **argv) {
  init_logging(spdlog::level::warn);

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
  CLI::App *validate_cmd = add_subcommand(
      app, "validate", "check a graph against the format and its static rules", [&](CLI::App &cmd) {
        add_graph_args(cmd, graph_args);
        cmd.footer("Example:\n  thunderc validate samples/mlp.json\n"
                   "Prints a one-line summary on success; on failure, every message is\n"
                   "FILE: JSON-POINTER: what is wrong and how to fix it (exit code 1).");
      });

  CompileArgs compile_args;
  CLI::App *compile_cmd = add_subcommand(
      app, "compile", "write prologue.py, computation.py and epilogue.py (and their support module)",
      [&](CLI::App &cmd) {
        add_graph_args(cmd, graph_args);
        add_compile_args(cmd, compile_args);
        cmd.add_option("-o,--output", compile_args.out_dir, "output directory (created if missing)")
            ->required();
        cmd.add_flag("--so", compile_args.so,
                     "also write DIR/<name>.cpp (the computation as ATen C++) and build DIR/<name>.so");
        cmd.add_option("--cxx", compile_args.so_options.cxx,
                       "C++ compiler for --so (default: $THUNDERC_CXX, else the one thunderc was built with)");
        cmd.add_option("--torch-prefix", compile_args.so_options.torch_prefix,
                       "libtorch install (include/, lib/) to build --so against ($THUNDERC_TORCH_PREFIX)");
        cmd.add_option("--torch-cflags", compile_args.so_options.torch_cflags,
                       "libtorch compile flags for --so ($THUNDERC_TORCH_CFLAGS)");
        cmd.add_option("--torch-ldflags", compile_args.so_options.torch_ldflags,
                       "libtorch link flags for --so ($THUNDERC_TORCH_LDFLAGS)");
        cmd.add_flag_callback("--no-pch", [&] { compile_args.so_options.pch = false; },
                              "build --so without the precompiled ATen header (cached per compiler and "
                              "libtorch in $THUNDERC_CACHE_DIR, else ~/.cache/thunderc)");
        cmd.add_option("--so-chunk-ops", compile_args.so_chunk_ops,
                       "ops per generated C++ function (large graphs compile in parts)")
            ->check(CLI::Range(size_t{1}, size_t{1} << 30))
            ->capture_default_str();
        cmd.footer("Examples:\n  thunderc compile samples/llama_tiny.json -o out/llama_tiny\n"
                   "  thunderc compile samples/llama_tiny.json -o out/llama_tiny --so\n"
                   "Files are replaced atomically: on failure no file is written or changed;\n"
                   "a file that already holds the new bytes is kept, with its time updated.\n"
                   "With --so the traces and <name>.cpp are written first, then <name>.so is built\n"
                   "(skipped when <name>.so.key shows it up to date); a failed or interrupted build\n"
                   "(Ctrl-C, SIGTERM, SIGHUP) leaves no .so.");
      });
  std::vector<std::pair<CLI::App *, std::string>> printers;
  for (const char *which : {"prologue", "computation", "epilogue"}) {
    CLI::App *printer = add_subcommand(
        app, std::string("print-") + which, std::string("print the ") + which + " trace to stdout",
        [&, which](CLI::App &cmd) {
          add_graph_args(cmd, graph_args);
          add_compile_args(cmd, compile_args);
          cmd.footer(fmt::format("Example:\n  thunderc print-{} samples/add.json", which));
        });
    printers.emplace_back(printer, std::string(which) + ".py");
  }

  RunArgs run_args;
  CLI::App *run_cmd = add_subcommand(
      app, "run", "run prologue, computation and epilogue on real inputs; print a JSON summary",
      [&](CLI::App &cmd) {
        add_graph_args(cmd, graph_args);
        cmd.add_flag("--check", run_args.check,
                     "also run the program eagerly on a copy of the inputs and compare (exit 1 on a difference)");
        cmd.add_option("--seed", run_args.seed, "seed of the input tensors' data")
            ->capture_default_str()
            ->check( // CLI11 would clamp a number past 64 bits
                [](const std::string &text) -> std::string {
                  int64_t v = 0;
                  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
                  return ec == std::errc() && end == text.data() + text.size() ? "" : "not a 64-bit integer: " + text;
                },
                "");
        cmd.add_option("--inputs", run_args.inputs,
                       "torch.save'd dict from input paths (\"kwargs['input_ids']\") to tensors to use");
        cmd.add_option("--save", run_args.save, "torch.save the result's and the changed inputs' tensors here")
            ->check(
                [](const std::string &path) -> std::string {
                  if (path.empty()) return "the path is empty; give a file name";
                  std::error_code ec;
                  if (path.back() == '/' || std::filesystem::is_directory(path, ec))
                    return path + " is a directory; give a file name";
                  return "";
                },
                "FILE");
        cmd.add_option("--so", run_args.so, "call this compiled computation (compile --so) instead of the ATen interpreter");
        cmd.add_option("--max-input-bytes", run_args.max_input_bytes, "largest total size of the input tensors")
            ->capture_default_str();
        cmd.add_flag("--no-passes", run_args.no_passes, "run the computation as built, without passes");
        cmd.footer("Examples:\n  thunderc run samples/llama_tiny.json --check\n"
                   "  thunderc run samples/mlp.json --inputs inputs.pt --save outputs.pt\n"
                   "See docs/run.md. Exit codes: 0 ok; 1 bad input, inputs the prologue rejects or a --check\n"
                   "difference; 2 usage error; 3 internal error.");
      });

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError &e) {
    if (app.get_subcommands().empty() && !app.remaining().empty() &&
        !app.remaining().front().starts_with("-")) { // `thunderc frob x`
      std::string commands;
      for (const CLI::App *cmd : app.get_subcommands([](CLI::App *) { return true; }))
        commands += (commands.empty() ? "" : ", ") + cmd->get_name();
      std::cerr << "thunderc: unknown command '" << app.remaining().front() << "'; the commands are "
                << commands << " (thunderc --help)\n";
      return 2;
    }
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
    if (*run_cmd) return run(graph_args, run_args);
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
    std::cerr << "thunderc: out of memory: the graph needs more memory than this process may use\n";
    return 3;
  } catch (const std::exception &e) {
    std::cerr << "thunderc: internal error: " << e.what() << "\nthis is a bug in thunderc; please "
              << "report it with the graph that triggered it\n";
    return 3;
  }
  return 2;
}
