#include "values/mapped_array.h"

#include <cstdlib>
#include <cstring>
#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace thunderc::mapped {

namespace {
#if defined(MREMAP_MAYMOVE) && defined(MADV_HUGEPAGE)
// From 1 MiB an array has a mapping of its own: a whole number of 2 MiB transparent huge pages,
// advised to use them as the compile's heap is (app/thunderc.cpp). Below, it is a block of the
// heap, grown by realloc: a small array costs no system call, and its pages are the heap's huge
// pages. (From 128 KiB, as before the compile's heap had an arena of its own, the two tables took a
// 2 MiB page each at L = 32 for 632 KiB used: alternating runs, CPU min / median, L = 32 7.41 / 9.36
// -> 6.86 / 8.00 ms, L = 128 18.0 / 23.5 -> 18.5 / 22.4, L = 1000 146.9 / 168.2 -> 151.7 / 168.8;
// from 4 MiB, L = 1000 lost 10%.)
constexpr size_t kMapped = 1 << 20;
constexpr size_t kHuge = 2 << 20;
#else
constexpr size_t kMapped = SIZE_MAX; // always a block of the heap, grown by realloc
#endif
} // namespace

void *grow(void *data, size_t old_bytes, size_t min_bytes, size_t *bytes) {
  void *p = nullptr;
  if (min_bytes < kMapped) {
    p = std::realloc(data, min_bytes);
    if (!p) throw std::bad_alloc();
    *bytes = min_bytes;
    return p;
  }
#if defined(MREMAP_MAYMOVE) && defined(MADV_HUGEPAGE)
  const size_t want = (min_bytes + kHuge - 1) / kHuge * kHuge;
  if (old_bytes >= kMapped) { // the mapping moves, with its advice
    p = mremap(data, old_bytes, want, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) throw std::bad_alloc();
  } else { // advised before the copy touches it
    p = mmap(nullptr, want, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED) throw std::bad_alloc();
    // THUNDERC_NO_HUGE_PAGES=1 turns the advice off here as for the compile's heap (docs/cli.md).
    static const bool advise = !std::getenv("THUNDERC_NO_HUGE_PAGES");
    if (advise) madvise(p, want, MADV_HUGEPAGE);
    std::memcpy(p, data, old_bytes);
    std::free(data);
  }
  *bytes = want;
#else
  (void)old_bytes;
#endif
  return p;
}

void release(void *data, size_t bytes) {
#if defined(MREMAP_MAYMOVE) && defined(MADV_HUGEPAGE)
  if (bytes >= kMapped) {
    munmap(data, bytes);
    return;
  }
#endif
  (void)bytes;
  std::free(data);
}

} // namespace thunderc::mapped
