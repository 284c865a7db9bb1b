#include "passes/passes.h"
#include "support/hash.h"

#include <tsl/robin_map.h>

namespace thunderc {

namespace {
void rename(Operand &o, const std::vector<ValueId> &to) {
  if (o.kind() == Operand::Kind::Value) o.value = to[o.value];
  else if (o.is_aggregate())
    for (auto &i : o.edit_items()) rename(i, to);
}

size_t hash_mix(size_t h, size_t v) { return (h ^ v) * 0x100000001b3ull + (h >> 7); }

// Two instructions are the same when their callee, arguments and keyword arguments are.
size_t hash_of(const Operand &o, size_t h);

// A tuple's, list's or dict's parts: out of the way of the values and literals, almost every
// operand, which are hashed inline (a call per operand was 0.1M instructions at L = 32).
[[gnu::noinline]] size_t hash_parts(const Operand &o, size_t h) {
  for (const auto &k : o.keys()) h = hash_mix(h, StrHash{}(k));
  for (const auto &i : o.items()) h = hash_of(i, h);
  return hash_mix(h, o.items().size());
}

inline size_t hash_of(const Operand &o, size_t h) {
  h = hash_mix(h, static_cast<size_t>(o.kind()));
  switch (o.kind()) {
  case Operand::Kind::Value: return hash_mix(h, o.value);
  // Equal literals are one interned text: its address stands for it.
  case Operand::Kind::Literal: return hash_mix(h, reinterpret_cast<uintptr_t>(&o.literal().str()));
  default: return hash_parts(o, h);
  }
}

size_t hash_of(const Instr &ins) {
  // Equal callees are one interned text: its address stands for it.
  size_t h = hash_mix(0, reinterpret_cast<uintptr_t>(&ins.callee.str()));
  for (const auto &a : ins.args) h = hash_of(a, h);
  h = hash_mix(h, ins.args.size());
  for (const auto &[k, a] : ins.kwargs) h = hash_of(a, hash_mix(h, StrHash{}(k)));
  return h;
}

bool same(const Operand &a, const Operand &b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
  case Operand::Kind::Value: return a.value == b.value;
  case Operand::Kind::Literal: return a.literal() == b.literal();
  default: break;
  }
  const auto &ai = a.items(), &bi = b.items();
  if (a.keys() != b.keys() || ai.size() != bi.size()) return false;
  for (size_t i = 0; i < ai.size(); ++i)
    if (!same(ai[i], bi[i])) return false;
  return true;
}

bool same(const Instr &a, const Instr &b) {
  if (a.callee != b.callee || a.args.size() != b.args.size() || a.kwargs.size() != b.kwargs.size())
    return false;
  for (size_t i = 0; i < a.args.size(); ++i)
    if (!same(a.args[i], b.args[i])) return false;
  for (size_t i = 0; i < a.kwargs.size(); ++i)
    if (a.kwargs[i].first != b.kwargs[i].first || !same(a.kwargs[i].second, b.kwargs[i].second))
      return false;
  return true;
}
} // namespace

namespace {
// compact: the replaced instructions are removed; otherwise they stay where they are, for dce.
void cse(Trace &t, bool compact) {
  std::vector<ValueId> to(t.values.size());
  for (ValueId v = 0; v < to.size(); ++v) to[v] = v;
  // Values the trace returns keep their own instruction: the next trace knows them by name.
  // The return is the last instruction (verify): looked for there alone (a walk over the body for
  // it cost a cache miss per instruction, 112k at L = 1000).
  std::vector<uint8_t> returned(t.values.size(), 0);
  if (!t.body.empty() && t.body.back().kind == Instr::Kind::Return)
    mark_values(t.body.back().args, returned);
  // The kept instructions that may be merged into, by hash: the last one with each hash, and for
  // each (by index in the compacted body) the one before it with its hash. Open addressing and a
  // flat array: a node per instruction costs more than the rest of the pass. 32-bit hashes and
  // indices, the table 90% full: it is probed at random, and at 24 bytes a bucket and half full it
  // was 6 MB at L = 1000 (a cache miss a probe). Equal hashes are told apart by `same` anyway.
  constexpr uint32_t kNone = ~uint32_t{0};
  tsl::robin_map<uint32_t, uint32_t> last_with_hash;
  last_with_hash.max_load_factor(0.9f);
  last_with_hash.reserve(t.body.size());
  std::vector<uint32_t> before_with_hash(t.body.size(), kNone);
  uint32_t kept = 0;
  for (size_t i = 0; i < t.body.size(); ++i) {
    Instr &ins = t.body[i];
    for (auto &a : ins.args) rename(a, to);
    for (auto &[k, a] : ins.kwargs) rename(a, to);
    for (auto &a : ins.bound) rename(a.operand, to);
    if (ins.pure && ins.kind == Instr::Kind::Call && !ins.outs.empty()) {
      auto h = static_cast<uint32_t>(hash_of(ins));
      const Instr *first = nullptr; // the one kept instruction it equals, if any
      auto last = last_with_hash.find(h);
      for (uint32_t k = last == last_with_hash.end() ? kNone : last->second; k != kNone && !first;
           k = before_with_hash[k])
        if (same(t.body[k], ins)) first = &t.body[k];
      bool keep = false;
      for (ValueId o : ins.outs) keep |= returned[o];
      if (first && !keep) {
        for (size_t j = 0; j < ins.outs.size(); ++j) to[ins.outs[j]] = first->outs[j];
        if (compact) continue;
      } else if (!first) {
        auto [it, fresh] = last_with_hash.try_emplace(h, kept);
        if (!fresh) {
          before_with_hash[kept] = it->second;
          it.value() = kept;
        }
      }
    }
    if (kept != i) t.body[kept] = std::move(ins);
    ++kept;
  }
  t.body.resize(kept);
}
} // namespace

void cse(Trace &t) { cse(t, true); }

void cse_before_dce(Trace &t) { cse(t, false); }

} // namespace thunderc
