// Text helpers shared by the loader, the diagnostics and the printers: Python identifiers and
// keywords, Python string literals, comment-safe text and JSON pointer tokens. Every name that
// comes from a graph reaches emitted code only through these.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace thunderc {

// ASCII Python identifier: [A-Za-z_][A-Za-z0-9_]*.
bool is_identifier(std::string_view s);
// Python keyword or soft keyword that cannot be an attribute/parameter name (`class`, `None`, ...).
bool is_python_keyword(std::string_view s);
// A name usable as a Python attribute, parameter or local: identifier and not a keyword.
inline bool is_python_name(std::string_view s) { return is_identifier(s) && !is_python_keyword(s); }

// Names the emitted traces use themselves (modules, builtins, the thunderc_support helpers, the
// trace functions): no name from a graph (a local, a printed class name) may take one.
std::span<const std::string_view> trace_reserved_names();

// A single-quoted Python string literal that evaluates to exactly `s` (valid UTF-8 input);
// control characters, C1 controls and U+2028/U+2029 are escaped.
std::string py_str(std::string_view s);
// py_str(s) is `s` in quotes (printable ASCII without a quote or a backslash).
bool is_plain_py_str(std::string_view s);

// Python's repr() of a float: the shortest digits that read back ("0.1", "1e-05", "100.0"), "inf",
// "-inf", "nan".
std::string py_float_repr(double f);

// The characters of UTF-8 text (as Python's str counts them), each viewing its bytes, and their
// number (len()).
std::vector<std::string_view> code_points(std::string_view s);
size_t code_point_count(std::string_view s);
// `s` made safe inside a `#` comment: control and line-separator characters become Python-style
// escapes (`\n`, `\x00`, `\u2028`) so that the comment cannot end early.
std::string comment_safe(std::string_view s);

// One JSON pointer reference token, escaped (`~` -> `~0`, `/` -> `~1`).
std::string pointer_token(std::string_view key);
// Appends `/` and the escaped token to `out`.
void append_pointer_token(std::string &out, std::string_view key);
// base + "/" + token, and base + "/" + index: each built in one allocation.
std::string pointer_join(std::string_view base, std::string_view key);
std::string pointer_join(std::string_view base, size_t index);

} // namespace thunderc
