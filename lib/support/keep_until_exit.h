// For a process about to exit: objects it need not free. Freeing a compile's traces and graph
// (millions of small nodes) costs more than the rest of the exit; like clang's -disable-free, the
// CLI leaves them allocated. They stay reachable from a fixed array (no destructor runs on it), so
// leak checkers do not report them. Not thread-safe: for the CLI's main thread.
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <utility>

namespace thunderc {

// Keeps `p` reachable until the process ends; false when the array is full.
inline bool bury(void *p) {
  static void *graveyard[16];
  static size_t used = 0;
  if (used == std::size(graveyard)) return false;
  graveyard[used++] = p;
  return true;
}

// Moves `value` to the heap and leaves it there (destroyed as usual when the array is full).
template <class T> void keep_until_exit(T &&value) {
  auto p = std::make_unique<std::decay_t<T>>(std::forward<T>(value));
  if (bury(p.get())) p.release();
}

} // namespace thunderc
