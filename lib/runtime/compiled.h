// A computation compiled by `thunderc compile --so` (OUT/<name>.so), called through its plain C
// entry point `thunderc_<name>_run(inputs, n_inputs, outputs, n_outputs)` (see lib/emit/cpp.cpp).
// A library without one is called through the dispatcher op `thunderc::<name>` its TORCH_LIBRARY
// registration adds, boxed, with the tensors passed one by one or as one Tensor[] as its schema
// declares.
#pragma once

#include <ATen/core/Tensor.h>

#include <memory>
#include <string>
#include <vector>

namespace thunderc::runtime {

class CompiledComputation {
public:
  // Throws UserError when the library cannot be loaded or registers no `thunderc::<name>`.
  CompiledComputation(const std::string &path, const std::string &name);
  std::vector<at::Tensor> operator()(const std::vector<at::Tensor> &inputs) const;
  const std::string &schema() const { return schema_; }

private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
  std::string schema_;
};

} // namespace thunderc::runtime
