// Every sample graph interprets, and its Program is consistent: every op output has metadata,
// every guard subject is an input record, every write-back targets an input tensor.
#include "test_interp_util.h"

#include <filesystem>

using namespace thunderc;
using namespace thunderc::test;

namespace {
void check_consistent(const Program &p) {
  const Heap &h = p.heap;
  for (const Guard &g : p.guards) {
    CHECK(h.record(g.subject).input);
    CHECK(h.record(g.subject).used);
  }
  for (const OpRecord &op : p.ops) {
    CHECK(op.stmt != nullptr);
    CHECK(op.bound.size() == op.bound_meta.size());
    for (Value o : op.outputs) CHECK(h.is(o, Kind::Tensor));
  }
  for (const WriteBack &w : p.write_backs) {
    CHECK(h.from_input(w.tensor));
    CHECK(h.is(w.version, Kind::Tensor));
  }
  for (const SideEffect &e : p.side_effects) CHECK(h.from_input(e.target));
}
} // namespace

TEST_CASE("interp: every sample graph interprets") {
  std::filesystem::path dir = std::filesystem::path(THUNDERC_SOURCE_DIR) / "samples";
  size_t n = 0;
  for (const auto &entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    CAPTURE(entry.path().string());
    Graph g = load_graph(entry.path().string());
    Program p;
    try {
      p = interpret(g);
    } catch (const UserError &e) {
      FAIL(e.render(entry.path().filename().string()));
    }
    check_consistent(p);
    CHECK(p.statements > 0);
    ++n;
  }
  CHECK(n > 0);
}
