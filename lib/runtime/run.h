// `thunderc run`: the whole prologue -> computation -> epilogue on real values, from C++.
//
//   load + interpret + build traces (+ passes), as `compile` does
//   -> real inputs from the input description (runtime/inputs.h)
//   -> prologue (every check; a failure names the input's path)
//   -> computation (the ATen interpreter of the trace, or the compiled library with --so)
//   -> epilogue (side effects on the real inputs, the result rebuilt)
//   -> JSON summary on stdout: the result, the inputs the run changed
// With `check`, the program also runs eagerly (runtime/eager.h) on a copy of the same inputs and
// the two runs are compared: result, input mutations and identities.
#pragma once

#include "graph/load.h"
#include "runtime/inputs.h"

#include <string>

namespace thunderc::runtime {

struct RunOptions {
  std::string graph; // path; "-" reads stdin
  LoadLimits limits;
  InputOptions inputs;
  bool check = false;
  bool passes = true;
  std::string save; // "" for none
  std::string so;   // "" for the ATen interpreter
};

// Prints the summary on stdout and messages on stderr; returns the exit code (0 ok; 1 bad input,
// inputs the prologue rejects, an op ATen rejects, or --check differences; 3 internal error).
// Never throws.
int run_graph(const RunOptions &options);

} // namespace thunderc::runtime
