// Tensor element types and devices as the graph format names them (torch spellings), with the
// short names of Thunder's type comments ("f32", "bf16") and a classification for promotion.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace thunderc {

enum class DType : uint8_t {
  Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64, Complex64
};

std::string_view dtype_name(DType);       // "float32"
std::string_view dtype_short_name(DType); // "f32"
std::optional<DType> parse_dtype(std::string_view name);
const std::vector<std::string> &dtype_names();
bool is_floating(DType);
bool is_complex(DType);
bool is_integral(DType, bool include_bool);
// Bytes per element: 1 for bool, 4 for float32 (inline: checked for every op's result).
inline int element_size(DType d) {
  constexpr int sizes[] = {1, 1, 1, 2, 4, 8, 2, 2, 4, 8, 8}; // in DType's order
  return sizes[static_cast<size_t>(d)];
}

// The range of an integer dtype (not bool): [-128, 127] for int8, [0, 255] for uint8.
inline int64_t integer_max(DType d) {
  int bits = 8 * element_size(d) - (d != DType::UInt8);
  return bits == 63 ? INT64_MAX : (int64_t{1} << bits) - 1;
}
inline int64_t integer_min(DType d) {
  return d == DType::UInt8 ? 0 : -integer_max(d) - 1;
}

// The elements, and the bytes, of a contiguous tensor of this shape (sizes >= 0); nullopt when
// they exceed 2^63 - 1, which PyTorch refuses ("numel: integer multiplication overflow", "Storage
// size calculation overflowed"). Inline: checked for every op's result.
inline std::optional<int64_t> checked_numel(std::span<const int64_t> shape) {
  int64_t n = 1;
  bool overflow = false; // in order, as PyTorch multiplies: [2^62, 2^62, 0] overflows
  for (int64_t d : shape)
    overflow |= __builtin_mul_overflow(n, d, &n);
  return overflow ? std::nullopt : std::optional<int64_t>(n);
}
inline std::optional<int64_t> checked_bytes(std::optional<int64_t> numel, DType d) {
  int64_t bytes;
  if (!numel || __builtin_mul_overflow(*numel, int64_t{element_size(d)}, &bytes)) return {};
  return bytes;
}
inline std::optional<int64_t> checked_bytes(std::span<const int64_t> shape, DType d) {
  return checked_bytes(checked_numel(shape), d);
}

struct Device {
  enum class Type : uint8_t { CPU, CUDA, Meta } type = Type::CPU;
  int index = -1; // -1: no index given ("cuda")
  bool operator==(const Device &) const = default;
};

std::string device_name(const Device &); // "cpu", "cuda:0"
// "cpu", "cuda", "cuda:N", "meta"; nullopt for anything else.
std::optional<Device> parse_device(std::string_view text);

} // namespace thunderc
