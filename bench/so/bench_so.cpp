// Per-call time of a library built by `thunderc compile --so`, called through its C entry point
// thunderc_<name>_run, against a hand-written ATen version of the same model (bench/so/
// handwritten_*.cpp, built into a shared library with the same compiler command), both loaded
// with dlopen, one intra-op thread.
//
//   bench_so DIR NAME HANDWRITTEN.so [ROUNDS] [ROUND_MS]
//
// DIR is the output directory of `thunderc compile GRAPH -o DIR --so` (DIR/NAME.so and
// DIR/prologue.py, whose unpack lines give each computation input's path, type and order).
// Inputs: float tensors randn (the key/value caches zeros), int64 tensors uniform in [0, 256),
// parameters with requires_grad, as `thunderc run` makes them.
//
// First the check: the library and the hand-written code run once each on their own copy of the
// inputs; every output and every input (the caches are updated in place) must be equal bit for
// bit, else the program prints the differences and exits 1. Then ROUNDS rounds (default 101), each
// timing a batch of calls of the library and a batch of the hand-written code (the order
// alternating between rounds), a batch lasting about ROUND_MS (default 3) ms of thread CPU time
// (CLOCK_THREAD_CPUTIME_ID: time slices lost to other processes of a shared machine do not
// count; short batches, so both sides of a round see the same load). Prints the per-call time
// (min and median over the rounds) of both and their ratio, and a line
//   RESULT NAME so_min_us so_median_us hw_min_us hw_median_us ratio_min ratio_median
// where the ratios are library / hand-written per round (the two batches of a round ran back to
// back): their min and median over the rounds.
#include <ATen/Parallel.h>
#include <ATen/core/Tensor.h>
#include <ATen/ops/abs.h>
#include <ATen/ops/equal.h>
#include <ATen/ops/randint.h>
#include <ATen/ops/randn.h>
#include <ATen/ops/zeros.h>
#include <ATen/ops/max.h>
#include <ATen/ops/sub.h>
#include <c10/core/GradMode.h>

#include <algorithm>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "bench_so: %s\n", msg.c_str());
  std::exit(1);
}

void *sym(void *handle, const std::string &name) {
  void *p = dlsym(handle, name.c_str());
  if (!p) die("no symbol " + name);
  return p;
}

struct Input {
  std::string name, path, type;
  bool parameter = false;
};

// The computation's inputs, in order, from prologue.py: `NAME: "TYPE" = EXPR` unpack lines give
// paths (kwargs['k'] -> k, args[i] -> args.i, pN.attr / pN[i] -> path(pN).attr / .i,
// module.get_parameter('P') -> P), the return line gives the order.
std::vector<Input> read_inputs(const std::string &prologue_py) {
  std::ifstream in(prologue_py);
  if (!in) die("cannot read " + prologue_py);
  static const std::regex unpack(R"re(^\s+(\w+): "([^"]*)" = (.*)$)re");
  static const std::regex kw(R"re(^kwargs\['(\w+)'\]$)re"), arg(R"re(^args\[(\d+)\]$)re"),
      attr(R"re(^(\w+)\.(\w+)$)re"), item(R"re(^(\w+)\[(\d+)\]$)re"),
      getter(R"re(^module\.get_(parameter|buffer|submodule)\('([^']*)'\)$)re"),
      ret(R"re(^\s+return \(\(([^)]*)\),)re");
  std::map<std::string, Input> by_name;
  std::vector<std::string> order;
  for (std::string line; std::getline(in, line);) {
    std::smatch m, e;
    if (std::regex_search(line, m, ret)) {
      std::stringstream names(m[1].str());
      for (std::string n; std::getline(names, n, ',');) {
        n.erase(0, n.find_first_not_of(' '));
        if (!n.empty()) order.push_back(n);
      }
      continue;
    }
    if (!std::regex_match(line, m, unpack)) continue;
    Input x{m[1].str(), "", m[2].str()};
    const std::string expr = m[3].str();
    auto parent = [&](const std::string &n) {
      auto it = by_name.find(n);
      return it == by_name.end() ? std::string("?") : it->second.path;
    };
    if (std::regex_match(expr, e, kw))
      x.path = e[1].str();
    else if (std::regex_match(expr, e, arg))
      x.path = "args." + e[1].str();
    else if (std::regex_match(expr, e, getter)) {
      x.path = e[2].str();
      x.parameter = e[1].str() == "parameter";
    } else if (std::regex_match(expr, e, attr))
      x.path = parent(e[1].str()) + "." + e[2].str();
    else if (std::regex_match(expr, e, item))
      x.path = parent(e[1].str()) + "." + e[2].str();
    by_name[x.name] = x;
  }
  std::vector<Input> out;
  for (const auto &n : order) {
    auto it = by_name.find(n);
    if (it == by_name.end()) die("prologue.py returns " + n + ", which it does not unpack");
    out.push_back(it->second);
  }
  return out;
}

at::Tensor make_tensor(const Input &x) {
  static const std::regex type_re(R"re(^cpu (\w+)\[([0-9, ]*)\]$)re");
  std::smatch m;
  if (!std::regex_match(x.type, m, type_re)) die("unsupported input type " + x.type + " of " + x.name);
  std::vector<int64_t> shape;
  std::stringstream dims(m[2].str());
  for (std::string d; std::getline(dims, d, ',');)
    if (d.find_first_not_of(' ') != std::string::npos) shape.push_back(std::stoll(d));
  const std::string dtype = m[1].str();
  at::Tensor t;
  if (dtype == "f32")
    t = x.path.find("_cache.") != std::string::npos ? at::zeros(shape) : at::randn(shape);
  else if (dtype == "i64")
    t = at::randint(0, 256, shape, at::kLong);
  else
    die("unsupported dtype " + dtype + " of " + x.name);
  if (x.parameter) t.set_requires_grad(true);
  return t;
}

std::vector<at::Tensor> clone_all(const std::vector<at::Tensor> &ts) {
  std::vector<at::Tensor> out;
  for (const auto &t : ts) {
    at::Tensor c;
    {
      at::NoGradGuard g;
      c = t.clone();
    }
    c.set_requires_grad(t.requires_grad());
    out.push_back(c);
  }
  return out;
}

std::string diff(const at::Tensor &a, const at::Tensor &b) {
  if (!a.defined() || !b.defined()) return "undefined";
  if (a.sizes() != b.sizes() || a.scalar_type() != b.scalar_type()) return "shape or dtype differ";
  at::NoGradGuard g;
  if (at::equal(a, b)) return "";
  double d = at::max(at::abs(at::sub(a.to(at::kDouble), b.to(at::kDouble)))).item<double>();
  return "values differ (max abs difference " + std::to_string(d) + ")";
}

double thread_cpu_us() {
  timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 4) die("usage: bench_so DIR NAME HANDWRITTEN.so [ROUNDS] [ROUND_MS]");
  const std::string dir = argv[1], name = argv[2], hw_path = argv[3];
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 101;
  const double round_ms = argc > 5 ? std::atof(argv[5]) : 3;
  at::set_num_threads(1);
  at::manual_seed(0);

  void *lib = dlopen((dir + "/" + name + ".so").c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) die(dlerror());
  using RunFn = int (*)(const at::Tensor *, size_t, at::Tensor *, size_t);
  auto so_run = reinterpret_cast<RunFn>(sym(lib, "thunderc_" + name + "_run"));
  auto so_error = reinterpret_cast<const char *(*)()>(sym(lib, "thunderc_" + name + "_last_error"));
  const size_t n_out = reinterpret_cast<size_t (*)()>(sym(lib, "thunderc_" + name + "_num_outputs"))();
  void *hw = dlopen(hw_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!hw) die(dlerror());
  auto hw_make = reinterpret_cast<void *(*)(size_t, const char *const *, const at::Tensor *)>(sym(hw, "hw_make"));
  auto hw_run = reinterpret_cast<int (*)(void *, at::Tensor *)>(sym(hw, "hw_run"));

  const std::vector<Input> inputs = read_inputs(dir + "/prologue.py");
  std::vector<at::Tensor> so_in;
  std::vector<const char *> paths;
  for (const auto &x : inputs) {
    so_in.push_back(make_tensor(x));
    paths.push_back(x.path.c_str());
  }
  std::vector<at::Tensor> hw_in = clone_all(so_in);
  void *model = hw_make(hw_in.size(), paths.data(), hw_in.data());
  std::vector<at::Tensor> so_out(n_out), hw_out(1);

  // ---- check: same outputs, same inputs afterwards (the in-place cache updates)
  if (so_run(so_in.data(), so_in.size(), so_out.data(), so_out.size()) != 0) die(so_error());
  hw_run(model, hw_out.data());
  int bad = 0;
  if (n_out != 1) {
    std::fprintf(stderr, "bench_so: %s: the library has %zu outputs, the hand-written code 1\n", name.c_str(), n_out);
    ++bad;
  } else if (auto d = diff(so_out[0], hw_out[0]); !d.empty()) {
    std::fprintf(stderr, "bench_so: %s: output 0: %s\n", name.c_str(), d.c_str());
    ++bad;
  }
  for (size_t i = 0; i < so_in.size(); ++i)
    if (auto d = diff(so_in[i], hw_in[i]); !d.empty()) {
      std::fprintf(stderr, "bench_so: %s: input %s after the call: %s\n", name.c_str(), inputs[i].path.c_str(), d.c_str());
      ++bad;
    }
  for (size_t i = 0; i < so_out.size(); ++i)
    if (so_out[i].defined() && (so_out[i].is_inference() || so_out[i].requires_grad())) {
      std::fprintf(stderr, "bench_so: %s: output %zu is %s, computation.py gives an ordinary tensor\n", name.c_str(),
                   i, so_out[i].is_inference() ? "an inference tensor" : "a tensor requiring grad");
      ++bad;
    }
  if (bad) die(name + ": the compiled library and the hand-written code disagree");
  std::printf("%s: outputs and updated inputs of the library and the hand-written code are equal bit for bit\n",
              name.c_str());

  // ---- timing
  // Per-call thread CPU time of a batch (CLOCK_THREAD_CPUTIME_ID: the time this thread ran, so
  // that time slices lost to other processes on a shared machine do not count).
  auto time_batch = [&](bool so, int calls) {
    const double t0 = thread_cpu_us();
    if (so) {
      for (int i = 0; i < calls; ++i)
        if (so_run(so_in.data(), so_in.size(), so_out.data(), so_out.size()) != 0) die(so_error());
    } else {
      for (int i = 0; i < calls; ++i) hw_run(model, hw_out.data());
    }
    return (thread_cpu_us() - t0) / calls;
  };
  for (int w = 0; w < 20; ++w) time_batch(w % 2, 1); // warm-up
  // calls per batch: ROUND_MS worth of the slower of the two
  double one = std::max(time_batch(true, 5), time_batch(false, 5));
  const int calls = std::max(1, static_cast<int>(round_ms * 1000 / one));
  std::vector<double> so_t, hw_t;
  for (int r = 0; r < rounds; ++r) {
    bool so_first = r % 2 == 0;
    double a = time_batch(so_first, calls), b = time_batch(!so_first, calls);
    so_t.push_back(so_first ? a : b);
    hw_t.push_back(so_first ? b : a);
  }
  const double so_min = *std::min_element(so_t.begin(), so_t.end()), so_med = median(so_t);
  const double hw_min = *std::min_element(hw_t.begin(), hw_t.end()), hw_med = median(hw_t);
  std::vector<double> ratios; // per round: the two batches ran back to back, under the same load
  for (int r = 0; r < rounds; ++r) ratios.push_back(so_t[r] / hw_t[r]);
  const double ratio_min = *std::min_element(ratios.begin(), ratios.end()), ratio_med = median(ratios);
  std::printf("%s: %d rounds of %d calls; per call: library min %.1f us median %.1f us, hand-written min %.1f us "
              "median %.1f us; library / hand-written per round: min %.3f median %.3f\n",
              name.c_str(), rounds, calls, so_min, so_med, hw_min, hw_med, ratio_min, ratio_med);
  std::printf("RESULT %s %.2f %.2f %.2f %.2f %.4f %.4f\n", name.c_str(), so_min, so_med, hw_min, hw_med,
              ratio_min, ratio_med);
  return 0;
}
