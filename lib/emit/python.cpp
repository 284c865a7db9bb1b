#include "emit/python.h"

#include "support/hash.h"
#include "support/text.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <fmt/format.h>
#include <tsl/robin_set.h>
#include <unordered_map>

namespace thunderc {

namespace {

// The output text, written in place at the end of a string grown a chunk at a time: std::string's
// append is an out-of-line call per piece, and a trace prints hundreds of thousands of pieces. (A
// buffer copied out when full copied every byte twice: 0.17M instructions at L = 32.) The chunk
// is zero-filled by resize() just before it is written, so no page is touched that is not written.
// With a flush function, the text is handed to it in pieces of about kFlushAt bytes instead, and
// the string is reused: a trace of any size is printed in that much memory.
class Out {
public:
  Out(size_t expected, const PythonFlush *flush) : flush_(flush) {
    text_.reserve(flush ? kFlushAt + kChunk : expected);
  }
  Out &operator+=(std::string_view s) {
    if (s.size() > size_t(end_ - at_)) grow(s.size());
    std::memcpy(at_, s.data(), s.size());
    at_ += s.size();
    return *this;
  }
  Out &operator+=(char c) { return *this += std::string_view(&c, 1); }
  std::string take() {
    if (flush_) {
      if (used()) (*flush_)({text_.data(), used()});
      text_.clear();
    } else {
      text_.resize(used());
    }
    at_ = end_ = nullptr;
    return std::move(text_);
  }

private:
  static constexpr size_t kChunk = 1024, kFlushAt = 64 << 10;
  [[gnu::noinline]] void grow(size_t more) {
    size_t used = this->used();
    if (flush_ && used >= kFlushAt) {
      (*flush_)({text_.data(), used});
      used = 0;
    }
    if (used + more > text_.size()) text_.resize(used + std::max(more, kChunk));
    at_ = text_.data() + used;
    end_ = text_.data() + text_.size();
  }
  size_t used() const { return at_ ? size_t(at_ - text_.data()) : 0; }
  const PythonFlush *flush_;
  std::string text_;
  char *at_ = nullptr, *end_ = nullptr; // where the next piece goes, and the end of the chunk
};

// Appends everything to one string.
class Printer {
public:
  // Room for the usual line lengths (a computation's lines average about 100 characters): growing
  // the text copies all of it.
  Printer(const Trace &t, const PythonOptions &o, const PythonFlush *flush = nullptr)
      : t_(t), o_(o), values_(t.values.size()),
        out_(256 + 128 * (t.body.size() + t.params.size()), flush) {}

  // With a verifier: only what it has found valid is printed (the names of unknown values throw).
  std::string print(Verifier *verifier) {
    bool valid = !verifier || verifier->valid();
    if (valid) {
      header();
      if (o_.param_comments)
        for (ValueId p : t_.params) {
          const ValueInfo &param = value(p);
          out_ += "  # ";
          out_ += param.name;
          typed(param.type);
          out_ += '\n';
        }
    }
    for (const auto &ins : t_.body) {
      if (verifier) valid = verifier->check(ins);
      if (valid) instr(ins);
    }
    return out_.take();
  }

private:
  const Trace &t_;
  const PythonOptions &o_;
  const size_t values_; // t_.values.size(), read once: at() divides the vector's bytes per value

  // A value's name and type, as t_.values.at(v) (which throws for an unknown value).
  const ValueInfo &value(ValueId v) const { return v < values_ ? t_.values[v] : t_.values.at(v); }
  Out out_;
  std::string scratch_; // a type text other than a tensor's, before it is copied out

  // Tensor type texts made once each, quotes included, by interned metadata.
  std::unordered_map<const TensorMeta *, std::string> tensor_types_;
  const std::pair<const TensorMeta *const, std::string> *last_type_ = nullptr; // the last one printed

  // `: "<type comment>"` after a value's name, printed as one piece (tens of thousands of them).
  void typed(const ValueType &t) {
    auto quoted = [](std::string &text, const ValueType &t) {
      text = ": \"";
      append_type_text(text, t);
      text += '"';
    };
    if (t.kind != ValueType::Kind::Tensor) {
      quoted(scratch_, t);
      out_ += scratch_;
      return;
    }
    // Neighbouring values mostly share their metadata: compared before it is looked up.
    if (!last_type_ || &*t.tensor != last_type_->first) {
      auto [it, fresh] = tensor_types_.try_emplace(&*t.tensor);
      if (fresh) quoted(it->second, t);
      last_type_ = &*it;
    }
    out_ += last_type_->second;
  }

  void header() {
    bool modules[3] = {false, false, false};
    const char *const names[3] = {"collections", "math", "operator"};
    tsl::robin_set<std::string_view, StrHash> support = {"no_autocast"};
    // The prologue calls a few support functions thousands of times: a callee (an interned Name)
    // is looked at when its address is not in a small direct-mapped table of the callees seen
    // (looking at one again is harmless: a collision only costs the look).
    std::array<const std::string *, 64> seen{};
    // Backwards (the order does not matter here): the body is then printed from the instructions
    // this walk read last, still in the cache where the trace is larger than it (at L = 1000 the
    // computation's instructions are ~10 MB; forwards cost 82k more LL misses in an 8 MB cache).
    for (auto it = t_.body.rbegin(); it != t_.body.rend(); ++it) { // not std::views::reverse:
      const Instr &ins = *it; // clang 14 (make fuzz) cannot compile it with libstdc++ 12
      if (ins.kind != Instr::Kind::Call) continue;
      const std::string &callee = ins.callee.str();
      const std::string *&slot = seen[(reinterpret_cast<uintptr_t>(&callee) >> 5) % seen.size()];
      if (slot == &callee) continue;
      slot = &callee;
      size_t dot = callee.find('.');
      if (dot == std::string::npos) {
        if (!support.count(callee) && !is_class(callee)) support.insert(callee);
        continue;
      }
      std::string_view module(callee.data(), dot);
      for (int m = 0; m < 3; ++m) modules[m] |= module == names[m];
    }
    for (int m = 0; m < 3; ++m)
      if (modules[m]) (out_ += "import ") += names[m], out_ += '\n';
    out_ += "import torch\n";
    std::vector<ClassImport> classes = o_.classes;
    std::sort(classes.begin(), classes.end(),
              [](auto &a, auto &b) { return a.printed_name < b.printed_name; });
    for (const auto &c : classes)
      if (!is_identifier(c.qualname)) support.insert("import_class");
    out_ += "from thunderc_support import " + join(support) + "\n";
    for (const auto &c : classes) {
      if (is_identifier(c.qualname))
        out_ += fmt::format("from {} import {} as {}\n", c.module, c.qualname, c.printed_name);
      else // nested or local classes: looked up by the support module
        out_ += fmt::format("{} = import_class({}, {})\n", c.printed_name, py_str(c.module),
                            py_str(c.qualname));
    }
    // Printed in place (a text of the parameters, then formatted, was 2 copies and 3 appends per
    // parameter).
    (out_ += "\n@torch.no_grad()\n@no_autocast\ndef ") += t_.name;
    out_ += '(';
    for (size_t i = 0; i < t_.params.size(); ++i) {
      size_t from_end = t_.params.size() - i;
      if (i) out_ += ", ";
      if (t_.varargs && from_end <= 2) out_ += from_end == 2 ? "*" : "**";
      out_ += value(t_.params[i]).name;
    }
    out_ += "):\n";
  }

  bool is_class(const std::string &name) const {
    return std::any_of(o_.classes.begin(), o_.classes.end(),
                       [&](auto &c) { return c.printed_name == name; });
  }

  // The names sorted, comma-separated.
  static std::string join(const tsl::robin_set<std::string_view, StrHash> &names) {
    std::vector<std::string_view> sorted(names.begin(), names.end());
    std::sort(sorted.begin(), sorted.end());
    std::string out;
    for (std::string_view n : sorted) (out += out.empty() ? "" : ", ") += n;
    return out;
  }

  // A value or a literal (almost every operand) is printed inline; a tuple, list or dict by a call
  // (one call for every operand, its registers saved, was 0.1M instructions at L = 32).
  void operand(const Operand &o) {
    switch (o.kind()) {
    case Operand::Kind::Value: out_ += value(o.value).name; return;
    case Operand::Kind::Literal: out_ += o.literal(); return;
    default: parts(o);
    }
  }

  [[gnu::noinline]] void parts(const Operand &o) {
    switch (o.kind()) {
    case Operand::Kind::Tuple:
    case Operand::Kind::List: {
      bool list = o.kind() == Operand::Kind::List;
      const auto &items = o.items();
      out_ += list ? '[' : '(';
      for (size_t i = 0; i < items.size(); ++i) {
        if (i) out_ += ", ";
        operand(items[i]);
      }
      out_ += list ? "]" : items.size() == 1 ? ",)" : ")";
      return;
    }
    case Operand::Kind::Dict:
      out_ += '{';
      for (size_t i = 0; i < o.items().size(); ++i) {
        if (i) out_ += ", ";
        out_ += o.keys()[i];
        out_ += ": ";
        operand(o.items()[i]);
      }
      out_ += '}';
      return;
    default: break;
    }
    out_ += "None";
  }

  void call(const Instr &ins) {
    out_ += ins.callee;
    out_ += '(';
    bool first = true;
    for (const auto &a : ins.args) {
      if (!first) out_ += ", ";
      first = false;
      operand(a);
    }
    for (const auto &[k, a] : ins.kwargs) {
      if (!first) out_ += ", ";
      first = false;
      out_ += k;
      out_ += '=';
      operand(a);
    }
    out_ += ')';
  }

  void lhs(const Instr &ins) {
    if (ins.outs.empty()) return;
    if (ins.annotate && ins.outs.size() == 1) {
      const ValueInfo &out = value(ins.outs[0]);
      out_ += out.name;
      typed(out.type);
      out_ += " = ";
      return;
    }
    for (size_t i = 0; i < ins.outs.size(); ++i) {
      if (i) out_ += ", ";
      out_ += value(ins.outs[i]).name;
    }
    out_ += " = ";
  }

  void trailing(const Instr &ins) {
    bool types = o_.type_comments && !ins.outs.empty() && !ins.annotate;
    if (!types && ins.comment.empty()) return;
    out_ += "  # ";
    if (types) {
      for (size_t i = 0; i < ins.outs.size(); ++i) {
        if (i) out_ += ", ";
        const ValueInfo &out = value(ins.outs[i]);
        out_ += out.name;
        typed(out.type);
      }
    }
    if (!ins.comment.empty()) {
      if (types) out_ += "; ";
      out_ += comment_safe(ins.comment);
    }
  }

  void instr(const Instr &ins) {
    out_ += "  ";
    switch (ins.kind) {
    case Instr::Kind::Comment: // made comment-safe by its author
      out_ += "# ";
      out_ += ins.comment;
      out_ += '\n';
      return;
    case Instr::Kind::Call:
      lhs(ins);
      call(ins);
      break;
    case Instr::Kind::GetAttr:
      lhs(ins);
      operand(ins.args[0]);
      out_ += '.';
      out_ += ins.attr;
      break;
    case Instr::Kind::GetItem:
      lhs(ins);
      operand(ins.args[0]);
      out_ += '[';
      operand(ins.args[1]);
      out_ += ']';
      break;
    case Instr::Kind::SetAttr:
      operand(ins.args[0]);
      out_ += '.';
      out_ += ins.attr;
      out_ += " = ";
      operand(ins.args[1]);
      break;
    case Instr::Kind::SetItem:
      operand(ins.args[0]);
      out_ += '[';
      operand(ins.args[1]);
      out_ += "] = ";
      operand(ins.args[2]);
      break;
    case Instr::Kind::Assign:
      lhs(ins);
      operand(ins.args[0]);
      break;
    case Instr::Kind::Return:
      out_ += "return ";
      operand(ins.args.at(0));
      break;
    }
    trailing(ins);
    out_ += '\n';
  }
};

} // namespace

std::string print_python(const Trace &t, const PythonOptions &o, Verifier *verifier) {
  return Printer(t, o).print(verifier);
}

void print_python(const Trace &t, const PythonOptions &o, Verifier *verifier,
                  const PythonFlush &flush) {
  Printer(t, o, &flush).print(verifier);
}

} // namespace thunderc
