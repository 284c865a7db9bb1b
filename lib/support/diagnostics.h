// Two error channels. UserError: the input is wrong; it carries the JSON pointer of the offending
// place, a message that says how to fix it, and (for tracing errors) the graph call stack; the CLI
// prints it as `FILE: POINTER: message` and exits 1. InternalError: a bug in thunderc (exit 3).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace thunderc {

class UserError : public std::runtime_error {
public:
  UserError(std::string pointer, std::string message, std::vector<std::string> stack = {})
      : std::runtime_error(message), pointer(std::move(pointer)), message(std::move(message)),
        stack(std::move(stack)) {}

  std::string pointer;            // JSON pointer into the graph file ("" = the whole document)
  std::string message;            // what is wrong and how to fix it
  std::vector<std::string> stack; // innermost first: "in forward (file.py:3: x = f(y))"

  // `FILE: POINTER: message` followed by one indented line per stack entry.
  std::string render(std::string_view file) const;
};

class InternalError : public std::logic_error {
public:
  using std::logic_error::logic_error;
};

[[noreturn]] void internal_error(std::string_view what, const char *file, int line);

#define THUNDERC_ASSERT(cond, what)                                                               \
  do {                                                                                            \
    if (!(cond)) ::thunderc::internal_error(what, __FILE__, __LINE__);                            \
  } while (0)

// " (did you mean 'x'?)" for the closest candidate within a small edit distance, else "".
std::string did_you_mean(std::string_view name, const std::vector<std::string> &candidates);

// "'a', 'b' or 'c'" for messages that list the accepted spellings.
std::string one_of(const std::vector<std::string> &choices);

} // namespace thunderc
