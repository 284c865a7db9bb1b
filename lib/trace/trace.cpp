#include "trace/trace.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <deque>
#include <fmt/format.h>
#include <mutex>
#include <unordered_set>
#if __has_include(<sys/single_threaded.h>)
#include <sys/single_threaded.h>
#endif

namespace thunderc {

namespace {
// True while the process has one thread (glibc's flag, cleared before a second thread starts).
bool single_threaded() {
#if __has_include(<sys/single_threaded.h>)
  return __libc_single_threaded;
#else
  return false;
#endif
}
} // namespace

Name::Name(std::string_view text) {
  if (text.empty()) return;
  // Never freed: names are held by traces kept until exit and by static constants. The texts are
  // in a deque, where they never move; the index hashes a text once, out of the lock (the
  // prologue interns a text of its own per parameter path: a tsl::robin_map, which hashed a new
  // text again to insert it, cost ~250 instructions a name at L = 32 with its rehashes).
  struct Pool {
    std::mutex mutex;
    std::deque<std::string> texts;
    TextSet<const std::string *> index{512}; // 8 KiB: what a small graph needs
  };
  static Pool &pool = *new Pool;
  const uint64_t h = StrHash()(text);
  // Locked only once the process has threads (the runtime library's callers may have some): the
  // lock and unlock cost ~50 instructions a name (58k at L = 32).
  std::unique_lock lock(pool.mutex, std::defer_lock);
  if (!single_threaded()) lock.lock();
  text_ = pool.index.find_or_add(text, h, [&] { return &pool.texts.emplace_back(text); });
}

InternedMeta::InternedMeta(const TensorMeta &meta) {
  static std::mutex mutex;
  // Never freed, like the Names; a node-based set, so that the metadata never move.
  static auto &pool = *new std::unordered_set<TensorMeta, TensorMetaHash>();
  std::lock_guard lock(mutex);
  meta_ = &*pool.insert(meta).first;
}

void append_type_text(std::string &out, const ValueType &t) { // no temporary text
  switch (t.kind) {
  case ValueType::Kind::Tensor: append_type_comment(out, t.tensor); return;
  case ValueType::Kind::Int: (out += "int ") += t.text; return;
  case ValueType::Kind::Float: (out += "float ") += t.text; return;
  case ValueType::Kind::Bool: (out += "bool ") += t.text; return;
  case ValueType::Kind::Str: out += "str"; return;
  case ValueType::Kind::None: out += "None"; return;
  case ValueType::Kind::Object: out += t.text; return; // the class repr
  case ValueType::Kind::Any: break;
  }
  out += "Any";
}

std::string type_text(const ValueType &t) {
  std::string out;
  append_type_text(out, t);
  return out;
}

const std::vector<Operand> Operand::kNoItems;
const std::vector<std::string> Operand::kNoKeys;

ValueId Trace::add_value(std::string name, ValueType type) {
  values.emplace_back(std::move(name), std::move(type)); // no temporary ValueInfo to move
  return static_cast<ValueId>(values.size() - 1);
}

// The problems, reported out of the way of the checks, which run a few times per instruction.
std::string Verifier::where(size_t i) const {
  return i == kParameters ? std::string("parameters") : fmt::format("{} instruction {}", t_.name, i);
}

[[gnu::cold, gnu::noinline]] void Verifier::bad_definition(ValueId v, size_t i) {
  problems_.push_back(v >= defined_.size()
                          ? fmt::format("{}: defines unknown value {}", where(i), v)
                          : fmt::format("{}: redefines {}", where(i), t_.name_of(v)));
}

[[gnu::cold, gnu::noinline]] void Verifier::bad_use(ValueId u, size_t i) {
  problems_.push_back(fmt::format("{}: uses {} before it is defined", where(i),
                                  u < defined_.size() ? t_.name_of(u) : std::to_string(u)));
}

// Inlined: it runs for every value an instruction defines (a call each was ~0.04M instructions at
// L = 32).
[[gnu::always_inline]] inline void Verifier::define(ValueId v, size_t i) {
  if (v < defined_.size() && !defined_[v]) defined_[v] = 1;
  else bad_definition(v, i);
}

Verifier::Verifier(const Trace &t) : t_(t), defined_(t.values.size(), 0) {
  // Names used twice: the values by name in an open-addressing table, each slot a value + 1 (0:
  // empty), beside the values' name hashes; names are compared only where hashes match. Linear
  // probing in at least 4/3 as many slots as values: tsl::robin_set's robin hood insertion cost
  // 2.5 times the instructions (0.23M at L = 32) in as many bytes; a node-based set of 100k names
  // costs more than the rest of verify.
  const size_t n = t.values.size();
  std::vector<ValueId> slots(std::bit_ceil(n + n / 3 + 1));
  auto hashes = std::make_unique_for_overwrite<uint32_t[]>(n); // by value: written before read
  const size_t mask = slots.size() - 1;
  for (ValueId v = 0; v < n; ++v) {
    const std::string &name = t.values[v].name;
    if (!is_python_name(name)) problems_.push_back(fmt::format("invalid name {}", py_str(name)));
    const uint64_t h = StrHash()(name);
    hashes[v] = uint32_t(h >> 32); // the lower half picks the slot
    for (size_t i = h & mask;; i = (i + 1) & mask) {
      const ValueId other = slots[i];
      if (other == 0) {
        slots[i] = v + 1;
        break;
      }
      if (hashes[other - 1] == hashes[v] && t.values[other - 1].name == name) {
        problems_.push_back(fmt::format("name {} used twice", name));
        break;
      }
    }
  }
  for (ValueId p : t.params) define(p, kParameters);
}

bool Verifier::check(const Instr &ins) {
  size_t i = next_++;
  auto use = [&](ValueId u) {
    if (u >= defined_.size() || !defined_[u]) bad_use(u, i);
  };
  for (const auto &a : ins.args) for_each_value(a, use);
  for (const auto &[k, a] : ins.kwargs) for_each_value(a, use);
  for (ValueId o : ins.outs) define(o, i);
  if (ins.kind == Instr::Kind::Return) {
    ++returns_;
    if (i + 1 != t_.body.size()) problems_.push_back(where(i) + ": return is not the last instruction");
  }
  if ((ins.kind == Instr::Kind::GetAttr || ins.kind == Instr::Kind::SetAttr) && !is_python_name(ins.attr))
    problems_.push_back(fmt::format("{}: invalid attribute {}", where(i), py_str(ins.attr)));
  return problems_.empty();
}

std::vector<std::string> Verifier::finish() {
  THUNDERC_ASSERT(next_ == t_.body.size(),
                  "Verifier: checked another number of instructions than the trace has");
  if (returns_ != 1) problems_.push_back(t_.name + ": must end with exactly one return");
  return std::move(problems_);
}

std::vector<std::string> verify(const Trace &t) {
  Verifier v(t);
  for (const Instr &ins : t.body) v.check(ins);
  return v.finish();
}

namespace {
// `name` less its last digits.
std::string_view without_digits(std::string_view name) {
  size_t end = name.size();
  while (end > 0 && name[end - 1] >= '0' && name[end - 1] <= '9') --end;
  return name.substr(0, end);
}

} // namespace

// The set of the reserved names (made once) in as many slots as they need from the start: grown
// from 16 it was rehashed three times (~3k instructions a compile).
Namer::Namer(Empty) : verbatim_(std::bit_ceil(2 * trace_reserved_names().size())) {}

Namer::Namer() {
  // Never freed, like the Names: the views below are of its blocks.
  static const Namer &reserved = *[] {
    auto *n = new Namer(Empty{});
    for (std::string_view r : trace_reserved_names()) n->insert(r);
    return n;
  }();
  verbatim_ = reserved.verbatim_;
  bases_ = reserved.bases_;
}

// Inlined into its two callers: it runs once per name.
[[gnu::always_inline]] inline std::string Namer::numbered_name(const void *of, std::string_view base, std::string_view sep, unsigned n) {
  const size_t start = base.size() + sep.size();
  if (buf_.size() < start + 10) buf_.resize(std::max(start + 10, 2 * buf_.size())); // 10: any unsigned
  if (of != buf_of_) { // the values of a statement take suffixes of one hint in a row
    std::copy(sep.begin(), sep.end(), std::copy(base.begin(), base.end(), buf_.data()));
    buf_of_ = of;
  }
  char *end = std::to_chars(buf_.data() + start, buf_.data() + buf_.size(), n).ptr;
  return std::string(buf_.data(), end);
}

bool Namer::generated(std::string_view name) const {
  std::string_view base = without_digits(name), digits = name.substr(base.size());
  unsigned n = 0;
  // to_chars writes no leading zero; more digits than an unsigned holds were never written.
  if (base.empty() || digits.empty() || (digits.size() > 1 && digits[0] == '0') ||
      std::from_chars(digits.data(), digits.data() + digits.size(), n).ec != std::errc())
    return false;
  if (base.back() == '_') {
    auto h = hints_.find(base.substr(0, base.size() - 1));
    return h != hints_.end() && n >= 1 && n < h->second.next_suffix;
  }
  return n < owner_.size() && owner_[n] != 0 && prefixes_[owner_[n] - 1].text == base;
}

bool Namer::insert(std::string_view name) {
  if (generated(name)) return false;
  if (room_left_ < name.size()) {
    size_t block = std::max<size_t>(name.size(), 16384);
    room_ = blocks_.emplace_back(new char[block]).get();
    room_left_ = block;
  }
  // Copied where the Namer keeps its names first: a free one is kept there as it is.
  std::string_view kept(room_, name.size());
  std::copy(name.begin(), name.end(), room_);
  if (!verbatim_.insert(kept)) return false;
  room_ += name.size();
  room_left_ -= name.size();
  std::string_view base = without_digits(kept);
  // No digits at its end, or only digits: no numbered or suffixed name is like it.
  if (base.size() == kept.size() || base.empty() || !bases_.insert(base)) return true;
  if (base.back() == '_') { // may be `hint_<k>`
    auto h = hints_.find(base.substr(0, base.size() - 1));
    if (h != hints_.end()) h.value().clash = true;
  }
  for (Prefix &p : prefixes_) p.clash |= p.text == base;
  return true;
}

std::string Namer::take(std::string_view hint_or_prefix, bool is_hint) {
  if (is_hint) {
    Hint &h = hint(hint_or_prefix);
    // A hint taken once stays taken: names are never given back, so it is not looked up again.
    if (h.python_name && !h.taken) {
      h.taken = true;
      if (insert(hint_or_prefix)) return std::string(hint_or_prefix);
    }
    return take_suffixed(hint_or_prefix, h);
  }
  return take_numbered(hint_or_prefix);
}

std::string Namer::take_suffixed(std::string_view hint_text) {
  return take_suffixed(hint_text, hint(hint_text));
}

std::string Namer::take_suffixed(std::string_view hint_text, Hint &h) {
  if (!h.identifier) return take("t", false); // hint_<k> is then a name too
  // One name returned, so that it is made in place (returning it from the loop moved it: a copy).
  std::string name = numbered_name(&h, hint_text, "_", h.next_suffix++);
  while (h.clash && verbatim_.contains(name)) name = numbered_name(&h, hint_text, "_", h.next_suffix++);
  return name;
}

std::string Namer::take_numbered(std::string_view prefix) {
  auto p = std::find_if(prefixes_.begin(), prefixes_.end(),
                        [&](const Prefix &known) { return known.text == prefix; });
  if (p == prefixes_.end()) {
    // What generated() relies on: `<prefix><n>` ends with the digits of n and no more, and is not
    // `<hint>_<k>`.
    THUNDERC_ASSERT(!prefix.empty() && without_digits(prefix).size() == prefix.size() &&
                        prefix.back() != '_' && prefixes_.size() < 255,
                    "Namer: bad prefix " + std::string(prefix));
    p = prefixes_.insert(p, {std::string(prefix), bases_.contains(prefix)});
    buf_of_ = nullptr; // the Prefixes may have moved
  }
  auto owner = uint8_t(p - prefixes_.begin() + 1);
  std::string name = numbered_name(&*p, prefix, "", unsigned(owner_.size()));
  while (p->clash && verbatim_.contains(name)) { // found taken: a number of no prefix
    owner_.push_back(0);
    name = numbered_name(&*p, prefix, "", unsigned(owner_.size()));
  }
  owner_.push_back(owner);
  return name;
}

Namer::Hint &Namer::hint(std::string_view text) {
  // The values of one statement come in a row with its hint: the last one is compared first.
  if (last_hint_ && *last_hint_text_ == text) return *last_hint_;
  auto it = hints_.find(text);
  if (it == hints_.end()) { // a text made only for a new hint
    it = hints_.try_emplace(std::string(text)).first;
    buf_of_ = nullptr; // the Hints may have moved
    Hint &h = it.value();
    h.identifier = is_identifier(text);
    h.python_name = h.identifier && !is_python_keyword(text);
    h.clash = bases_.contains(std::string(text) + '_');
  }
  Hint &h = it.value();
  // Valid until the table next changes: only this function inserts, and it sets both again.
  last_hint_text_ = &it->first;
  last_hint_ = &h;
  return h;
}

} // namespace thunderc
