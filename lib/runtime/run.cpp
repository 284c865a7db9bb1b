#include "runtime/run.h"

#include "interp/interpret.h"
#include "passes/passes.h"
#include "runtime/compiled.h"
#include "runtime/eager.h"
#include "runtime/report.h"
#include "runtime/runtime_abi.h"
#include "runtime/trace_exec.h"
#include "support/atomic_write.h"
#include "support/diagnostics.h"
#include "support/log.h"
#include "trace/build.h"

#include <ATen/Context.h>
#include <c10/util/Flags.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <torch/csrc/jit/serialization/pickle.h>

#include <chrono>
#include <iostream>
#include <optional>

// libc10's switch (exported, declared by no header): every CPU allocation is zero-filled.
C10_DECLARE_bool(caffe2_cpu_allocator_do_zero_fill);

namespace thunderc::runtime {

namespace {

constexpr size_t kShownDifferences = 20;

// torch.empty and empty_like give zeros in the interpreter (aten_ops); a library from
// `compile --so` calls at::empty, whose memory is uninitialised. While one runs, every CPU
// allocation is zero-filled, so that its empty tensors hold zeros too: the runs are reproducible
// and `--check` compares equal values rather than leftovers of the heap.
class ZeroFilledCpuMemory {
public:
  ZeroFilledCpuMemory() : was_(FLAGS_caffe2_cpu_allocator_do_zero_fill) {
    FLAGS_caffe2_cpu_allocator_do_zero_fill = true;
  }
  ~ZeroFilledCpuMemory() { FLAGS_caffe2_cpu_allocator_do_zero_fill = was_; }
  ZeroFilledCpuMemory(const ZeroFilledCpuMemory &) = delete;
  ZeroFilledCpuMemory &operator=(const ZeroFilledCpuMemory &) = delete;

private:
  bool was_;
};

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

void save_tensors(const std::string &path, const RRef &result, const Roots &inputs,
                  const std::vector<std::string> &mutated) {
  std::vector<std::pair<std::string, at::Tensor>> tensors;
  collect_tensors(result, "result", tensors);
  std::unordered_map<std::string, RRef> by_path;
  for (const PathValue &pv : walk_inputs(inputs)) by_path.emplace(pv.path, pv.value);
  for (const std::string &m : mutated)
    if (auto it = by_path.find(m); it != by_path.end()) collect_tensors(it->second, m, tensors);
  c10::Dict<std::string, at::Tensor> dict;
  for (auto &[k, t] : tensors) dict.insert_or_assign(k, t.detach().to(at::kCPU));
  std::vector<char> bytes = torch::jit::pickle_save(c10::IValue(dict));
  size_t slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  write_files_atomically(dir, {{name, std::string(bytes.begin(), bytes.end())}});
}

int run(const RunOptions &o, const std::string &file) {
  auto t0 = std::chrono::steady_clock::now();
  Graph g = load_graph(o.graph, o.limits);
  Program program = interpret(g);
  Traces traces = build_traces(g, program);
  if (o.passes) run_pipeline(traces.prologue, traces.computation);
  for (const Trace *t : {&traces.prologue, &traces.computation, &traces.epilogue}) {
    auto problems = verify(*t);
    THUNDERC_ASSERT(problems.empty(), t->name + " fails verification: " + problems.front());
  }
  spdlog::info("traced {} in {:.1f} ms", file, ms_since(t0));

  // A compiled library is loaded before the inputs are made: a bad path fails fast.
  std::optional<CompiledComputation> compiled;
  std::optional<ZeroFilledCpuMemory> zero_filled;
  if (!o.so.empty()) {
    compiled.emplace(o.so, g.name);
    zero_filled.emplace();
  }

  t0 = std::chrono::steady_clock::now();
  Roots inputs = build_inputs(g, o.inputs);
  Roots reference;
  Comparer comparer;
  if (o.check) {
    reference = deep_copy(inputs);
    comparer.pair_inputs(inputs, reference);
  }
  InputState before(inputs);
  InputPaths input_paths(inputs);
  spdlog::info("built the inputs in {:.1f} ms", ms_since(t0));

  at::NoGradGuard no_grad;
  LiteralReader literals(g);
  t0 = std::chrono::steady_clock::now();
  PrologueResult pro;
  try {
    pro = run_prologue(traces.prologue, literals, inputs);
  } catch (const GuardFailure &e) {
    std::cerr << file << ": the prologue rejected the inputs: " << e.what() << "\n";
    return 1;
  }
  std::vector<at::Tensor> comp_in;
  for (const RRef &v : pro.computation_inputs) {
    THUNDERC_ASSERT(v->kind == RValue::Kind::Tensor, "the prologue passes a " + type_name(*v) + " to the computation");
    comp_in.push_back(v->tensor);
  }
  at::manual_seed(uint64_t(o.inputs.seed));
  std::vector<at::Tensor> comp_out = compiled ? (*compiled)(comp_in) : run_computation(traces.computation, comp_in);
  TensorValues tensors(inputs);
  std::vector<RRef> epi_in = pro.epilogue_inputs;
  for (const at::Tensor &t : comp_out) epi_in.push_back(tensors.wrap(t));
  RRef result = run_epilogue(traces.epilogue, literals, epi_in);
  spdlog::info("ran prologue, computation and epilogue in {:.1f} ms", ms_since(t0));

  std::vector<std::string> mutated = before.changed_paths(inputs);
  Json out;
  out["graph"] = g.name;
  out["computation"] = compiled ? "compiled " + o.so : std::string("aten interpreter");
  Json in{{"seed", o.inputs.seed}};
  if (!o.inputs.inputs_file.empty()) in["file"] = o.inputs.inputs_file;
  out["inputs"] = in;
  out["result"] = describe_value(result, &input_paths);
  Json changed = Json::object();
  std::unordered_map<std::string, RRef> by_path;
  for (const PathValue &pv : walk_inputs(inputs)) by_path.emplace(pv.path, pv.value);
  for (const std::string &m : mutated) {
    auto it = by_path.find(m);
    changed[m] = it == by_path.end() ? Json("changed") : describe_value(it->second, nullptr, m);
  }
  out["mutated"] = changed;

  int code = 0;
  if (o.check) {
    t0 = std::chrono::steady_clock::now();
    at::manual_seed(uint64_t(o.inputs.seed));
    EagerRun eager = run_eager(g, reference);
    spdlog::info("ran the program eagerly in {:.1f} ms", ms_since(t0));
    // The inputs first, so that a difference in an input is named by its input path.
    comparer.compare_inputs(inputs, reference);
    comparer.compare(result, eager.result, "result");
    std::vector<std::string> diffs = comparer.differences;
    for (const std::string &m : eager.meta_mismatches) diffs.push_back("metadata: " + m);
    Json c{{"passed", diffs.empty()}};
    Json shown = Json::array();
    for (size_t i = 0; i < diffs.size() && i < kShownDifferences; ++i) shown.push_back(diffs[i]);
    c["differences"] = shown;
    if (diffs.size() > kShownDifferences) c["more_differences"] = diffs.size() - kShownDifferences;
    out["check"] = c;
    if (!diffs.empty()) {
      code = 1;
      for (size_t i = 0; i < diffs.size() && i < kShownDifferences; ++i)
        std::cerr << file << ": --check: the traces and the program differ: " << diffs[i] << "\n";
      if (diffs.size() > kShownDifferences)
        std::cerr << file << ": --check: and " << diffs.size() - kShownDifferences << " more differences\n";
    }
  }
  std::cout << dump_json(out) << std::endl;
  if (!o.save.empty()) save_tensors(o.save, result, inputs, mutated);
  return code;
}

} // namespace

int run_graph(const RunOptions &o) {
  const std::string file = o.graph == "-" ? std::string("<stdin>") : o.graph;
  try {
    return run(o, file);
  } catch (const UserError &e) {
    std::cerr << e.render(file) << "\n";
    return 1;
  } catch (const ops::OpError &e) {
    std::cerr << file << ": the computation failed: " << e.what() << "\n";
    return 1;
  } catch (const InternalError &e) {
    std::cerr << "thunderc: " << e.what() << "\nthis is a bug in thunderc; please report it with the graph that "
              << "triggered it\n";
    return 3;
  } catch (const std::bad_alloc &) {
    std::cerr << "thunderc: out of memory (lower the inputs' sizes, or see --max-input-bytes)\n";
    return 3;
  } catch (const c10::Error &e) {
    std::cerr << "thunderc: internal error: libtorch: " << e.what_without_backtrace()
              << "\nthis is a bug in thunderc; please report it with the graph that triggered it\n";
    return 3;
  } catch (const std::exception &e) {
    std::cerr << "thunderc: internal error: " << e.what()
              << "\nthis is a bug in thunderc; please report it with the graph that triggered it\n";
    return 3;
  }
}

} // namespace thunderc::runtime

// ---- the entry point the executable calls (runtime_abi.h) ---------------------------------------

extern "C" {

__attribute__((visibility("default"))) extern const uint32_t thunderc_runtime_abi_version;
const uint32_t thunderc_runtime_abi_version = THUNDERC_RUNTIME_ABI_VERSION;

__attribute__((visibility("default"))) int thunderc_runtime_run(const ThundercRunRequest *r) {
  if (!r || r->abi_version != THUNDERC_RUNTIME_ABI_VERSION) {
    std::cerr << "thunderc: the runtime library and the executable are from different thunderc versions\n";
    return 3;
  }
  thunderc::init_logging(r->log_level);
  thunderc::runtime::RunOptions o;
  o.graph = r->graph ? r->graph : "-";
  o.limits.max_file_bytes = r->max_file_bytes;
  o.limits.max_depth = r->max_depth;
  o.limits.max_statements = r->max_statements;
  o.inputs.seed = r->seed;
  o.inputs.inputs_file = r->inputs_file ? r->inputs_file : "";
  o.inputs.max_input_bytes = r->max_input_bytes;
  o.check = r->check != 0;
  o.passes = r->passes != 0;
  o.save = r->save_file ? r->save_file : "";
  o.so = r->so_path ? r->so_path : "";
  return thunderc::runtime::run_graph(o);
}

} // extern "C"
