// Building the three traces from a Program record (interp/program.h):
//  * prologue: unpacks exactly the input records the program used, in input-path order, with a
//    check after each for every guard on it; returns ((computation inputs), (epilogue inputs));
//  * computation: the tensor ops in program order (in-place ops functionalised), the write-backs
//    into input tensors at the end, returning the new tensors the epilogue needs;
//  * epilogue: the side effects on inputs, then the return value rebuilt from the wrapped values.
// A value passed between traces keeps the name the first trace gave it.
#pragma once

#include "emit/python.h"
#include "graph/graph.h"
#include "interp/program.h"
#include "trace/trace.h"

namespace thunderc {

struct Traces {
  Trace prologue, computation, epilogue;
  PythonOptions prologue_options, computation_options, epilogue_options;
};

struct BuildOptions {
  // Every computation op's Instr::bound (all parameters, defaults filled in, with their types),
  // which the C++ emitter and the native runtime read. The printed traces and the passes do
  // not need them: without them, the traces print the same.
  bool bound_arguments = true;
};

// Throws UserError for a return value the epilogue cannot rebuild (located at the return).
Traces build_traces(const Graph &graph, const Program &program, const BuildOptions &options = {});
// The same, taking the ops' argument metadata out of `program` instead of copying it and freeing
// its op records once read (what is left of `program` is only fit to be destroyed).
Traces build_traces(const Graph &graph, Program &&program, const BuildOptions &options = {});

} // namespace thunderc
