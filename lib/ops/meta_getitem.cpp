// Meta rules of tensor indexing, `x[index]` and `x[index] = value`, following PyTorch's
// applySlicing: ints select (and drop the dim), slices narrow, None and Python bools insert a dim,
// Ellipsis stands for the dims no other index uses, and index tensors (int64, or bool/uint8 masks)
// are advanced indices: they broadcast together, and their result dims replace the indexed dims in
// place when those are adjacent, else go first. A Python list is one index tensor. The size of a
// mask's result depends on the data: getitem rejects it, setitem accepts any size there. Index
// tensors and values may live on the CPU whatever the indexed tensor's device, as in PyTorch.
#include "ops/meta.h"

#include <algorithm>
#include <span>

namespace thunderc::ops::detail {

namespace {

constexpr int64_t unknown = -1; // a size that depends on tensor data

struct Advanced {
  int64_t pos;  // the first dim it indexes, in the tensor after basic indexing
  int64_t span; // how many dims it indexes (a k-dim mask indexes k)
  Shape shape;  // its result shape (masks: [unknown])
};

bool is_index_like(const Arg &a) {
  return a.kind == Arg::Kind::Slice || a.kind == Arg::Kind::None || a.kind == Arg::Kind::Ellipsis ||
         a.kind == Arg::Kind::Tensor || a.kind == Arg::Kind::Seq;
}

// A Python list used as an index: the shape and dtype of the tensor torch.tensor(list) would make.
TensorMeta list_tensor(const Ctx &c, const Arg &list, int64_t *true_count) {
  TensorMeta t;
  t.dtype = DType::Bool;
  const Arg *level = &list;
  while (level->kind == Arg::Kind::Seq) {
    t.shape.push_back(static_cast<int64_t>(level->items.size()));
    if (level->items.empty()) break;
    level = &level->items[0];
  }
  *true_count = 0;
  auto visit = [&](auto &self, const Arg &a, size_t depth) -> void {
    if (a.kind == Arg::Kind::Seq) {
      if (depth >= t.shape.size() || static_cast<int64_t>(a.items.size()) != t.shape[depth])
        c.fail("an index list must be rectangular, got " + describe(list));
      for (const Arg &x : a.items)
        self(self, x, depth + 1);
      return;
    }
    if (depth != t.shape.size() || (a.kind != Arg::Kind::Int && a.kind != Arg::Kind::Bool))
      c.fail("an index list must hold ints or bools, got " + describe(list));
    if (a.kind == Arg::Kind::Int) t.dtype = DType::Int64;
    *true_count += a.kind == Arg::Kind::Bool && a.b;
  };
  visit(visit, list, 0);
  if (list.items.empty()) t.dtype = DType::Int64;
  return t;
}

int64_t slice_length(const Ctx &c, const Arg &slice, int64_t size) {
  auto bound = [&](const Arg &a, int64_t absent) {
    if (a.kind == Arg::Kind::None) return absent;
    if (a.kind != Arg::Kind::Int)
      c.fail("slice indices must be integers or None, got " + describe(slice));
    return a.i;
  };
  int64_t step = bound(slice.items[2], 1);
  if (step == 0) c.fail("slice step cannot be zero");
  if (step < 0) c.fail("step must be greater than zero");
  int64_t start = bound(slice.items[0], 0), stop = bound(slice.items[1], INT64_MAX);
  if (start < 0) start += size;
  if (stop < 0) stop += size;
  start = std::clamp<int64_t>(start, 0, size);
  stop = std::clamp<int64_t>(stop, start, size);
  return (stop - start + step - 1) / step;
}

// Broadcast index shapes where `unknown` matches anything.
Shape broadcast_indices(const Ctx &c, const std::vector<Advanced> &adv) {
  Shape out;
  for (const Advanced &a : adv) {
    size_t n = std::max(out.size(), a.shape.size());
    Shape next(n);
    for (size_t i = 0; i < n; ++i) {
      int64_t x = i < n - out.size() ? 1 : out[i - (n - out.size())];
      int64_t y = i < n - a.shape.size() ? 1 : a.shape[i - (n - a.shape.size())];
      if (x != y && x != 1 && y != 1 && x != unknown && y != unknown) {
        std::string shapes;
        for (const Advanced &b : adv)
          shapes += (shapes.empty() ? "" : ", ") + str(b.shape);
        c.fail("shape mismatch: indexing tensors could not be broadcast together with shapes " +
               shapes);
      }
      next[i] = x == unknown || y == unknown ? unknown : x == 1 ? y : x;
    }
    out = std::move(next);
  }
  return out;
}

} // namespace

Shape getitem_shape(const Ctx &c, const TensorMeta &self, const Arg &index, bool *advanced) {
  bool tuple =
      index.kind == Arg::Kind::Seq &&
      (!index.is_list || std::any_of(index.items.begin(), index.items.end(), is_index_like));
  std::span<const Arg> items = tuple ? std::span<const Arg>(index.items) : std::span(&index, 1);
  // Lists become index tensors (in a copy of the items, made at the first list); then count the
  // dims the indices consume, to size an Ellipsis. What lists record is sized at the first list
  // too: most indices have none, and need no allocation for it.
  std::vector<std::optional<int64_t>> true_counts;
  std::vector<std::vector<int64_t>> list_ints; // the values of int lists
  std::vector<Arg> converted;
  int64_t consumed = 0;
  for (size_t k = 0; k < items.size(); ++k) {
    if (items[k].kind == Arg::Kind::Seq) {
      if (converted.empty()) {
        converted.assign(items.begin(), items.end());
        true_counts.resize(items.size());
        list_ints.resize(items.size());
      }
      items = converted; // same size: the loop goes on over the copy
      int64_t trues = 0;
      auto flatten = [&](auto &self, const Arg &a) -> void {
        if (a.kind == Arg::Kind::Seq)
          for (const Arg &x : a.items)
            self(self, x);
        else
          list_ints[k].push_back(a.kind == Arg::Kind::Bool ? a.b : a.i);
      };
      flatten(flatten, converted[k]);
      converted[k] = Arg::of_tensor(list_tensor(c, converted[k], &trues));
      if (converted[k].tensor.dtype == DType::Bool) true_counts[k] = trues;
    }
    const Arg &a = items[k];
    if (a.kind == Arg::Kind::Tensor)
      consumed += a.tensor.dtype == DType::Bool || a.tensor.dtype == DType::UInt8
                      ? a.tensor.shape.size()
                      : 1;
    else if (a.kind == Arg::Kind::Int || a.kind == Arg::Kind::Slice)
      ++consumed;
    else if (a.kind != Arg::Kind::None && a.kind != Arg::Kind::Bool &&
             a.kind != Arg::Kind::Ellipsis)
      c.fail("only integers, slices (`:`), ellipsis (`...`), None and long or boolean tensors are "
             "valid indices, got " +
             describe(a));
  }
  int64_t ndim = static_cast<int64_t>(self.shape.size());
  if (consumed > ndim)
    c.fail("too many indices for tensor of dimension " + std::to_string(ndim) + " (index " +
           describe(index) + ")");
  // Basic indexing first, as PyTorch's applySlicing: index tensors are recorded at the dim they
  // stand at (a k-dim mask takes one place there but indexes k dims when applied).
  Shape cur = self.shape;
  int64_t dim = 0;
  struct Recorded {
    int64_t at;
    Shape shape;      // an index tensor's shape, or a mask's result shape [count]
    Shape mask_shape; // empty for index tensors
    const std::vector<int64_t> *values = nullptr; // an int list's values, checked against the dim
  };
  std::vector<Recorded> recorded;
  auto need_dim = [&](const Arg &a) {
    if (dim >= static_cast<int64_t>(cur.size()))
      c.fail("too many indices for tensor of dimension " + std::to_string(ndim) + " (index " +
             describe(a) + ")");
  };
  for (size_t k = 0; k < items.size(); ++k) {
    const Arg &a = items[k];
    switch (a.kind) {
    case Arg::Kind::Int: {
      need_dim(a);
      int64_t size = cur[dim];
      if (a.i < -size || a.i >= size)
        c.fail("index " + std::to_string(a.i) + " is out of bounds for dimension " +
               std::to_string(dim) + " with size " + std::to_string(size));
      cur.erase(cur.begin() + dim);
      break;
    }
    case Arg::Kind::Slice:
      need_dim(a), cur[dim] = slice_length(c, a, cur[dim]), ++dim;
      break;
    case Arg::Kind::Ellipsis:
      dim += ndim - consumed;
      break;
    case Arg::Kind::None:
    case Arg::Kind::Bool:
      if (dim > static_cast<int64_t>(cur.size())) need_dim(a);
      cur.insert(cur.begin() + dim, 1);
      if (a.kind == Arg::Kind::Bool) recorded.push_back({dim, {a.b ? 1 : 0}, {}});
      ++dim;
      break;
    default: { // an index tensor
      const TensorMeta &t = a.tensor;
      bool mask = t.dtype == DType::Bool || t.dtype == DType::UInt8;
      if (t.shape.empty() && !mask && is_integral(t.dtype, false)) { // a 0-dim int tensor selects
        need_dim(a);
        cur.erase(cur.begin() + dim);
      } else if (t.shape.empty() && mask) { // a new dim of size 0 or 1
        if (dim > static_cast<int64_t>(cur.size())) need_dim(a);
        cur.insert(cur.begin() + dim, 1);
        recorded.push_back({dim++, {unknown}, {}});
      } else if (mask) {
        bool counted = k < true_counts.size() && true_counts[k];
        recorded.push_back({dim++, {counted ? *true_counts[k] : unknown}, t.shape});
      } else {
        if (t.dtype != DType::Int64)
          c.fail("tensors used as indices must be long, byte or bool tensors, got " + str(t.dtype));
        bool listed = k < list_ints.size() && !list_ints[k].empty();
        recorded.push_back({dim++, t.shape, {}, listed ? &list_ints[k] : nullptr});
      }
    }
    }
  }
  *advanced = !recorded.empty();
  if (recorded.empty()) return cur;
  // Apply the index tensors: masks expand to one index per dim, so later ones shift.
  std::vector<Advanced> adv;
  int64_t shift = 0;
  for (const Recorded &r : recorded) {
    int64_t span = r.mask_shape.empty() ? 1 : static_cast<int64_t>(r.mask_shape.size());
    int64_t pos = r.at + shift;
    if (pos + span > static_cast<int64_t>(cur.size()))
      c.fail("too many indices for tensor of dimension " + std::to_string(ndim) + " (index " +
             describe(index) + ")");
    for (int64_t j = 0; j < static_cast<int64_t>(r.mask_shape.size()); ++j)
      if (r.mask_shape[j] != cur[pos + j])
        c.fail("the shape of the mask " + str(r.mask_shape) + " at index " + std::to_string(j) +
               " does not match the shape of the indexed tensor " + str(cur) + " at index " +
               std::to_string(pos + j));
    if (r.values)
      for (int64_t v : *r.values)
        if (v < -cur[pos] || v >= cur[pos])
          c.fail("index " + std::to_string(v) + " is out of bounds for dimension " +
                 std::to_string(pos) + " with size " + std::to_string(cur[pos]));
    adv.push_back({pos, span, r.shape});
    shift += span - 1;
  }
  Shape indexed = broadcast_indices(c, adv);
  bool adjacent = true;
  for (size_t i = 1; i < adv.size(); ++i)
    adjacent &= adv[i].pos == adv[i - 1].pos + adv[i - 1].span;
  Shape out;
  int64_t first = adv.front().pos, last = adv.back().pos + adv.back().span;
  if (adjacent) out.assign(cur.begin(), cur.begin() + first);
  out.insert(out.end(), indexed.begin(), indexed.end());
  for (int64_t d = adjacent ? last : 0; d < static_cast<int64_t>(cur.size()); ++d) {
    bool used = std::any_of(adv.begin(), adv.end(),
                            [&](const Advanced &x) { return d >= x.pos && d < x.pos + x.span; });
    if (!used) out.push_back(cur[d]);
  }
  return out;
}

Arg meta_getitem(const Ctx &c) {
  const TensorMeta &self = c.tensor(0);
  bool advanced = false;
  Shape shape = getitem_shape(c, self, c.b[1], &advanced);
  if (std::find(shape.begin(), shape.end(), unknown) != shape.end())
    c.fail("indexing with a boolean mask gives a shape that depends on the mask's values (index " +
           describe(c.b[1]) + ")");
  return c.out(std::move(shape), self.dtype, self.device);
}

// setitem_(input, index, value): value broadcasts to the indexed shape after dropping its leading
// size-1 dims; with index tensors (index_put_) its dtype must be the input's.
Arg meta_setitem(const Ctx &c) {
  const TensorMeta &self = c.tensor(0);
  bool advanced = false;
  Shape target = getitem_shape(c, self, c.b[1], &advanced);
  if (c.is_tensor(2)) {
    const TensorMeta &value = c.b[2].tensor;
    Shape v = value.shape;
    while (!v.empty() && v.front() == 1)
      v.erase(v.begin());
    bool ok = v.size() <= target.size();
    for (size_t i = 0; ok && i < v.size(); ++i) {
      int64_t want = target[target.size() - 1 - i], have = v[v.size() - 1 - i];
      ok = have == want || have == 1 || want == unknown;
    }
    if (!ok)
      c.fail("shape mismatch: value tensor of shape " + str(value.shape) +
             " cannot be broadcast to indexing result of shape " + str(target));
    if (advanced && value.dtype != self.dtype)
      c.fail("index put requires the source and destination dtypes match, got " + str(self.dtype) +
             " for the destination and " + str(value.dtype) + " for the source");
  } else if (!c.is_number(2)) {
    c.fail("argument 'value' must be a tensor or a number, not " + describe(c.b[2]));
  }
  c.converts(c.b[2], self.dtype);
  return c.out(self.shape, self.dtype, self.device);
}

} // namespace thunderc::ops::detail
