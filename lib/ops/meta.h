// Internal to lib/ops: what the meta rules share. A Ctx wraps one bound call (arguments in
// signature order) with typed accessors that throw OpError naming the op and the parameter, and
// the PyTorch rules every family needs: dimension wrapping, broadcasting, type promotion
// (c10::promoteTypes, at::result_type's dimensioned/zero-dim/wrapped-number categories, canCast)
// and device agreement. Each meta_*.cpp file holds the rules of one family of ops.
#pragma once

#include "ops/ops.h"

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace thunderc::ops::detail {

using Shape = std::vector<int64_t>;

std::string str(const Shape &);      // "[2, 3]"
std::string str(DType);              // "float32"
std::string str(const TensorMeta &); // "cpu f32[2, 3]"
int64_t numel(const Shape &);

struct Ctx {
  Op op;
  const std::vector<Arg> &b;

  std::string_view name() const;          // "torch.add"
  std::string_view param(size_t i) const; // "other"
  [[noreturn]] void fail(const std::string &message) const;

  bool is_none(size_t i) const { return b[i].kind == Arg::Kind::None; }
  bool is_tensor(size_t i) const { return b[i].kind == Arg::Kind::Tensor; }
  bool is_number(size_t i) const; // Bool, Int or Float
  const TensorMeta &tensor(size_t i) const;
  const TensorMeta *opt_tensor(size_t i) const; // nullptr for None
  bool boolean(size_t i) const;
  int64_t integer(size_t i) const;
  std::optional<int64_t> opt_integer(size_t i) const;
  double number(size_t i) const;
  std::optional<double> opt_number(size_t i) const;
  std::optional<DType> opt_dtype(size_t i) const;
  std::optional<Device> opt_device(size_t i) const; // a device, a string naming one, or an int
  Shape ints(size_t i) const;                       // an int or a sequence of ints
  std::vector<TensorMeta> tensors(size_t i) const;  // a non-empty sequence of tensors

  // PyTorch's maybe_wrap_dim: dim in [-ndim, ndim) with a 0-dim tensor treated as 1-dim.
  int64_t wrap(int64_t dim, int64_t ndim) const;
  // `room`: capacity for the dims the caller appends (matmul's matrix dims: no reallocation).
  Shape broadcast(std::span<const int64_t> a, std::span<const int64_t> b, size_t room = 0) const;
  // `from` expands to `to` without changing it (in-place ops, expand_as, copy_).
  void expands_to(const Shape &from, const Shape &to, std::string_view what) const;
  DType promote(DType a, DType b) const;
  // at::result_type over the arguments at the given indices (tensors and Python numbers).
  DType result_type(std::initializer_list<size_t> indices) const;
  DType result_type(std::span<const Arg *const> operands) const;
  // The common device of the tensors at the given indices; 0-dim CPU tensors go anywhere.
  Device device(std::initializer_list<size_t> indices) const;
  Device same_device(std::span<const TensorMeta *const> tensors) const;
  Device same_device(std::initializer_list<const TensorMeta *> tensors) const {
    return same_device(std::span(tensors.begin(), tensors.size()));
  }
  Device same_device(const std::vector<TensorMeta> &tensors) const; // a tensor list's
  bool grad() const; // any tensor argument requires grad

  Arg out(Shape shape, DType dtype, Device device) const; // requires_grad from grad()
  // A dtype the op's kernels lack: PyTorch only notices when a kernel runs, so empty results pass.
  void kernel_supports(bool supported, const Shape &result, DType dtype) const;
  // A Python number written into a tensor of dtype `d` (a fill value, a clamp bound, torch.tensor's
  // data) must fit it, as c10::checked_convert requires: fails "value ... cannot be converted to
  // type ... without overflow". Other Args pass.
  void converts(const Arg &number, DType d) const;
};

// Complex dtypes PyTorch may compute in (float64 with complex64 gives complex128, a float16 tensor
// with a 0-dim complex64 one complex32) but DType lacks: they may be a common dtype (comparisons,
// in-place ops into complex64) but never a result (out() rejects them).
constexpr DType Complex128 = static_cast<DType>(0xff), Complex32 = static_cast<DType>(0xfe);
bool complex_type(DType); // complex64 or one of the above

bool can_cast(DType from, DType to);
DType to_real(DType);     // complex64 -> float32
Device normalize(Device); // "cuda" -> "cuda:0"

// One function per family; infer() in meta.cpp dispatches to them.
Arg meta_binary(const Ctx &);
Arg meta_unary(const Ctx &);
Arg meta_where(const Ctx &);
Arg meta_convert(const Ctx &);
Arg meta_inplace(const Ctx &);
Arg meta_masked_fill(const Ctx &);
Arg meta_masked_scatter(const Ctx &);
Arg meta_reduction(const Ctx &);
Arg meta_softmax(const Ctx &);
Arg meta_layer_norm(const Ctx &);
Arg meta_group_norm(const Ctx &);
Arg meta_batch_norm(const Ctx &); // eval mode, or training without running statistics
Arg meta_view(const Ctx &);
Arg meta_concat(const Ctx &);
Arg meta_split(const Ctx &);
Arg meta_index(const Ctx &); // index_select, gather, index_copy(_), index_add, scatter(_add)
Arg meta_getitem(const Ctx &);
Arg meta_setitem(const Ctx &);
Arg meta_factory(const Ctx &);
Arg meta_python(const Ctx &);
Arg meta_matmul(const Ctx &);
Arg meta_einsum(const Ctx &);
Arg meta_conv(const Ctx &); // conv1d, conv2d, conv3d
Arg meta_conv_transpose(const Ctx &); // conv_transpose1d, 2d, 3d
Arg meta_pool(const Ctx &); // max_pool2d, avg_pool2d, adaptive_avg_pool1d/2d
Arg meta_interpolate(const Ctx &);
Arg meta_pixel_shuffle(const Ctx &); // pixel_shuffle, pixel_unshuffle
Arg meta_nn(const Ctx &); // linear, embedding, scaled_dot_product_attention

// Shared between families.
Shape matmul_shape(const Ctx &, const TensorMeta &a, const TensorMeta &b);
Shape getitem_shape(const Ctx &, const TensorMeta &self, const Arg &index, bool *advanced);

} // namespace thunderc::ops::detail
