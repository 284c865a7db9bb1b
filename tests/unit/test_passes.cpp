// The verifier runs between passes: every sample's computation stays valid after each pass, and
// the passes do what they say on a small trace.
#include "graph/load.h"
#include "interp/interpret.h"
#include "passes/passes.h"
#include "trace/build.h"

#include <doctest/doctest.h>

#include <filesystem>

using namespace thunderc;
namespace fs = std::filesystem;

TEST_CASE("every sample's traces verify after building and after each pass") {
  for (const auto &entry : fs::directory_iterator(fs::path(THUNDERC_SOURCE_DIR) / "samples")) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    Graph g = load_graph(entry.path().string());
    Program p = interpret(g);
    Traces t = build_traces(g, p);
    for (const Trace *trace : {&t.prologue, &t.computation, &t.epilogue}) CHECK(verify(*trace).empty());
    size_t passes = 0;
    run_pipeline(t.computation, [&](const std::string &pass, const Trace &after) {
      INFO("after " << pass);
      CHECK(verify(after).empty());
      ++passes;
    });
    CHECK(passes == pipeline().size());
  }
}

TEST_CASE("cse merges identical pure ops and dce drops unused ones") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {});
  t.params = {x};
  ValueId a = t.add_value("a", {}), b = t.add_value("b", {}), c = t.add_value("c", {}),
          dead = t.add_value("dead", {});
  auto call = [&](ValueId out, std::vector<Operand> args) {
    Instr i;
    i.callee = "torch.exp";
    i.pure = true;
    i.outs = {out};
    i.args = std::move(args);
    t.body.push_back(i);
  };
  call(a, {Operand::of(x)});
  call(b, {Operand::of(x)});                 // same as a
  call(c, {Operand::of(b)});                 // reads b: becomes a
  call(dead, {Operand::of(c), Operand::lit("1")});
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::tuple({Operand::of(c)})};
  t.body.push_back(ret);
  REQUIRE(verify(t).empty());

  Trace merged = cse(t);
  CHECK(verify(merged).empty());
  REQUIRE(merged.body.size() == 4);
  CHECK(merged.body[1].outs[0] == c);
  CHECK(merged.body[1].args[0].value == a);

  Trace cleaned = dce(merged);
  CHECK(verify(cleaned).empty());
  CHECK(cleaned.body.size() == 3); // a, c, return

  Trace broken = t;
  broken.body[0].args = {Operand::of(c)};
  CHECK_FALSE(verify(broken).empty());
}
