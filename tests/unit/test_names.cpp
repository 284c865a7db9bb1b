// Stable names: an edit of one early statement changes the computation's lines that depend on
// it, not the names of every later value.
#include "driver/compile.h"
#include "graph/load.h"
#include "trace/trace.h"

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <map>
#include <sstream>

using namespace thunderc;

namespace {
std::string computation_of(const std::string &graph_text) {
  for (const OutputFile &f : compile_graph(load_graph_text(graph_text, "graph.json"), {}))
    if (f.name == "computation.py") return f.text;
  return "";
}

// The lines of `a` not in `b` and of `b` not in `a`, counted with multiplicity.
std::vector<std::string> changed_lines(const std::string &a, const std::string &b) {
  std::map<std::string, int> count;
  std::string line;
  for (std::istringstream in(a); std::getline(in, line);) ++count[line];
  for (std::istringstream in(b); std::getline(in, line);) --count[line];
  std::vector<std::string> out;
  for (const auto &[l, n] : count)
    for (int i = 0; i < std::abs(n); ++i) out.push_back((n > 0 ? "- " : "+ ") + l);
  return out;
}
} // namespace

TEST_CASE("an op added to an early statement renames only what depends on it") {
  std::ifstream in(std::string(THUNDERC_SOURCE_DIR) + "/samples/llama_tiny.json");
  nlohmann::json graph = nlohmann::json::parse(in);
  const std::string before = computation_of(graph.dump());

  // `inputs_embeds = inputs_embeds * 1.0` right after the embedding, before everything else.
  nlohmann::json &body = graph["functions"]["LlamaModel.forward"]["body"];
  REQUIRE(body[1]["out"] == "inputs_embeds");
  body.insert(body.begin() + 2, nlohmann::json{{"op", "call"},
                                               {"fn", "operator.mul"},
                                               {"args", {"%inputs_embeds", 1.0}},
                                               {"out", "inputs_embeds"},
                                               {"loc", "modeling_llama.py:566"},
                                               {"src", "inputs_embeds = inputs_embeds * 1.0"}});
  const std::string after = computation_of(graph.dump());

  CHECK(after.find("  inputs_embeds_1 = torch.mul(inputs_embeds, 1.0)") != std::string::npos);
  // The new comment and op, and the two lines that read inputs_embeds (the first norm's `.to`
  // and the first residual add), before and after: the old single counter renamed ~200.
  std::vector<std::string> changed = changed_lines(before, after);
  std::string shown;
  for (const auto &l : changed) shown += l + "\n";
  INFO("changed lines:\n" << shown);
  CHECK(changed.size() <= 6);
  for (const auto &l : changed) CHECK(l.find("inputs_embeds") != std::string::npos);
}

TEST_CASE("Namer: a local's name when free, else its smallest free suffix; t<N> without one") {
  Namer n;
  n.reserve("torch");
  CHECK(n.take("x", true) == "x");
  CHECK(n.take("x", true) == "x_1");
  n.reserve("x_2");
  CHECK(n.take("x", true) == "x_3");
  CHECK(n.take("x_1", true) == "x_1_1"); // a local that is named like a suffixed one
  CHECK(n.take_suffixed("y") == "y_1");  // a part of what y receives
  CHECK(n.take("torch", true) == "torch_1");
  CHECK(n.take("class", true) == "class_1");
  CHECK(n.take("t", false) == "t0");
  CHECK(n.take("p", false) == "p1"); // one counter for all prefixes
  CHECK(n.take("2x", true) == "t2");  // no identifier: neither it nor 2x_<k> is a name
  CHECK(n.take("2x", true) == "t3");
  CHECK(n.take("class", true) == "class_2");
}
