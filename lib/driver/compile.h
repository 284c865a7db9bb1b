// The pipeline as one straight function: load -> interpret -> build traces -> passes -> print.
#pragma once

#include "graph/load.h"
#include "interp/interpret.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace thunderc {

struct CompileOptions {
  InterpOptions interp;
  bool passes = true;
  std::string dump_after; // a pass name or "all": print the computation after it
  std::function<void(const std::string &)> dump; // where dumps go (stderr in the CLI)
  bool cpp = false;           // also <graph name>.cpp: the computation as ATen C++ (compile --so)
  size_t cpp_chunk_ops = 64;  // ops per generated C++ function
  bool free_memory = true;    // false: the traces are left allocated (support/keep_until_exit.h),
                              // for a process that exits next
  // Called once the program is interpreted, before the traces are built: a caller that owns the
  // graph may then free what only the interpreter reads (drop_input_descriptions, graph.h), whose
  // memory the traces then reuse (the command line does: llama L = 1000 peaks 18% lower).
  std::function<void()> interpreted;
};

struct OutputFile {
  std::string name, text;
};

// prologue.py, computation.py, epilogue.py and thunderc_support.py, in that order, then
// <graph name>.cpp when options.cpp is set.
std::vector<OutputFile> compile_graph(const Graph &graph, const CompileOptions &options);

// Where the files go as they are made, in the same order: begin(name), the text in pieces (a
// trace's in pieces of about 64 KiB, as it is printed: no trace's whole text is held), end().
// An exception out of compile_graph may come after some files began: a sink that writes keeps
// them apart until told the compile is over (AtomicFiles, support/atomic_write.h).
class FileSink {
public:
  virtual ~FileSink() = default;
  virtual void begin(const std::string &name) = 0;
  virtual void write(std::string_view piece) = 0;
  virtual void end() = 0;
};
void compile_graph(const Graph &graph, const CompileOptions &options, FileSink &sink);

} // namespace thunderc
