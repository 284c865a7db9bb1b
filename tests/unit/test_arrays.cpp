// The Heap's arrays. MappedArray: appends across its growth steps (a heap block below 1 MiB,
// then a mapping of its own, grown by mremap) keep every element, value-initialised where
// appended without a value; a move hands the storage over. ChunkedArray: elements never move,
// and each is destroyed once.
#include "values/chunked_array.h"
#include "values/mapped_array.h"

#include <doctest/doctest.h>

#include <cstdint>
#include <string>
#include <utility>

using namespace thunderc;

namespace {
struct Item {
  uint64_t a = 7;
  uint32_t b = 0;
};
} // namespace

TEST_CASE("mapped array: appends past the heap block and the mapping's growth keep the elements") {
  MappedArray<Item> v;
  CHECK(v.size() == 0);
  constexpr uint32_t n = 600'000; // 9.6 MB: a heap block, a mapping, two regrowths of it
  bool initialised = true;
  for (uint32_t i = 0; i < n; ++i) {
    if (i % 3 == 0) {
      initialised = initialised && v.emplace_back().a == 7;
      v[i].b = i;
    } else {
      v.push_back(Item{i, i});
    }
  }
  CHECK(initialised);
  REQUIRE(v.size() == n);
  CHECK(v.capacity() >= n);
  bool intact = true;
  for (uint32_t i = 0; i < n; ++i)
    intact = intact && v[i].b == i && v[i].a == (i % 3 == 0 ? 7 : i);
  CHECK(intact);
  CHECK(v.end() - v.begin() == n);

  MappedArray<Item> w(std::move(v));
  CHECK(v.size() == 0);
  CHECK(w.size() == n);
  CHECK(w[n - 1].b == n - 1);
  MappedArray<Item> x;
  x.push_back(Item{1, 2});
  x = std::move(w);
  CHECK(x.size() == n);
  CHECK(x[12345].b == 12345);
}

TEST_CASE("mapped array: reserve keeps the contents and room for the appends") {
  MappedArray<Item> v;
  v.push_back(Item{5, 6});
  v.reserve(200'000);
  CHECK(v.capacity() >= 200'000);
  CHECK(v.size() == 1);
  CHECK(v[0].a == 5);
  CHECK(v[0].b == 6);
  const Item *at = v.data();
  for (uint32_t i = 1; i < 200'000; ++i)
    v.push_back(Item{i, i});
  CHECK(v.data() == at); // no regrowth within the reservation
}

TEST_CASE("chunked array: elements keep their address across chunks, a move hands them over") {
  ChunkedArray<std::string> v;
  constexpr size_t n = 10'000; // three chunks
  std::string *first = &v.emplace_back();
  *first = std::string(40, 'x'); // on the heap: a leak or a double free would show under ASan
  for (size_t i = 1; i < n; ++i)
    v.emplace_back() = std::to_string(i);
  CHECK(v.size() == n);
  CHECK(&v[0] == first);
  CHECK(v[0] == std::string(40, 'x'));
  bool intact = true;
  for (size_t i = 1; i < n; ++i)
    intact = intact && v[i] == std::to_string(i);
  CHECK(intact);
  CHECK(v.emplace_back().empty()); // value-initialised

  ChunkedArray<std::string> w(std::move(v));
  CHECK(v.size() == 0);
  CHECK(&w[0] == first);
  ChunkedArray<std::string> x;
  x.emplace_back() = "gone";
  x = std::move(w);
  CHECK(x.size() == n + 1);
  CHECK(x[n - 1] == std::to_string(n - 1));
}
