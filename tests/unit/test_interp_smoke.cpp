#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

TEST_CASE("interp: a tensor add traces one op with guards") {
  auto t = trace_body(R"(["x", "n"])",
                      R"([{"op": "call", "fn": "torch.add", "args": ["%x", "%n"], "out": "y"},
                          {"op": "return", "value": "%y"}])",
                      R"({"args": [{"tensor": [2, 3]}, 3]})");
  CHECK(t.has("guard len args == 2"));
  CHECK(t.has("guard meta args[0] cpu f32[2, 3]"));
  CHECK(t.has("guard value args[1] == 3"));
  CHECK(t.has("op 0 torch.add(args[0], args[1]) -> t"));
}
