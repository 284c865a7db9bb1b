#include "support/diagnostics.h"

#include <algorithm>
#include <fmt/format.h>

namespace thunderc {

std::string UserError::render(std::string_view file) const {
  std::string out = fmt::format("{}: {}: {}", file, pointer.empty() ? "/" : pointer, message);
  // A recursion repeats its frames: a block of up to 8 frames repeated 3 times or more is printed
  // once, then counted, as Python's tracebacks do.
  for (size_t i = 0; i < stack.size();) {
    size_t period = 1, reps = 1;
    for (size_t p = 1; p <= 8 && i + 3 * p <= stack.size(); ++p) {
      size_t r = 1;
      while (i + (r + 1) * p <= stack.size() &&
             std::equal(stack.begin() + i, stack.begin() + i + p, stack.begin() + i + r * p))
        ++r;
      if (r >= 3 && r * p > reps * period) period = p, reps = r;
    }
    for (size_t k = 0; k < period; ++k)
      out += "\n  " + stack[i + k];
    if (reps > 1)
      out += fmt::format("\n  [the {} above repeated {} more times]",
                         period == 1 ? std::string("line") : fmt::format("{} lines", period),
                         reps - 1);
    i += period * reps;
  }
  return out;
}

void internal_error(std::string_view what, const char *file, int line) {
  throw InternalError(fmt::format("internal error: {} ({}:{})", what, file, line));
}

namespace {
size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diag = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}
} // namespace

std::string did_you_mean(std::string_view name, const std::vector<std::string> &candidates) {
  if (name.size() > 200) return "";
  const std::string *best = nullptr;
  size_t best_distance = std::max<size_t>(2, name.size() / 3) + 1;
  for (const auto &candidate : candidates) {
    if (candidate.size() > 200) continue;
    size_t d = edit_distance(name, candidate);
    if (d < best_distance) best_distance = d, best = &candidate;
  }
  return best ? fmt::format(" (did you mean '{}'?)", *best) : "";
}

std::string one_of(const std::vector<std::string> &choices) {
  std::string out;
  for (size_t i = 0; i < choices.size(); ++i) {
    if (i) out += i + 1 == choices.size() ? " or " : ", ";
    out += "'" + choices[i] + "'";
  }
  return out;
}

} // namespace thunderc
