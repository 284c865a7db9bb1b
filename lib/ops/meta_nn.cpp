// Meta rules of matrix products and the neural-network functions built on them: matmul (the
// 1-D/2-D/batched cases with broadcast batch dims), bmm, addmm, baddbmm, linear, embedding,
// one_hot and scaled_dot_product_attention (its math: q @ k^T, + mask, softmax, @ v, plus the
// checks PyTorch's SDPA front end makes). Products need equal dtypes, and not bool.
#include "ops/meta.h"

#include <fmt/format.h>

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
             // scale)
    const TensorMeta &q = c.tensor(0), &k = c.tensor(1), &v = c.tensor(2);
    const TensorMeta *mask = c.opt_tensor(3);
    double p = c.number(4);
    bool causal = c.boolean(5);
    c.opt_number(6);
    if (q.dtype != k.dtype || q.dtype != v.dtype)
      c.fail("expected query, key, and value to have the same dtype, but got " + str(q.dtype) +
             ", " + str(k.dtype) + " and " + str(v.dtype));
    if (!is_floating(q.dtype))
      c.fail("expected floating point query, key and value, got " + str(q.dtype));
    std::vector<const TensorMeta *> all = {&q, &k, &v};
    if (q.shape.size() < 2 || k.shape.size() < 2 || v.shape.size() < 2)
      c.fail("expected query, key, and value to all be at least 2 dimensional, but got shapes " +
             str(q.shape) + ", " + str(k.shape) + " and " + str(v.shape));
    if (p < 0 || p > 1)
      c.fail("dropout probability has to be between 0 and 1, but got " + describe(c.b[4]));
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
