// Meta rules of matrix products and the neural-network functions built on them: matmul (the
// 1-D/2-D/batched cases with broadcast batch dims), bmm, einsum, addmm, baddbmm, linear,
// embedding, one_hot, cross_entropy and scaled_dot_product_attention (its math: q @ k^T, + mask,
// softmax, @ v, plus the checks PyTorch's SDPA front end makes). Products need equal dtypes, and
// not bool.
#include "ops/meta.h"

#include <fmt/format.h>

#include <array>

namespace thunderc::ops::detail {

namespace {

void same_dtype(const Ctx &c, const TensorMeta &a, const TensorMeta &b) {
  if (a.dtype != b.dtype)
    c.fail("expected both operands to have the same dtype, but got " + str(a.dtype) + " and " +
           str(b.dtype));
  if (a.dtype == DType::Bool) c.fail("matrix products are not implemented for bool tensors");
}

} // namespace

Shape matmul_shape(const Ctx &c, const TensorMeta &a, const TensorMeta &b) {
  size_t da = a.shape.size(), db = b.shape.size();
  if (da == 0 || db == 0)
    c.fail("both arguments to matmul need to be at least 1D, but they are " + std::to_string(da) +
           "D and " + std::to_string(db) + "D");
  int64_t inner_a = a.shape.back(), inner_b = db == 1 ? b.shape[0] : b.shape[db - 2];
  if (inner_a != inner_b)
    c.fail("shapes " + str(a.shape) + " and " + str(b.shape) + " cannot be multiplied (" +
           std::to_string(inner_a) + " vs " + std::to_string(inner_b) + ")");
  // The batch dims (all but the matrix dims, viewed: no copies) broadcast, with room for the two
  // matrix dims.
  std::span<const int64_t> batch_a(a.shape.data(), da - std::min<size_t>(da, 2));
  std::span<const int64_t> batch_b(b.shape.data(), db - std::min<size_t>(db, 2));
  Shape out = c.broadcast(batch_a, batch_b, 2);
  if (da > 1) out.push_back(a.shape[da - 2]);
  if (db > 1) out.push_back(b.shape.back());
  return out;
}

Arg meta_matmul(const Ctx &c) {
  const TensorMeta &a = c.tensor(0), &b = c.tensor(1);
  Device device = c.same_device({&a, &b});
  if (c.op == Op::bmm) {
    if (a.shape.size() != 3 || b.shape.size() != 3)
      c.fail("expected 3-D tensors, got " + str(a.shape) + " and " + str(b.shape));
    if (a.shape[0] != b.shape[0] || a.shape[2] != b.shape[1])
      c.fail("expected mat2 of shape [" + std::to_string(a.shape[0]) + ", " +
             std::to_string(a.shape[2]) + ", *] for input " + str(a.shape) + ", got " +
             str(b.shape));
  }
  Shape shape = matmul_shape(c, a, b);
  same_dtype(c, a, b);
  return c.out(std::move(shape), a.dtype, device);
}

// einsum(equation, *operands) as ATen computes it. Subscripts are letters (A-Z sort before a-z)
// and at most one `...` per operand; spaces are ignored. A subscript's size broadcasts across
// operands (1 against n); one repeated within an operand takes that operand's diagonal. Without
// `->` the output is the `...` dims then the subscripts seen once, sorted. The dtype follows
// ATen's contraction: the operands pair up left to right; a contracted subscript that only one
// side of a pair still has is summed there first (integers and bool sum to int64); a pair then
// multiplies elementwise (type promotion) unless it shares a contracted subscript, which makes a
// batched matrix product (equal dtypes, not bool). A lone operand with subscripts to contract is
// summed.
Arg meta_einsum(const Ctx &c) {
  if (c.is_tensor(0))
    c.fail("thunderc does not support einsum's sublist form (operands interleaved with lists of "
           "subscripts); write the equation as a string: torch.einsum('ij,jk->ik', a, b)");
  if (c.b[0].kind != Arg::Kind::Str) c.fail("equation must be a str, got " + describe(c.b[0]));
  const std::string_view eq = c.b[0].s;
  std::vector<TensorMeta> ts = c.tensors(1);
  const size_t n = ts.size();
  constexpr int kEllipsis = 52, kLabels = 52;
  auto is_label = [](char ch) { return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'); };
  auto label = [](char ch) { return ch <= 'Z' ? ch - 'A' : ch - 'a' + 26; };
  auto letter = [](int l) { return static_cast<char>(l < 26 ? 'A' + l : 'a' + l - 26); };
  // "..." at text[i]; false for a lone '.' (the caller says which is wrong)
  auto ellipsis = [](std::string_view text, size_t i) {
    return i + 2 < text.size() && text[i + 1] == '.' && text[i + 2] == '.';
  };

  const size_t arrow = eq.find("->");
  const std::string_view lhs = eq.substr(0, arrow);
  std::vector<std::vector<int>> labels(n);
  size_t op = 0;
  bool seen_ellipsis = false;
  for (size_t i = 0; i < lhs.size(); ++i) {
    char ch = lhs[i];
    if (ch == ' ') continue;
    if (ch == '.') {
      if (seen_ellipsis)
        c.fail(fmt::format("found '.' for operand {} for which an ellipsis was already found", op));
      if (!ellipsis(lhs, i))
        c.fail(fmt::format("found '.' for operand {} that is not part of any ellipsis", op));
      labels[op].push_back(kEllipsis);
      seen_ellipsis = true;
      i += 2;
    } else if (ch == ',') {
      if (++op == n) c.fail("fewer operands were provided than specified in the equation");
      seen_ellipsis = false;
    } else if (is_label(ch)) {
      labels[op].push_back(label(ch));
    } else {
      c.fail(fmt::format("invalid subscript given at index {} in the equation string, subscripts "
                         "must be in [a-zA-Z]",
                         i));
    }
  }
  if (op != n - 1) c.fail("more operands were provided than specified in the equation");

  std::array<int, kLabels> count{};
  int64_t ell_dims = 0; // the most dims any `...` covers
  for (size_t k = 0; k < n; ++k) {
    int64_t ndim = static_cast<int64_t>(ts[k].shape.size()), named = 0;
    bool has_ellipsis = false;
    for (int l : labels[k]) {
      if (l == kEllipsis) {
        has_ellipsis = true;
      } else {
        ++count[l];
        ++named;
      }
    }
    if (has_ellipsis ? named > ndim : named != ndim)
      c.fail(fmt::format("the number of subscripts in the equation ({}) {} the number of "
                         "dimensions ({}) for operand {}{}",
                         named, has_ellipsis ? "is more than" : "does not match", ndim, k,
                         has_ellipsis ? "" : " and no ellipsis was given"));
    if (has_ellipsis) ell_dims = std::max(ell_dims, ndim - named);
  }

  // Each subscript's position in the aligned layout: the output's dims, then the contracted ones.
  std::array<int64_t, kLabels> pos;
  pos.fill(-1);
  int64_t next = 0, ell_at = 0;
  bool ell_out = false;
  if (arrow == std::string_view::npos) {
    next = ell_dims, ell_out = true;
    for (int l = 0; l < kLabels; ++l)
      if (count[l] == 1) pos[l] = next++;
  } else {
    const std::string_view rhs = eq.substr(arrow + 2);
    for (size_t i = 0; i < rhs.size(); ++i) {
      char ch = rhs[i];
      if (ch == ' ') continue;
      if (ch == '.') {
        if (ell_out) c.fail("found '.' for output but an ellipsis (...) was already found");
        if (!ellipsis(rhs, i))
          c.fail("found '.' for output that is not part of any ellipsis (...)");
        ell_at = next, next += ell_dims, ell_out = true;
        i += 2;
        continue;
      }
      if (!is_label(ch))
        c.fail(fmt::format("invalid subscript given at index {} in the equation string, "
                           "subscripts must be in [a-zA-Z]",
                           lhs.size() + 2 + i));
      int l = label(ch);
      if (count[l] == 0 || pos[l] != -1)
        c.fail(fmt::format("output subscript {} {}", ch,
                           pos[l] != -1 ? "appears more than once in the output"
                                        : "does not appear in the equation for any input operand"));
      pos[l] = next++;
    }
  }
  const int64_t out_dims = next;
  if (!ell_out) ell_at = next, next += ell_dims;
  for (int l = 0; l < kLabels; ++l)
    if (count[l] > 0 && pos[l] == -1) pos[l] = next++;
  const int64_t dims = next;

  // Each operand aligned: its size at every position (1 where it lacks the subscript); how many
  // operands have a size other than 1 there.
  struct Part {
    Shape shape;
    DType dtype;
  };
  std::vector<Part> parts;
  Shape size(dims, 1);
  std::vector<int> users(dims, 0);
  for (size_t k = 0; k < n; ++k) {
    Part p{Shape(dims, 1), ts[k].dtype};
    std::vector<bool> placed(dims, false);
    int64_t dim = 0;
    // False when the size does not broadcast with another operand's at that position.
    auto place = [&](int64_t at, int64_t s) {
      if (s != 1) {
        if (size[at] != 1 && size[at] != s) return false;
        size[at] = s;
        ++users[at];
      }
      p.shape[at] = s;
      placed[at] = true;
      return true;
    };
    for (int l : labels[k]) {
      if (l == kEllipsis) {
        int64_t covered =
            static_cast<int64_t>(ts[k].shape.size()) - static_cast<int64_t>(labels[k].size() - 1);
        for (int64_t j = ell_dims - covered; j < ell_dims; ++j, ++dim)
          if (!place(ell_at + j, ts[k].shape[dim]))
            c.fail(fmt::format("dimension {} covered by ellipsis in operand {} has size {} which "
                               "does not broadcast with previously seen ellipsis with size {}",
                               dim, k, ts[k].shape[dim], size[ell_at + j]));
        continue;
      }
      const int64_t s = ts[k].shape[dim];
      if (!placed[pos[l]]) {
        if (!place(pos[l], s))
          c.fail(fmt::format("subscript {} has size {} for operand {} which does not broadcast "
                             "with previously seen size {}",
                             letter(l), s, k, size[pos[l]]));
      } else if (s != p.shape[pos[l]]) { // a repeated subscript: the diagonal
        c.fail(fmt::format("subscript {} is repeated for operand {} but the sizes don't match, "
                           "{} != {}",
                           letter(l), k, s, p.shape[pos[l]]));
      }
      ++dim;
    }
    parts.push_back(std::move(p));
  }
  Device device = c.same_device(ts);

  auto summed = [](DType d) { return is_integral(d, true) ? DType::Int64 : d; };
  Part acc = std::move(parts[0]);
  for (size_t k = 1; k < n; ++k) {
    Part &b = parts[k];
    bool sum_a = false, sum_b = false;
    std::vector<int64_t> contracted; // by the product of the pair
    for (int64_t d = out_dims; d < dims; ++d) {
      if (acc.shape[d] != 1 && b.shape[d] != 1) {
        if (--users[d] == 1) contracted.push_back(d), users[d] = 0;
      } else if (users[d] == 1 && (acc.shape[d] != 1 || b.shape[d] != 1)) {
        // the last operand with the subscript: summed out now (keeping the dim)
        bool in_a = acc.shape[d] != 1;
        (in_a ? acc.shape[d] : b.shape[d]) = 1;
        (in_a ? sum_a : sum_b) = true;
        users[d] = 0;
      }
    }
    if (sum_a) acc.dtype = summed(acc.dtype);
    if (sum_b) b.dtype = summed(b.dtype);
    if (!contracted.empty()) {
      if (acc.dtype != b.dtype)
        c.fail("contracting two operands is a batched matrix product, which needs equal dtypes, "
               "got " +
               str(acc.dtype) + " and " + str(b.dtype) + "; convert one with .to()");
      if (acc.dtype == DType::Bool) c.fail("matrix products are not implemented for bool tensors");
    } else {
      acc.dtype = c.promote(acc.dtype, b.dtype);
    }
    for (int64_t d = 0; d < dims; ++d)
      if (acc.shape[d] == 1) acc.shape[d] = b.shape[d];
    for (int64_t d : contracted)
      acc.shape[d] = 1;
  }
  if (n == 1 && dims > out_dims) acc.dtype = summed(acc.dtype);
  return c.out(Shape(size.begin(), size.begin() + out_dims), acc.dtype, device);
}

Arg meta_nn(const Ctx &c) {
  switch (c.op) {
  case Op::linear: { // input @ weight.T + bias
    const TensorMeta &input = c.tensor(0), &weight = c.tensor(1);
    const TensorMeta *bias = c.opt_tensor(2);
    if (weight.shape.size() > 2)
      c.fail("weight must have at most 2 dimensions, got " + str(weight.shape));
    TensorMeta wt = weight;
    if (wt.shape.size() == 2) std::swap(wt.shape[0], wt.shape[1]);
    Shape shape = matmul_shape(c, input, wt);
    same_dtype(c, input, weight);
    const TensorMeta *all[] = {&input, &weight, bias}; // an array: no allocation
    if (bias) {
      if (bias->dtype != input.dtype)
        c.fail("expected bias of dtype " + str(input.dtype) + ", got " + str(bias->dtype));
      // 2-D and (contiguous) 3-D inputs take addmm over the flattened rows, which needs a matrix.
      if ((input.shape.size() == 2 || input.shape.size() == 3) && weight.shape.size() != 2)
        c.fail("with a bias, a " + std::to_string(input.shape.size()) +
               "-D input needs a 2-D weight, got " + str(weight.shape));
      if (input.shape.size() == 3 && shape.size() == 3)
        c.expands_to(bias->shape, {shape[0] * shape[1], shape[2]}, "bias");
      else
        c.expands_to(bias->shape, shape, "bias");
    }
    return c.out(std::move(shape), input.dtype, c.same_device(std::span(all, bias ? 3 : 2)));
  }
  case Op::addmm:     // beta * input + alpha * (mat1 @ mat2), input expanded to the product's shape
  case Op::baddbmm: { // the same over a batch: batch1 [b, n, m] @ batch2 [b, m, p]
    const TensorMeta &input = c.tensor(0), &a = c.tensor(1), &b = c.tensor(2);
    bool batched = c.op == Op::baddbmm;
    size_t rank = batched ? 3 : 2;
    for (const auto &[m, name] :
         {std::pair{&a, batched ? "batch1" : "mat1"}, std::pair{&b, batched ? "batch2" : "mat2"}})
      if (m->shape.size() != rank)
        c.fail(fmt::format("{} must be a {}, got {}-D tensor", name,
                           batched ? "3D tensor" : "matrix", m->shape.size()));
    Shape shape = {a.shape[rank - 2], b.shape[rank - 1]};
    if (batched) shape.insert(shape.begin(), a.shape[0]);
    if (batched && b.shape[0] != a.shape[0])
      c.fail(fmt::format("batch2 must have {} batches, got {}", a.shape[0], b.shape[0]));
    c.expands_to(input.shape, shape, "input");
    if (a.shape[rank - 1] != b.shape[rank - 2])
      c.fail(fmt::format("{} shapes cannot be multiplied ({} and {})",
                         batched ? "batch1 and batch2" : "mat1 and mat2", str(a.shape),
                         str(b.shape)));
    same_dtype(c, a, b);
    if (input.dtype != a.dtype)
      c.fail("expected input of dtype " + str(a.dtype) + ", got " + str(input.dtype));
    c.number(3), c.number(4);
    return c.out(std::move(shape), a.dtype, c.same_device({&input, &a, &b}));
  }
  case Op::embedding: {
    const TensorMeta &input = c.tensor(0), &weight = c.tensor(1);
    if (input.dtype != DType::Int64 && input.dtype != DType::Int32)
      c.fail("expected indices of dtype int64 or int32, got " + str(input.dtype));
    if (weight.shape.size() != 2) c.fail("'weight' must be 2-D, got shape " + str(weight.shape));
    if (auto p = c.opt_integer(2); p && (*p >= weight.shape[0] || *p < -weight.shape[0]))
      c.fail("padding_idx must be within num_embeddings (" + std::to_string(weight.shape[0]) +
             "), got " + std::to_string(*p));
    if (c.opt_number(3)) // a later read of the weight, or a pass, would not see the change
      c.fail("max_norm renormalises rows of the weight in place, which traces do not follow; not "
             "supported (renormalise the weight before the call, or leave max_norm None)");
    c.number(4), c.boolean(5), c.boolean(6);
    Shape shape = input.shape;
    shape.push_back(weight.shape[1]);
    return c.out(std::move(shape), weight.dtype, c.same_device({&input, &weight}));
  }
  case Op::cross_entropy: { // input [N, C, d...] or [C]; target class indices or probabilities
    const TensorMeta &input = c.tensor(0), &target = c.tensor(1);
    const TensorMeta *weight = c.opt_tensor(2);
    if (!c.is_none(3) || !c.is_none(5))
      c.fail("thunderc does not support the deprecated size_average and reduce arguments; use "
             "reduction='mean', 'sum' or 'none'");
    int64_t ignore_index = c.integer(4);
    const Arg &reduction = c.b[6];
    if (reduction.kind != Arg::Kind::Str ||
        (reduction.s != "mean" && reduction.s != "sum" && reduction.s != "none"))
      c.fail(describe(reduction) + " is not a valid value for reduction");
    double smoothing = c.number(7);
    Device device = c.same_device({&input, &target, weight ? weight : &input});
    size_t ndim = input.shape.size();
    if (ndim == 0) c.fail("expected an input of 1 or more dimensions, got 0");
    int64_t classes = input.shape[ndim == 1 ? 0 : 1];
    if (weight && (weight->shape.size() != 1 || weight->shape[0] != classes))
      c.fail("weight tensor should be defined either for all " + std::to_string(classes) +
             " classes or no classes, but got weight of shape " + str(weight->shape));
    if (!is_floating(input.dtype))
      c.fail("expected a floating point input, got " + str(input.dtype));
    // ATen checks only that the smoothing is at most 1 (a negative one is no smoothing).
    if (smoothing > 1)
      c.fail("label_smoothing must be between 0.0 and 1.0, got " + describe(c.b[7]));
    DType dtype = input.dtype;
    Shape shape = input.shape; // reduction 'none': one loss per sample (and position)
    shape.erase(shape.begin() + (ndim == 1 ? 0 : 1));
    if (target.shape == input.shape) { // class probabilities: -(log_softmax * target * weight)
      if (!is_floating(target.dtype))
        c.fail("expected a floating point target with class probabilities, got " +
               str(target.dtype));
      if (ignore_index >= 0) c.fail("ignore_index is not supported for floating point target");
      dtype = c.promote(dtype, target.dtype);
      if (weight) dtype = c.promote(dtype, weight->dtype);
    } else {
      if (weight && weight->dtype != input.dtype)
        c.fail("expected weight of dtype " + str(input.dtype) + ", got " + str(weight->dtype));
      // An empty batch reduced to a number is never read, so ATen does not check its dtype.
      bool unread = numel(input.shape) == 0 && reduction.s != "none";
      if (target.dtype != DType::Int64 && !unread)
        c.fail("expected class indices of dtype int64 in target, got " + str(target.dtype) +
               " (convert it with .long())");
      if (target.shape != shape) // the input's without the class dim
        c.fail("expected target of shape " + str(shape) + " for input of shape " +
               str(input.shape) + ", got " + str(target.shape));
    }
    if (reduction.s != "none") shape.clear();
    return c.out(std::move(shape), dtype, device);
  }
  case Op::prelu: { // max(0, x) + weight * min(0, x), weight one value or one per channel (dim 1)
    const TensorMeta &input = c.tensor(0), &weight = c.tensor(1);
    Device device = c.same_device({&input, &weight});
    if (weight.shape.size() > 1)
      c.fail(fmt::format("prelu: Expected `weight` to be a scalar or 1D tensor, but got: ndim = {}",
                         weight.shape.size()));
    int64_t channels = input.shape.size() >= 2 ? input.shape[1] : 1, n = numel(weight.shape);
    if (n != 1 && n != channels)
      c.fail(fmt::format("Mismatch of parameter numbers and input channel size. Found parameter "
                         "numbers = {} and channel size = {}.",
                         n, channels));
    if (!is_floating(input.dtype))
      c.fail("prelu is implemented for floating point tensors, not " + str(input.dtype));
    bool mixed = (input.dtype == DType::BFloat16 || input.dtype == DType::Float16) &&
                 weight.dtype == DType::Float32; // a reduced-precision input with float weights
    if (weight.dtype != input.dtype && !mixed)
      c.fail("expected input and weight of the same dtype, but got " + str(input.dtype) + " and " +
             str(weight.dtype));
    return c.out(input.shape, input.dtype, device);
  }
  case Op::one_hot: { // input [...] -> [..., num_classes] int64; the values must be below it
    const TensorMeta &input = c.tensor(0);
    int64_t classes = c.integer(1);
    if (input.dtype != DType::Int64) c.fail("one_hot is only applicable to index tensor.");
    if (numel(input.shape) == 0 && classes <= 0)
      c.fail("Can not infer total number of classes from empty tensor.");
    if (classes == -1)
      c.fail("the number of classes depends on the tensor's values (its maximum + 1); pass "
             "num_classes");
    if (classes <= 0 && numel(input.shape) > 0)
      c.fail("Class values must be smaller than num_classes (" + std::to_string(classes) + ")");
    Shape shape = input.shape;
    shape.push_back(classes);
    return c.out(std::move(shape), DType::Int64, input.device);
  }
  default: { // scaled_dot_product_attention(query, key, value, attn_mask, dropout_p, is_causal,
             // scale, enable_gqa)
    const TensorMeta &q = c.tensor(0);
    const TensorMeta *kp = &c.tensor(1), *vp = &c.tensor(2);
    TensorMeta k_repeated, v_repeated;
    const TensorMeta *mask = c.opt_tensor(3);
    double p = c.number(4);
    bool causal = c.boolean(5);
    c.opt_number(6);
    if (q.dtype != kp->dtype || q.dtype != vp->dtype)
      c.fail("expected query, key, and value to have the same dtype, but got " + str(q.dtype) +
             ", " + str(kp->dtype) + " and " + str(vp->dtype));
    if (!is_floating(q.dtype))
      c.fail("expected floating point query, key and value, got " + str(q.dtype));
    std::vector<const TensorMeta *> all = {&q, kp, vp};
    if (q.shape.size() < 2 || kp->shape.size() < 2 || vp->shape.size() < 2)
      c.fail("expected query, key, and value to all be at least 2 dimensional, but got shapes " +
             str(q.shape) + ", " + str(kp->shape) + " and " + str(vp->shape));
    if (p < 0 || p > 1)
      c.fail("dropout probability has to be between 0 and 1, but got " + describe(c.b[4]));
    if (c.boolean(7)) { // grouped-query attention: key and value heads repeated to the query's
      for (const TensorMeta *t : {&q, kp, vp})
        if (t->shape.size() < 3)
          c.fail(fmt::format("Dimension out of range (expected to be in range of [-{}, {}], but "
                             "got -3)",
                             std::max<size_t>(t->shape.size(), 1),
                             std::max<size_t>(t->shape.size(), 1) - 1));
      int64_t qh = q.shape.end()[-3], kh = kp->shape.end()[-3], vh = vp->shape.end()[-3];
      bool all_equal = qh == kh && kh == vh;
      if (!all_equal && (kh == 0 || vh == 0 || qh % kh != 0 || qh % vh != 0))
        c.fail(fmt::format("Number of heads in key and value must divide the number of heads in "
                           "query (dim -3: query {}, key {}, value {})",
                           qh, kh, vh));
      k_repeated = *kp, v_repeated = *vp;
      k_repeated.shape.end()[-3] = qh;
      v_repeated.shape.end()[-3] = qh;
      kp = &k_repeated, vp = &v_repeated;
    }
    const TensorMeta &k = *kp, &v = *vp;
    TensorMeta kt = k;
    std::swap(kt.shape[kt.shape.size() - 1], kt.shape[kt.shape.size() - 2]);
    Shape scores = matmul_shape(c, q, kt); // (..., L, S)
    if (mask) {
      all.push_back(mask);
      if (causal) c.fail("explicit attn_mask should not be set when is_causal=True");
      if (mask->dtype != DType::Bool && mask->dtype != q.dtype)
        c.fail("expected attn_mask dtype to be bool or to match query dtype, but got " +
               str(mask->dtype) + " and " + str(q.dtype));
      c.expands_to(mask->shape, scores, "attn_mask");
    }
    TensorMeta probs = q;
    probs.shape = scores;
    Shape shape = matmul_shape(c, probs, v);
    return c.out(std::move(shape), q.dtype, c.same_device(all));
  }
  }
}

} // namespace thunderc::ops::detail
