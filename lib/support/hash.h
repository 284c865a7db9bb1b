// Hashes. FNV-1a, 64 bits: a stable one (the same on every machine and run) for cache keys and
// checksums; not cryptographic: it detects changes, not tampering. StrHash: the fast one of the
// compiler's hash tables.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#define XXH_INLINE_ALL
#include <xxhash.h>

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

// The hash of the compiler's string-keyed tables: XXH3 (Debian's libxxhash-dev), inlined where
// std::hash calls libstdc++'s out-of-line _Hash_bytes (2% of a compile's instructions saved).
// Transparent: a table keyed by std::string can be searched with a string_view. Within one
// process only: never stored.
struct StrHash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const noexcept { return XXH3_64bits(s.data(), s.size()); }
};

// 16 lowercase hex digits.
inline std::string hex64(uint64_t h) {
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[size_t(i)] = "0123456789abcdef"[h & 15];
  return out;
}

} // namespace thunderc
