// Helpers for the unit tests: the sample graphs, and graphs written as JSON text, loaded with the
// real loader.
#pragma once

#include "graph/load.h"
#include "interp/interpret.h"
#include "support/diagnostics.h"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace thunderc::test {

// Every samples/*.json, in name order.
inline std::vector<std::string> sample_paths() {
  std::vector<std::string> out;
  for (const auto &entry :
       std::filesystem::directory_iterator(std::filesystem::path(THUNDERC_SOURCE_DIR) / "samples"))
    if (entry.path().extension() == ".json") out.push_back(entry.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

// A graph whose entry is `forward`; `functions`, `inputs` and `classes` are JSON texts.
inline std::string graph_json(const std::string &functions, const std::string &inputs,
                              const std::string &classes = "{}") {
  return R"({"format": "thunderc-graph", "version": 1, "name": "t", "classes": )" + classes +
         R"(, "functions": )" + functions + R"(, "entry": "forward", "inputs": )" + inputs + "}";
}

// The Program borrows statements from the Graph: keep both.
struct Traced {
  std::unique_ptr<Graph> graph;
  Program program;
  std::string text; // describe(program)
  bool has(const std::string &line) const { return text.find(line) != std::string::npos; }
};

inline Traced trace(const std::string &json, const InterpOptions &options = {}) {
  Traced t;
  t.graph = std::make_unique<Graph>(load_graph_text(json, "test.json"));
  t.program = interpret(*t.graph, options);
  t.text = describe(t.program);
  return t;
}

// A single-function graph: forward(params...) with `body` (a JSON array of statements).
inline Traced trace_body(const std::string &params, const std::string &body,
                         const std::string &inputs, const std::string &classes = "{}",
                         const InterpOptions &options = {}) {
  return trace(graph_json(R"({"forward": {"params": )" + params + R"(, "body": )" + body + "}}",
                          inputs, classes),
               options);
}

// The UserError a graph raises while tracing (fails the test when none is raised).
inline UserError trace_error(const std::string &json, const InterpOptions &options = {}) {
  Graph g = load_graph_text(json, "test.json");
  try {
    interpret(g, options);
  } catch (const UserError &e) {
    return e;
  }
  FAIL("expected a tracing error");
  return UserError("", "");
}

inline UserError body_error(const std::string &params, const std::string &body,
                            const std::string &inputs, const std::string &classes = "{}") {
  return trace_error(graph_json(
      R"({"forward": {"params": )" + params + R"(, "body": )" + body + "}}", inputs, classes));
}

} // namespace thunderc::test
