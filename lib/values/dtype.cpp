#include "values/dtype.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace thunderc {

namespace {
struct DTypeInfo {
  std::string_view name, short_name;
};
constexpr std::array<DTypeInfo, 11> infos = {{{"bool", "b8"},
                                              {"uint8", "u8"},
                                              {"int8", "i8"},
                                              {"int16", "i16"},
                                              {"int32", "i32"},
                                              {"int64", "i64"},
                                              {"float16", "f16"},
                                              {"bfloat16", "bf16"},
                                              {"float32", "f32"},
                                              {"float64", "f64"},
                                              {"complex64", "c64"}}};
} // namespace

std::string_view dtype_name(DType d) { return infos[static_cast<size_t>(d)].name; }
std::string_view dtype_short_name(DType d) { return infos[static_cast<size_t>(d)].short_name; }

std::optional<DType> parse_dtype(std::string_view name) {
  for (size_t i = 0; i < infos.size(); ++i)
    if (infos[i].name == name) return static_cast<DType>(i);
  return std::nullopt;
}

const std::vector<std::string> &dtype_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto &info : infos) out.emplace_back(info.name);
    return out;
  }();
  return names;
}

bool is_floating(DType d) { return d >= DType::Float16 && d <= DType::Float64; }
bool is_complex(DType d) {
  return d == DType::Complex64;
}
bool is_integral(DType d, bool include_bool) {
  return (d >= DType::UInt8 && d <= DType::Int64) || (include_bool && d == DType::Bool);
}
static_assert(std::size(infos) == 11, "element_size (dtype.h) has a size for each DType");

namespace {
// Writes "cpu", "cuda:0"... at `at` (room for kDeviceNameMax characters); returns the end.
constexpr size_t kDeviceNameMax = 16; // "cuda:" and an int
char *write_device_name(char *at, const Device &d) {
  std::string_view type = d.type == Device::Type::CPU ? "cpu" : d.type == Device::Type::CUDA ? "cuda" : "meta";
  at = std::copy(type.begin(), type.end(), at);
  if (d.index < 0) return at;
  *at++ = ':';
  return std::to_chars(at, at + 11, d.index).ptr;
}
} // namespace

std::string device_name(const Device &d) {
  char buf[kDeviceNameMax];
  return std::string(buf, write_device_name(buf, d));
}

std::optional<Device> parse_device(std::string_view text) {
  if (text == "cpu") return Device{Device::Type::CPU, -1};
  if (text == "meta") return Device{Device::Type::Meta, -1};
  if (text == "cuda") return Device{Device::Type::CUDA, -1};
  if (text.starts_with("cuda:")) {
    std::string_view digits = text.substr(5);
    int index = 0;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec == std::errc() && end == digits.data() + digits.size() && !digits.empty() &&
        index >= 0 && index < 128 && (digits.size() == 1 || digits[0] != '0')) // torch's 8 bits
      return Device{Device::Type::CUDA, index};
  }
  return std::nullopt;
}

} // namespace thunderc

#include "values/tensor_meta.h"

namespace thunderc {
void append_type_comment(std::string &out, const TensorMeta &t) {
  // Written into a buffer on the stack and appended in one piece (printing calls this for every
  // tensor value); a long shape is appended in pieces.
  char buf[128];
  char *at = buf;
  auto put = [&](std::string_view s) { at = std::copy(s.begin(), s.end(), at); };
  auto flush = [&] {
    out.append(buf, at);
    at = buf;
  };
  at = write_device_name(at, t.device);
  *at++ = ' ';
  put(dtype_short_name(t.dtype));
  *at++ = '[';
  for (size_t i = 0; i < t.shape.size(); ++i) {
    if (buf + sizeof buf - at < 24) flush(); // room for ", " and any int64
    if (i) put(", ");
    at = std::to_chars(at, buf + sizeof buf, t.shape[i]).ptr;
  }
  *at++ = ']';
  flush();
}

std::string type_comment(const TensorMeta &t) {
  std::string out;
  append_type_comment(out, t);
  return out;
}
} // namespace thunderc
