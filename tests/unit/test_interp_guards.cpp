// Provenance and guards: what the run relied on, for each kind of guard; what is reached, what is
// used; built-in torch.nn modules reading their attributes.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

namespace {
size_t count(const std::string &text, const std::string &needle) {
  size_t n = 0;
  for (size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}
} // namespace

TEST_CASE("interp guards: args and kwargs are always measured") {
  auto t =
      trace_body(R"(["a", {"name": "b", "default": 1}])", R"([{"op": "return", "value": null}])",
                 R"({"args": [1], "kwargs": {"b": 2}})");
  CHECK(t.has("guard len args == 1\n"));
  CHECK(t.has("guard len kwargs == 1\n"));
  CHECK(t.has("guard keys kwargs [b]\n"));
  // Bound but never relied on: reached, not used; no value guard.
  CHECK(t.has("input args[0]\n"));
  CHECK(t.has("input kwargs['b']\n"));
  CHECK_FALSE(t.has("guard value"));
}

TEST_CASE("interp guards: tensor metadata of used tensors only") {
  auto t = trace_body(
      R"(["x", "unused"])",
      R"([{"op": "call", "fn": "torch.neg", "args": ["%x"], "out": "y"}, {"op": "return", "value": "%y"}])",
      R"({"args": [{"tensor": [2, 3], "dtype": "bfloat16", "device": "cuda:0", "requires_grad": true},
                                   {"tensor": [5]}]})");
  CHECK(t.has("guard meta args[0] cuda:0 bf16[2, 3]\n"));
  CHECK_FALSE(t.has("guard meta args[1]"));
  const Guard &g = t.program.guards.back();
  CHECK(g.kind == Guard::Kind::TensorMeta);
  CHECK(g.meta.requires_grad);
  CHECK(t.program.heap.path(g.subject) == "args[0]");
}

TEST_CASE("interp guards: values of scalars that decided something") {
  auto t = trace_body(
      R"(["n", "flag", "mode", "eps", "dt", "dev", "x"])", R"([
      {"op": "call", "fn": "operator.add", "args": ["%n", 1], "out": "m"},
      {"op": "if", "cond": "%flag", "then": [{"op": "assign", "value": 1, "out": "k"}]},
      {"op": "call", "fn": "operator.eq", "args": ["%mode", "fast"], "out": "fast"},
      {"op": "call", "fn": "torch.Tensor.to", "args": ["%x"], "kwargs": {"dtype": "%dt", "device": "%dev"}, "out": "y"},
      {"op": "call", "fn": "torch.add", "args": ["%y", "%eps"], "out": "z"},
      {"op": "return", "value": ["%m", "%z"]}])",
      R"({"args": [3, true, "fast", 1e-6, {"dtype": "float16"}, {"device": "cpu"}, {"tensor": [2]}]})");
  CHECK(t.has("guard value args[0] == 3\n"));
  CHECK(t.has("guard value args[1] == True\n"));
  CHECK(t.has("guard value args[2] == 'fast'\n"));
  CHECK(t.has("guard value args[3] == 1e-06\n"));
  CHECK(t.has("guard value args[4] == torch.float16\n"));
  CHECK(t.has("guard value args[5] == device('cpu')\n"));
  // The computed value is a constant of the trace.
  CHECK(
      t.program.heap.record(t.program.heap.prov(t.program.heap.items(t.program.result)[0])).kind ==
      ProvKind::Computed);
}

TEST_CASE("interp guards: None-ness tested or relied on") {
  std::string classes = R"({"Cache": {"module": "m", "qualname": "Cache"}})";
  auto t = trace_body(R"(["mask", "cache"])", R"([
      {"op": "call", "fn": "operator.is_", "args": ["%mask", null], "out": "no_mask"},
      {"op": "call", "fn": "operator.is_not", "args": ["%cache", null], "out": "has_cache"},
      {"op": "return", "value": ["%no_mask", "%has_cache"]}])",
                      R"({"args": [null, {"object": "Cache"}]})", classes);
  CHECK(t.has("guard none args[0]\n"));
  CHECK(t.has("guard not_none args[1]\n"));
  CHECK(t.has("result (True, True)"));
}

TEST_CASE("interp guards: the class that decided a method call, a module call or isinstance") {
  std::string classes = R"({
    "Cache": {"module": "m", "qualname": "Cache", "methods": {"size": "Cache.size"}},
    "Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module", "methods": {"forward": "Net.forward"}}})";
  auto t = trace(graph_json(
      R"({
      "forward": {"params": ["cache", "net", "other", "x"], "body": [
        {"op": "method", "obj": "%cache", "name": "size", "out": "s"},
        {"op": "call", "fn": "%net", "args": ["%x"], "out": "y"},
        {"op": "call", "fn": "builtins.isinstance", "args": ["%other", {"class": "Cache"}], "out": "is_cache"},
        {"op": "return", "value": ["%s", "%y", "%is_cache"]}]},
      "Cache.size": {"params": ["self"], "body": [{"op": "return", "value": 4}]},
      "Net.forward": {"params": ["self", "x"], "body": [{"op": "return", "value": "%x"}]}})",
      R"({"args": [{"object": "Cache"}, {"module": "Net"}, {"dict": {}}, {"tensor": [1]}]})",
      classes));
  CHECK(t.has("guard type args[0] Cache\n"));
  CHECK(t.has("guard type args[1] Net\n"));
  // isinstance on a dict: its type is decided by the input description; a dict is guarded by keys.
  CHECK(t.has("result (4, args[3], False)"));
}

TEST_CASE("interp guards: lengths of iterated or measured sequences, not of indexed ones") {
  auto t = trace_body(R"(["xs", "ys", "zs", "ws"])", R"([
      {"op": "for", "target": "x", "iter": "%xs", "body": []},
      {"op": "call", "fn": "builtins.len", "args": ["%ys"], "out": "n"},
      {"op": "getitem", "obj": "%zs", "index": 0, "out": "z0"},
      {"op": "getitem", "obj": "%ws", "index": -1, "out": "wl"},
      {"op": "return", "value": ["%n", "%z0", "%wl"]}])",
                      R"({"args": [[1, 2], {"list": [1, 2, 3]}, [5, 6], [7, 8, 9]]})");
  CHECK(t.has("guard len args[0] == 2\n"));
  CHECK(t.has("guard len args[1] == 3\n"));
  CHECK_FALSE(t.has("guard len args[2]"));
  CHECK(t.has("guard len args[3] == 3\n"));
  // Returned input scalars are printed as literals: their values are guarded.
  CHECK(t.has("guard value args[2][0] == 5\n"));
  CHECK(t.has("guard value args[3][2] == 9\n"));
}

TEST_CASE("interp guards: keys of kwargs as a set, of iterated dicts in order") {
  auto t = trace_body(R"(["d", "e"])", R"([
      {"op": "for", "target": "k", "iter": "%d", "body": []},
      {"op": "method", "obj": "%e", "name": "get", "args": ["absent"], "out": "g"},
      {"op": "return", "value": "%g"}])",
                      R"({"kwargs": {"d": {"dict": {"b": 1, "a": 2}}, "e": {"dict": {"x": 1}}}})");
  CHECK(t.has("guard keys ordered kwargs['d'] [b, a]\n"));
  CHECK(t.has("guard keys kwargs['e'] [x]\n")); // a missing key decided the result
  CHECK(t.has("guard keys kwargs [d, e]\n"));
}

TEST_CASE("interp guards: two paths to one object are checked with Is") {
  std::string classes = R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module"}})";
  auto t = trace_body(R"(["self", "x"])", R"([
      {"op": "getattr", "obj": "%self", "name": "embed", "out": "e"},
      {"op": "getattr", "obj": "%e", "name": "weight", "out": "w1"},
      {"op": "getattr", "obj": "%self", "name": "head", "out": "h"},
      {"op": "getattr", "obj": "%h", "name": "weight", "out": "w2"},
      {"op": "call", "fn": "operator.is_", "args": ["%w1", "%w2"], "out": "same"},
      {"op": "call", "fn": "torch.add", "args": ["%w1", "%w2"], "out": "y"},
      {"op": "return", "value": ["%same", "%y"]}])",
                      R"({"self": {"module": "Net", "modules": {
                            "embed": {"module": "torch.nn.Embedding", "parameters": {"weight": {"tensor": [4, 2]}}},
                            "head": {"module": "torch.nn.Linear", "parameters": {"weight": {"ref": "/self/modules/embed/parameters/weight"}}}}},
                          "args": [{"tensor": [1]}]})",
                      classes);
  CHECK(t.has("guard is self.head.weight self.embed.weight\n"));
  CHECK(t.has("result (True, t"));
  // One value, one metadata guard, on its own path.
  CHECK(count(t.text, "guard meta self.embed.weight") == 1);
  CHECK_FALSE(t.has("guard meta self.head.weight"));
  CHECK(t.program.ops[0].args[0] == t.program.ops[0].args[1]);
}

TEST_CASE("interp guards: distinct inputs compared with `is` are checked with IsNot") {
  std::string classes = R"({"C": {"module": "m", "qualname": "C"}})";
  auto t = trace_body(R"(["a", "b"])",
                      R"([{"op": "call", "fn": "operator.is_", "args": ["%a", "%b"], "out": "r"},
                                             {"op": "return", "value": "%r"}])",
                      R"({"args": [{"object": "C"}, {"object": "C"}]})", classes);
  CHECK(t.has("guard is_not args[0] args[1]\n"));
  CHECK(t.has("result False"));
}

TEST_CASE("interp guards: hasattr on an input") {
  std::string classes = R"({"C": {"module": "m", "qualname": "C"}})";
  auto t = trace_body(
      R"(["a"])", R"([{"op": "call", "fn": "builtins.hasattr", "args": ["%a", "mask"], "out": "r"},
                                        {"op": "call", "fn": "builtins.hasattr", "args": ["%a", "size"], "out": "s"},
                                        {"op": "return", "value": ["%r", "%s"]}])",
      R"({"args": [{"object": "C", "attrs": {"size": 3}}]})", classes);
  CHECK(t.has("guard hasattr args[0] mask False\n"));
  CHECK(t.has("guard hasattr args[0] size True\n"));
}

TEST_CASE("interp guards: provenance of inputs reached through self, args and kwargs") {
  std::string classes = R"({
    "Model": {"module": "m", "qualname": "Model", "base": "torch.nn.Module"},
    "Attn": {"module": "m", "qualname": "Attn", "base": "torch.nn.Module"},
    "Cache": {"module": "m", "qualname": "Cache"}})";
  auto t = trace_body(
      R"(["self", "cache"])", R"([
      {"op": "getattr", "obj": "%self", "name": "layers", "out": "layers"},
      {"op": "getitem", "obj": "%layers", "index": 0, "out": "l0"},
      {"op": "getattr", "obj": "%l0", "name": "q_proj", "out": "q"},
      {"op": "getattr", "obj": "%q", "name": "weight", "out": "w"},
      {"op": "getattr", "obj": "%cache", "name": "key_cache", "out": "kc"},
      {"op": "getitem", "obj": "%kc", "index": 0, "out": "k0"},
      {"op": "call", "fn": "torch.matmul", "args": ["%k0", "%w"], "out": "y"},
      {"op": "return", "value": "%y"}])",
      R"({"self": {"module": "Model", "modules": {"layers": {"module": "torch.nn.ModuleList", "modules": {
                            "0": {"module": "Attn", "modules": {"q_proj": {"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [4, 4]}, "bias": null}}}}}}}},
                          "kwargs": {"cache": {"object": "Cache", "attrs": {"key_cache": {"list": [{"tensor": [2, 4]}]}}}}})",
      classes);
  CHECK(t.has("guard meta kwargs['cache'].key_cache[0] cpu f32[2, 4]\n"));
  CHECK(t.has("guard meta self.layers[0].q_proj.weight cpu f32[4, 4]\n"));
  CHECK(t.has("input self.layers[0].q_proj\n"));
  const Heap &h = t.program.heap;
  Value w = t.program.ops[0].args[1];
  auto mp = h.module_path(h.prov(w));
  REQUIRE(mp);
  CHECK(mp->path == "layers.0.q_proj.weight");
  CHECK(h.record(mp->root).kind == ProvKind::InputFn);
  CHECK(h.record(h.prov(w)).slot == Slot::Parameter);
}

TEST_CASE("interp guards: built-in modules read their attributes as guarded inputs") {
  std::string classes = R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module"}})";
  auto t = trace_body(R"(["self", "ids"])", R"([
      {"op": "getattr", "obj": "%self", "name": "emb", "out": "emb"},
      {"op": "call", "fn": "%emb", "args": ["%ids"], "out": "h"},
      {"op": "getattr", "obj": "%self", "name": "norm", "out": "norm"},
      {"op": "call", "fn": "%norm", "args": ["%h"], "out": "h"},
      {"op": "getattr", "obj": "%self", "name": "proj", "out": "proj"},
      {"op": "call", "fn": "%proj", "args": ["%h"], "out": "h"},
      {"op": "getattr", "obj": "%self", "name": "act", "out": "act"},
      {"op": "call", "fn": "%act", "args": ["%h"], "out": "h"},
      {"op": "getattr", "obj": "%self", "name": "drop", "out": "drop"},
      {"op": "call", "fn": "%drop", "args": ["%h"], "out": "h"},
      {"op": "return", "value": "%h"}])",
                      R"({"self": {"module": "Net", "modules": {
                            "emb": {"module": "torch.nn.Embedding", "parameters": {"weight": {"tensor": [10, 4]}}},
                            "norm": {"module": "torch.nn.LayerNorm", "parameters": {"weight": {"tensor": [4]}, "bias": {"tensor": [4]}}, "attrs": {"eps": 1e-6}},
                            "proj": {"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [8, 4]}, "bias": null}},
                            "act": {"module": "torch.nn.GELU", "attrs": {"approximate": "tanh"}},
                            "drop": {"module": "torch.nn.Dropout", "attrs": {"p": 0.1}}}},
                          "args": [{"tensor": [1, 3], "dtype": "int64"}]})",
                      classes);
  CHECK(t.has("guard type self.emb torch.nn.Embedding\n"));
  CHECK(t.has("guard none self.emb.padding_idx\n"));
  CHECK(t.has("guard value self.emb.norm_type == 2.0\n"));
  CHECK(t.has("guard value self.norm.eps == 1e-06\n"));
  CHECK(t.has("guard len self.norm.normalized_shape == 1\n"));
  CHECK(t.has("guard value self.norm.normalized_shape[0] == 4\n"));
  CHECK(t.has("guard none self.proj.bias\n"));
  CHECK(t.has("guard value self.act.approximate == 'tanh'\n"));
  CHECK(t.has("guard value self.drop.training == False\n"));
  CHECK(t.has("torch.nn.functional.embedding("));
  CHECK(t.has("torch.nn.functional.layer_norm("));
  CHECK(t.has("torch.nn.functional.linear("));
  CHECK(t.has("torch.nn.functional.gelu("));
  CHECK(t.has("approximate=self.act.approximate"));
  CHECK(t.program.ops.size() == 4); // dropout in eval mode is the identity
}

TEST_CASE("interp guards: a module without forward is an error; Dropout in training is an op") {
  std::string classes = R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module"}})";
  auto e =
      body_error(R"(["m", "x"])", R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y"}])",
                 R"({"args": [{"module": "Net"}, {"tensor": [1]}]})", classes);
  CHECK(e.message ==
        "module args[0] (Net) has no forward method; declare one under classes.Net.methods");
  auto t = trace_body(
      R"(["m", "x"])",
      R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y"}, {"op": "return", "value": "%y"}])",
      R"({"args": [{"module": "torch.nn.Dropout", "attrs": {"training": true}}, {"tensor": [1]}]})");
  CHECK(t.has("guard value args[0].training == True\n"));
  CHECK(t.has("guard value args[0].p == 0.5\n"));
  REQUIRE(t.program.ops.size() == 1);
  CHECK(t.program.ops[0].op == ops::Op::dropout);
}
