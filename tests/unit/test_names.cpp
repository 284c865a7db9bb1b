// Stable names: an edit of one early statement changes the computation's lines that depend on
// it, not the names of every later value.
#include "driver/compile.h"
#include "graph/load.h"
#include "support/diagnostics.h"
#include "trace/trace.h"

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <deque>
#include <fstream>
#include <latch>
#include <map>
#include <thread>
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
  // The new comment and op, and the three lines that read inputs_embeds (the first norm reads it
  // twice, its `.to(torch.float32)` being the tensor itself; the first residual add), before and
  // after: the old single counter renamed ~200.
  std::vector<std::string> changed = changed_lines(before, after);
  std::string shown;
  for (const auto &l : changed) shown += l + "\n";
  INFO("changed lines:\n" << shown);
  CHECK(changed.size() <= 8);
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

// Numbered and suffixed names are told apart by their text: only the names taken as they are
// (reserved, claimed, hints) are kept in a set. Every way one of those meets a generated name.
TEST_CASE("Namer: a name taken as it is never equals a numbered or suffixed one") {
  Namer n;
  // Numbered: taken before (looked up in the set), after (found by its number), or neither.
  n.reserve("t1");
  CHECK(n.take("t", false) == "t0");
  CHECK(n.take("t", false) == "t2"); // t1 skipped
  CHECK_FALSE(n.claim("t0"));
  CHECK_FALSE(n.claim("t2"));
  CHECK(n.claim("p2"));  // 2 went to t
  CHECK(n.claim("t01")); // to_chars writes no leading zero
  CHECK(n.claim("t4"));  // not handed out yet
  CHECK(n.take("p", false) == "p3");
  CHECK(n.take("t", false) == "t5"); // t4 skipped
  CHECK(n.claim("t99999999999")); // more digits than an unsigned
  CHECK(n.claim("q7"));           // q is no prefix
  CHECK(n.claim("12"));           // digits only
  CHECK_FALSE(n.claim("12"));
  CHECK(n.claim("f7"));           // before f is a prefix
  CHECK(n.take("f", false) == "f6");
  CHECK(n.take("f", false) == "f8");
  CHECK(n.take("t3", true) == "t3");  // a hint that is a free numbered name
  CHECK(n.take("t2", true) == "t2_1"); // and one that is taken

  // Suffixed: a hint's name taken before its suffix counts up to it, or after.
  CHECK(n.take("x", true) == "x");
  CHECK(n.take("x", true) == "x_1");
  CHECK_FALSE(n.claim("x_1"));
  CHECK(n.claim("x_0"));  // k >= 1
  CHECK(n.claim("x_02")); // no leading zero
  CHECK(n.claim("x_3"));  // x exists: its suffixes are looked up from now on
  CHECK(n.take_suffixed("x") == "x_2");
  CHECK(n.take_suffixed("x") == "x_4");
  CHECK(n.claim("y_1")); // before y is a hint
  CHECK(n.take("y", true) == "y");
  CHECK(n.take("y", true) == "y_2");
  CHECK(n.take("x_4", true) == "x_4_1"); // a hint named like a taken suffixed name
  CHECK(n.take("2x", true) == "t9");     // no identifier: numbered instead
  CHECK_FALSE(n.claim("t9"));

  // A prefix that would make numbered names ambiguous.
  CHECK_THROWS_AS(n.take("t_", false), InternalError);
  CHECK_THROWS_AS(n.take("t1", false), InternalError);
  CHECK_THROWS_AS(n.take("", false), InternalError);
}

TEST_CASE("Namer: the names the traces use are taken from the start") {
  Namer n;
  CHECK(n.take("len", true) == "len_1");
  CHECK(n.take("torch", true) == "torch_1");
  CHECK(!n.claim("check_tensor_metadata"));
  n.reserve("module"); // reserved again: no change
  CHECK(n.take("module", true) == "module_1");
  CHECK(n.claim("x"));
  CHECK(!n.claim("x"));
}

// The suffixes of a hint are written after its text kept from its last name: new hints (which
// move the others in their table) and numbered names come in between.
TEST_CASE("Namer: suffixed and numbered names taken in turns, among many new hints") {
  Namer n;
  unsigned k = 0, number = 0;
  for (int i = 0; i < 2000; ++i) {
    CHECK(n.take_suffixed("hidden_states") == fmt::format("hidden_states_{}", ++k));
    CHECK(n.take(fmt::format("local{}x", i), true) == fmt::format("local{}x", i));
    CHECK(n.take_suffixed(fmt::format("local{}x", i)) == fmt::format("local{}x_1", i));
    CHECK(n.take("t", false) == fmt::format("t{}", number++));
    CHECK(n.take("p", false) == fmt::format("p{}", number++));
  }
}

TEST_CASE("TextSet: texts found by content, as the table grows") {
  TextSet<std::string_view> set; // 16 slots
  std::deque<std::string> kept;
  for (int i = 0; i < 1000; ++i) CHECK(set.insert(kept.emplace_back(fmt::format("n{}", i))));
  for (int i = 0; i < 1000; ++i) {
    std::string again = fmt::format("n{}", i);
    REQUIRE(set.contains(again));
    REQUIRE(!set.insert(again));
  }
  CHECK(!set.contains("n1000"));
  CHECK(!set.contains(""));
  CHECK(set.insert(""));
  CHECK(set.contains(""));
}

TEST_CASE("Name: equal texts are one interned text, among many") {
  std::vector<Name> names;
  for (int i = 0; i < 20000; ++i) names.emplace_back(fmt::format("layers.{}.self_attn.q_proj.weight", i));
  for (int i = 0; i < 20000; ++i) {
    Name again(fmt::format("layers.{}.self_attn.q_proj.weight", i));
    REQUIRE(again == names[size_t(i)]);
    REQUIRE(&again.str() == &names[size_t(i)].str());
  }
  CHECK(!(names[0] == names[1]));
  CHECK(names[7] == std::string_view("layers.7.self_attn.q_proj.weight"));
  CHECK(Name("").empty());
  CHECK(Name("") == Name());
}

// The pool is locked only once the process has threads: threads interning the same new texts at
// once get one Name per text.
TEST_CASE("Name: equal texts interned by several threads at once are one interned text") {
  constexpr int kThreads = 4, kTexts = 50000;
  std::vector<std::vector<Name>> got(kThreads);
  std::vector<std::thread> threads;
  std::latch start(kThreads); // the threads intern at the same time
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&got, &start, t] {
      start.arrive_and_wait();
      for (int i = 0; i < kTexts; ++i) got[size_t(t)].emplace_back(fmt::format("threads.{}.weight", i));
    });
  for (auto &thread : threads) thread.join();
  for (int t = 1; t < kThreads; ++t)
    for (int i = 0; i < kTexts; ++i) REQUIRE(&got[size_t(t)][size_t(i)].str() == &got[0][size_t(i)].str());
  CHECK(got[0][42] == std::string_view("threads.42.weight"));
}

// verify keeps the values in a set by name, the hashes stored: names compared only where hashes
// match, so a duplicate is found among many names of the same length, short or long.
TEST_CASE("verify: a name used twice among many of the same length") {
  Trace t;
  t.name = "computation";
  for (int i = 0; i < 20000; ++i) t.add_value(fmt::format("t{:05}", i), {});
  for (int i = 0; i < 20000; ++i) t.add_value(fmt::format("hidden_states_{:05}", i), {});
  t.params.push_back(0);
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::of(0)};
  t.body.push_back(ret);
  REQUIRE(verify(t).empty());
  t.values[19999].name = "t00000";
  t.values[39999].name = "hidden_states_00000";
  std::vector<std::string> found = verify(t);
  std::sort(found.begin(), found.end());
  CHECK(found == std::vector<std::string>{"name hidden_states_00000 used twice",
                                          "name t00000 used twice"});
}
