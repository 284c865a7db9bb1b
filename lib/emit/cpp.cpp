#include "emit/cpp.h"

#include "ops/ops.h"
#include "support/diagnostics.h"
#include "support/text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <span>

namespace thunderc {

namespace {

using ops::Arg;
using ops::Op;

// ---- literals ------------------------------------------------------------------------------

std::string cpp_int(int64_t i) {
  if (i == std::numeric_limits<int64_t>::min()) return "(-9223372036854775807 - 1)";
  return std::to_string(i);
}

// The shortest text that reads back as exactly `d`, always a floating literal.
std::string cpp_double(double d) {
  if (std::isnan(d)) return "std::numeric_limits<double>::quiet_NaN()";
  if (std::isinf(d))
    return d > 0 ? "std::numeric_limits<double>::infinity()"
                 : "-std::numeric_limits<double>::infinity()";
  std::string s = fmt::format("{}", d);
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return s;
}

// A C++ string literal holding exactly the bytes of `s`: printable ASCII as is, everything else
// (and `"`, `\`, `?`) as three-digit octal escapes, which cannot absorb a following character.
std::string cpp_str(std::string_view s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\' && c != '?')
      out += static_cast<char>(c);
    else
      out += fmt::format("\\{:03o}", c);
  }
  return out + "\"";
}

// Text safe inside a `//` comment: control characters escaped (a newline would end the comment)
// and no trailing backslash (which would splice the next line into the comment).
std::string cpp_comment(std::string_view s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '\t' || (c >= 0x20 && c != 0x7f))
      out += static_cast<char>(c);
    else
      out += fmt::format("\\x{:02x}", c);
  }
  while (!out.empty() && (out.back() == ' ' || out.back() == '\t'))
    out.pop_back();
  if (!out.empty() && out.back() == '\\') out += " (end)";
  return out;
}

std::string cpp_dtype(DType d) {
  switch (d) {
  case DType::Bool:
    return "at::kBool";
  case DType::UInt8:
    return "at::kByte";
  case DType::Int8:
    return "at::kChar";
  case DType::Int16:
    return "at::kShort";
  case DType::Int32:
    return "at::kInt";
  case DType::Int64:
    return "at::kLong";
  case DType::Float16:
    return "at::kHalf";
  case DType::BFloat16:
    return "at::kBFloat16";
  case DType::Float32:
    return "at::kFloat";
  case DType::Float64:
    return "at::kDouble";
  case DType::Complex64:
    return "at::kComplexFloat";
  }
  return "at::kFloat";
}

std::string cpp_device(const Device &d) {
  const char *type = d.type == Device::Type::CUDA   ? "at::kCUDA"
                     : d.type == Device::Type::Meta ? "at::kMeta"
                                                    : "at::kCPU";
  if (d.index < 0) return fmt::format("at::Device({})", type);
  return fmt::format("at::Device({}, {})", type, d.index);
}

// Breaks `head(item, item, ...)tail` into lines of at most ~100 columns.
std::string wrap_list(const std::string &indent, const std::string &head,
                      const std::vector<std::string> &items, const std::string &tail,
                      const std::string &sep = ",") {
  std::string out = indent + head;
  size_t col = out.size();
  for (size_t i = 0; i < items.size(); ++i) {
    std::string piece = items[i] + (i + 1 < items.size() ? sep : "");
    if (i > 0) {
      if (col + 1 + piece.size() > 100) {
        out += "\n" + indent + "    ";
        col = indent.size() + 4;
      } else {
        out += " ";
        ++col;
      }
    }
    out += piece;
    col += piece.size();
  }
  return out + tail;
}

// ---- helpers the generated file defines when it uses them ---------------------------------

const char *const kUnpackHelper =
    R"(// Assigns the tensors of a multi-output op (split, chunk, max over a dim) to their variables.
void thunderc_unpack(std::initializer_list<at::Tensor *> outs, const std::vector<at::Tensor> &parts) {
  TORCH_CHECK(parts.size() == outs.size(), "expected ", outs.size(), " tensors, got ", parts.size());
  size_t i = 0;
  for (at::Tensor *out : outs) *out = parts[i++];
}
void thunderc_unpack(std::initializer_list<at::Tensor *> outs, const std::tuple<at::Tensor, at::Tensor> &parts) {
  thunderc_unpack(outs, std::vector<at::Tensor>{std::get<0>(parts), std::get<1>(parts)});
}

)";

const char *const kWrapHelper =
    R"(// A Python number where a tensor is expected: a 0-dim "wrapped number" tensor, as PyTorch's
// argument parser makes one (it takes part in type promotion as a weak scalar).
at::Tensor thunderc_wrap(const at::Scalar &s) { return at::native::wrapped_scalar_tensor(s); }

)";

const char *const kSetitemHelper =
    R"(// `self[index] = value`, functionalised: a new tensor, `self` unchanged.
template <class Value>
at::Tensor thunderc_setitem(const at::Tensor &self, at::ArrayRef<at::indexing::TensorIndex> index,
                            const Value &value) {
  at::Tensor out = at::clone(self);
  out.index_put_(index, value);
  return out;
}

)";

const char *const kIndexTableHelper =
    R"(// A subscript made of constants (None, ..., ints, bools, slices) is a table of these: constant
// data costs the C++ compiler nothing, where a braced list of at::indexing::TensorIndex costs it
// about 50 ms per subscript.
struct Index {
  enum Kind : unsigned char { kNone, kEllipsis, kInt, kBool, kSlice } kind;
  unsigned char given;       // kSlice: bit 0 start, bit 1 stop, bit 2 step (unset: Python's None)
  int64_t start, stop, step; // kInt, kBool: start
};

std::vector<at::indexing::TensorIndex> thunderc_indices(const Index *index, size_t n) {
  std::vector<at::indexing::TensorIndex> out;
  out.reserve(n);
  for (const Index *i = index; i != index + n; ++i) {
    auto bound = [i](int bit, int64_t v) {
      return (i->given >> bit & 1) ? c10::optional<int64_t>(v) : c10::nullopt;
    };
    switch (i->kind) {
    case Index::kNone: out.emplace_back(at::indexing::None); break;
    case Index::kEllipsis: out.emplace_back(at::indexing::Ellipsis); break;
    case Index::kInt: out.emplace_back(i->start); break;
    case Index::kBool: out.emplace_back(i->start != 0); break;
    case Index::kSlice:
      out.emplace_back(at::indexing::Slice(bound(0, i->start), bound(1, i->stop), bound(2, i->step)));
      break;
    }
  }
  return out;
}

// `self[index]`
at::Tensor thunderc_index(const at::Tensor &self, const Index *index, size_t n) {
  return self.index(thunderc_indices(index, n));
}

// `self[index] = value`, in place, on the tensor `self` refers to (a part gets the tensors it
// reads as const references; at::Tensor::index_put_ with TensorIndex is not a const method).
template <class Value>
void thunderc_index_put_(const at::Tensor &self, const Index *index, size_t n, const Value &value) {
  at::Tensor(self).index_put_(thunderc_indices(index, n), value);
}

)";

const char *const kSdpaHelper =
    R"(// torch.nn.functional.scaled_dot_product_attention as PyTorch 2 defines it (its math reference;
// libtorch 1.13 has no kernel for it), op for op as thunderc_support.py runs it in Python.
at::Tensor thunderc_sdpa(const at::Tensor &query, const at::Tensor &key, const at::Tensor &value,
                         const c10::optional<at::Tensor> &attn_mask, double dropout_p, bool is_causal,
                         c10::optional<double> scale, bool enable_gqa) {
  if (enable_gqa && (key.size(-3) != query.size(-3) || value.size(-3) != query.size(-3)))
    return thunderc_sdpa(query, key.repeat_interleave(query.size(-3) / key.size(-3), -3),
                         value.repeat_interleave(query.size(-3) / value.size(-3), -3), attn_mask,
                         dropout_p, is_causal, scale, false);
  const int64_t L = query.size(-2), S = key.size(-2);
  const double s = scale ? *scale : 1 / std::sqrt(static_cast<double>(query.size(-1)));
  const double inf = std::numeric_limits<double>::infinity();
  at::Tensor bias = at::zeros({L, S}, at::dtype(query.scalar_type()).device(query.device()));
  if (is_causal) {
    at::Tensor mask = at::tril(at::ones({L, S}, at::dtype(at::kBool).device(query.device())), 0);
    bias = at::masked_fill(bias, at::logical_not(mask), -inf);
  }
  if (attn_mask) {
    if (attn_mask->scalar_type() == at::kBool)
      bias = at::masked_fill(bias, at::logical_not(*attn_mask), -inf);
    else
      bias = at::add(bias, *attn_mask);
  }
  at::Tensor weight = at::softmax(at::add(at::mul(at::matmul(query, key.transpose(-2, -1)), s), bias), -1);
  if (dropout_p > 0.0) weight = at::dropout(weight, dropout_p, true);
  return at::matmul(weight, value);
}

)";

const char *const kGradFactoryHelper =
    R"(// Whether the caller of the entry point runs under InferenceMode (run_checked sets it).
thread_local bool caller_in_inference_mode = false;

// A factory with requires_grad=True, made as computation.py (under no_grad) makes it: an ordinary
// tensor that requires grad, whose views require grad too. Under InferenceMode it would be an
// inference tensor, which to_normal gives back without autograd metadata; so it is made outside
// InferenceMode, unless the caller itself runs under it (computation.py would make an inference
// tensor there too). requires_grad is set afterwards, as PyTorch's Python binding does (ATen's
// factories refuse TensorOptions that carry it).
template <class Make>
at::Tensor thunderc_grad_factory(Make make) {
  c10::optional<c10::InferenceMode> ordinary;
  if (!caller_in_inference_mode) ordinary.emplace(false);
  at::NoGradGuard no_grad;
  at::Tensor t = make();
  t.set_requires_grad(true);
  return t;
}

)";

// ---- includes ------------------------------------------------------------------------------

// Generated text: the core itself includes no ATen.
std::string include(const std::string &header) {
  return "#include <" + header + ">\n";
}

// What every generated file includes after its ATen headers: the entry points' guards and the
// op registration.
constexpr const char *kRuntimeHeaders[] = {
    "c10/core/InferenceMode.h", "c10/core/impl/LocalDispatchKeySet.h", "torch/library.h"};
constexpr const char *kStdIncludes =
    "#include <cmath>\n#include <cstddef>\n#include <cstdint>\n#include <exception>\n"
    "#include <initializer_list>\n#include <limits>\n#include <string>\n#include <tuple>\n"
    "#include <typeinfo>\n#include <vector>\n";

// ---- the emitter ---------------------------------------------------------------------------

class Emitter {
public:
  Emitter(const Trace &t, const CppOptions &o) : t_(t), o_(o) {}

  std::string emit() {
    THUNDERC_ASSERT(is_identifier(o_.name),
                    "--so needs the graph name to be an identifier: " + o_.name);
    for (ValueId p : t_.params) {
      if (t_.values[p].type.kind != ValueType::Kind::Tensor)
        fail_at(nullptr, fmt::format("the computation input {} is not a tensor", t_.name_of(p)));
      check_name(p);
    }
    plan_in_place_updates();
    split_chunks();
    ops_headers_.insert("empty"); // to_normal
    std::string body = computation_function();
    std::string usings = use_index_ ? "using at::indexing::Ellipsis;\nusing at::indexing::None;\n"
                                      "using at::indexing::Slice;\n\n"
                                    : "";
    return header() + includes() + "\nnamespace {\n\n" + usings + helpers() + devices_struct() +
           chunks_ + body + entry_points();
  }

private:
  const Trace &t_;
  const CppOptions &o_;
  const Instr *cur_ = nullptr;        // the op being printed (for messages)
  std::set<std::string> ops_headers_; // ATen/ops/<name>.h
  bool use_dev_ = false, use_index_ = false, use_wrap_ = false, use_unpack_ = false,
       use_setitem_ = false, use_sdpa_ = false, use_index_table_ = false,
       use_grad_factory_ = false, grad_factory_ = false;
  std::string tables_; // the index tables of the statement being printed
  size_t n_tables_ = 0;
  // chunking
  std::vector<std::vector<size_t>> chunk_instrs_; // body indices per chunk (comments included)
  const Instr *ret_ = nullptr;
  std::vector<int> def_chunk_; // -1: parameter; -2: undefined
  std::vector<int> last_use_;  // chunk index; chunks.size() when returned
  std::vector<bool> used_;
  std::string chunks_;
  // per body index: an index_copy or clone done on the input itself / a write-back left out
  std::vector<bool> in_place_, dropped_;

  std::string var(ValueId v) const { return "v_" + t_.name_of(v); }

  void check_name(ValueId v) const {
    THUNDERC_ASSERT(is_identifier(t_.name_of(v)),
                    "trace value name is not an identifier: " + t_.name_of(v));
  }

  [[noreturn]] void fail_at(const Instr *ins, const std::string &why) const {
    std::string what;
    if (ins) {
      std::string outs;
      for (ValueId o : ins->outs)
        outs += (outs.empty() ? "" : ", ") + t_.name_of(o);
      what = fmt::format(" for `{}{}`", outs.empty() ? "" : outs + " = ", ins->callee.str());
    }
    throw UserError(
        "",
        fmt::format(
            "--so: cannot generate C++{}: {}; compile without --so to get the Python traces only",
            what, why));
  }
  [[noreturn]] void fail(const std::string &why) const { fail_at(cur_, why); }

  // ---- updates in place --------------------------------------------------------------------

  // The KV-cache update, done where the program does it. An input x that the program updates in
  // place is, in the trace, a new tensor v made from x and, at the end, `torch.Tensor.copy_(x, v)`:
  // a copy of the whole of x and a copy back. Two forms are done in place instead, when x's only
  // readers are v's op and the copy back (so nothing else sees x in between) and no output is v
  // or a view of it (which would then share the input's memory):
  //  * `v = torch.index_copy(x, ...)`, with nothing updating v later: `x.index_copy_(...)`;
  //  * `v = torch.clone(x)` updated in place once (`operator.setitem(v, i, t)`, a subscript
  //    assignment): v is x, and the update goes to x.
  // v is x from then on, and the copy back is left out: the same values in x and in every output,
  // and x's version counter counts one update, as computation.py's copy back does.
  void plan_in_place_updates() {
    const size_t n = t_.values.size(), nb = t_.body.size();
    std::vector<int> reads(n, 0), updates(n, 0), def(n, -1);
    std::vector<ValueId> base(n); // what a value may be a view of (itself when no view op made it)
    std::vector<bool> output(n, false); // an output is the value or a view of it
    for (ValueId v = 0; v < n; ++v)
      base[v] = v;
    for (size_t i = 0; i < nb; ++i) {
      const Instr &ins = t_.body[i];
      for (const auto &a : ins.bound)
        for_each_value(a.operand, [&](ValueId v) { ++reads[v]; });
      if (ins.kind == Instr::Kind::Return)
        for (const auto &a : ins.args)
          for_each_value(a, [&](ValueId v) { ++reads[v], output[base[v]] = true; });
      if (ins.kind != Instr::Kind::Call || ins.op < 0) continue;
      const Op op = static_cast<Op>(ins.op);
      const bool on_value =
          !ins.bound.empty() && ins.bound[0].operand.kind() == Operand::Kind::Value;
      // a setitem with a result is the functional form: a new tensor, the receiver unchanged
      const bool updates_receiver =
          (ops::info(op).flags & ops::InPlace) && !(op == Op::setitem_ && !ins.outs.empty());
      if (updates_receiver && on_value) ++updates[base[ins.bound[0].operand.value]];
      for (ValueId o : ins.outs) {
        def[o] = static_cast<int>(i);
        if (on_value && (updates_receiver || (ops::info(op).flags & ops::View)))
          base[o] = base[ins.bound[0].operand.value];
      }
    }
    in_place_.assign(nb, false);
    dropped_.assign(nb, false);
    for (size_t w = 0; w < nb; ++w) {
      const Instr &wb = t_.body[w];
      if (!is_write_back(wb) || wb.bound.size() != 3 ||
          wb.bound[1].operand.kind() != Operand::Kind::Value)
        continue;
      const ValueId x = wb.bound[0].operand.value, v = wb.bound[1].operand.value;
      if (def[x] != -1 || def[v] < 0 || reads[x] != 2 || output[v]) continue;
      const Instr &d = t_.body[def[v]];
      if (d.outs.size() != 1 || d.bound.empty() ||
          d.bound[0].operand.kind() != Operand::Kind::Value || d.bound[0].operand.value != x)
        continue;
      if (!(d.op == static_cast<int>(Op::index_copy) && updates[v] == 0) &&
          !(d.op == static_cast<int>(Op::clone) && updates[v] == 1))
        continue;
      in_place_[def[v]] = true;
      dropped_[w] = true;
    }
  }
  bool in_place(const Instr &ins) const { return in_place_[&ins - t_.body.data()]; }
  // `torch.Tensor.copy_(x, v)` with no result: the write-back of the input x.
  static bool is_write_back(const Instr &ins) {
    return ins.kind == Instr::Kind::Call && ins.op == static_cast<int>(Op::copy_) &&
           ins.outs.empty() && !ins.bound.empty() &&
           ins.bound[0].operand.kind() == Operand::Kind::Value;
  }

  // ---- chunking and liveness ---------------------------------------------------------------

  static void uses_of(const Operand &o, std::vector<ValueId> &out) {
    for_each_value(o, [&](ValueId v) { out.push_back(v); });
  }

  void split_chunks() {
    const size_t per = std::max<size_t>(1, o_.chunk_ops);
    std::vector<size_t> pending; // comments waiting for the next op
    size_t ops_in_chunk = per;   // forces a new chunk at the first op
    for (size_t i = 0; i < t_.body.size(); ++i) {
      const Instr &ins = t_.body[i];
      switch (ins.kind) {
      case Instr::Kind::Comment:
        pending.push_back(i);
        continue;
      case Instr::Kind::Return:
        if (ret_) fail_at(&ins, "the computation returns twice");
        ret_ = &ins;
        continue;
      case Instr::Kind::Call:
        if (ins.op < 0) fail_at(&ins, "it is not an op of the catalogue");
        if (dropped_[i]) continue;
        break;
      default:
        fail_at(&ins, "the computation holds a non-op instruction");
      }
      if (ops_in_chunk == per) {
        chunk_instrs_.emplace_back();
        ops_in_chunk = 0;
      }
      for (size_t c : pending)
        chunk_instrs_.back().push_back(c);
      pending.clear();
      chunk_instrs_.back().push_back(i);
      ++ops_in_chunk;
    }
    if (!ret_) fail_at(nullptr, "the computation has no return");
    if (!pending.empty() && !chunk_instrs_.empty())
      for (size_t c : pending)
        chunk_instrs_.back().push_back(c);

    const size_t n = t_.values.size();
    def_chunk_.assign(n, -2);
    last_use_.assign(n, -1);
    used_.assign(n, false);
    for (ValueId p : t_.params)
      def_chunk_[p] = -1;
    for (size_t c = 0; c < chunk_instrs_.size(); ++c)
      for (size_t i : chunk_instrs_[c]) {
        const Instr &ins = t_.body[i];
        std::vector<ValueId> uses;
        for (const auto &a : ins.bound)
          uses_of(a.operand, uses);
        for (ValueId u : uses) {
          THUNDERC_ASSERT(def_chunk_[u] != -2, "value used before it is defined: " + t_.name_of(u));
          last_use_[u] = static_cast<int>(c);
          used_[u] = true;
        }
        for (ValueId o : ins.outs) {
          check_name(o);
          def_chunk_[o] = static_cast<int>(c);
        }
      }
    std::vector<ValueId> rets;
    for (const auto &a : ret_->args)
      uses_of(a, rets);
    for (ValueId r : rets) {
      THUNDERC_ASSERT(def_chunk_[r] != -2, "returned value is not defined: " + t_.name_of(r));
      if (t_.values[r].type.kind != ValueType::Kind::Tensor)
        fail_at(nullptr,
                fmt::format("the computation returns {}, which is not a tensor", t_.name_of(r)));
      last_use_[r] = static_cast<int>(chunk_instrs_.size());
      used_[r] = true;
    }
  }

  bool inline_body() const { return chunk_instrs_.size() <= 1; }
  // Defined in a chunk and needed after it: declared in computation(), assigned by its chunk.
  bool crosses(ValueId v) const {
    return !inline_body() && def_chunk_[v] >= 0 && last_use_[v] > def_chunk_[v];
  }

  std::vector<ValueId> returned() const {
    std::vector<ValueId> out;
    for (const auto &a : ret_->args)
      uses_of(a, out);
    return out;
  }

  // ---- the file ----------------------------------------------------------------------------

  std::string header() const {
    const std::string &n = o_.name;
    std::string s = fmt::format(
        "// {0}.cpp: the computation of graph '{0}' as ATen calls, generated by thunderc {1}.\n"
        "// Built by `thunderc compile --so` (see docs/traces.md, \"The compiled library\"); by "
        "hand:\n"
        "//   c++ -std=c++17 -O1 -fPIC -shared {0}.cpp -o {0}.so -I<torch>/include\n"
        "//       -I<torch>/include/torch/csrc/api/include -L<torch>/lib -ltorch -ltorch_cpu "
        "-lc10\n"
        "//\n"
        "// Entry points (plain C symbols; they catch every exception):\n"
        "//   int thunderc_{0}_run(const at::Tensor *inputs, size_t n_inputs,\n"
        "//                     at::Tensor *outputs, size_t n_outputs);\n"
        "//     runs the computation on the inputs below and stores the outputs below; returns 0, "
        "or\n"
        "//     1 after an error, whose message thunderc_{0}_last_error() returns (per thread, "
        "valid\n"
        "//     until the next call). Under c10::InferenceMode (no_grad) with autocast off, like\n"
        "//     computation.py; the outputs are ordinary tensors unless the caller is in "
        "InferenceMode.\n"
        "//   const char *thunderc_{0}_last_error(void);\n"
        "//   size_t thunderc_{0}_num_inputs(void);   // {2}\n"
        "//   size_t thunderc_{0}_num_outputs(void);  // {3}\n"
        "// Dispatcher op (torch.ops.load_library(\"{0}.so\"); {4}):\n"
        "//   thunderc::{0}({5}) -> Tensor[] (the outputs below)\n"
        "// The trace was specialised to the device of its first input; factory ops and .to() use "
        "the\n"
        "// device of the first input of each call in its place, so one library runs on CPU and "
        "CUDA.\n"
        "//\n"
        "// Inputs, in order:\n",
        n, THUNDERC_VERSION, t_.params.size(), returned().size(),
        list_input() ? "torch.ops.thunderc." + n + "(inputs)"
                     : "torch.ops.thunderc." + n + "(*inputs)",
        list_input() ? "Tensor[] inputs: the inputs below, as one list"
                     : "<one Tensor per input below>");
    for (size_t i = 0; i < t_.params.size(); ++i)
      s += fmt::format("//   {:>3} {}: \"{}\"\n", i, t_.name_of(t_.params[i]),
                       type_text(t_.values[t_.params[i]].type));
    s += "// Outputs, in order:\n";
    auto rets = returned();
    for (size_t i = 0; i < rets.size(); ++i)
      s += fmt::format("//   {:>3} {}: \"{}\"\n", i, t_.name_of(rets[i]),
                       type_text(t_.values[rets[i]].type));
    std::vector<std::string> updated, written;
    for (size_t i = 0; i < t_.body.size(); ++i)
      if (is_write_back(t_.body[i]))
        (dropped_[i] ? updated : written).push_back(t_.name_of(t_.body[i].bound[0].operand.value));
    if (!updated.empty())
      s += wrap_list("// ", "Inputs updated in place where the program updates them: ", updated,
                     "\n");
    if (!written.empty())
      s += wrap_list("// ", "Inputs updated in place (written back at the end): ", written, "\n");
    return s;
  }

  std::string includes() const {
    std::string s = "\n" + include("ATen/core/Tensor.h") + include("ATen/core/grad_mode.h");
    if (use_index_ || use_setitem_ || use_index_table_) s += include("ATen/TensorIndexing.h");
    if (use_wrap_) s += include("ATen/ScalarOps.h");
    for (const auto &h : ops_headers_)
      s += include("ATen/ops/" + h + ".h");
    for (const char *h : kRuntimeHeaders)
      s += include(h);
    return s + "\n" + kStdIncludes;
  }

  std::string helpers() {
    std::string s;
    if (use_unpack_) s += kUnpackHelper;
    if (use_wrap_) s += kWrapHelper;
    if (use_index_table_) s += kIndexTableHelper;
    if (use_setitem_) s += kSetitemHelper;
    if (use_sdpa_) s += kSdpaHelper;
    if (use_grad_factory_) s += kGradFactoryHelper;
    return s;
  }

  std::string devices_struct() const {
    return "// The device the trace was specialised to, and the device of this call's first "
           "input.\n"
           "struct Devices {\n"
           "  at::Device traced, actual;\n"
           "  at::Device operator()(const at::Device &d) const { return d == traced ? actual : d; "
           "}\n"
           "};\n\n";
  }

  std::string computation_function() {
    const size_t nc = chunk_instrs_.size();
    std::string s = "// The computation: inputs in[0..), outputs out[0..).\n"
                    "void computation(const at::Tensor *in, at::Tensor *out) {\n";
    for (size_t i = 0; i < t_.params.size(); ++i)
      if (used_[t_.params[i]])
        s += fmt::format("  const at::Tensor &{} = in[{}];\n", var(t_.params[i]), i);
    Device traced;
    if (!t_.params.empty()) traced = t_.values[t_.params[0]].type.tensor->device;
    std::string devices =
        fmt::format("  const Devices dev{{{}, {}}};\n", cpp_device(traced),
                    t_.params.empty() ? cpp_device(traced) : std::string("in[0].device()"));
    if (inline_body()) {
      std::string body = nc == 1 ? chunk_body(0) : "";
      if (use_dev_) s += devices;
      s += body;
    } else {
      s += devices;
      // cross-chunk tensors, declared where they are defined
      for (size_t c = 0; c < nc; ++c) {
        std::vector<std::string> decl;
        for (ValueId v = 0; v < t_.values.size(); ++v)
          if (def_chunk_[v] == static_cast<int>(c) && crosses(v)) decl.push_back(var(v));
        if (!decl.empty()) s += wrap_list("  ", "at::Tensor ", decl, ";") + "\n";
      }
      for (size_t c = 0; c < nc; ++c) {
        chunks_ += chunk_function(c);
        std::vector<std::string> args = {"dev"};
        for (ValueId v : chunk_inputs(c))
          args.push_back(var(v));
        for (ValueId v : chunk_outputs(c))
          args.push_back(var(v));
        s += wrap_list("  ", fmt::format("chunk_{}(", c), args, ");") + "\n";
        // tensors no later part reads are released (the last part's die with this function)
        std::vector<std::string> released;
        for (ValueId v = 0; v < t_.values.size(); ++v)
          if (crosses(v) && last_use_[v] == static_cast<int>(c) && c + 1 < nc)
            released.push_back(var(v) + ".reset();");
        if (!released.empty()) s += wrap_list("  ", "", released, "", "") + "\n";
      }
    }
    auto rets = returned();
    for (size_t i = 0; i < rets.size(); ++i)
      s += fmt::format("  out[{}] = {};\n", i, var(rets[i]));
    return s + "}\n\n";
  }

  // Tensors a chunk reads that an earlier chunk (or the caller) made.
  std::vector<ValueId> chunk_inputs(size_t c) const {
    std::set<ValueId> in;
    for (size_t i : chunk_instrs_[c]) {
      std::vector<ValueId> uses;
      for (const auto &a : t_.body[i].bound)
        uses_of(a.operand, uses);
      for (ValueId u : uses)
        if (def_chunk_[u] < static_cast<int>(c)) in.insert(u);
    }
    return {in.begin(), in.end()};
  }
  std::vector<ValueId> chunk_outputs(size_t c) const {
    std::vector<ValueId> out;
    for (ValueId v = 0; v < t_.values.size(); ++v)
      if (def_chunk_[v] == static_cast<int>(c) && crosses(v)) out.push_back(v);
    return out;
  }

  std::string chunk_function(size_t c) {
    size_t n_ops = 0;
    for (size_t i : chunk_instrs_[c])
      n_ops += t_.body[i].kind == Instr::Kind::Call;
    std::vector<std::string> params = {"const Devices &dev"};
    for (ValueId v : chunk_inputs(c))
      params.push_back("const at::Tensor &" + var(v));
    for (ValueId v : chunk_outputs(c))
      params.push_back("at::Tensor &" + var(v));
    std::string s = fmt::format("// Part {} of {} ({} ops).\n", c + 1, chunk_instrs_.size(), n_ops);
    s += wrap_list("", fmt::format("void chunk_{}(", c), params, ") {") + "\n";
    s += "  (void)dev;\n";
    return s + chunk_body(c) + "}\n\n";
  }

  std::string chunk_body(size_t c) {
    std::string s;
    for (size_t i : chunk_instrs_[c]) {
      const Instr &ins = t_.body[i];
      if (ins.kind == Instr::Kind::Comment) {
        s += "  // " + cpp_comment(ins.comment) + "\n";
        continue;
      }
      s += statement(ins);
    }
    return s;
  }

  std::string type_comment(const Instr &ins) const {
    std::string c;
    for (ValueId v : ins.outs)
      c += fmt::format("{}{}: \"{}\"", c.empty() ? "" : ", ", t_.name_of(v),
                       type_text(t_.values[v].type));
    if (!ins.comment.empty()) c += (c.empty() ? "" : "; ") + ins.comment.str();
    return c.empty() ? "" : "  // " + cpp_comment(c);
  }

  std::string statement(const Instr &ins) {
    cur_ = &ins;
    for (ValueId o : ins.outs)
      if (t_.values[o].type.kind != ValueType::Kind::Tensor)
        fail(fmt::format("its result {} is not a tensor", t_.name_of(o)));
    THUNDERC_ASSERT(ins.bound.size() == ops::params(static_cast<Op>(ins.op)).size(),
                    "computation op without its bound arguments: " + ins.callee.str());
    Expr e = expr(ins);
    std::string s = std::move(tables_);
    tables_.clear();
    if (ins.outs.empty()) {
      s += "  " + e.text + ";";
    } else if (ins.outs.size() == 1 && !e.multi) {
      ValueId o = ins.outs[0];
      s += fmt::format("  {}{} = {};", crosses(o) ? "" : "at::Tensor ", var(o), e.text);
    } else {
      if (!e.multi) fail("it has several results but the ATen call returns one tensor");
      use_unpack_ = true;
      std::vector<std::string> locals, ptrs;
      for (ValueId o : ins.outs) {
        if (!crosses(o)) locals.push_back(var(o));
        ptrs.push_back("&" + var(o));
      }
      if (!locals.empty()) s += wrap_list("  ", "at::Tensor ", locals, ";") + "\n";
      s += wrap_list("  ", "thunderc_unpack({", ptrs, "}, " + e.text + ");");
    }
    cur_ = nullptr;
    return s + type_comment(ins) + "\n";
  }

  // ---- arguments -----------------------------------------------------------------------------

  struct Expr {
    std::string text;
    bool multi = false; // returns a tuple or vector of tensors
  };

  const Arg &m(size_t i) const { return cur_->bound.at(i).meta; }
  const Operand &b(size_t i) const { return cur_->bound.at(i).operand; }
  std::string_view pname(size_t i) const { return ops::params(static_cast<Op>(cur_->op))[i].name; }

  std::string tensor_of(const Operand &o, const Arg &a, std::string_view what) const {
    if (a.kind != Arg::Kind::Tensor || o.kind() != Operand::Kind::Value)
      fail(fmt::format("{} is {}, not a tensor", what, ops::describe(a)));
    return var(o.value);
  }
  std::string tensor(size_t i) const { return tensor_of(b(i), m(i), pname(i)); }
  bool is_none(size_t i) const { return m(i).kind == Arg::Kind::None; }
  bool is_tensor(size_t i) const { return m(i).kind == Arg::Kind::Tensor; }

  std::string number_of(const Arg &a, std::string_view what) const {
    switch (a.kind) {
    case Arg::Kind::Int:
      return cpp_int(a.i);
    case Arg::Kind::Float:
      return cpp_double(a.f);
    case Arg::Kind::Bool:
      return a.b ? "true" : "false";
    default:
      fail(fmt::format("{} is {}, not a number", what, ops::describe(a)));
    }
  }
  // at::Scalar: a Python number, typed as Python typed it (int, float or bool).
  std::string scalar(size_t i) const { return number_of(m(i), pname(i)); }
  std::string scalar_or_tensor(size_t i) const { return is_tensor(i) ? tensor(i) : scalar(i); }
  // A Tensor parameter given a Python number: wrapped like PyTorch's argument parser does.
  std::string tensor_or_wrapped(size_t i) {
    if (is_tensor(i)) return tensor(i);
    use_wrap_ = true;
    return "thunderc_wrap(" + scalar(i) + ")";
  }
  std::string integer(size_t i) const {
    if (m(i).kind == Arg::Kind::Int) return cpp_int(m(i).i);
    if (m(i).kind == Arg::Kind::Bool) return m(i).b ? "1" : "0";
    fail(fmt::format("{} is {}, not an int", pname(i), ops::describe(m(i))));
  }
  std::string boolean(size_t i) const {
    if (m(i).kind == Arg::Kind::Bool) return m(i).b ? "true" : "false";
    if (m(i).kind == Arg::Kind::Int) return m(i).i ? "true" : "false";
    fail(fmt::format("{} is {}, not a bool", pname(i), ops::describe(m(i))));
  }
  std::string floating(size_t i) const {
    if (m(i).kind == Arg::Kind::Float) return cpp_double(m(i).f);
    if (m(i).kind == Arg::Kind::Int) return cpp_double(static_cast<double>(m(i).i));
    if (m(i).kind == Arg::Kind::Bool) return m(i).b ? "1.0" : "0.0";
    fail(fmt::format("{} is {}, not a float", pname(i), ops::describe(m(i))));
  }
  std::string opt_int(size_t i) const { return is_none(i) ? "c10::nullopt" : integer(i); }
  std::string opt_dtype(size_t i) const {
    if (is_none(i)) return "c10::nullopt";
    if (m(i).kind != Arg::Kind::DType)
      fail(fmt::format("{} is {}, not a dtype", pname(i), ops::describe(m(i))));
    return cpp_dtype(m(i).dtype);
  }
  std::string opt_tensor(size_t i) const { return is_none(i) ? "c10::nullopt" : tensor(i); }
  std::string str(size_t i) const {
    if (m(i).kind != Arg::Kind::Str)
      fail(fmt::format("{} is {}, not a str", pname(i), ops::describe(m(i))));
    return cpp_str(m(i).s);
  }
  // at::IntArrayRef from a sequence of ints (or one int).
  std::string int_list(size_t i) const {
    const Arg &a = m(i);
    if (a.kind == Arg::Kind::Int) return "at::IntArrayRef{" + cpp_int(a.i) + "}";
    if (a.kind != Arg::Kind::Seq)
      fail(fmt::format("{} is {}, not a sequence of ints", pname(i), ops::describe(a)));
    std::string s;
    for (const Arg &x : a.items) {
      if (x.kind != Arg::Kind::Int)
        fail(fmt::format("{} holds {}, not an int", pname(i), ops::describe(x)));
      s += (s.empty() ? "" : ", ") + cpp_int(x.i);
    }
    return "at::IntArrayRef{" + s + "}";
  }
  std::string opt_dims(size_t i) const { return is_none(i) ? "c10::nullopt" : int_list(i); }
  std::string tensor_list(size_t i) const {
    const Arg &a = m(i);
    if (a.kind != Arg::Kind::Seq || b(i).items().size() != a.items.size())
      fail(fmt::format("{} is {}, not a sequence of tensors", pname(i), ops::describe(a)));
    std::string s;
    for (size_t k = 0; k < a.items.size(); ++k)
      s += (s.empty() ? "" : ", ") + tensor_of(b(i).items()[k], a.items[k], pname(i));
    return "{" + s + "}";
  }
  // TensorOptions of a factory's result: its dtype and device as the trace computed them.
  std::string factory_options(size_t requires_grad) {
    use_dev_ = true;
    if (cur_->outs.size() != 1) fail("a factory with several results");
    const TensorMeta &t = t_.values[cur_->outs[0]].type.tensor;
    std::string s =
        fmt::format("at::dtype({}).device(dev({}))", cpp_dtype(t.dtype), cpp_device(t.device));
    grad_factory_ = m(requires_grad).kind == Arg::Kind::Bool && m(requires_grad).b;
    return s;
  }
  // A factory call, made outside InferenceMode and then set to require grad when the trace asks
  // for requires_grad=True (see kGradFactoryHelper); factory_options() has been called for it.
  std::string factory(const std::string &call) {
    if (!grad_factory_) return call;
    grad_factory_ = false;
    use_grad_factory_ = true;
    return "thunderc_grad_factory([&] { return " + call + "; })";
  }
  std::string mutable_ref(size_t i) const { return "const_cast<at::Tensor &>(" + tensor(i) + ")"; }

  // One index of a subscript: int, None, Ellipsis, slice, bool, tensor, list of ints or bools.
  std::string index_item(const Operand &o, const Arg &a) {
    switch (a.kind) {
    case Arg::Kind::Int:
      return cpp_int(a.i);
    case Arg::Kind::None:
      return "None";
    case Arg::Kind::Ellipsis:
      return "Ellipsis";
    case Arg::Kind::Bool:
      return a.b ? "true" : "false";
    case Arg::Kind::Tensor:
      return tensor_of(o, a, "an index");
    case Arg::Kind::Slice: {
      std::vector<std::string> parts;
      for (const Arg &x : a.items) {
        if (x.kind == Arg::Kind::None)
          parts.push_back("None");
        else if (x.kind == Arg::Kind::Int)
          parts.push_back(cpp_int(x.i));
        else
          fail("a slice bound that is " + ops::describe(x));
      }
      while (!parts.empty() && parts.back() == "None")
        parts.pop_back();
      std::string s;
      for (const auto &p : parts)
        s += (s.empty() ? "" : ", ") + p;
      return "Slice(" + s + ")";
    }
    case Arg::Kind::Seq: {
      bool ints = std::all_of(a.items.begin(), a.items.end(),
                              [](auto &x) { return x.kind == Arg::Kind::Int; });
      bool bools = std::all_of(a.items.begin(), a.items.end(),
                               [](auto &x) { return x.kind == Arg::Kind::Bool; });
      if (!a.is_list || a.items.empty() || (!ints && !bools))
        fail("an index that is " + ops::describe(a));
      ops_headers_.insert("tensor");
      std::string s;
      for (const Arg &x : a.items)
        s += (s.empty() ? "" : ", ") + (ints ? cpp_int(x.i) : x.b ? "true" : "false");
      return fmt::format("at::tensor(at::ArrayRef<{}>{{{}}})", ints ? "int64_t" : "bool", s);
    }
    default:
      fail("an index that is " + ops::describe(a));
    }
  }
  // `x[index]` when every index is a constant: declares the statement's table of Index entries
  // and returns "<table>, <count>" to pass to the helpers; nullopt when some index is not one.
  std::optional<std::string> index_table(size_t i) {
    const Arg &a = m(i);
    const bool tuple = a.kind == Arg::Kind::Seq && !a.is_list;
    std::string entries;
    size_t n = 0;
    for (const Arg &x : tuple ? std::span<const Arg>(a.items) : std::span<const Arg>(&a, 1)) {
      std::string e;
      switch (x.kind) {
      case Arg::Kind::Int:
        e = "{Index::kInt, 0, " + cpp_int(x.i) + "}";
        break;
      case Arg::Kind::None:
        e = "{Index::kNone}";
        break;
      case Arg::Kind::Ellipsis:
        e = "{Index::kEllipsis}";
        break;
      case Arg::Kind::Bool:
        e = std::string("{Index::kBool, 0, ") + (x.b ? "1" : "0") + "}";
        break;
      case Arg::Kind::Slice: {
        int given = 0;
        std::string bounds, zeros; // the bounds up to the last given one; absent ones are 0
        for (size_t k = 0; k < x.items.size() && k < 3; ++k) {
          if (x.items[k].kind == Arg::Kind::None) {
            zeros += ", 0";
          } else if (x.items[k].kind == Arg::Kind::Int) {
            given |= 1 << k;
            bounds += zeros + ", " + cpp_int(x.items[k].i);
            zeros.clear();
          } else {
            return std::nullopt;
          }
        }
        e = given ? "{Index::kSlice, " + std::to_string(given) + bounds + "}" : "{Index::kSlice}";
        break;
      }
      default:
        return std::nullopt;
      }
      entries += (n++ ? ", " : "") + e;
    }
    use_index_table_ = true;
    std::string name = "ix_" + std::to_string(n_tables_++);
    tables_ += "  static constexpr Index " + name + "[] = {" + entries + "};\n";
    return name + ", " + std::to_string(n);
  }
  // The braced list of TensorIndex for `x[index]`: a tuple is several indices, anything else one.
  std::string index_list(size_t i) {
    use_index_ = true;
    const Arg &a = m(i);
    const Operand &o = b(i);
    if (a.kind == Arg::Kind::Seq && !a.is_list) {
      std::string s;
      for (size_t k = 0; k < a.items.size(); ++k)
        s += (s.empty() ? "" : ", ") +
             index_item(k < o.items().size() ? o.items()[k] : Operand{}, a.items[k]);
      return "{" + s + "}";
    }
    return "{" + index_item(o, a) + "}";
  }

  // ---- ops -----------------------------------------------------------------------------------

  // at::<name>, declared in ATen/ops/<name>.h, where an in-place function is declared in its
  // function's header (at::silu_ in silu.h: there is no silu_.h).
  std::string fn(std::string_view name) {
    ops_headers_.insert(std::string(cpp_aten_ops_header(name)));
    return "at::" + std::string(name);
  }

  std::string binary(std::string_view name, bool scalar_other) {
    std::string other = scalar_other ? scalar_or_tensor(1) : tensor_or_wrapped(1);
    return fn(name) + "(" + tensor_or_wrapped(0) + ", " + other + ")";
  }

  Expr expr(const Instr &ins) {
    const Op op = static_cast<Op>(ins.op);
    const std::string id(ops::info(op).id);
    switch (op) {
    case Op::add:
    case Op::sub: {
      std::string alpha = m(2).kind == Arg::Kind::Int && m(2).i == 1 ? "" : ", " + scalar(2);
      return {fn(id) + "(" + tensor_or_wrapped(0) + ", " + scalar_or_tensor(1) + alpha + ")"};
    }
    case Op::mul:
    case Op::floor_divide:
    case Op::remainder:
    case Op::eq:
    case Op::ne:
    case Op::lt:
    case Op::le:
    case Op::gt:
    case Op::ge:
    case Op::bitwise_and:
    case Op::bitwise_or:
    case Op::bitwise_xor:
      return {binary(id, true)};
    case Op::div:
      if (is_none(2)) return {binary(id, true)};
      return {fn(id) + "(" + tensor_or_wrapped(0) + ", " + scalar_or_tensor(1) + ", " + str(2) +
              ")"};
    case Op::pow:
      if (!is_tensor(0)) return {fn(id) + "(" + scalar(0) + ", " + tensor(1) + ")"};
      return {binary(id, true)};
    case Op::maximum:
    case Op::minimum:
    case Op::logical_and:
    case Op::logical_or:
      return {binary(id, false)};
    case Op::where:
      return {fn(id) + "(" + tensor(0) + ", " + scalar_or_tensor(1) + ", " + scalar_or_tensor(2) +
              ")"};

    case Op::neg:
    case Op::abs:
    case Op::exp:
    case Op::log:
    case Op::sqrt:
    case Op::rsqrt:
    case Op::sin:
    case Op::cos:
    case Op::tanh:
    case Op::sigmoid:
    case Op::logical_not:
    case Op::bitwise_not:
    case Op::reciprocal:
    case Op::erf:
    case Op::log1p:
    case Op::expm1:
    case Op::log2:
    case Op::floor:
    case Op::ceil:
    case Op::trunc:
    case Op::sign:
    case Op::isnan:
    case Op::isinf:
    case Op::isfinite:
    case Op::mish:
    case Op::relu6:
    case Op::hardswish:
    case Op::hardsigmoid:
      return {fn(id) + "(" + tensor(0) + ")"};
    case Op::hardtanh:
      return {fn(id) + "(" + tensor(0) + ", " + scalar(1) + ", " + scalar(2) + ")"};
    case Op::prelu:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ")"};
    case Op::pixel_shuffle:
    case Op::pixel_unshuffle:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")"};
    case Op::leaky_relu:
    case Op::elu:
      return {fn(id) + "(" + tensor(0) + ", " + scalar(1) + ")"};
    case Op::softplus:
      return {fn(id) + "(" + tensor(0) + ", " + scalar(1) + ", " + scalar(2) + ")"};
    case Op::round:
      return {fn(id) + "(" + tensor(0) + (is_none(1) ? "" : ", " + integer(1)) + ")"};
    case Op::clone:
      if (in_place(ins)) return {tensor(0)}; // the input itself, updated in place next
      return {fn(id) + "(" + tensor(0) + ")"};
    case Op::relu:
      if (boolean(1) == "true") return {tensor(0) + ".relu_()"};
      return {fn(id) + "(" + tensor(0) + ")"};
    case Op::silu:
      if (boolean(1) == "true") return {fn("silu_") + "(" + mutable_ref(0) + ")"};
      return {fn(id) + "(" + tensor(0) + ")"};
    case Op::gelu:
      if (m(1).kind == Arg::Kind::Str && m(1).s == "none") return {fn(id) + "(" + tensor(0) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + str(1) + ")"};
    case Op::dropout:
      if (boolean(3) == "true")
        return {fn("dropout_") + "(" + mutable_ref(0) + ", " + floating(1) + ", " + boolean(2) +
                ")"};
      return {fn(id) + "(" + tensor(0) + ", " + floating(1) + ", " + boolean(2) + ")"};
    case Op::contiguous:
      return {tensor(0) + ".contiguous()"};

    case Op::to: {
      std::string tail = ", " + boolean(3) + ", " + boolean(4) + ")";
      if (tail == ", false, false)") tail = ")";
      std::string dtype = is_none(2) ? tensor(0) + ".scalar_type()" : opt_dtype(2);
      if (is_none(1)) return {tensor(0) + ".to(" + dtype + tail};
      // a torch.device, a string naming one ('cpu', 'cuda:1') or a CUDA device's index
      std::optional<Device> device;
      if (m(1).kind == Arg::Kind::Device) device = m(1).device;
      if (m(1).kind == Arg::Kind::Str) device = parse_device(m(1).s);
      if (m(1).kind == Arg::Kind::Int && m(1).i >= 0)
        device = Device{Device::Type::CUDA, static_cast<int>(m(1).i)};
      if (!device) fail(fmt::format("device is {}", ops::describe(m(1))));
      use_dev_ = true;
      return {tensor(0) + ".to(dev(" + cpp_device(*device) + "), " + dtype + tail};
    }
    case Op::type_as:
      return {tensor(0) + ".type_as(" + tensor(1) + ")"};
    case Op::to_float:
      return {tensor(0) + ".to(at::kFloat)"};
    case Op::to_half:
      return {tensor(0) + ".to(at::kHalf)"};
    case Op::to_bfloat16:
      return {tensor(0) + ".to(at::kBFloat16)"};
    case Op::to_double:
      return {tensor(0) + ".to(at::kDouble)"};
    case Op::to_long:
      return {tensor(0) + ".to(at::kLong)"};
    case Op::to_int:
      return {tensor(0) + ".to(at::kInt)"};
    case Op::to_bool:
      return {tensor(0) + ".to(at::kBool)"};

    case Op::sum:
    case Op::mean:
      if (is_none(1) && boolean(2) == "false")
        return {fn(id) + "(" + tensor(0) + (is_none(3) ? "" : ", " + opt_dtype(3)) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + opt_dims(1) + ", " + boolean(2) + ", " +
              opt_dtype(3) + ")"};
    case Op::amax:
    case Op::amin:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " + boolean(2) + ")"};
    case Op::max:
    case Op::min:
      if (is_none(1)) return {fn(id) + "(" + tensor(0) + ")"};
      if (is_tensor(1)) return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + boolean(2) + ")",
              ins.outs.size() > 1};
    case Op::any:
    case Op::all:
      if (is_none(1)) return {fn(id) + "(" + tensor(0) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + boolean(2) + ")"};
    case Op::argmax:
    case Op::argmin:
      return {fn(id) + "(" + tensor(0) + ", " + opt_int(1) + ", " + boolean(2) + ")"};
    case Op::var:
    case Op::std: {
      // unbiased=True/False is correction 1/0; the bool form is the one every libtorch version has
      std::string correction = !is_none(4)   ? integer(4)
                               : !is_none(2) ? (boolean(2) == "true" ? "1" : "0")
                                             : "1";
      std::string form = correction == "1"   ? "true"
                         : correction == "0" ? "false"
                                             : "c10::optional<int64_t>(" + correction + ")";
      return {fn(id) + "(" + tensor(0) + ", " + opt_dims(1) + ", " + form + ", " + boolean(3) +
              ")"};
    }
    case Op::clamp: { // the Tensor overload when a bound is a tensor (a number then wrapped)
      bool tensors = is_tensor(1) || is_tensor(2);
      auto bound = [&](size_t i) {
        if (is_none(i))
          return tensors ? "c10::optional<at::Tensor>()"
                         : std::string("c10::optional<at::Scalar>()");
        return tensors ? tensor_or_wrapped(i) : "c10::optional<at::Scalar>(" + scalar(i) + ")";
      };
      return {fn(id) + "(" + tensor(0) + ", " + bound(1) + ", " + bound(2) + ")"};
    }
    case Op::norm: { // as PyTorch 1.13's torch.norm calls ATen: 'fro' is frobenius_norm
      if (m(1).kind == Arg::Kind::Str)
        return {fn("frobenius_norm") + "(" + tensor(0) + ", " +
                (is_none(2) ? "at::IntArrayRef{}" : int_list(2)) + ", " + boolean(3) + ")"};
      std::string dims = "at::IntArrayRef{";
      for (size_t d = 0; is_none(2) && d < m(0).tensor.shape.size(); ++d)
        dims += (d ? ", " : "") + std::to_string(d);
      return {fn(id) + "(" + tensor(0) + ", c10::optional<at::Scalar>(" +
              (is_none(1) ? "" : scalar(1)) + "), " + (is_none(2) ? dims + "}" : int_list(2)) +
              ", " + boolean(3) + (is_none(4) ? "" : ", " + opt_dtype(4)) + ")"};
    }
    case Op::vector_norm:
      return {fn("linalg_vector_norm") + "(" + tensor(0) + ", " + scalar(1) + ", " +
              (is_none(2) ? "c10::nullopt" : "at::OptionalIntArrayRef(" + int_list(2) + ")") +
              ", " + boolean(3) + ", " + opt_dtype(4) + ")"};
    case Op::prod:
      if (is_none(1)) return {fn(id) + "(" + tensor(0) + ", " + opt_dtype(3) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + boolean(2) + ", " +
              opt_dtype(3) + ")"};
    case Op::logsumexp:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " + boolean(2) + ")"};
    case Op::softmax:
    case Op::log_softmax:
    case Op::cumprod:
    case Op::cumsum:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + opt_dtype(2) + ")"};
    case Op::layer_norm:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " + opt_tensor(2) + ", " +
              opt_tensor(3) + ", " + floating(4) + ", true)"};
    case Op::group_norm:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + opt_tensor(2) + ", " +
              opt_tensor(3) + ", " + floating(4) + ", true)"};
    case Op::batch_norm: // ATen takes weight and bias before the running statistics
      return {fn(id) + "(" + tensor(0) + ", " + opt_tensor(3) + ", " + opt_tensor(4) + ", " +
              opt_tensor(1) + ", " + opt_tensor(2) + ", " + boolean(5) + ", " + floating(6) + ", " +
              floating(7) + ", true)"};

    case Op::view:
      return {tensor(0) + ".view(" + int_list(1) + ")"};
    case Op::reshape:
    case Op::permute:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ")"};
    case Op::transpose:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + integer(2) + ")"};
    case Op::unsqueeze:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")"};
    case Op::squeeze:
      if (is_none(1)) return {fn(id) + "(" + tensor(0) + ")"};
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")"};
    case Op::flatten:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + integer(2) + ")"};
    case Op::expand:
      return {tensor(0) + ".expand(" + int_list(1) + ")"};
    case Op::expand_as:
      return {tensor(0) + ".expand_as(" + tensor(1) + ")"};
    case Op::repeat:
      return {tensor(0) + ".repeat(" + int_list(1) + ")"};
    case Op::repeat_interleave:
      return {fn(id) + "(" + tensor(0) + ", " + (is_tensor(1) ? tensor(1) : integer(1)) + ", " +
              opt_int(2) + ", " + opt_int(3) + ")"};
    case Op::cat:
    case Op::stack:
      return {fn(id) + "(" + tensor_list(0) + ", " + integer(1) + ")"};
    case Op::split:
      if (m(1).kind == Arg::Kind::Int)
        return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + integer(2) + ")", true};
      return {fn("split_with_sizes") + "(" + tensor(0) + ", " + int_list(1) + ", " + integer(2) +
                  ")",
              true};
    case Op::chunk:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + integer(2) + ")", true};
    case Op::unbind:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")", true};
    case Op::topk:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + integer(2) + ", " + boolean(3) +
                  ", " + boolean(4) + ")",
              true};
    case Op::sort: // (self, stable, dim, descending)
      return {fn(id) + "(" + tensor(0) + ", " + boolean(3) + ", " + integer(1) + ", " + boolean(2) +
                  ")",
              true};
    case Op::argsort:
      return {fn(id) + "(" + tensor(0) + ", " + boolean(3) + ", " + integer(1) + ", " + boolean(2) +
              ")"};
    case Op::narrow:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " +
              (is_tensor(2) ? tensor(2) : integer(2)) + ", " + integer(3) + ")"};
    case Op::getitem:
      if (auto table = index_table(1)) return {"thunderc_index(" + tensor(0) + ", " + *table + ")"};
      return {tensor(0) + ".index(" + index_list(1) + ")"};
    case Op::index_select:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + tensor(2) + ")"};
    case Op::gather:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + tensor(2) + ", " + boolean(3) +
              ")"};
    case Op::masked_fill:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + scalar_or_tensor(2) + ")"};
    case Op::index_copy:
      if (in_place(ins))
        return {tensor(0) + ".index_copy_(" + integer(1) + ", " + tensor(2) + ", " + tensor(3) +
                ")"};
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + tensor(2) + ", " + tensor(3) +
              ")"};
    case Op::index_add:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + tensor(2) + ", " + tensor(3) +
              ", " + scalar(4) + ")"};
    case Op::scatter:
    case Op::scatter_add:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + tensor(2) + ", " +
              scalar_or_tensor(3) + ")"};
    case Op::masked_scatter:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + tensor(2) + ")"};
    case Op::triu:
    case Op::tril:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")"};
    case Op::unflatten:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ", " + int_list(2) + ")"};
    case Op::flip:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ")"};
    case Op::roll:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " +
              (is_none(2) ? "at::IntArrayRef{}" : int_list(2)) + ")"};
    case Op::pad:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " + str(2) + ", " +
              (is_none(3) ? "c10::nullopt" : floating(3)) + ")"};

    case Op::arange:
      if (is_none(1)) fail("arange without an end");
      return {factory(fn(id) + "(" + scalar(0) + ", " + scalar(1) + ", " + scalar(2) + ", " +
                      factory_options(5) + ")")};
    case Op::zeros:
    case Op::ones:
    case Op::empty:
      return {factory(fn(id) + "(" + int_list(0) + ", " + factory_options(3) + ")")};
    case Op::full:
      return {
          factory(fn(id) + "(" + int_list(0) + ", " + scalar(1) + ", " + factory_options(4) + ")")};
    case Op::rand:
    case Op::randn:
      return {factory(fn(id) + "(" + int_list(0) + ", " + factory_options(4) + ")")};
    case Op::tensor: { // the numbers as int64 or double, converted into the dtype as PyTorch does
      std::vector<const Arg *> numbers;
      ops::flatten_data(m(0), numbers);
      bool any_float = std::any_of(numbers.begin(), numbers.end(),
                                   [](const Arg *a) { return a->kind == Arg::Kind::Float; });
      std::string values, shape;
      for (const Arg *a : numbers) {
        int64_t i = a->kind == Arg::Kind::Bool ? a->b : a->i;
        values +=
            (values.empty() ? "" : ", ") +
            (any_float ? cpp_double(a->kind == Arg::Kind::Float ? a->f : double(i)) : cpp_int(i));
      }
      std::string options = factory_options(3);
      for (int64_t d : t_.values[cur_->outs[0]].type.tensor->shape)
        shape += (shape.empty() ? "" : ", ") + cpp_int(d);
      return {factory(fmt::format("{}(std::vector<{}>{{{}}}).to({}).reshape({{{}}})", fn(id),
                                  any_float ? "double" : "int64_t", values, options, shape))};
    }
    case Op::zeros_like:
    case Op::ones_like:
    case Op::empty_like:
      return {factory(fn(id) + "(" + tensor(0) + ", " + factory_options(3) + ")")};
    case Op::full_like:
      return {
          factory(fn(id) + "(" + tensor(0) + ", " + scalar(1) + ", " + factory_options(4) + ")")};

    case Op::matmul:
    case Op::bmm:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ")"};
    case Op::einsum:
      return {fn(id) + "(" + str(0) + ", " + tensor_list(1) + ")"};
    case Op::addmm:
    case Op::baddbmm:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + tensor(2) + ", " + scalar(3) +
              ", " + scalar(4) + ")"};
    case Op::linear:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + opt_tensor(2) + ")"};
    case Op::interpolate: { // the ATen function PyTorch's Python function picks
      std::vector<Arg> bound;
      for (const auto &a : cur_->bound)
        bound.push_back(a.meta);
      if (m(0).kind != Arg::Kind::Tensor) fail("input is not a tensor");
      ops::Interpolation r = ops::interpolation(bound, m(0).tensor.shape);
      std::string size = "c10::nullopt", scales = "c10::nullopt";
      if (r.scales.empty()) {
        size.clear();
        for (int64_t n : r.size)
          size += (size.empty() ? "" : ", ") + cpp_int(n);
        size = "at::IntArrayRef{" + size + "}";
      } else {
        scales.clear();
        for (double s : r.scales)
          scales += (scales.empty() ? "" : ", ") + cpp_double(s);
        scales = "at::ArrayRef<double>{" + scales + "}";
      }
      if (r.aten.starts_with("adaptive_avg_pool")) // mode='area'
        return {fn(r.aten) + "(" + tensor(0) + ", " + size + ")"};
      return {fn(r.aten) + "(" + tensor(0) + ", " + size + ", " +
              (r.linear ? std::string(r.align_corners ? "true, " : "false, ") : "") + scales + ")"};
    }
    case Op::max_pool2d: // an omitted stride is the kernel's, which ATen takes from an empty list
    case Op::max_pool1d:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " +
              (is_none(2) ? "at::IntArrayRef{}" : int_list(2)) + ", " + int_list(3) + ", " +
              int_list(4) + ", " + boolean(5) + ")"};
    case Op::avg_pool2d:
    case Op::avg_pool1d:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ", " +
              (is_none(2) ? "at::IntArrayRef{}" : int_list(2)) + ", " + int_list(3) + ", " +
              boolean(4) + ", " + boolean(5) +
              (op == Op::avg_pool2d ? ", " + opt_int(6) : std::string()) + ")"};
    case Op::adaptive_avg_pool1d:
      return {fn(id) + "(" + tensor(0) + ", " + int_list(1) + ")"};
    case Op::adaptive_avg_pool2d: {
      const Arg &input = m(0);
      if (input.kind != Arg::Kind::Tensor) fail("input is not a tensor");
      std::string size;
      for (int64_t n : ops::adaptive_output_size(m(1), input.tensor.shape))
        size += (size.empty() ? "" : ", ") + cpp_int(n);
      return {fn(id) + "(" + tensor(0) + ", at::IntArrayRef{" + size + "})"};
    }
    case Op::conv1d:
    case Op::conv2d:
    case Op::conv3d: // the padding ints, or 'same' / 'valid'
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + opt_tensor(2) + ", " +
              int_list(3) + ", " +
              (m(4).kind == Arg::Kind::Str ? "c10::string_view(" + str(4) + ")" : int_list(4)) +
              ", " + int_list(5) + ", " + integer(6) + ")"};
    case Op::conv_transpose1d:
    case Op::conv_transpose2d:
    case Op::conv_transpose3d:
      return {fn(id) + "(" + tensor(0) + ", " + tensor(1) + ", " + opt_tensor(2) + ", " +
              int_list(3) + ", " + int_list(4) + ", " + int_list(5) + ", " + integer(6) + ", " +
              int_list(7) + ")"};
    case Op::one_hot:
      return {fn(id) + "(" + tensor(0) + ", " + integer(1) + ")"};
    case Op::cross_entropy:
      return {fn("cross_entropy_loss") + "(" + tensor(0) + ", " + tensor(1) + ", " + opt_tensor(2) +
              ", " + std::to_string(ops::reduction_code(m(6).s)) + ", " + integer(4) + ", " +
              floating(7) + ")"};
    case Op::embedding: {
      // torch.nn.functional.embedding: a negative padding_idx counts from the end, None is -1.
      const Arg &w = m(1);
      int64_t padding = -1;
      if (!is_none(2)) {
        if (m(2).kind != Arg::Kind::Int)
          fail(fmt::format("padding_idx is {}", ops::describe(m(2))));
        padding = m(2).i;
        if (padding < 0 && w.kind == Arg::Kind::Tensor && !w.tensor.shape.empty())
          padding += w.tensor.shape[0];
      }
      // the trace rejects max_norm (it renormalises the weight in place)
      if (!is_none(3)) fail("max_norm is not supported");
      return {fn(id) + "(" + tensor(1) + ", " + tensor(0) + ", " + cpp_int(padding) + ", " +
              boolean(5) + ", " + boolean(6) + ")"};
    }
    case Op::scaled_dot_product_attention: {
      use_sdpa_ = true;
      for (const char *h : {"zeros", "ones", "tril", "masked_fill", "logical_not", "add", "mul",
                            "matmul", "softmax", "dropout", "repeat_interleave"})
        ops_headers_.insert(h);
      return {"thunderc_sdpa(" + tensor(0) + ", " + tensor(1) + ", " + tensor(2) + ", " +
              opt_tensor(3) + ", " + floating(4) + ", " + boolean(5) + ", " +
              (is_none(6) ? std::string("c10::nullopt") : floating(6)) + ", " + boolean(7) + ")"};
    }

    case Op::add_:
    case Op::mul_:
    case Op::copy_:
    case Op::index_copy_:
    case Op::masked_fill_:
    case Op::zero_:
    case Op::fill_: {
      std::vector<std::string> args;
      for (size_t i = 1; i < ins.bound.size(); ++i) {
        if (op == Op::add_ && i == 2 && m(2).kind == Arg::Kind::Int && m(2).i == 1) continue;
        if (op == Op::copy_ && i == 2 && boolean(2) == "false") continue;
        if (op == Op::index_copy_ && i == 1)
          args.push_back(integer(i));
        else if (op == Op::copy_ && i == 2)
          args.push_back(boolean(i));
        else
          args.push_back(scalar_or_tensor(i));
      }
      std::string s;
      for (const auto &a : args)
        s += (s.empty() ? "" : ", ") + a;
      return {tensor(0) + "." + id + "(" + s + ")"};
    }
    case Op::setitem_: {
      auto table = index_table(1);
      // a number as one at::Scalar: the helpers are templates over the value's type
      const std::string value = is_tensor(2) ? tensor(2) : "at::Scalar(" + scalar(2) + ")";
      if (ins.outs.empty())
        return {table ? "thunderc_index_put_(" + tensor(0) + ", " + *table + ", " + value + ")"
                      : mutable_ref(0) + ".index_put_(" + index_list(1) + ", " +
                            scalar_or_tensor(2) + ")"};
      use_setitem_ = true;
      ops_headers_.insert("clone");
      return {"thunderc_setitem(" + tensor(0) + ", " +
              (table ? "thunderc_indices(" + *table + ")" : index_list(1)) + ", " + value + ")"};
    }

    case Op::size:
    case Op::dim:
    case Op::numel:
      fail("it returns a Python value");
    }
    fail("the op has no C++ form");
  }

  // ---- entry points --------------------------------------------------------------------------

  // PyTorch's dispatcher accepts at most 64 arguments per op: beyond that the op takes its inputs
  // as one list.
  bool list_input() const { return t_.params.size() > 64; }

  std::string entry_points() const {
    const std::string &n = o_.name;
    const size_t ni = t_.params.size(), no = returned().size();
    // The op's schema, `<name>(Tensor <input>, ...) -> Tensor[]`, is made as a c10::FunctionSchema
    // rather than parsed from text: TorchScript's schema parser reads names such as `NoneType` or
    // `Ellipsis`, valid graph and input names, as keywords (and throws while the library loads).
    std::vector<std::string> arg_names, schema_args;
    if (list_input()) {
      arg_names.push_back(cpp_str("inputs"));
      schema_args.push_back("Tensor[] inputs");
    } else {
      for (ValueId p : t_.params) {
        arg_names.push_back(cpp_str(t_.name_of(p)));
        schema_args.push_back("Tensor " + t_.name_of(p));
      }
    }
    const std::string schema =
        wrap_list("  // ", "thunderc::" + n + "(", schema_args, ") -> Tensor[]") + "\n" +
        "  c10::FunctionSchema schema(\n      " + cpp_str(n) + ", \"\",\n" +
        wrap_list("      ",
                  fmt::format("arguments({}, {{", list_input() ? "c10::ListType::ofTensors()"
                                                               : "c10::TensorType::get()"),
                  arg_names, "}),") +
        "\n      {c10::Argument(\"\", c10::ListType::ofTensors())});\n";
    // The dispatcher's calling convention: the inputs on the stack (separate tensors, or one
    // list), replaced by the list of outputs.
    const std::string take_inputs =
        list_input() ? "  TORCH_CHECK(!stack->empty(), \"thunderc::" + n +
                           ": expected a list of inputs\");\n"
                           "  std::vector<at::Tensor> inputs = stack->back().toTensorVector();\n"
                           "  stack->pop_back();\n"
                     : "  TORCH_CHECK(stack->size() >= kNumInputs, \"thunderc::" + n +
                           ": expected \", kNumInputs, \" inputs\");\n"
                           "  std::vector<at::Tensor> inputs;\n"
                           "  inputs.reserve(kNumInputs);\n"
                           "  for (size_t i = stack->size() - kNumInputs; i < stack->size(); ++i) "
                           "inputs.push_back((*stack)[i].toTensor());\n"
                           "  stack->erase(stack->end() - static_cast<std::ptrdiff_t>(kNumInputs), "
                           "stack->end());\n";
    return fmt::format(
        R"(constexpr size_t kNumInputs = {1}, kNumOutputs = {2};
thread_local std::string last_error;

// An ordinary tensor on the storage of `t` with its sizes, strides and offset. For a plain strided
// tensor the TensorImpl is made directly, as at::empty makes one (autograd keys are added outside
// InferenceMode), without the two dispatcher calls of at::empty and set_; anything else goes
// through them.
at::Tensor ordinary_alias(const at::Tensor &t) {{
  const c10::TensorImpl &impl = *t.unsafeGetTensorImpl();
  if (typeid(impl) == typeid(c10::TensorImpl) && t.layout() == at::kStrided && !t.is_conj() &&
      !t.is_neg() && !t._is_zerotensor()) {{
    auto made = c10::make_intrusive<c10::TensorImpl>(c10::Storage(t.storage()),
                                                     c10::DispatchKeySet(t.options().computeDispatchKey()),
                                                     t.dtype());
    made->set_sizes_and_strides(t.sizes(), t.strides(), t.storage_offset());
    return at::Tensor(std::move(made));
  }}
  at::Tensor normal = at::empty({{0}}, t.options());
  normal.set_(t.storage(), t.storage_offset(), t.sizes(), t.strides());
  return normal;
}}

// An output made under InferenceMode, as an ordinary tensor (what computation.py returns under
// no_grad): a new tensor on the same storage, no copy. Outputs sharing a storage become views of
// the first of them (so they share its version counter, as views do); an output given twice is
// one tensor.
void to_normal(at::Tensor *outputs, size_t n) {{
  for (size_t i = 0; i < n; ++i) {{
    at::Tensor &t = outputs[i];
    if (!t.defined() || !t.is_inference()) continue;
    at::Tensor normal;
    if (!t.has_storage()) {{
      t = t.clone();
      continue;
    }}
    for (size_t j = 0; j < i && !normal.defined(); ++j) {{
      const at::Tensor &u = outputs[j];
      if (!u.defined() || !u.has_storage() || !u.storage().is_alias_of(t.storage()) || u.dtype() != t.dtype())
        continue;
      if (u.sizes() == t.sizes() && u.strides() == t.strides() && u.storage_offset() == t.storage_offset())
        normal = u;
      else
        normal = u.as_strided(t.sizes(), t.strides(), t.storage_offset());
    }}
    t = normal.defined() ? std::move(normal) : ordinary_alias(t);
  }}
}}

// Checks the call, then runs the computation with autocast off, under c10::InferenceMode: the
// no_grad of computation.py, and ATen's fastest mode (no autograd or view bookkeeping per op).
// Inputs updated in place are ordinary tensors, so their version counters still count the
// write-backs; the outputs are made ordinary tensors again after the call (to_normal) unless the
// caller itself runs under InferenceMode.
void run_checked(const at::Tensor *inputs, size_t n_inputs, at::Tensor *outputs, size_t n_outputs) {{
  TORCH_CHECK(n_inputs == kNumInputs, "thunderc::{0}: expected ", kNumInputs, " inputs, got ", n_inputs);
  TORCH_CHECK(n_outputs == kNumOutputs, "thunderc::{0}: expected room for ", kNumOutputs, " outputs, got ",
              n_outputs);
  TORCH_CHECK(kNumInputs == 0 || inputs != nullptr, "thunderc::{0}: inputs is null");
  TORCH_CHECK(kNumOutputs == 0 || outputs != nullptr, "thunderc::{0}: outputs is null");
  for (size_t i = 0; i < n_inputs; ++i)
    TORCH_CHECK(inputs[i].defined(), "thunderc::{0}: input ", i, " is an undefined tensor");
  const bool caller_inference = c10::InferenceMode::is_enabled();
{5}  {{
    c10::InferenceMode no_grad;
    c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::autocast_dispatch_keyset);
    computation(inputs, outputs);
  }}
  if (!caller_inference) {{
    at::NoGradGuard no_grad;
    to_normal(outputs, n_outputs);
  }}
}}

void boxed_kernel(const c10::OperatorHandle &, torch::jit::Stack *stack) {{
{4}  std::vector<at::Tensor> outputs(kNumOutputs);
  run_checked(inputs.data(), inputs.size(), outputs.data(), outputs.size());
  stack->emplace_back(std::move(outputs));
}}

// The op's arguments, one per name, of one type.
std::vector<c10::Argument> arguments(const c10::TypePtr &type, std::initializer_list<const char *> names) {{
  std::vector<c10::Argument> out;
  out.reserve(names.size());
  for (const char *name : names) out.emplace_back(name, type);
  return out;
}}

}} // namespace

extern "C" {{

int thunderc_{0}_run(const at::Tensor *inputs, size_t n_inputs, at::Tensor *outputs, size_t n_outputs) {{
  try {{
    run_checked(inputs, n_inputs, outputs, n_outputs);
    return 0;
  }} catch (const c10::Error &e) {{
    last_error = e.what_without_backtrace();
  }} catch (const std::exception &e) {{
    last_error = e.what();
  }} catch (...) {{
    last_error = "thunderc::{0}: unknown exception";
  }}
  return 1;
}}

const char *thunderc_{0}_last_error(void) {{ return last_error.c_str(); }}
size_t thunderc_{0}_num_inputs(void) {{ return kNumInputs; }}
size_t thunderc_{0}_num_outputs(void) {{ return kNumOutputs; }}

}} // extern "C"

TORCH_LIBRARY_FRAGMENT(thunderc, m) {{
{3}  schema.setAliasAnalysis(c10::AliasAnalysisKind::FROM_SCHEMA); // as a parsed schema has it
  m.def(std::move(schema), torch::CppFunction::makeFromBoxedFunction<&boxed_kernel>());
}}
)",
        n, ni, no, schema, take_inputs,
        use_grad_factory_ ? "  caller_in_inference_mode = caller_inference;\n" : "");
  }
};

} // namespace

std::string cpp_headers_superset() {
  std::string s = "// The headers of thunderc's generated libraries.\n" +
                  include("ATen/ATen.h"); // every ATen/ops/<op>.h
  for (const char *h :
       {"ATen/core/Tensor.h", "ATen/core/grad_mode.h", "ATen/TensorIndexing.h", "ATen/ScalarOps.h"})
    s += include(h);
  for (const char *h : kRuntimeHeaders)
    s += include(h);
  return s + kStdIncludes;
}

std::string_view cpp_aten_ops_header(std::string_view fn) {
  if (fn.size() > 1 && fn.back() == '_' && !fn.ends_with("__")) fn.remove_suffix(1);
  return fn;
}

std::string cpp_entry_symbol(std::string_view name) {
  return "thunderc_" + std::string(name) + "_run";
}

std::string emit_cpp(const Trace &computation, const CppOptions &options) {
  return Emitter(computation, options).emit();
}

} // namespace thunderc
