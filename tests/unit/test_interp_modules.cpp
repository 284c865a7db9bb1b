// torch.nn containers and module members: ModuleList, ModuleDict, Sequential, buffers.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

namespace {
const std::string net_class =
    R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module"}})";
const std::string linear =
    R"({"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [4, 4]}, "bias": {"tensor": [4]}}})";
} // namespace

TEST_CASE("interp modules: ModuleList indexing, slicing, len and iteration") {
  auto t = trace_body(
      R"(["self", "x"])", R"([
      {"op": "getattr", "obj": "%self", "name": "layers", "out": "layers"},
      {"op": "getitem", "obj": "%layers", "index": -1, "out": "last"},
      {"op": "call", "fn": "%last", "args": ["%x"], "out": "x"},
      {"op": "getitem", "obj": "%layers", "index": {"slice": [null, 2, null]}, "out": "first_two"},
      {"op": "for", "target": "layer", "iter": "%first_two", "body": [{"op": "call", "fn": "%layer", "args": ["%x"], "out": "x"}]},
      {"op": "call", "fn": "builtins.len", "args": ["%layers"], "out": "n"},
      {"op": "return", "value": ["%x", "%n"]}])",
      R"({"self": {"module": "Net", "modules": {"layers": {"module": "torch.nn.ModuleList", "modules": {"0": )" +
          linear + ", \"1\": " + linear + ", \"2\": " + linear +
          R"(}}}}, "args": [{"tensor": [2, 4]}]})",
      net_class);
  CHECK(t.has("guard len self.layers == 3\n"));
  CHECK(t.has("guard type self.layers[2] torch.nn.Linear\n"));
  CHECK(t.has("guard meta self.layers[0].weight"));
  CHECK(t.has("guard meta self.layers[1].bias"));
  CHECK(t.program.ops.size() == 3);
  CHECK(t.has(", 3)\n"));
}

TEST_CASE("interp modules: ModuleDict by key, keys in order, membership") {
  auto t = trace_body(
      R"(["self", "x"])", R"([
      {"op": "getattr", "obj": "%self", "name": "heads", "out": "heads"},
      {"op": "getitem", "obj": "%heads", "index": "b", "out": "hb"},
      {"op": "call", "fn": "%hb", "args": ["%x"], "out": "y"},
      {"op": "method", "obj": "%heads", "name": "keys", "out": "ks"},
      {"op": "call", "fn": "operator.contains", "args": ["%heads", "c"], "out": "has_c"},
      {"op": "return", "value": ["%y", "%ks", "%has_c"]}])",
      R"({"self": {"module": "Net", "modules": {"heads": {"module": "torch.nn.ModuleDict", "modules": {"a": )" +
          linear + ", \"b\": " + linear + R"(}}}}, "args": [{"tensor": [2, 4]}]})",
      net_class);
  CHECK(t.has("guard meta self.heads['b'].weight"));
  CHECK(t.has("guard keys ordered self.heads [a, b]\n"));
  CHECK(t.has(", ('a', 'b'), False)\n"));
}

TEST_CASE("interp modules: activations read `inplace`; an in-place one updates its input") {
  auto t = trace_body(
      R"(["acts", "x"])", R"([
      {"op": "for", "target": "act", "iter": "%acts", "body": [{"op": "call", "fn": "%act", "args": ["%x"], "out": "x"}]},
      {"op": "return", "value": "%x"}])",
      R"({"args": [{"module": "torch.nn.ModuleList", "modules": {"0": {"module": "torch.nn.ReLU"}, "1": {"module": "torch.nn.SiLU"}}},
                                   {"tensor": [2, 4]}]})");
  REQUIRE(t.program.ops.size() == 2);
  CHECK(t.program.ops[0].op == ops::Op::relu);
  CHECK(t.program.ops[1].op == ops::Op::silu);
  CHECK(t.has("guard value args[0][1].inplace == False\n"));
  for (const char *cls : {"torch.nn.ReLU", "torch.nn.SiLU"}) {
    auto u = trace_body(R"(["act", "x"])", R"([{"op": "call", "fn": "%act", "args": ["%x"], "out": "y"},
                                              {"op": "return", "value": ["%x", "%y"]}])",
                        R"({"args": [{"module": ")" + std::string(cls) +
                            R"(", "attrs": {"inplace": true}}, {"tensor": [2]}]})");
    INFO(cls);
    CHECK(u.has("guard value args[0].inplace == True\n"));
    REQUIRE(u.program.ops.size() == 1);
    CHECK(u.program.ops[0].inplace.has_value()); // x.relu_(): x updated, written back
    REQUIRE(u.program.write_backs.size() == 1);
    auto items = u.program.heap.items(u.program.result);
    CHECK(items[0] == items[1]); // returns x itself
  }
}

TEST_CASE("interp modules: Sequential runs its sub-modules in order") {
  auto t = trace_body(R"(["m", "x"])", R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y"},
                                             {"op": "return", "value": "%y"}])",
                      R"({"args": [{"module": "torch.nn.Sequential", "modules": {"0": )" + linear +
                          R"(, "1": {"module": "torch.nn.GELU"}}}, {"tensor": [2, 4]}]})");
  REQUIRE(t.program.ops.size() == 2);
  CHECK(t.program.ops[0].op == ops::Op::linear);
  CHECK(t.program.ops[1].op == ops::Op::gelu);
  CHECK(t.has("guard type args[0] torch.nn.Sequential\n"));
  CHECK(t.has("guard len args[0] == 2\n"));
  CHECK(t.has("guard value args[0][1].approximate == 'none'\n"));
}

TEST_CASE("interp modules: register_buffer and get_submodule on an input module") {
  std::string classes =
      R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module", "methods": {"forward": "Net.forward"}}})";
  auto t = trace(graph_json(
      R"({
      "forward": {"params": ["self", "x"], "body": [
        {"op": "method", "obj": "%self", "name": "get_submodule", "args": ["inner.proj"], "out": "p"},
        {"op": "call", "fn": "%p", "args": ["%x"], "out": "y"},
        {"op": "method", "obj": "%self", "name": "register_buffer", "args": ["last", "%y"]},
        {"op": "return", "value": "%y"}]},
      "Net.forward": {"params": ["self", "x"], "body": [{"op": "return", "value": "%x"}]}})",
      R"({"self": {"module": "Net", "modules": {"inner": {"module": "Net", "modules": {"proj": )" +
          linear + R"(}}}}, "args": [{"tensor": [2, 4]}]})",
      classes));
  CHECK(t.has("guard meta self.inner.proj.weight"));
  CHECK(t.has("effect set_buffer self last = t"));
}

TEST_CASE("interp modules: a module's own attribute wins over its method; members come after") {
  std::string classes =
      R"({"Net": {"module": "m", "qualname": "Net", "base": "torch.nn.Module", "methods": {"scale": "Net.scale"}}})";
  auto t = trace(graph_json(R"({
      "forward": {"params": ["self"], "body": [
        {"op": "method", "obj": "%self", "name": "scale", "out": "s"},
        {"op": "getattr", "obj": "%self", "name": "depth", "out": "d"},
        {"op": "return", "value": ["%s", "%d"]}]},
      "Net.scale": {"params": ["self"], "body": [{"op": "return", "value": 2}]}})",
                            R"({"self": {"module": "Net", "attrs": {"depth": 3}}})", classes));
  CHECK(t.has("result (2, self.depth)\n"));
  CHECK(t.has("guard type self Net\n"));
  CHECK(t.has("guard value self.depth == 3\n"));
}

namespace {
std::string result_repr(const Traced &t) { return t.program.heap.repr(t.program.result); }
const std::string seq_named =
    R"({"self": {"module": "torch.nn.Sequential", "modules": {"fc": )" + linear +
    R"(, "act": {"module": "torch.nn.ReLU"}}}})";
const std::string ml_class =
    R"({"ML": {"module": "m", "qualname": "ML", "base": "torch.nn.ModuleList"}})";
} // namespace

TEST_CASE("interp modules: nn.Module.__init__ sets training to True") {
  auto t = trace_body("[]", R"([{"op": "new", "class": "Net", "out": "m"},
      {"op": "getattr", "obj": "%m", "name": "training", "out": "tr"},
      {"op": "return", "value": "%tr"}])",
                      "{}", net_class);
  CHECK(result_repr(t) == "True");
}

TEST_CASE("interp modules: Identity takes one input; Softmax(dim=None) uses torch's legacy dim") {
  CHECK(body_error(R"(["m", "x"])", R"([{"op": "call", "fn": "%m", "args": ["%x", "%x"], "out": "y"}])",
                   R"({"args": [{"module": "I"}, {"tensor": [2]}]})",
                   R"({"I": {"module": "m", "qualname": "I", "base": "torch.nn.Identity"}})")
            .message.starts_with("torch.nn.Identity.forward() takes one argument"));
  for (auto [shape, dim] : {std::pair{"[5]", "0"}, {"[2, 3]", "1"}, {"[2, 3, 4]", "0"}, {"[2, 3, 4, 5]", "1"}}) {
    CAPTURE(shape);
    auto t = trace_body(R"(["m", "x"])", R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y"},
        {"op": "return", "value": "%y"}])",
                        std::string(R"({"args": [{"module": "Sm"}, {"tensor": )") + shape + "}]}",
                        R"({"Sm": {"module": "m", "qualname": "Sm", "base": "torch.nn.Softmax"}})");
    CHECK(t.has(std::string("softmax") ));
    CHECK(t.has(std::string(", ") + dim + ")"));
  }
}

TEST_CASE("interp modules: get_parameter and get_buffer only return parameters and buffers") {
  std::string in = R"({"self": {"module": "Net", "modules": {"a": {"module": "torch.nn.Linear", "parameters": {"weight": {"tensor": [4, 4]}}, "attrs": {"in_features": 4}}}}})";
  CHECK(body_error(R"(["self"])", R"([{"op": "method", "obj": "%self", "name": "get_parameter", "args": ["a.in_features"], "out": "p"}])",
                   in, net_class)
            .message.find("`in_features` is not an nn.Parameter") != std::string::npos);
  CHECK(body_error(R"(["self"])", R"([{"op": "method", "obj": "%self", "name": "get_buffer", "args": ["a.weight"], "out": "p"}])",
                   in, net_class)
            .message.find("`weight` is not a buffer") != std::string::npos);
  auto t = trace_body(R"(["self"])", R"([{"op": "method", "obj": "%self", "name": "get_parameter", "args": ["a.weight"], "out": "p"},
      {"op": "return", "value": "%p"}])",
                      in, net_class);
  CHECK(t.has("guard meta self.a.weight"));
}

TEST_CASE("interp modules: Sequential and ModuleList index by position; Sequential slices keep "
          "the names") {
  // seq[0] of a Sequential with named sub-modules is the first one
  auto idx = trace_body(R"(["self"])", R"([{"op": "getitem", "obj": "%self", "index": 0, "out": "m"},
      {"op": "getattr", "obj": "%m", "name": "in_features", "out": "o"},
      {"op": "return", "value": "%o"}])",
                        R"({"self": {"module": "torch.nn.Sequential", "modules": {"fc": {"module": "torch.nn.Linear", "attrs": {"in_features": 7}}, "act": {"module": "torch.nn.ReLU"}}}})");
  CHECK(result_repr(idx) == "7");
  // seq[0:1] keeps the name "fc"
  auto sl = trace_body(R"(["self"])", R"([{"op": "getitem", "obj": "%self", "index": {"slice": [0, 1, null]}, "out": "s"},
      {"op": "call", "fn": "builtins.len", "args": ["%s"], "out": "n"},
      {"op": "getattr", "obj": "%s", "name": "fc", "out": "fc"},
      {"op": "return", "value": "%n"}])",
                       seq_named);
  CHECK(result_repr(sl) == "1");
  // a Sequential slice keeps "1" and "2"; a ModuleList slice renumbers from "0"
  std::string three = R"({"module": "torch.nn.Sequential", "modules": {"0": )" + linear +
                      ", \"1\": " + linear + ", \"2\": " + linear + "}}";
  // s[1:] and whether it has members "2" and "0"
  const char *slice_members = R"([{"op": "getitem", "obj": "%s", "index": {"slice": [1, null, null]}, "out": "t"},
      {"op": "call", "fn": "builtins.hasattr", "args": ["%t", "2"], "out": "h2"},
      {"op": "call", "fn": "builtins.hasattr", "args": ["%t", "0"], "out": "h0"},
      {"op": "return", "value": ["%h2", "%h0"]}])";
  auto keep = trace_body(R"(["s"])", slice_members, R"({"args": [)" + three + "]}");
  CHECK(result_repr(keep) == "(True, False)");
  std::string ml = three;
  ml.replace(ml.find("Sequential"), 10, "ModuleList");
  auto renum = trace_body(R"(["s"])", slice_members, R"({"args": [)" + ml + "]}");
  CHECK(result_repr(renum) == "(False, True)");
}

TEST_CASE("interp modules: only containers have len, iteration and indexing; keys by type") {
  std::string plain = R"({"self": {"module": "Net", "modules": {"a": )" + linear + "}}}";
  CHECK(body_error(R"(["self"])", R"([{"op": "call", "fn": "builtins.len", "args": ["%self"], "out": "n"}])",
                   plain, net_class)
            .message.starts_with("object of type 'Net' has no len()"));
  CHECK(body_error(R"(["self"])", R"([{"op": "for", "target": "m", "iter": "%self", "body": []}])",
                   plain, net_class)
            .message.starts_with("'Net' object is not iterable"));
  CHECK(body_error(R"(["self"])", R"([{"op": "getitem", "obj": "%self", "index": "a", "out": "m"}])",
                   plain, net_class)
            .message.starts_with("'Net' object is not subscriptable"));
  std::string md = R"({"args": [{"module": "torch.nn.ModuleDict", "modules": {"0": )" + linear + "}}]}";
  CHECK(body_error(R"(["d"])", R"([{"op": "getitem", "obj": "%d", "index": 0, "out": "m"}])", md)
            .message.starts_with("KeyError: 0"));
  std::string ml = R"({"args": [{"module": "torch.nn.ModuleList", "modules": {"0": )" + linear + "}}]}";
  CHECK(body_error(R"(["l"])", R"([{"op": "getitem", "obj": "%l", "index": "0", "out": "m"}])", ml)
            .message.starts_with("torch.nn.ModuleList indices must be integers or slices, not str"));
}

TEST_CASE("interp modules: a module assigned over a plain attribute becomes a sub-module") {
  auto t = trace_body(R"(["a0"])", R"([{"op": "new", "class": "ML", "out": "m"},
      {"op": "setattr", "obj": "%m", "name": "x", "value": 3},
      {"op": "setattr", "obj": "%m", "name": "x", "value": "%a0"},
      {"op": "call", "fn": "builtins.len", "args": ["%m"], "out": "n"},
      {"op": "return", "value": "%n"}])",
                      R"({"args": [{"module": "torch.nn.ReLU"}]})", ml_class);
  CHECK(result_repr(t) == "1");
  // an attribute followed by sub-modules would change their order: refused
  CHECK(body_error(R"(["a0"])", R"([{"op": "new", "class": "ML", "out": "m"},
      {"op": "setattr", "obj": "%m", "name": "x", "value": 3},
      {"op": "setattr", "obj": "%m", "name": "y", "value": "%a0"},
      {"op": "setattr", "obj": "%m", "name": "x", "value": "%a0"}])",
                   R"({"args": [{"module": "torch.nn.ReLU"}]})", ml_class)
            .message.find("is not supported") != std::string::npos);
}

TEST_CASE("interp modules: every built-in torch.nn class but the containers has a forward") {
  // Called with one tensor and only the attributes PyTorch always has: the call may fail on them,
  // never for want of a forward (a class added to the built-in names needs one in nn_forward).
  auto call_error = [](const std::string &cls) -> std::string {
    try {
      trace_body(R"(["m", "x"])", R"([{"op": "call", "fn": "%m", "args": ["%x"], "out": "y"},
                                      {"op": "return", "value": "%y"}])",
                 R"({"args": [{"module": ")" + cls + R"("}, {"tensor": [2, 4, 4, 4]}]})");
    } catch (const UserError &e) {
      return e.message;
    }
    return "";
  };
  const std::string none = "has no forward that thunderc knows";
  size_t checked = 0;
  for (const std::string &cls : builtin_class_names()) {
    if (!cls.starts_with("torch.nn.")) continue;
    INFO(cls);
    bool container =
        cls == "torch.nn.Module" || cls == "torch.nn.ModuleList" || cls == "torch.nn.ModuleDict";
    std::string error = call_error(cls);
    if (container)
      CHECK(error.find("forward") != std::string::npos);
    else
      CHECK(error.find(none) == std::string::npos);
    ++checked;
  }
  CHECK(checked > 50);
}
