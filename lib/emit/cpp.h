// Prints the computation trace as a C++ source file that calls ATen, for `compile --so`: one
// statement per op with the trace's type comment, the trace's names as variables (`v_<name>`, so
// no name can collide with a C++ keyword, a macro or a helper), source locations as comments.
// The file defines
//   extern "C" int thunderc_<name>_run(const at::Tensor *inputs, size_t n_inputs,
//                                      at::Tensor *outputs, size_t n_outputs);
//   extern "C" const char *thunderc_<name>_last_error(void);
//   extern "C" size_t thunderc_<name>_num_inputs(void), thunderc_<name>_num_outputs(void);
// and registers the op `thunderc::<name>(Tensor <input>, ...) -> Tensor[]` with the dispatcher
// (TORCH_LIBRARY_FRAGMENT), so `torch.ops.load_library(path)` makes it callable from Python; the
// schema is made as a c10::FunctionSchema, not parsed, so that no name is a keyword to TorchScript.
// The body is split into functions of at most `chunk_ops` ops each, passing the tensors that
// live across them, so that no single function grows with the graph (compilers optimise large
// functions superlinearly). This file only writes text: it includes no ATen header.
#pragma once

#include "trace/trace.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace thunderc {

struct CppOptions {
  std::string name;      // the graph name (a Python identifier): symbol and op names
  size_t chunk_ops = 64; // ops per generated function
};

// Throws UserError (pointer "") for an op the C++ backend cannot express, naming the op and the
// trace line it comes from.
std::string emit_cpp(const Trace &computation, const CppOptions &options);

// A header that includes everything a file from emit_cpp may include (all of ATen's ops), to be
// precompiled once and given to every build.
std::string cpp_headers_superset();

// The ATen/ops/<header>.h that declares the function at::<fn>: `fn` itself, or for an in-place
// function (`silu_`, `dropout_`) the function it updates in place (`silu`, `dropout`).
std::string_view cpp_aten_ops_header(std::string_view fn);

// "thunderc_<name>_run", the entry point's symbol.
std::string cpp_entry_symbol(std::string_view name);

} // namespace thunderc
