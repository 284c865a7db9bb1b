// Mutation: side effects on inputs (last write wins, in program order of the last write), plain
// state on new objects, reads after writes, aliasing through refs, module buffers, in-place
// tensor ops with write-back.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

namespace {
const std::string cache_class = R"({"Cache": {"module": "m", "qualname": "Cache"}})";
size_t position(const std::string &text, const std::string &needle) {
  size_t at = text.find(needle);
  REQUIRE_MESSAGE(at != std::string::npos, needle);
  return at;
}
} // namespace

TEST_CASE("interp mutation: setattr on an input is a side effect; later reads see it") {
  auto t = trace_body(R"(["c"])", R"([
      {"op": "getattr", "obj": "%c", "name": "seen", "out": "s"},
      {"op": "call", "fn": "operator.add", "args": ["%s", 6], "out": "s"},
      {"op": "setattr", "obj": "%c", "name": "seen", "value": "%s"},
      {"op": "getattr", "obj": "%c", "name": "seen", "out": "again"},
      {"op": "return", "value": "%again"}])",
                      R"({"args": [{"object": "Cache", "attrs": {"seen": 1}}]})", cache_class);
  CHECK(t.has("guard value args[0].seen == 1\n"));
  CHECK(t.has("effect setattr args[0].seen = 7\n"));
  CHECK(t.has("result 7\n"));
  REQUIRE(t.program.side_effects.size() == 1);
  const SideEffect &e = t.program.side_effects[0];
  CHECK(e.kind == SideEffect::Kind::SetAttr);
  CHECK(e.name == "seen");
  CHECK(e.stmt->pointer == "/functions/forward/body/2");
  CHECK(t.program.heap.record(t.program.heap.prov(e.target)).used);
}

TEST_CASE("interp mutation: last write per key wins, ordered by that last write") {
  auto t = trace_body(R"(["c", "d"])", R"([
      {"op": "setattr", "obj": "%c", "name": "a", "value": 1},
      {"op": "setitem", "obj": "%d", "index": "k", "value": 2},
      {"op": "setattr", "obj": "%c", "name": "b", "value": 3},
      {"op": "setattr", "obj": "%c", "name": "a", "value": 4},
      {"op": "return", "value": null}])",
                      R"({"args": [{"object": "Cache"}, {"dict": {}}]})", cache_class);
  REQUIRE(t.program.side_effects.size() == 3);
  size_t k = position(t.text, "effect setitem args[1]['k'] = 2");
  size_t b = position(t.text, "effect setattr args[0].b = 3");
  size_t a = position(t.text, "effect setattr args[0].a = 4");
  CHECK(k < b);
  CHECK(b < a);
  CHECK_FALSE(t.has("args[0].a = 1"));
}

TEST_CASE("interp mutation: objects created while tracing are plain state") {
  auto t = trace_body(R"([])", R"([
      {"op": "new", "class": "Cache", "out": "c"},
      {"op": "setattr", "obj": "%c", "name": "a", "value": 1},
      {"op": "assign", "value": {"dict": {}}, "out": "d"},
      {"op": "setitem", "obj": "%d", "index": "k", "value": "%c"},
      {"op": "return", "value": null}])",
                      "{}", cache_class);
  CHECK(t.program.side_effects.empty());
}

TEST_CASE("interp mutation: returning an object of a declared plain class made while tracing is an "
          "error") {
  auto e = trace_error(graph_json(R"({
      "forward": {"params": [], "body": [
        {"op": "call", "fn": "make", "out": "d"},
        {"op": "return", "value": [1, {"dict": {"cache": "%d"}}], "loc": "m.py:9"}]},
      "make": {"params": [], "body": [{"op": "new", "class": "Cache", "out": "c"}, {"op": "return", "value": "%c"}]}})",
                                  "{}", cache_class));
  CHECK(e.pointer == "/functions/forward/body/1");
  CHECK(e.message.find("the return value at [1]['cache'] is a 'Cache' object created while tracing "
                       "(created at /functions/make/body/0)") == 0);
  CHECK(e.stack == std::vector<std::string>{"in forward (m.py:9)"});
}

TEST_CASE("interp mutation: list and dict methods on inputs record their final contents") {
  auto t = trace_body(R"(["l", "d"])", R"([
      {"op": "method", "obj": "%l", "name": "append", "args": [3]},
      {"op": "setitem", "obj": "%d", "index": "new", "value": 1},
      {"op": "method", "obj": "%d", "name": "pop", "args": ["old"], "out": "o"},
      {"op": "call", "fn": "builtins.len", "args": ["%l"], "out": "n"},
      {"op": "return", "value": ["%n", "%o"]}])",
                      R"({"args": [{"list": [1, 2]}, {"dict": {"old": 5}}]})");
  CHECK(t.has("effect contents args[0] = (args[0][0], args[0][1], 3)\n"));
  CHECK(t.has("effect setitem args[1]['new'] = 1\n"));
  CHECK(t.has("effect contents args[1] = (('new', 1),)\n"));
  // The length relied on is the one the prologue sees: before the append.
  CHECK(t.has("guard len args[0] == 2\n"));
  CHECK(t.has("result (3, args[1]['old'])\n"));
  CHECK(t.has("guard value args[1]['old'] == 5\n"));
}

TEST_CASE("interp mutation: module buffers and attributes are written by module path") {
  std::string classes = R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module"},
                            "Block": {"module": "m", "qualname": "Block", "base": "torch.nn.Module"}})";
  auto t = trace_body(
      R"(["self", "x"])", R"([
      {"op": "getattr", "obj": "%self", "name": "layers", "out": "layers"},
      {"op": "for", "target": "layer", "iter": "%layers", "body": [
        {"op": "setattr", "obj": "%layer", "name": "cache_k", "value": "%x"}]},
      {"op": "setattr", "obj": "%self", "name": "steps", "value": 3},
      {"op": "return", "value": null}])",
      R"({"self": {"module": "Net", "modules": {"layers": {"module": "torch.nn.ModuleList", "modules": {
                            "0": {"module": "Block", "buffers": {"cache_k": {"tensor": [2]}}},
                            "1": {"module": "Block", "buffers": {"cache_k": {"tensor": [2]}}}}}}},
                          "args": [{"tensor": [2]}]})",
      classes);
  CHECK(t.has("effect set_buffer self layers.0.cache_k = args[0]\n"));
  CHECK(t.has("effect set_buffer self layers.1.cache_k = args[0]\n"));
  CHECK(t.has("effect setattr self.steps = 3 (module self: steps)\n"));
  CHECK(t.has("guard len self.layers == 2\n"));
  CHECK(t.has("guard meta args[0] cpu f32[2]\n")); // the value written is rebuilt by the epilogue
}

TEST_CASE("interp mutation: assigning a parameter or storing an unbuildable object is an error") {
  std::string classes = R"({"Box": {"module": "m", "qualname": "Box"}})";
  auto e = body_error(
      R"(["m", "x"])", R"([{"op": "setattr", "obj": "%m", "name": "weight", "value": "%x"}])",
      R"({"args": [{"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [2, 2]}}}, {"tensor": [2, 2]}]})");
  CHECK(e.message.find("parameters are torch.nn.Parameter") != std::string::npos);
  auto f = body_error(R"(["d"])", R"([{"op": "new", "class": "Box", "out": "b"},
                                       {"op": "setitem", "obj": "%d", "index": "k", "value": ["%b"]}])",
                      R"({"args": [{"dict": {}}]})", classes);
  CHECK(
      f.message.find("the value written at [0] is a 'Box' object created while tracing (created at "
                     "/functions/forward/body/0)") == 0);
  CHECK(f.pointer == "/functions/forward/body/1");
}

TEST_CASE("interp mutation: a mutation through one path is seen through the other (ref)") {
  auto t = trace_body(R"(["a", "b"])", R"([
      {"op": "setattr", "obj": "%a", "name": "n", "value": 5},
      {"op": "getattr", "obj": "%b", "name": "n", "out": "n"},
      {"op": "return", "value": "%n"}])",
                      R"({"args": [{"object": "Cache", "attrs": {"n": 1}}, {"ref": "/args/0"}]})",
                      cache_class);
  CHECK(t.has("result 5\n"));
  CHECK(t.has("guard is args[1] args[0]\n"));
  CHECK(t.has("effect setattr args[0].n = 5\n"));
}

TEST_CASE("interp mutation: in-place ops are functional ops plus a write-back") {
  auto t = trace_body(R"(["x", "y"])", R"([
      {"op": "method", "obj": "%x", "name": "add_", "args": ["%y"]},
      {"op": "method", "obj": "%x", "name": "mul_", "args": [2]},
      {"op": "call", "fn": "torch.neg", "args": ["%x"], "out": "z"},
      {"op": "return", "value": ["%x", "%z"]}])",
                      R"({"args": [{"tensor": [3]}, {"tensor": [3]}]})");
  REQUIRE(t.program.ops.size() == 3);
  const OpRecord &add = t.program.ops[0], &mul = t.program.ops[1], &neg = t.program.ops[2];
  CHECK(add.op == ops::Op::add);
  CHECK(add.inplace == ops::Op::add_);
  CHECK(add.name_hint == "x");
  CHECK(mul.op == ops::Op::mul);
  CHECK(mul.args[0] == add.outputs[0]); // reads the new version
  CHECK(neg.args[0] == mul.outputs[0]);
  const Heap &h = t.program.heap;
  Value x = h.items(t.program.args)[0];
  CHECK(add.updated == x);
  REQUIRE(t.program.write_backs.size() == 1);
  CHECK(t.program.write_backs[0].tensor == x);
  CHECK(t.program.write_backs[0].version == mul.outputs[0]);
  CHECK(h.items(t.program.result)[0] == x); // the input tensor itself is returned
  CHECK(t.has("write_back args[0] <- t"));
}

TEST_CASE("interp mutation: index_copy_, tensor setitem and copy_ on inputs") {
  std::string classes =
      R"({"StaticCache": {"module": "transformers.cache_utils", "qualname": "StaticCache"}})";
  auto t = trace_body(
      R"(["cache", "pos", "k", "v"])", R"([
      {"op": "getattr", "obj": "%cache", "name": "key_cache", "out": "kc"},
      {"op": "getitem", "obj": "%kc", "index": 0, "out": "k_out"},
      {"op": "method", "obj": "%k_out", "name": "index_copy_", "args": [2, "%pos", "%k"]},
      {"op": "getattr", "obj": "%cache", "name": "value_cache", "out": "vc"},
      {"op": "getitem", "obj": "%vc", "index": 0, "out": "v_out"},
      {"op": "setitem", "obj": "%v_out", "index": [{"ellipsis": null}, "%pos", {"slice": [null, null, null]}], "value": "%v"},
      {"op": "getitem", "obj": "%vc", "index": 1, "out": "other"},
      {"op": "method", "obj": "%other", "name": "copy_", "args": ["%v_out"]},
      {"op": "return", "value": ["%k_out", "%v_out"]}])",
      R"({"args": [{"object": "StaticCache", "attrs": {"key_cache": {"list": [{"tensor": [1, 2, 8, 4]}]},
                                                                         "value_cache": {"list": [{"tensor": [1, 2, 8, 4]}, {"tensor": [1, 2, 8, 4]}]}}},
                                   {"tensor": [3], "dtype": "int64"}, {"tensor": [1, 2, 3, 4]}, {"tensor": [1, 2, 3, 4]}]})",
      classes);
  REQUIRE(t.program.ops.size() == 2); // copy_ with equal metadata needs no op
  CHECK(t.program.ops[0].op == ops::Op::index_copy);
  CHECK(t.program.ops[1].inplace == ops::Op::setitem_);
  REQUIRE(t.program.write_backs.size() == 3);
  const Heap &h = t.program.heap;
  CHECK(h.path_of(t.program.write_backs[0].tensor) == "args[0].key_cache[0]");
  CHECK(h.path_of(t.program.write_backs[1].tensor) == "args[0].value_cache[0]");
  CHECK(h.path_of(t.program.write_backs[2].tensor) == "args[0].value_cache[1]");
  // copy_ makes the destination hold the source's current version.
  CHECK(t.program.write_backs[2].version == t.program.ops[1].outputs[0]);
  CHECK(t.program.side_effects.empty());
}

TEST_CASE("interp mutation: in-place ops cast back to the receiver's dtype, or fail like PyTorch") {
  auto t =
      trace_body(R"(["x", "y"])", R"([{"op": "method", "obj": "%x", "name": "add_", "args": ["%y"]},
                                             {"op": "return", "value": "%x"}])",
                 R"({"args": [{"tensor": [2], "dtype": "float16"}, {"tensor": [2]}]})");
  REQUIRE(t.program.ops.size() == 2);
  CHECK(t.program.ops[1].op == ops::Op::to);
  CHECK(t.program.heap.meta(t.program.write_backs.at(0).version).dtype == DType::Float16);
  auto e = body_error(R"(["x", "y"])",
                      R"([{"op": "method", "obj": "%x", "name": "add_", "args": ["%y"]}])",
                      R"({"args": [{"tensor": [2], "dtype": "int64"}, {"tensor": [2]}]})");
  CHECK(e.message ==
        "torch.Tensor.add_(): result type float32 can't be cast to the desired output type int64");
  auto shape = body_error(R"(["x", "y"])",
                          R"([{"op": "method", "obj": "%x", "name": "add_", "args": ["%y"]}])",
                          R"({"args": [{"tensor": [2]}, {"tensor": [3, 2]}]})");
  CHECK(shape.message ==
        "torch.Tensor.add_(): output with shape [2] doesn't match the broadcast shape [3, 2]");
}

TEST_CASE("interp mutation: a new tensor updated in place is state, not a write-back") {
  auto t = trace_body(R"(["x"])",
                      R"([{"op": "call", "fn": "torch.zeros_like", "args": ["%x"], "out": "z"},
                                        {"op": "method", "obj": "%z", "name": "fill_", "args": [1]},
                                        {"op": "return", "value": "%z"}])",
                      R"({"args": [{"tensor": [2]}]})");
  CHECK(t.program.write_backs.empty());
  const Heap &h = t.program.heap;
  CHECK(h.current(t.program.result) == t.program.ops.back().outputs[0]);
  CHECK(t.program.ops.back().op == ops::Op::full_like);
}

TEST_CASE("interp mutation: views and in-place updates that cannot be functionalised are errors") {
  auto view = body_error(
      R"(["x"])", R"([{"op": "method", "obj": "%x", "name": "view", "args": [-1], "out": "v"},
                                          {"op": "method", "obj": "%v", "name": "zero_"}])",
      R"({"args": [{"tensor": [2, 2]}]})");
  CHECK(view.message.find("updates a view of another tensor in place") != std::string::npos);
  auto stale = body_error(
      R"(["x"])", R"([{"op": "method", "obj": "%x", "name": "view", "args": [-1], "out": "v"},
                                           {"op": "method", "obj": "%x", "name": "zero_"},
                                           {"op": "call", "fn": "torch.neg", "args": ["%v"], "out": "y"}])",
      R"({"args": [{"tensor": [2, 2]}]})");
  CHECK(stale.message.find("reads a view of a tensor (args[0]) that was updated in place") !=
        std::string::npos);
  CHECK(stale.pointer == "/functions/forward/body/2");
}
