// Hand-written ATen port of the L-layer MLP chain of bench/gen_graphs.py mlp (bench/torch_models.py's
// MLPChain: `for layer in layers: x = silu(linear(x, W, b))`), run under c10::InferenceMode.
// The baseline of bench/bench_so.sh, built with the compiler command of `thunderc compile --so`
// and called through the same interface as handwritten_llama.cpp:
//   void *hw_make(size_t n, const char *const *paths, const at::Tensor *tensors)
//   int hw_run(void *model, at::Tensor *outputs)          // outputs[0] = the chain's result
// `paths`: `args.0` (x), `layers.<i>.fc.weight`, `layers.<i>.fc.bias`.
#include <ATen/core/Tensor.h>
#include <ATen/ops/linear.h>
#include <ATen/ops/silu.h>
#include <c10/core/InferenceMode.h>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace {

struct Model {
  at::Tensor x;
  std::vector<std::pair<at::Tensor, at::Tensor>> layers; // weight, bias
};

at::Tensor forward(const Model &m) {
  at::Tensor x = m.x;
  for (const auto &[w, b] : m.layers) x = at::silu(at::linear(x, w, b));
  return x;
}

} // namespace

extern "C" void *hw_make(size_t n, const char *const *paths, const at::Tensor *tensors) {
  std::map<std::string, at::Tensor> by_path;
  for (size_t i = 0; i < n; ++i) by_path[paths[i]] = tensors[i];
  auto *m = new Model;
  m->x = by_path.at("args.0");
  for (size_t i = 0; by_path.count("layers." + std::to_string(i) + ".fc.weight"); ++i) {
    const std::string p = "layers." + std::to_string(i) + ".fc.";
    m->layers.emplace_back(by_path.at(p + "weight"), by_path.at(p + "bias"));
  }
  return m;
}

extern "C" int hw_run(void *model, at::Tensor *outputs) {
  c10::InferenceMode guard;
  outputs[0] = forward(*static_cast<const Model *>(model));
  return 0;
}
