#include "support/text.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <fmt/format.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace thunderc {

bool is_identifier(std::string_view s) {
  // By table: bit 1 for the characters of identifiers, bit 0 too for those that may start one
  // (every name the traces print is checked).
  static constexpr auto kind = [] {
    std::array<uint8_t, 256> k{};
    for (int c = 'a'; c <= 'z'; ++c) k[c] = k[c - 'a' + 'A'] = 3;
    k['_'] = 3;
    for (int c = '0'; c <= '9'; ++c) k[c] = 2;
    return k;
  }();
  auto at = [&](size_t i) { return kind[static_cast<unsigned char>(s[i])]; };
  if (s.empty() || !(at(0) & 1)) return false;
  size_t i = 0;
#ifdef __SSE2__
  // Sixteen characters a test, the last test overlapping the one before (two halves of 8
  // overlapping from 8 characters on): the verifier checks every name of a trace (by table, ~66
  // instructions a name at L = 32).
  if (s.size() >= 8) {
    auto ok = [](const __m128i &x) {
      auto in = [&](const __m128i &y, char lo, char hi) { // lo <= y <= hi, bytes as unsigned
        const __m128i d = _mm_sub_epi8(y, _mm_set1_epi8(lo));
        return _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(char(hi - lo))), d);
      };
      // x | 0x20 is a lower-case letter for exactly the letters.
      const __m128i in_name = _mm_or_si128(_mm_or_si128(in(_mm_or_si128(x, _mm_set1_epi8(0x20)), 'a', 'z'),
                                                        in(x, '0', '9')),
                                           _mm_cmpeq_epi8(x, _mm_set1_epi8('_')));
      return _mm_movemask_epi8(in_name) == 0xFFFF;
    };
    auto load = [&](size_t at) { return _mm_loadu_si128(reinterpret_cast<const __m128i *>(s.data() + at)); };
    auto load8 = [&](size_t at) { return _mm_loadl_epi64(reinterpret_cast<const __m128i *>(s.data() + at)); };
    if (s.size() < 16) return ok(_mm_unpacklo_epi64(load8(0), load8(s.size() - 8)));
    for (; i + 16 < s.size(); i += 16)
      if (!ok(load(i))) return false;
    return ok(load(s.size() - 16));
  }
#endif
  // Four characters a test: their kinds ANDed keep bit 1 when all are in.
  for (; i + 4 <= s.size(); i += 4)
    if (!(at(i) & at(i + 1) & at(i + 2) & at(i + 3))) return false;
  for (; i < s.size(); ++i)
    if (!at(i)) return false;
  return true;
}

std::span<const std::string_view> trace_reserved_names() {
  static constexpr std::string_view names[] = {
      "module", "args", "kwargs", "torch", "operator", "collections", "math", "float", "int",
      "bool", "str", "slice", "tuple", "list", "dict", "type", "len", "Ellipsis", "check_is",
      "check_keys", "check_len", "check_literal_like", "check_none", "check_not_none",
      "check_number_type_and_value", "check_string_value", "check_tensor_metadata", "check_type",
      "check_hasattr", "check_is_not", "check_no_aliases", "import_class", "no_autocast",
      "replace_items", "set_buffer", "prologue", "computation", "epilogue"};
  return names;
}

bool is_python_keyword(std::string_view s) {
  if (s.size() < 2 || s.size() > 8) return false; // the keywords' lengths: most names are longer
  // The keywords starting with s[0]: most names are checked against none or one of them.
  auto any = [&](std::initializer_list<std::string_view> words) {
    return std::find(words.begin(), words.end(), s) != words.end();
  };
  switch (s[0]) {
  case 'F': return s == "False";
  case 'N': return s == "None";
  case 'T': return s == "True";
  case 'a': return any({"and", "as", "assert", "async", "await"});
  case 'b': return s == "break";
  case 'c': return any({"class", "continue"});
  case 'd': return any({"def", "del"});
  case 'e': return any({"elif", "else", "except"});
  case 'f': return any({"finally", "for", "from"});
  case 'g': return s == "global";
  case 'i': return any({"if", "import", "in", "is"});
  case 'l': return s == "lambda";
  case 'n': return any({"nonlocal", "not"});
  case 'o': return s == "or";
  case 'p': return s == "pass";
  case 'r': return any({"raise", "return"});
  case 't': return s == "try";
  case 'w': return any({"while", "with"});
  case 'y': return s == "yield";
  default: return false;
  }
}

namespace {
// Decodes one UTF-8 sequence starting at s[i]; invalid bytes decode as themselves (0x80..0xFF).
uint32_t next_codepoint(std::string_view s, size_t &i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  unsigned char c = byte(i);
  int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
  if (extra == 0 || i + extra >= s.size()) {
    ++i;
    return c;
  }
  uint32_t cp = c & (0x3F >> extra);
  for (int k = 1; k <= extra; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) {
      ++i;
      return c;
    }
    cp = (cp << 6) | (byte(i + k) & 0x3F);
  }
  i += extra + 1;
  return cp;
}

bool must_escape(uint32_t cp) {
  return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) || cp == 0x2028 || cp == 0x2029 ||
         cp == 0x85 || cp == 0xFEFF;
}

std::string escape(uint32_t cp) {
  switch (cp) {
  case '\n': return "\\n";
  case '\r': return "\\r";
  case '\t': return "\\t";
  }
  if (cp <= 0xFF) return fmt::format("\\x{:02x}", cp);
  return fmt::format("\\u{:04x}", cp);
}

// Printable ASCII needs no escape, other than a quote or a backslash in a string literal.
bool plain(std::string_view s, bool literal) {
  for (char c : s) {
    auto u = static_cast<unsigned char>(c);
    if (u < 0x20 || u >= 0x7F || (literal && (c == '\'' || c == '\\'))) return false;
  }
  return true;
}

template <class Special> std::string escaped(std::string_view s, Special special) {
  std::string out;
  out.reserve(s.size() + 2);
  for (size_t i = 0; i < s.size();) {
    size_t start = i;
    uint32_t cp = next_codepoint(s, i);
    if (special(cp, out)) continue;
    if (must_escape(cp) || (cp >= 0x80 && i - start == 1)) out += escape(cp);
    else out.append(s.substr(start, i - start));
  }
  return out;
}
} // namespace

std::string py_float_repr(double f) {
  if (std::isnan(f)) return "nan";
  if (std::isinf(f)) return f > 0 ? "inf" : "-inf";
  std::string s = fmt::format("{}", f); // fmt's shortest form is Python's, less a final ".0"
  if (s.find_first_of(".en") == std::string::npos) s += ".0";
  return s;
}

namespace {
bool continuation(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; } // 10xxxxxx
} // namespace

std::vector<std::string_view> code_points(std::string_view s) {
  std::vector<std::string_view> out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) {
    size_t j = i + 1; // continuation bytes belong to the character before
    while (j < s.size() && continuation(s[j])) ++j;
    out.push_back(s.substr(i, j - i));
    i = j;
  }
  return out;
}

size_t code_point_count(std::string_view s) {
  return size_t(std::count_if(s.begin(), s.end(), [](char c) { return !continuation(c); }));
}

bool is_plain_py_str(std::string_view s) { return plain(s, true); }

std::string py_str(std::string_view s) {
  if (plain(s, true)) {
    std::string out;
    out.reserve(s.size() + 2);
    return out.append(1, '\'').append(s).append(1, '\'');
  }
  return "'" + escaped(s, [](uint32_t cp, std::string &out) {
           if (cp == '\\') return out += "\\\\", true;
           if (cp == '\'') return out += "\\'", true;
           return false;
         }) + "'";
}

std::string comment_safe(std::string_view s) {
  if (plain(s, false)) return std::string(s);
  return escaped(s, [](uint32_t, std::string &) { return false; });
}

std::string pointer_token(std::string_view key) {
  std::string out;
  out.reserve(key.size());
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

// Sized once and filled in place: appends cost a call and a capacity check each (the loader and
// the trace builder join ~2000 pointers at L = 1).
std::string pointer_join(std::string_view base, std::string_view key) {
  if (std::any_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
    std::string out;
    out.reserve(base.size() + 1 + key.size());
    out.append(base);
    append_pointer_token(out, key);
    return out;
  }
  std::string out(base.size() + 1 + key.size(), '/');
  std::copy(key.begin(), key.end(), std::copy(base.begin(), base.end(), out.data()) + 1);
  return out;
}

std::string pointer_join(std::string_view base, size_t index) {
  char digits[20]; // backwards
  size_t n = 0;
  do digits[n++] = char('0' + index % 10), index /= 10;
  while (index);
  std::string out(base.size() + 1 + n, '/');
  char *at = std::copy(base.begin(), base.end(), out.data()) + 1;
  while (n) *at++ = digits[--n];
  return out;
}

void append_pointer_token(std::string &out, std::string_view key) {
  out += '/';
  // One pass over the key (find_first_of searches the two characters once per key character).
  if (std::none_of(key.begin(), key.end(), [](char c) { return c == '~' || c == '/'; })) {
    out.append(key);
    return;
  }
  for (char c : key) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
}

} // namespace thunderc
