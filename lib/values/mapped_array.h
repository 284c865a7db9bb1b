// A growable array of trivially copyable elements for the Heap's large tables (value nodes,
// provenance records: hundreds of thousands at llama L = 1000). A std::vector grows by copying
// every element to a new block; from 1 MiB this array has a memory mapping of its own, which
// grows by asking the kernel to enlarge it (mremap): page table entries move, the elements do
// not. Measured at L = 1000 (cachegrind): 0.9M fewer D1 and 0.8M fewer LL misses, 12M fewer
// instructions. Smaller, it is a heap block grown by realloc (as everywhere off Linux).
// Indexing is a plain pointer access, as a vector's.
#pragma once

#include <cstddef>
#include <new>
#include <type_traits>
#include <utility>

namespace thunderc {

namespace mapped {
// `data` (a mapping of `old_bytes`, or nullptr with 0) enlarged to at least `min_bytes`, its
// contents kept; `*bytes` receives the new size. Throws std::bad_alloc.
void *grow(void *data, size_t old_bytes, size_t min_bytes, size_t *bytes);
void release(void *data, size_t bytes);
} // namespace mapped

template <class T> class MappedArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "elements are moved as bytes and never destroyed");

public:
  MappedArray() = default;
  MappedArray(const MappedArray &) = delete;
  MappedArray &operator=(const MappedArray &) = delete;
  MappedArray(MappedArray &&o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)),
        capacity_(std::exchange(o.capacity_, 0)), bytes_(std::exchange(o.bytes_, 0)) {}
  MappedArray &operator=(MappedArray &&o) noexcept {
    MappedArray gone(std::move(*this));
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    std::swap(bytes_, o.bytes_);
    return *this;
  }
  ~MappedArray() {
    if (data_) mapped::release(data_, bytes_);
  }

  T &operator[](size_t i) { return data_[i]; }
  const T &operator[](size_t i) const { return data_[i]; }
  size_t size() const { return size_; }
  size_t capacity() const { return capacity_; }
  T *begin() { return data_; }
  T *end() { return data_ + size_; }
  const T *begin() const { return data_; }
  const T *end() const { return data_ + size_; }
  T *data() { return data_; }
  const T *data() const { return data_; }

  void reserve(size_t n) {
    if (n > capacity_) grow_to(n);
  }
  // Appends a value-initialised element (the growth out of line: appends are inlined where
  // values are made, and a growth path in their body would make each caller save registers).
  T &emplace_back() {
    if (size_ == capacity_) [[unlikely]]
      grow();
    return *::new (static_cast<void *>(data_ + size_++)) T();
  }
  void push_back(const T &v) { emplace_back() = v; }

private:
  // Quadruples the bytes, from 32 KiB: heap blocks of 32, 128 and 512 KiB (powers of two, as `new`
  // rounds them, app/thunderc.cpp), then mappings of 2 MiB and more. A heap block's growth copies
  // it; doubling copied twice as much (llama L = 32: 32.38M -> 31.72M instructions, the same huge
  // pages and peak memory).
  [[gnu::noinline, gnu::cold]] void grow() {
    grow_to((bytes_ ? 4 * bytes_ : 32 << 10) / sizeof(T));
  }
  void grow_to(size_t n) {
    data_ = static_cast<T *>(mapped::grow(data_, bytes_, n * sizeof(T), &bytes_));
    capacity_ = bytes_ / sizeof(T);
  }

  T *data_ = nullptr;
  size_t size_ = 0, capacity_ = 0;
  size_t bytes_ = 0; // the mapping's size, a multiple of the page size
};

} // namespace thunderc
