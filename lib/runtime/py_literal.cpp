#include "runtime/py_literal.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

namespace thunderc::runtime {

namespace {
void append_utf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += char(cp);
  } else if (cp < 0x800) {
    out += char(0xC0 | (cp >> 6));
    out += char(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += char(0xE0 | (cp >> 12));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  } else {
    out += char(0xF0 | (cp >> 18));
    out += char(0x80 | ((cp >> 12) & 0x3F));
    out += char(0x80 | ((cp >> 6) & 0x3F));
    out += char(0x80 | (cp & 0x3F));
  }
}

bool parse_hex(std::string_view s, uint32_t &out) {
  out = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, 16);
  return ec == std::errc() && end == s.data() + s.size();
}

void skip_space(std::string_view t, size_t &pos) {
  while (pos < t.size() && t[pos] == ' ') ++pos;
}
} // namespace

std::optional<std::string> read_py_string(std::string_view t, size_t &pos) {
  if (pos >= t.size() || (t[pos] != '\'' && t[pos] != '"')) return std::nullopt;
  char quote = t[pos];
  std::string out;
  for (size_t i = pos + 1; i < t.size(); ++i) {
    char c = t[i];
    if (c == quote) {
      pos = i + 1;
      return out;
    }
    if (c != '\\') {
      out += c;
      continue;
    }
    if (++i >= t.size()) return std::nullopt;
    char e = t[i];
    size_t digits = e == 'x' ? 2 : e == 'u' ? 4 : e == 'U' ? 8 : 0;
    if (digits) {
      uint32_t cp = 0;
      if (i + digits >= t.size() || !parse_hex(t.substr(i + 1, digits), cp)) return std::nullopt;
      append_utf8(out, cp);
      i += digits;
      continue;
    }
    switch (e) {
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case '0': out += '\0'; break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    default: out += '\\', out += e; break;
    }
  }
  return std::nullopt;
}

LiteralReader::LiteralReader(const Graph &g) : g_(g) {
  for (const ClassDecl &c : g.classes) printed_[c.printed_name] = c.name;
}

std::optional<std::string> LiteralReader::class_name(std::string_view text) const {
  if (auto it = printed_.find(std::string(text)); it != printed_.end()) return it->second;
  std::string s(text);
  if (is_builtin_class(s)) return s;
  for (std::string_view b : {"dict", "list", "tuple", "object", "bool", "int", "float", "str"})
    if (s == b) return "builtins." + s;
  return std::nullopt;
}

std::string LiteralReader::qualified(const std::string &cls) const {
  if (const ClassDecl *c = g_.find_class(cls)) return c->module + "." + c->qualname;
  return cls;
}

RRef LiteralReader::read(std::string_view text) const {
  auto bad = [&]() -> RRef { throw std::invalid_argument("not a literal thunderc prints: " + std::string(text)); };
  if (text == "None") return RValue::none();
  if (text == "True") return RValue::boolean(true);
  if (text == "False") return RValue::boolean(false);
  if (text == "..." || text == "Ellipsis") return RValue::ellipsis();
  if (text == "float('nan')") return RValue::floating(std::numeric_limits<double>::quiet_NaN());
  if (text == "float('inf')") return RValue::floating(std::numeric_limits<double>::infinity());
  if (text == "float('-inf')") return RValue::floating(-std::numeric_limits<double>::infinity());
  if (text.empty()) return bad();
  if (text[0] == '\'' || text[0] == '"') {
    size_t pos = 0;
    auto s = read_py_string(text, pos);
    if (!s || pos != text.size()) return bad();
    return RValue::str(std::move(*s));
  }
  if (text[0] == '-' || (text[0] >= '0' && text[0] <= '9')) {
    bool is_float = text.find_first_of(".eEn") != std::string_view::npos;
    if (!is_float) {
      int64_t v = 0;
      auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
      if (ec != std::errc() || end != text.data() + text.size()) return bad();
      return RValue::integer(v);
    }
    std::string s(text);
    char *end = nullptr;
    double v = std::strtod(s.c_str(), &end);
    if (end != s.c_str() + s.size()) return bad();
    return RValue::floating(v);
  }
  if (text.starts_with("torch.device(") && text.ends_with(")")) {
    size_t pos = 13;
    auto s = read_py_string(text, pos);
    if (!s || pos + 1 != text.size()) return bad();
    auto d = parse_device(*s);
    if (!d) return bad();
    return RValue::of_device(*d);
  }
  if (text.starts_with("torch.")) {
    if (auto d = parse_dtype(text.substr(6))) return RValue::of_dtype(*d);
  }
  if (text.starts_with("slice(") && text.ends_with(")")) {
    std::vector<RRef> bounds;
    std::string_view inner = text.substr(6, text.size() - 7);
    size_t start = 0;
    while (start <= inner.size()) {
      size_t comma = inner.find(',', start);
      std::string_view part = inner.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      size_t p = 0;
      skip_space(part, p);
      bounds.push_back(read(part.substr(p)));
      if (comma == std::string_view::npos) break;
      start = comma + 1;
    }
    if (bounds.size() != 3) return bad();
    return RValue::seq(RValue::Kind::Slice, std::move(bounds));
  }
  if (auto cls = class_name(text)) return RValue::object(RValue::Kind::Class, *cls);
  return bad();
}

} // namespace thunderc::runtime
