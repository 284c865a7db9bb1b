// The real inputs of `thunderc run`, built from the graph's input description (`inputs`): objects
// with their attributes, dataclasses, modules with parameters/buffers/sub-modules, containers and
// tensors; `{"ref": ...}` gives the very object it points to. Built-in torch.nn modules get the
// attributes PyTorch always has where the description leaves them out, with the same defaults the
// interpreter assumes (lib/interp/inputs.cpp).
//
// Tensor data, in description order (self, args, kwargs; a module's attrs, parameters, buffers,
// then sub-modules), from one CPU generator seeded with `seed` (the same draws as the Python test
// oracle tests/python/graph_eager.py): floating point `randn` (drawn in float32 and converted,
// float64 and complex64 drawn directly), integers uniform in [0, int_high) where int_high is 10,
// or less when a module of the inputs declares a smaller `num_embeddings` (token ids are valid
// indices), bools at random; then moved to the described device with requires_grad set.
// Tensors given in the `--inputs` file (a dict from input paths to tensors, written by
// `torch.save`) are taken from it instead and draw nothing.
#pragma once

#include "graph/graph.h"
#include "runtime/rvalue.h"

#include <cstdint>
#include <string>

namespace thunderc::runtime {

struct InputOptions {
  int64_t seed = 0;
  std::string inputs_file;                 // "" for none
  uint64_t max_input_bytes = 4ull << 30;   // total size of the input tensors
};

// Throws UserError (located at the offending place of the input description, or naming the
// inputs file) for: inputs over max_input_bytes, a device this machine lacks (CUDA), an inputs
// file that is unreadable, not a dict of tensors, or names a path that holds no tensor.
Roots build_inputs(const Graph &g, const InputOptions &options);

// The integer tensors' exclusive upper bound for a graph (see above).
int64_t int_high(const Graph &g);

} // namespace thunderc::runtime
