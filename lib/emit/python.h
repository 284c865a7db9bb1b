// Prints a Trace as a self-contained Python module in Lightning Thunder's trace format: imports,
// `@torch.no_grad()` and `@no_autocast`, the function with a type comment per parameter, one line
// per instruction (2-space indent). Byte-identical for the same trace.
#pragma once

#include "trace/trace.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace thunderc {

struct ClassImport {
  std::string printed_name, module, qualname;
};

struct PythonOptions {
  std::vector<ClassImport> classes; // classes the trace names, imported under their printed names
  bool type_comments = false;       // computation: `t1 = f(x)  # t1: "cpu f32[2]"`
  bool param_comments = true;       // `# x: "cpu f32[2]"` for each parameter after the `def`
};

// With a verifier made for the trace, each instruction is checked as it is printed (one walk over
// the body for both); the text is then complete only where verifier->finish() finds no problem.
std::string print_python(const Trace &, const PythonOptions &, Verifier *verifier = nullptr);

// The same text handed to `flush` in order, in pieces of about 64 KiB, as it is printed: the
// memory a trace's text takes stays that size, whatever the trace's.
using PythonFlush = std::function<void(std::string_view)>;
void print_python(const Trace &, const PythonOptions &, Verifier *verifier,
                  const PythonFlush &flush);

} // namespace thunderc
