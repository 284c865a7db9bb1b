// The members PyTorch's built-in nn modules have when an input description omits them (a Linear
// without `bias` has bias None, every module has `training`). One table, read by the interpreter
// (wrapped values) and by the runtime (real values), so that both see the same module.
#pragma once

#include "values/provenance.h"

#include <string>
#include <vector>

namespace thunderc {

struct ModuleDefault {
  enum class Kind : uint8_t { None, Bool, Int, Float, Str, WeightShape, WeightTuple } kind;
  const char *name;
  Slot slot;
  double number = 0;      // Bool (0 or 1), Int, Float
  const char *text = "";  // Str
};

// In the order to add them: `training` first; WeightShape (LayerNorm's normalized_shape, the
// shape of `weight`) and WeightTuple (a convolution's stride, padding or dilation: `number` once
// per spatial dim, the dims of `weight` but two) after `weight`, and only when `weight` is a
// tensor.
const std::vector<ModuleDefault> &module_defaults(const std::string &builtin_cls);

} // namespace thunderc
