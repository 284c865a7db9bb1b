// FNV-1a, 64 bits: a fast, stable (same on every machine and run) hash for cache keys and
// checksums. Not cryptographic: it detects changes, not tampering.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace thunderc {

inline uint64_t fnv1a64(const void *data, size_t size, uint64_t h = 14695981039346656037ull) {
  const auto *p = static_cast<const unsigned char *>(data);
  for (size_t i = 0; i < size; ++i) {
    h ^= p[i];
    h *= 1099511628211ull;
  }
  return h;
}

inline uint64_t fnv1a64(std::string_view s) { return fnv1a64(s.data(), s.size()); }

// 16 lowercase hex digits.
inline std::string hex64(uint64_t h) {
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[size_t(i)] = "0123456789abcdef"[h & 15];
  return out;
}

} // namespace thunderc
