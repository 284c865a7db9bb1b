// Located errors: JSON pointers, graph call stacks, data-dependent control flow, unknown locals,
// bounded recursion and bounded unrolling.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

TEST_CASE("interp errors: a tensor condition is data-dependent control flow") {
  auto e =
      body_error(R"(["x"])", R"([{"op": "call", "fn": "torch.gt", "args": ["%x", 0], "out": "pos"},
                                       {"op": "if", "cond": "%pos", "then": [{"op": "return", "value": 1}]}])",
                 R"({"args": [{"tensor": [1]}]})");
  CHECK(e.pointer == "/functions/forward/body/1");
  CHECK(e.message.find("data-dependent control flow") == 0);
  CHECK(e.message.find("cpu b8[1]") != std::string::npos);
  auto item =
      body_error(R"(["x"])", R"([{"op": "method", "obj": "%x", "name": "item", "out": "v"}])",
                 R"({"args": [{"tensor": []}]})");
  CHECK(item.message.find("data-dependent value") == 0);
  auto conv = body_error(R"(["x"])",
                         R"([{"op": "call", "fn": "builtins.int", "args": ["%x"], "out": "v"}])",
                         R"({"args": [{"tensor": []}]})");
  CHECK(conv.message.find("int() of a tensor needs its value") != std::string::npos);
}

TEST_CASE("interp errors: a local read before assignment, with did-you-mean") {
  auto e = body_error(R"(["flag"])", R"([
      {"op": "if", "cond": "%flag", "then": [{"op": "assign", "value": 1, "out": "hidden"}]},
      {"op": "call", "fn": "builtins.len", "args": [["%hidden"]], "out": "n"}])",
                      R"({"args": [false]})");
  CHECK(e.pointer == "/functions/forward/body/1/args/0/0");
  CHECK(e.message.find("local 'hidden' is read before it is assigned") == 0);
}

TEST_CASE("interp errors: an unknown local names the closest bound one") {
  Graph g = load_graph_text(graph_json(R"({"forward": {"params": ["hidden"], "body": [
                                              {"op": "return", "value": "%hidden"}]}})",
                                       R"({"args": [1]})"),
                            "test.json");
  // The loader rejects unknown locals; a graph built by other means may still hold one.
  g.functions[0].body[0].value.text = "hiden";
  number_locals(g.functions[0]);
  try {
    interpret(g);
    FAIL("expected an error");
  } catch (const UserError &e) {
    CHECK(e.message == "unknown local 'hiden' (did you mean 'hidden'?)");
    CHECK(e.pointer == "/functions/forward/body/0/value");
  }
}

TEST_CASE("interp errors: the stack names each graph frame, innermost first") {
  auto e = trace_error(graph_json(R"J({
      "forward": {"params": ["x"], "body": [
        {"op": "if", "cond": true, "then": [{"op": "call", "fn": "LlamaModel.forward", "args": ["%x"], "out": "y"}]}]},
      "LlamaModel.forward": {"params": ["x"], "body": [
        {"op": "assign", "value": 1, "out": "a"},
        {"op": "call", "fn": "norm", "args": ["%x"], "out": "h", "loc": "modeling_llama.py:540", "src": "h = self.norm(x)"}]},
      "norm": {"params": ["hidden"], "body": [
        {"op": "call", "fn": "torch.matmul", "args": ["%hidden", "%hidden"], "out": "h", "loc": "modeling_llama.py:312", "src": "h = hidden @ hidden"}]}})J",
                                  R"({"args": [{"tensor": [2, 3]}]})"));
  CHECK(e.pointer == "/functions/norm/body/0");
  REQUIRE(e.stack.size() == 3);
  CHECK(e.stack[0] == "in norm (modeling_llama.py:312: h = hidden @ hidden)");
  CHECK(e.stack[1] == "called from LlamaModel.forward (modeling_llama.py:540: h = self.norm(x))");
  CHECK(e.stack[2] == "called from forward, statement 0/then/0");
  CHECK(e.render("g.json").find("g.json: /functions/norm/body/0: torch.matmul") == 0);
}

TEST_CASE("interp errors: recursion is bounded by frames, never by a native stack overflow") {
  std::string json = graph_json(R"({
      "forward": {"params": ["n"], "body": [{"op": "call", "fn": "forward", "args": ["%n"], "out": "r"},
                                            {"op": "return", "value": "%r"}]}})",
                                R"({"args": [1]})");
  auto e = trace_error(json);
  CHECK(e.message.find("calls nest deeper than 200 frames while calling forward") == 0);
  CHECK(e.stack.size() == 200);
  InterpOptions few;
  few.max_frames = 5;
  CHECK(trace_error(json, few).stack.size() == 5);
  InterpOptions deep;
  deep.max_frames = 100'000'000;
  deep.max_stack_bytes = 256 << 10;
  CHECK(trace_error(json, deep).message.find("bytes of native stack") != std::string::npos);
}

TEST_CASE("interp errors: unrolled statements are bounded") {
  std::string json = graph_json(R"({"forward": {"params": [], "body": [
      {"op": "call", "fn": "builtins.range", "args": [1000000], "out": "r"},
      {"op": "for", "target": "i", "iter": "%r", "body": [{"op": "assign", "value": "%i", "out": "j"}]}]}})",
                                "{}");
  InterpOptions o;
  o.max_statements = 1000;
  auto e = trace_error(json, o);
  CHECK(e.message.find("more than 1000 statements") != std::string::npos);
  CHECK(e.pointer == "/functions/forward/body/1/body/0");

  // A loop with an empty body executes no statement: its iterations are bounded too.
  std::string empty = graph_json(R"({"forward": {"params": [], "body": [
      {"op": "call", "fn": "builtins.range", "args": [1000000000000], "out": "r"},
      {"op": "for", "target": "i", "iter": "%r", "body": []}]}})",
                                 "{}");
  e = trace_error(empty, o);
  CHECK(e.message.find("the loop runs more than 1000 times") == 0);
  CHECK(e.pointer == "/functions/forward/body/1");

  // So are the items a sequence repeat makes (memory, not statements).
  for (const char *seq : {R"("ab")", R"([1, 2])", R"({"list": [1]})"}) {
    CAPTURE(seq);
    std::string repeat = graph_json(std::string(R"({"forward": {"params": [], "body": [
        {"op": "call", "fn": "operator.mul", "args": [)") + seq + R"(, 1000000000000], "out": "r"}]}})",
                                    "{}");
    e = trace_error(repeat, o);
    CHECK(e.message.find("would have more than 1000 items") != std::string::npos);
  }
  std::string empty_repeat = graph_json(R"({"forward": {"params": [], "body": [
      {"op": "call", "fn": "operator.mul", "args": ["", 1000000000000], "out": "r"},
      {"op": "call", "fn": "operator.mul", "args": [[], 1000000000000], "out": "q"},
      {"op": "return", "value": ["%r", "%q"]}]}})",
                                        "{}");
  CHECK(trace(empty_repeat, o).program.statements == 3); // at once, not 10**12 appends
  std::string fits = graph_json(R"({"forward": {"params": [], "body": [
      {"op": "call", "fn": "operator.mul", "args": ["ab", 500], "out": "r"},
      {"op": "return", "value": "%r"}]}})",
                                "{}");
  CHECK(trace(fits, o).program.statements == 2);
}

TEST_CASE("interp errors: errors inside built-in module forwards point at the calling statement") {
  auto e = body_error(
      R"(["m", "x"])",
      R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y", "loc": "a.py:4"}])",
      R"({"args": [{"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [3, 5]}}}, {"tensor": [2, 4]}]})");
  CHECK(e.pointer == "/functions/forward/body/0");
  CHECK(e.message.find("torch.nn.functional.linear") == 0);
}
