// The compiled library from C++: `thunderc compile --so` builds it, dlopen loads it, the plain C
// entry point runs it. Checks the results against ATen called directly, the write-back into an
// input tensor, the error path, and that two libraries share the `thunderc` op namespace.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>

#include <cstdlib>
#include <dlfcn.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

using RunFn = int (*)(const at::Tensor *, size_t, at::Tensor *, size_t);
using ErrorFn = const char *(*)();
using CountFn = size_t (*)();

struct Library {
  void *handle = nullptr;
  RunFn run = nullptr;
  ErrorFn last_error = nullptr;
  CountFn num_inputs = nullptr, num_outputs = nullptr;
  std::string source; // the generated .cpp
};

// Compiles samples/<sample>.json with --so (into a kept directory: reruns reuse the library)
// and loads it.
Library compile_and_load(const std::string &sample) {
  const fs::path dir = fs::path(THUNDERC_SO_TEST_DIR) / sample;
  const std::string cmd = std::string("'") + THUNDERC_BINARY + "' compile '" + THUNDERC_SOURCE_DIR +
                          "/samples/" + sample + ".json' -o '" + dir.string() + "' --so";
  INFO(cmd);
  REQUIRE(std::system(cmd.c_str()) == 0);
  Library lib;
  lib.handle = dlopen((dir / (sample + ".so")).c_str(), RTLD_NOW | RTLD_LOCAL);
  INFO((lib.handle ? "" : dlerror()));
  REQUIRE(lib.handle != nullptr);
  const std::string prefix = "thunderc_" + sample;
  lib.run = reinterpret_cast<RunFn>(dlsym(lib.handle, (prefix + "_run").c_str()));
  lib.last_error = reinterpret_cast<ErrorFn>(dlsym(lib.handle, (prefix + "_last_error").c_str()));
  lib.num_inputs = reinterpret_cast<CountFn>(dlsym(lib.handle, (prefix + "_num_inputs").c_str()));
  lib.num_outputs = reinterpret_cast<CountFn>(dlsym(lib.handle, (prefix + "_num_outputs").c_str()));
  const bool all_found = lib.run && lib.last_error && lib.num_inputs && lib.num_outputs;
  REQUIRE(all_found);
  std::ifstream in(dir / (sample + ".cpp"));
  std::stringstream s;
  s << in.rdbuf();
  lib.source = s.str();
  return lib;
}

// Random inputs matching the "Inputs, in order" lines of the generated header comment.
std::vector<at::Tensor> inputs_for(const Library &lib) {
  static const std::regex line_re(R"re(//\s+(\d+) (\w+): "cpu (\w+)\[([0-9, ]*)\]")re");
  std::vector<at::Tensor> out;
  std::string section = lib.source.substr(0, lib.source.find("// Outputs, in order:"));
  for (std::sregex_iterator it(section.begin(), section.end(), line_re), end; it != end; ++it) {
    std::vector<int64_t> shape;
    std::stringstream dims((*it)[4].str());
    for (std::string d; std::getline(dims, d, ',');)
      shape.push_back(std::stoll(d));
    const std::string dtype = (*it)[3].str();
    if (dtype == "f32")
      out.push_back(at::randn(shape, at::kFloat));
    else if (dtype == "i64")
      out.push_back(at::randint(0, 10, shape, at::kLong));
    else
      FAIL("unexpected dtype " << dtype);
  }
  REQUIRE(out.size() == lib.num_inputs());
  return out;
}

bool bitwise_equal(const at::Tensor &a, const at::Tensor &b) {
  return a.scalar_type() == b.scalar_type() && a.sizes() == b.sizes() &&
         at::isclose(a, b, 0, 0, /*equal_nan=*/true).all().item<bool>();
}

} // namespace

TEST_CASE("dlopen: the C entry point computes what ATen computes") {
  at::manual_seed(0);
  Library lib = compile_and_load("mlp");
  REQUIRE(lib.num_inputs() == 5);
  REQUIRE(lib.num_outputs() == 1);
  // computation(x, fc1_bias, fc1_weight, fc2_bias, fc2_weight) -> (y,)
  std::vector<at::Tensor> in = inputs_for(lib);
  std::vector<at::Tensor> out(1);
  REQUIRE(lib.run(in.data(), in.size(), out.data(), out.size()) == 0);
  at::Tensor expected = at::linear(at::gelu(at::linear(in[0], in[2], in[1])), in[4], in[3]);
  CHECK(bitwise_equal(out[0], expected));
  // again, on the same library
  std::vector<at::Tensor> out2(1);
  REQUIRE(lib.run(in.data(), in.size(), out2.data(), out2.size()) == 0);
  CHECK(bitwise_equal(out2[0], expected));
  // the op is registered with the dispatcher too
  CHECK(c10::Dispatcher::singleton().findSchema({"thunderc::mlp", ""}).has_value());
}

TEST_CASE("dlopen: write-backs update the caller's input tensor in place") {
  at::manual_seed(1);
  Library lib = compile_and_load("module_buffer");
  // computation(x, center_num_batches_tracked, center_running_mean, proj_bias, proj_weight)
  //   -> (running_mean_1, centered); center_num_batches_tracked += 1 in place
  std::vector<at::Tensor> in = inputs_for(lib);
  at::Tensor counter = in[1];
  const int64_t before = counter.item<int64_t>();
  const void *storage = counter.data_ptr();
  std::vector<at::Tensor> out(lib.num_outputs());
  REQUIRE(lib.run(in.data(), in.size(), out.data(), out.size()) == 0);
  CHECK(counter.item<int64_t>() == before + 1);
  CHECK(counter.data_ptr() == storage);
  at::Tensor h = at::relu(at::linear(in[0], in[4], in[3]));
  at::Tensor running = at::add(at::mul(in[2], 0.9), at::mul(at::mean(h, 0), 0.1));
  CHECK(bitwise_equal(out[0], running));
  CHECK(bitwise_equal(out[1], at::sub(h, running)));
  // both libraries registered their op in the shared `thunderc` namespace
  CHECK(c10::Dispatcher::singleton().findSchema({"thunderc::module_buffer", ""}).has_value());
  CHECK(c10::Dispatcher::singleton().findSchema({"thunderc::mlp", ""}).has_value());
}

TEST_CASE("dlopen: errors are returned, not thrown") {
  Library lib = compile_and_load("mlp");
  std::vector<at::Tensor> in = inputs_for(lib);
  std::vector<at::Tensor> out(1);
  CHECK(lib.run(in.data(), 4, out.data(), out.size()) == 1);
  CHECK(std::string(lib.last_error()).find("expected 5 inputs, got 4") != std::string::npos);
  in[0] = at::randn({3, 3}); // wrong shape for fc1
  CHECK(lib.run(in.data(), in.size(), out.data(), out.size()) == 1);
  CHECK(std::string(lib.last_error()).find("cannot be multiplied") != std::string::npos);
  in[0] = at::Tensor();
  CHECK(lib.run(in.data(), in.size(), out.data(), out.size()) == 1);
  CHECK(std::string(lib.last_error()).find("input 0 is an undefined tensor") != std::string::npos);
}
