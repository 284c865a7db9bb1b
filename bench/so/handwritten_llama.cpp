// Hand-written ATen port of the L-layer LLaMA-style decode step of bench/gen_graphs.py llama
// (bench/torch_models.py's LlamaForCausalLM: RMSNorm, rotary embedding, q/k/v/o projections,
// rotate_half, repeat_kv, StaticCache update with index_copy_, scaled_dot_product_attention in
// PyTorch 2's math form, SiLU MLP, lm_head), written as a C++ programmer would port the Python:
// one struct per layer, a loop over the layers, the cache updated in place, and run under
// c10::InferenceMode (the fastest mode ATen offers for inference). It performs the Python
// model's tensor ops in the Python model's order (identity casts such as `.to(torch.float32)` and
// `cos * attention_scaling` included), so its outputs are bit for bit those of the compiled
// library, which bench_so checks before timing.
//
// The baseline of bench/bench_so.sh: built with the same compiler command as `thunderc compile
// --so` uses for the generated library, loaded with dlopen and called through
//   void *hw_make(size_t n, const char *const *paths, const at::Tensor *tensors)
//   int hw_run(void *model, at::Tensor *outputs)          // outputs[0] = logits
// `paths` are the input paths of the graph (`model.layers.0.self_attn.q_proj.weight`,
// `past_key_values.key_cache.0`, `input_ids`, ...).
#include <ATen/core/Tensor.h>
#include <ATen/TensorIndexing.h>
#include <ATen/TensorOperators.h>
#include <ATen/ops/add.h>
#include <ATen/ops/arange.h>
#include <ATen/ops/cat.h>
#include <ATen/ops/cos.h>
#include <ATen/ops/embedding.h>
#include <ATen/ops/full.h>
#include <ATen/ops/le.h>
#include <ATen/ops/linear.h>
#include <ATen/ops/masked_fill.h>
#include <ATen/ops/matmul.h>
#include <ATen/ops/mean.h>
#include <ATen/ops/mul.h>
#include <ATen/ops/neg.h>
#include <ATen/ops/pow.h>
#include <ATen/ops/reshape.h>
#include <ATen/ops/rsqrt.h>
#include <ATen/ops/silu.h>
#include <ATen/ops/sin.h>
#include <ATen/ops/softmax.h>
#include <ATen/ops/transpose.h>
#include <ATen/ops/unsqueeze.h>
#include <ATen/ops/zeros.h>
#include <c10/core/InferenceMode.h>

#include <cstddef>
#include <map>
#include <string>
#include <vector>

namespace {

using at::indexing::Ellipsis;
using at::indexing::None;
using at::indexing::Slice;

constexpr int64_t kHeads = 4, kKvHeads = 2, kHeadDim = 16;
constexpr double kEps = 1e-5, kAttentionScaling = 1.0;

struct Layer {
  at::Tensor input_norm, post_norm, q, k, v, o, gate, up, down;
  at::Tensor key_cache, value_cache; // updated in place
};

struct Model {
  at::Tensor input_ids, embed, inv_freq, norm, lm_head;
  std::vector<Layer> layers;
};

at::Tensor rms_norm(const at::Tensor &x, const at::Tensor &weight) {
  at::Tensor h = x.to(at::kFloat);
  at::Tensor variance = at::pow(h, 2).mean({-1}, /*keepdim=*/true);
  h = h * at::rsqrt(variance + kEps);
  return weight * h.to(at::kFloat);
}

at::Tensor rotate_half(const at::Tensor &x) {
  const int64_t half = x.size(-1) / 2;
  at::Tensor x1 = x.index({Ellipsis, Slice(None, half)});
  at::Tensor x2 = x.index({Ellipsis, Slice(half, None)});
  return at::cat({-x2, x1}, -1);
}

at::Tensor repeat_kv(const at::Tensor &x, int64_t n_rep) {
  if (n_rep == 1) return x;
  const int64_t b = x.size(0), kv = x.size(1), s = x.size(2), d = x.size(3);
  return x.index({Slice(), Slice(), None, Slice(), Slice()})
      .expand({b, kv, n_rep, s, d})
      .reshape({b, kv * n_rep, s, d});
}

// scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scale), PyTorch 2's math form.
at::Tensor sdpa(const at::Tensor &q, const at::Tensor &k, const at::Tensor &v, const at::Tensor &mask,
                double scale) {
  at::Tensor bias = at::zeros({q.size(-2), k.size(-2)}, q.options());
  bias = bias + mask;
  at::Tensor w = at::softmax(at::matmul(q, k.transpose(-2, -1)) * scale + bias, -1);
  return at::matmul(w, v);
}

at::Tensor forward(const Model &m) {
  const at::Tensor &ids = m.input_ids;
  const int64_t bsz = ids.size(0), q_len = ids.size(1);
  at::Tensor hidden = at::embedding(m.embed, ids);
  at::Tensor cache_position = at::arange(0, q_len, hidden.options().dtype(at::kLong));
  at::Tensor position_ids = cache_position.unsqueeze(0);

  // the causal mask over the static cache (one new token: no triu)
  const int64_t cache_len = m.layers.at(0).key_cache.size(2); // bench/gen_graphs.py --cache-len
  at::Tensor mask = at::full({q_len, cache_len}, -std::numeric_limits<double>::infinity(), hidden.options());
  at::Tensor visible = at::arange(cache_len, hidden.options().dtype(at::kLong)) <= cache_position.reshape({-1, 1});
  mask = mask.masked_fill(visible, 0.0);
  mask = mask.index({None, None, Slice(), Slice()}).expand({bsz, 1, -1, -1});

  // rotary embedding
  at::Tensor inv_freq = m.inv_freq.index({None, Slice(), None}).to(at::kFloat).expand({position_ids.size(0), -1, 1});
  at::Tensor pos = position_ids.index({Slice(), None, Slice()}).to(at::kFloat);
  at::Tensor freqs = at::matmul(inv_freq.to(at::kFloat), pos.to(at::kFloat)).transpose(1, 2);
  at::Tensor emb = at::cat({freqs, freqs}, -1);
  at::Tensor cos = (emb.cos() * kAttentionScaling).to(at::kFloat);
  at::Tensor sin = (emb.sin() * kAttentionScaling).to(at::kFloat);
  at::Tensor cos_u = cos.unsqueeze(1), sin_u = sin.unsqueeze(1);

  const double scaling = 1.0 / std::sqrt(static_cast<double>(kHeadDim));
  for (const Layer &l : m.layers) {
    at::Tensor residual = hidden;
    at::Tensor h = rms_norm(hidden, l.input_norm);
    at::Tensor q = at::linear(h, l.q).view({bsz, q_len, kHeads, kHeadDim}).transpose(1, 2);
    at::Tensor k = at::linear(h, l.k).view({bsz, q_len, kKvHeads, kHeadDim}).transpose(1, 2);
    at::Tensor v = at::linear(h, l.v).view({bsz, q_len, kKvHeads, kHeadDim}).transpose(1, 2);
    q = q * cos_u + rotate_half(q) * sin_u;
    k = k * cos_u + rotate_half(k) * sin_u;
    // StaticCache.update
    at::Tensor k_out = l.key_cache, v_out = l.value_cache;
    k_out.index_copy_(2, cache_position, k.to(k_out.scalar_type()));
    v_out.index_copy_(2, cache_position, v.to(v_out.scalar_type()));
    // sdpa_attention_forward
    at::Tensor key = repeat_kv(k_out, kHeads / kKvHeads), value = repeat_kv(v_out, kHeads / kKvHeads);
    at::Tensor causal = mask.index({Slice(), Slice(), Slice(), Slice(None, key.size(-2))});
    at::Tensor attn = sdpa(q.contiguous(), key.contiguous(), value.contiguous(), causal, scaling);
    attn = attn.transpose(1, 2).contiguous();
    attn = attn.reshape({bsz, q_len, -1}).contiguous();
    hidden = residual + at::linear(attn, l.o);
    // MLP
    residual = hidden;
    h = rms_norm(hidden, l.post_norm);
    hidden = residual + at::linear(at::silu(at::linear(h, l.gate)) * at::linear(h, l.up), l.down);
  }
  hidden = rms_norm(hidden, m.norm);
  return at::linear(hidden.index({Slice(), Slice(0, None), Slice()}), m.lm_head);
}

} // namespace

extern "C" void *hw_make(size_t n, const char *const *paths, const at::Tensor *tensors) {
  std::map<std::string, at::Tensor> by_path;
  for (size_t i = 0; i < n; ++i) by_path[paths[i]] = tensors[i];
  auto get = [&](const std::string &p) {
    auto it = by_path.find(p);
    TORCH_CHECK(it != by_path.end(), "hw_make: no input ", p);
    return it->second;
  };
  auto *m = new Model;
  m->input_ids = get("input_ids");
  m->embed = get("model.embed_tokens.weight");
  m->inv_freq = get("model.rotary_emb.inv_freq");
  m->norm = get("model.norm.weight");
  m->lm_head = get("lm_head.weight");
  for (size_t i = 0; by_path.count("model.layers." + std::to_string(i) + ".mlp.up_proj.weight"); ++i) {
    const std::string p = "model.layers." + std::to_string(i) + ".";
    Layer l;
    l.input_norm = get(p + "input_layernorm.weight");
    l.post_norm = get(p + "post_attention_layernorm.weight");
    l.q = get(p + "self_attn.q_proj.weight");
    l.k = get(p + "self_attn.k_proj.weight");
    l.v = get(p + "self_attn.v_proj.weight");
    l.o = get(p + "self_attn.o_proj.weight");
    l.gate = get(p + "mlp.gate_proj.weight");
    l.up = get(p + "mlp.up_proj.weight");
    l.down = get(p + "mlp.down_proj.weight");
    l.key_cache = get("past_key_values.key_cache." + std::to_string(i));
    l.value_cache = get("past_key_values.value_cache." + std::to_string(i));
    m->layers.push_back(l);
  }
  return m;
}

extern "C" int hw_run(void *model, at::Tensor *outputs) {
  c10::InferenceMode guard;
  outputs[0] = forward(*static_cast<const Model *>(model));
  return 0;
}
