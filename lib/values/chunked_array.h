// A growable array in fixed chunks of 4096 elements that never move: growing adds a chunk and
// copies nothing, for elements that are not trivially copyable (the Heap's tensor metadata,
// each with its shape vector), where a std::vector's doubling moved every element to a new
// block. Indexing takes a shift, a mask and a load more than a vector's. Measured at llama
// L = 1000 (cachegrind): 0.27M fewer D1 and 0.14M fewer LL misses, 0.5M more instructions
// (0.05%; the accesses cost more than the growth's moves did).
#pragma once

#include <cstddef>
#include <memory>
#include <new>
#include <utility>
#include <vector>

namespace thunderc {

template <class T> class ChunkedArray {
  static constexpr size_t kShift = 12, kChunk = size_t{1} << kShift;

public:
  ChunkedArray() = default;
  ChunkedArray(const ChunkedArray &) = delete;
  ChunkedArray &operator=(const ChunkedArray &) = delete;
  ChunkedArray(ChunkedArray &&o) noexcept
      : chunks_(std::move(o.chunks_)), size_(std::exchange(o.size_, 0)),
        capacity_(std::exchange(o.capacity_, 0)) {}
  ChunkedArray &operator=(ChunkedArray &&o) noexcept {
    ChunkedArray gone(std::move(*this));
    std::swap(chunks_, o.chunks_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
    return *this;
  }
  ~ChunkedArray() {
    for (size_t i = 0; i < size_; ++i)
      (*this)[i].~T();
    for (T *c : chunks_)
      std::allocator<T>().deallocate(c, kChunk);
  }

  T &operator[](size_t i) { return chunks_[i >> kShift][i & (kChunk - 1)]; }
  const T &operator[](size_t i) const { return chunks_[i >> kShift][i & (kChunk - 1)]; }
  size_t size() const { return size_; }

  // Appends a value-initialised element.
  T &emplace_back() {
    if (size_ == capacity_) [[unlikely]]
      add_chunk();
    T *at = &(*this)[size_];
    ::new (static_cast<void *>(at)) T();
    ++size_;
    return *at;
  }

private:
  [[gnu::noinline, gnu::cold]] void add_chunk() {
    chunks_.reserve(chunks_.size() + 1); // first: no throw between the allocation and its keeper
    chunks_.push_back(std::allocator<T>().allocate(kChunk));
    capacity_ += kChunk;
  }

  std::vector<T *> chunks_;
  size_t size_ = 0, capacity_ = 0;
};

} // namespace thunderc
