// What thunderc knows of a tensor while tracing: metadata only, never data.
#pragma once

#include "values/dtype.h"

#include <cstdint>
#include <string>
#include <vector>

namespace thunderc {

struct TensorMeta {
  std::vector<int64_t> shape;
  DType dtype = DType::Float32;
  Device device;
  bool requires_grad = false;
  bool operator==(const TensorMeta &) const = default;
};

// Thunder's type comment spelling: "cpu f32[2, 2]", "cuda:0 bf16[1, 6, 128256]".
std::string type_comment(const TensorMeta &);
void append_type_comment(std::string &out, const TensorMeta &);

} // namespace thunderc
