// Passes over traces: each edits the computation (prologue_dce: the prologue and the computation
// together) in place, leaving traces in the printed format, verify()-clean and still fitting
// together.
// pipeline() lists them in order; --dump-after names a pass or "all".
#pragma once

#include "trace/trace.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace thunderc {

// Sets marked[v] for every value `o` (each of `operands`) refers to, inside tuples, lists and dicts
// too (a byte per value: std::vector<bool>'s bit operations cost more than the marking).
inline void mark_values(const Operand &o, std::vector<uint8_t> &marked) {
  for_each_value(o, [&](ValueId v) { marked[v] = 1; });
}
// Inline: most operands are values, marked without a call (a call per instruction was 0.1M
// instructions at L = 32); a call deeper only for a tuple, list or dict.
inline void mark_values(const std::vector<Operand> &operands, std::vector<uint8_t> &marked) {
  for (const Operand &o : operands) mark_values(o, marked);
}

// Removes pure instructions whose results nothing uses (computation; prologue unpacks).
void dce(Trace &);
// The same, and sets reads[v] (sized to the values) for every value the kept instructions read
// (arguments, keyword and bound arguments): found as dce walks them, for prologue_dce.
void dce(Trace &, std::vector<uint8_t> &reads);
// Replaces a pure instruction identical to an earlier one (same callee and operands) by the
// earlier result (computation).
void cse(Trace &);
// The same, but the replaced instructions stay where they are, their results read by nothing after
// the renaming, for the dce that follows to drop: where no one looks at the computation between
// the two (the pipeline without dumps), it is compacted once instead of twice (L = 32: 0.12M
// instructions of moving instructions into place).
void cse_before_dce(Trace &);
// Drops the computation's parameters that nothing reads (after dce) and their places in the
// prologue's returned tuple, then the prologue's unpacks whose results nothing uses: neither a
// check, a later unpack nor the return. Checks always stay.
void prologue_dce(Trace &prologue, Trace &computation);
// The same, given what the computation's instructions read, as dce(computation, reads) found it.
void prologue_dce(Trace &prologue, Trace &computation, const std::vector<uint8_t> &reads);

// What a pass of the pipeline leaves to the next ones: the values the computation reads, from dce
// for prologue_dce (a walk more over the computation's instructions and their arguments cost a
// cache miss or two per instruction at L = 1000).
struct PassState {
  std::vector<uint8_t> computation_reads;
  bool watched = false; // the traces are looked at after each pass (dumps)
};

// A pass over the computation (edits_prologue: over the prologue and the computation together).
struct PassInfo {
  std::string name;
  bool edits_prologue = false;
  void (*run)(Trace &prologue, Trace &computation, PassState &) = nullptr;
};
const std::vector<PassInfo> &pipeline();

using AfterPass = std::function<void(const std::string &pass, const Trace &)>;

// Runs the pipeline; calls `after(pass, trace)` after each pass for each trace it runs over
// (the prologue first).
void run_pipeline(Trace &prologue, Trace &computation, const AfterPass &after = {});

} // namespace thunderc
