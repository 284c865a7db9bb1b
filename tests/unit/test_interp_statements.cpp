// Each statement kind, Python semantics on Python values, builtins and container methods.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

namespace {
// forward() with no parameters and no inputs.
Traced run(const std::string &body, const std::string &classes = "{}") {
  return trace_body("[]", body, "{}", classes);
}
int64_t result_int(const Traced &t) {
  REQUIRE(t.program.heap.is(t.program.result, Kind::Int));
  return t.program.heap.as_int(t.program.result);
}
std::string result_repr(const Traced &t) {
  return t.program.heap.repr(t.program.result);
}
} // namespace

TEST_CASE("interp statements: assign builds containers from operands") {
  auto t = run(R"([{"op": "assign", "value": 2, "out": "a"},
                   {"op": "assign", "value": ["%a", {"list": ["%a", "%%lit"]}, {"dict": {"k": null}}], "out": "b"},
                   {"op": "return", "value": "%b"}])");
  CHECK(result_repr(t) == "(2, [2, '%lit'], {'k': None})");
  const Heap &h = t.program.heap;
  // A container made by a statement remembers it.
  const ProvRecord &r = h.record(h.prov(t.program.result));
  CHECK(r.kind == ProvKind::New);
  REQUIRE(r.stmt);
  CHECK(r.stmt->pointer == "/functions/forward/body/1");
  CHECK(t.program.return_stmt->pointer == "/functions/forward/body/2");
  CHECK(t.program.statements == 3);
}

TEST_CASE("interp statements: rebinding, floats and falling off the end") {
  auto t = run(
      R"([{"op": "assign", "value": 1, "out": "x"}, {"op": "assign", "value": {"float": 3}, "out": "x"}])");
  CHECK(t.program.heap.is(t.program.result, Kind::None));
  CHECK(t.program.return_stmt == nullptr);
  auto f = run(
      R"([{"op": "assign", "value": {"float": 3}, "out": "x"}, {"op": "return", "value": "%x"}])");
  CHECK(result_repr(f) == "3.0");
}

TEST_CASE("interp statements: getattr, setattr and getitem on objects made while tracing") {
  std::string classes = R"({"Box": {"module": "m", "qualname": "Box"},
                            "Pair": {"module": "m", "qualname": "Pair", "dataclass": {"fields": ["a", "b"], "defaults": {"b": 5}}}})";
  auto t = run(R"([{"op": "new", "class": "Box", "out": "box"},
                   {"op": "setattr", "obj": "%box", "name": "n", "value": 4},
                   {"op": "getattr", "obj": "%box", "name": "n", "out": "n"},
                   {"op": "new", "class": "Pair", "args": ["%n"], "out": "p"},
                   {"op": "getattr", "obj": "%p", "name": "b", "out": "b"},
                   {"op": "call", "fn": "operator.add", "args": ["%n", "%b"], "out": "s"},
                   {"op": "return", "value": "%s"}])",
               classes);
  CHECK(result_int(t) == 9);
  CHECK(t.program.side_effects.empty());
  CHECK(t.program.guards.size() == 3); // len args, len kwargs, keys kwargs
}

TEST_CASE("interp statements: one getattr statement reads the attribute of each object it meets") {
  // The statement finds its name's symbol once, then the attribute by it in each object's own
  // table (here at another position in each).
  std::string classes = R"({"Box": {"module": "m", "qualname": "Box"}})";
  auto t = run(R"([{"op": "new", "class": "Box", "out": "one"},
                   {"op": "setattr", "obj": "%one", "name": "a", "value": 10},
                   {"op": "setattr", "obj": "%one", "name": "n", "value": 1},
                   {"op": "new", "class": "Box", "out": "two"},
                   {"op": "setattr", "obj": "%two", "name": "n", "value": 2},
                   {"op": "assign", "value": 0, "out": "s"},
                   {"op": "for", "target": "b", "iter": ["%one", "%two", "%one"], "body": [
                     {"op": "getattr", "obj": "%b", "name": "n", "out": "n"},
                     {"op": "call", "fn": "operator.add", "args": ["%s", "%n"], "out": "s"}]},
                   {"op": "return", "value": "%s"}])",
               classes);
  CHECK(result_int(t) == 4);
}

TEST_CASE("interp statements: getitem on tuples, lists, dicts, strings, ranges and slices") {
  auto t = run(R"([{"op": "assign", "value": [10, 20, 30, 40], "out": "t"},
                   {"op": "getitem", "obj": "%t", "index": -1, "out": "a"},
                   {"op": "getitem", "obj": "%t", "index": {"slice": [1, null, 2]}, "out": "b"},
                   {"op": "getitem", "obj": "%t", "index": {"slice": [null, null, -1]}, "out": "c"},
                   {"op": "assign", "value": {"dict": {"x": 1}}, "out": "d"},
                   {"op": "getitem", "obj": "%d", "index": "x", "out": "e"},
                   {"op": "getitem", "obj": "hello", "index": {"slice": [1, 3, null]}, "out": "f"},
                   {"op": "call", "fn": "builtins.range", "args": [2, 10, 3], "out": "r"},
                   {"op": "getitem", "obj": "%r", "index": 2, "out": "g"},
                   {"op": "return", "value": ["%a", "%b", "%c", "%e", "%f", "%g"]}])");
  CHECK(result_repr(t) == "(40, (20, 40), (40, 30, 20, 10), 1, 'el', 8)");
}

TEST_CASE("interp statements: setitem on lists and dicts made while tracing") {
  auto t = run(R"([{"op": "assign", "value": {"list": [1, 2, 3]}, "out": "l"},
                   {"op": "setitem", "obj": "%l", "index": -1, "value": 9},
                   {"op": "setitem", "obj": "%l", "index": {"slice": [0, 1, null]}, "value": [7, 8]},
                   {"op": "assign", "value": {"dict": {}}, "out": "d"},
                   {"op": "setitem", "obj": "%d", "index": 3, "value": "%l"},
                   {"op": "return", "value": "%d"}])");
  CHECK(result_repr(t) == "{3: [7, 8, 2, 9]}");
  CHECK(t.program.side_effects.empty());
}

TEST_CASE("interp statements: calls bind positional, keyword and default parameters") {
  auto t = trace(graph_json(R"({
      "forward": {"params": [], "body": [
        {"op": "call", "fn": "f", "args": [1], "kwargs": {"c": 5}, "out": "x"},
        {"op": "return", "value": "%x"}]},
      "f": {"params": ["a", {"name": "b", "default": 10}, {"name": "c", "default": 0}], "body": [
        {"op": "call", "fn": "operator.mul", "args": ["%b", "%c"], "out": "bc"},
        {"op": "call", "fn": "operator.add", "args": ["%a", "%bc"], "out": "r"},
        {"op": "return", "value": "%r"}]}})",
                            "{}"));
  CHECK(result_int(t) == 51);
}

TEST_CASE("interp statements: a default is made once, as Python does: calls share a list") {
  auto t = trace(graph_json(R"({
      "forward": {"params": [], "body": [
        {"op": "call", "fn": "f", "out": "a"}, {"op": "call", "fn": "f", "out": "b"},
        {"op": "return", "value": ["%a", "%b"]}]},
      "f": {"params": [{"name": "l", "default": {"list": []}}], "body": [
        {"op": "method", "obj": "%l", "name": "append", "args": [1]}, {"op": "return", "value": "%l"}]}})",
                            "{}"));
  CHECK(result_repr(t) == "([1, 1], [1, 1])");
  auto items = t.program.heap.items(t.program.result); // one list, as in Python
  CHECK(items[0] == items[1]);
}

TEST_CASE("interp statements: call errors name the function and the parameter") {
  std::string f =
      R"("f": {"params": ["a", {"name": "b", "default": 1}], "body": [{"op": "return", "value": "%a"}]})";
  auto call = [&](const std::string &args) {
    return trace_error(
        graph_json(R"({"forward": {"params": [], "body": [{"op": "call", "fn": "f", )" + args +
                       R"(, "out": "x"}]}, )" + f + "}",
                   "{}"));
  };
  CHECK(call(R"("args": [1, 2, 3])").message ==
        "f() takes 2 positional arguments but 3 were given");
  CHECK(call(R"("kwargs": {"bb": 1})").message ==
        "f() got an unexpected keyword argument 'bb' (did you mean 'b'?)");
  CHECK(call(R"("args": [], "kwargs": {"b": 2})").message == "f() missing required argument 'a'");
  CHECK(call(R"("args": [1], "kwargs": {"a": 2})").message ==
        "f() got multiple values for argument 'a'");
  CHECK(call(R"("args": [1, 2, 3])").pointer == "/functions/forward/body/0");
}

TEST_CASE("interp statements: methods of declared classes, with inheritance and __init__") {
  std::string classes = R"({
    "Base": {"module": "m", "qualname": "Base", "methods": {"__init__": "Base.__init__", "get": "Base.get"}},
    "Child": {"module": "m", "qualname": "Child", "base": "Base", "methods": {"twice": "Child.twice"}}})";
  auto t = trace(graph_json(R"({
      "forward": {"params": [], "body": [
        {"op": "new", "class": "Child", "args": [21], "out": "c"},
        {"op": "method", "obj": "%c", "name": "twice", "out": "r"},
        {"op": "return", "value": "%r"}]},
      "Base.__init__": {"params": ["self", "v"], "body": [{"op": "setattr", "obj": "%self", "name": "v", "value": "%v"}]},
      "Base.get": {"params": ["self"], "body": [{"op": "getattr", "obj": "%self", "name": "v", "out": "v"}, {"op": "return", "value": "%v"}]},
      "Child.twice": {"params": ["self"], "body": [
        {"op": "method", "obj": "%self", "name": "get", "out": "a"},
        {"op": "getattr", "obj": "%self", "name": "get", "out": "bound"},
        {"op": "call", "fn": "%bound", "out": "b"},
        {"op": "call", "fn": "operator.add", "args": ["%a", "%b"], "out": "s"},
        {"op": "return", "value": "%s"}]}})",
                            "{}", classes));
  CHECK(result_int(t) == 42);
}

TEST_CASE("interp statements: new dataclasses, dicts, lists, tuples and OrderedDicts") {
  std::string classes =
      R"({"Out": {"module": "m", "qualname": "Out", "dataclass": {"fields": ["logits", "loss"], "defaults": {"loss": null}}}})";
  auto t = run(R"([{"op": "new", "class": "Out", "kwargs": {"logits": 1}, "out": "o"},
                   {"op": "new", "class": "builtins.dict", "args": [[["a", 1]]], "kwargs": {"b": 2}, "out": "d"},
                   {"op": "new", "class": "collections.OrderedDict", "out": "od"},
                   {"op": "new", "class": "builtins.list", "args": [[1, 2]], "out": "l"},
                   {"op": "new", "class": "builtins.tuple", "args": ["%l"], "out": "tp"},
                   {"op": "assign", "value": {"class": "Out"}, "out": "cls"},
                   {"op": "new", "class": "%cls", "args": [3, 4], "out": "o2"},
                   {"op": "return", "value": ["%o", "%d", "%od", "%tp", "%o2"]}])",
               classes);
  const Heap &h = t.program.heap;
  auto items = h.items(t.program.result);
  CHECK(h.is(items[0], Kind::Dataclass));
  CHECK(h.repr(items[1]) == "{'a': 1, 'b': 2}");
  CHECK(h.ordered_dict(items[2]));
  CHECK(h.repr(items[3]) == "(1, 2)");
  CHECK(t.has(
      "result (Out(logits=1, loss=None), {'a': 1, 'b': 2}, {}, (1, 2), Out(logits=3, loss=4))"));
}

TEST_CASE("interp statements: if takes the branch its Python condition selects") {
  auto t = run(R"([{"op": "assign", "value": [], "out": "e"},
                   {"op": "if", "cond": "%e", "then": [{"op": "return", "value": 1}],
                    "else": [{"op": "if", "cond": "x", "then": [{"op": "return", "value": 2}]}]},
                   {"op": "return", "value": 3}])");
  CHECK(result_int(t) == 2);
}

TEST_CASE("interp statements: for unrolls over sequences, ranges, dicts, enumerate and zip") {
  auto t = run(R"([{"op": "assign", "value": 0, "out": "s"},
                   {"op": "for", "target": "i", "iter": [1, 2, 3], "body": [
                     {"op": "call", "fn": "operator.add", "args": ["%s", "%i"], "out": "s"}]},
                   {"op": "call", "fn": "builtins.range", "args": [5, 0, -2], "out": "r"},
                   {"op": "for", "target": "i", "iter": "%r", "body": [
                     {"op": "call", "fn": "operator.mul", "args": ["%s", "%i"], "out": "s"}]},
                   {"op": "assign", "value": {"dict": {"a": 1, "b": 2}}, "out": "d"},
                   {"op": "method", "obj": "%d", "name": "items", "out": "items"},
                   {"op": "assign", "value": {"list": []}, "out": "keys"},
                   {"op": "for", "target": ["k", "v"], "iter": "%items", "body": [
                     {"op": "method", "obj": "%keys", "name": "append", "args": ["%k"]},
                     {"op": "call", "fn": "operator.add", "args": ["%s", "%v"], "out": "s"}]},
                   {"op": "call", "fn": "builtins.enumerate", "args": [["x", "y"]], "kwargs": {"start": 1}, "out": "en"},
                   {"op": "call", "fn": "builtins.zip", "args": ["%en", [7, 8, 9]], "out": "z"},
                   {"op": "return", "value": ["%s", "%keys", "%z"]}])");
  CHECK(result_repr(t) == "(93, ['a', 'b'], (((1, 'x'), 7), ((2, 'y'), 8)))");
}

TEST_CASE("interp statements: return inside a loop ends the function") {
  auto t = run(R"([{"op": "for", "target": "i", "iter": [1, 2, 3], "body": [
                     {"op": "call", "fn": "operator.eq", "args": ["%i", 2], "out": "hit"},
                     {"op": "if", "cond": "%hit", "then": [{"op": "return", "value": "%i"}]}]},
                   {"op": "return", "value": 0}])");
  CHECK(result_int(t) == 2);
  CHECK(t.program.statements == 6); // for, then eq+if, eq+if+return
}

TEST_CASE("interp statements: raise fails with its message at its statement") {
  auto e = body_error("[]", R"([{"op": "assign", "value": 1, "out": "x"},
                                {"op": "raise", "message": "cache is full", "loc": "m.py:3", "src": "raise ValueError"}])",
                      "{}");
  CHECK(e.message == "cache is full");
  CHECK(e.pointer == "/functions/forward/body/1");
  REQUIRE(e.stack.size() == 1);
  CHECK(e.stack[0] == "in forward (m.py:3: raise ValueError)");
  auto bare = body_error("[]", R"([{"op": "raise", "message": ""}])", "{}");
  CHECK(bare.message == "the program raises an exception here (a raise without a message)");
}

TEST_CASE("interp statements: Python arithmetic and comparisons") {
  auto t = run(R"([{"op": "call", "fn": "operator.floordiv", "args": [-7, 2], "out": "a"},
                   {"op": "call", "fn": "operator.mod", "args": [-7, 2], "out": "b"},
                   {"op": "call", "fn": "operator.truediv", "args": [7, 2], "out": "c"},
                   {"op": "call", "fn": "operator.pow", "args": [2, 10], "out": "d"},
                   {"op": "call", "fn": "operator.pow", "args": [2, -1], "out": "e"},
                   {"op": "call", "fn": "operator.lt", "args": [[1, 2], [1, 3]], "out": "f"},
                   {"op": "call", "fn": "operator.add", "args": ["ab", "cd"], "out": "g"},
                   {"op": "call", "fn": "operator.mul", "args": [[0], 3], "out": "h"},
                   {"op": "call", "fn": "operator.eq", "args": [1, {"float": 1}], "out": "i"},
                   {"op": "call", "fn": "operator.is_", "args": [null, null], "out": "j"},
                   {"op": "call", "fn": "operator.contains", "args": [{"dict": {"k": 1}}, "k"], "out": "k"},
                   {"op": "call", "fn": "operator.not_", "args": [0], "out": "l"},
                   {"op": "call", "fn": "operator.neg", "args": [{"float": 2.5}], "out": "m"},
                   {"op": "call", "fn": "operator.and_", "args": [true, false], "out": "n"},
                   {"op": "call", "fn": "operator.lshift", "args": [1, 4], "out": "o"},
                   {"op": "return", "value": ["%a", "%b", "%c", "%d", "%e", "%f", "%g", "%h", "%i", "%j", "%k", "%l", "%m", "%n", "%o"]}])");
  CHECK(t.has("result (-4, 1, 3.5, 1024, 0.5, True, 'abcd', (0, 0, 0), True, True, True, True, "
              "-2.5, False, 16)\n"));
}

TEST_CASE("interp statements: Python errors are located") {
  auto div = body_error(
      "[]", R"([{"op": "call", "fn": "operator.floordiv", "args": [1, 0], "out": "x"}])", "{}");
  CHECK(div.message.find("ZeroDivisionError") != std::string::npos);
  auto overflow = body_error(
      "[]",
      R"([{"op": "call", "fn": "operator.mul", "args": [9223372036854775807, 2], "out": "x"}])",
      "{}");
  CHECK(overflow.message.find("integer overflow") != std::string::npos);
  auto types = body_error(
      "[]", R"([{"op": "call", "fn": "operator.add", "args": [1, "a"], "out": "x"}])", "{}");
  CHECK(types.message == "unsupported operand type(s) for +: 'int' and 'str'");
  auto key = body_error(
      "[]", R"([{"op": "getitem", "obj": {"dict": {"hidden": 1}}, "index": "hiden", "out": "x"}])",
      "{}");
  CHECK(key.message == "KeyError: 'hiden' (did you mean 'hidden'?)");
  auto index = body_error("[]", R"([{"op": "getitem", "obj": [1], "index": 3, "out": "x"}])", "{}");
  CHECK(index.message == "tuple index 3 is out of range (length 1)");
  auto tuple_set =
      body_error("[]", R"([{"op": "setitem", "obj": [1], "index": 0, "value": 2}])", "{}");
  CHECK(tuple_set.message == "'tuple' object does not support item assignment");
  auto attr =
      body_error("[]", R"([{"op": "getattr", "obj": 3, "name": "real", "out": "x"}])", "{}");
  CHECK(attr.message == "'int' object has no attribute 'real' that thunderc supports");
  auto call = body_error(
      "[]", R"([{"op": "assign", "value": 3, "out": "f"}, {"op": "call", "fn": "%f", "out": "x"}])",
      "{}");
  CHECK(call.message == "'int' object is not callable");
}

TEST_CASE("interp statements: builtins") {
  auto t = run(R"([{"op": "call", "fn": "builtins.len", "args": [[1, 2, 3]], "out": "a"},
                   {"op": "call", "fn": "builtins.min", "args": [3, 1, 2], "out": "b"},
                   {"op": "call", "fn": "builtins.max", "args": [[4, 9, 2]], "out": "c"},
                   {"op": "call", "fn": "builtins.abs", "args": [-3], "out": "d"},
                   {"op": "call", "fn": "builtins.int", "args": [{"float": 2.9}], "out": "e"},
                   {"op": "call", "fn": "builtins.float", "args": ["1.5"], "out": "f"},
                   {"op": "call", "fn": "builtins.bool", "args": [{"list": []}], "out": "g"},
                   {"op": "call", "fn": "builtins.tuple", "args": [{"list": [1]}], "out": "h"},
                   {"op": "call", "fn": "builtins.list", "args": [[1, 2]], "out": "i"},
                   {"op": "call", "fn": "builtins.dict", "kwargs": {"z": 1}, "out": "j"},
                   {"op": "call", "fn": "builtins.sum", "args": [[1, 2, 3]], "out": "k"},
                   {"op": "call", "fn": "builtins.any", "args": [[0, 0, 1]], "out": "l"},
                   {"op": "call", "fn": "builtins.all", "args": [[1, 0]], "out": "m"},
                   {"op": "call", "fn": "builtins.sorted", "args": [[3, 1, 2]], "kwargs": {"reverse": true}, "out": "n"},
                   {"op": "call", "fn": "builtins.reversed", "args": [[1, 2]], "out": "o"},
                   {"op": "call", "fn": "builtins.str", "args": [5], "out": "p"},
                   {"op": "call", "fn": "builtins.round", "args": [{"float": 2.5}], "out": "q"},
                   {"op": "call", "fn": "builtins.divmod", "args": [7, 3], "out": "r"},
                   {"op": "return", "value": ["%a", "%b", "%c", "%d", "%e", "%f", "%g", "%h", "%i", "%j", "%k", "%l", "%m", "%n", "%o", "%p", "%q", "%r"]}])");
  CHECK(t.has("result (3, 1, 9, 3, 2, 1.5, False, (1,), [1, 2], {'z': 1}, 6, True, False, [3, 2, "
              "1], (2, 1), '5', 2, (2, 1))\n"));
}

TEST_CASE("interp statements: isinstance, getattr and hasattr builtins") {
  std::string classes =
      R"({"Block": {"module": "m", "qualname": "Block", "base": "torch.nn.Module"},
                            "Box": {"module": "m", "qualname": "Box"}})";
  auto t = run(R"([{"op": "new", "class": "Box", "out": "b"},
                   {"op": "setattr", "obj": "%b", "name": "x", "value": 1},
                   {"op": "call", "fn": "builtins.isinstance", "args": ["%b", {"class": "Box"}], "out": "a"},
                   {"op": "call", "fn": "builtins.isinstance", "args": ["%b", [{"class": "Block"}, {"class": "builtins.dict"}]], "out": "c"},
                   {"op": "call", "fn": "builtins.isinstance", "args": [{"dict": {}}, {"class": "builtins.dict"}], "out": "d"},
                   {"op": "call", "fn": "builtins.hasattr", "args": ["%b", "x"], "out": "e"},
                   {"op": "call", "fn": "builtins.hasattr", "args": ["%b", "y"], "out": "f"},
                   {"op": "call", "fn": "builtins.getattr", "args": ["%b", "y", 7], "out": "g"},
                   {"op": "call", "fn": "builtins.getattr", "args": ["%b", "x"], "out": "h"},
                   {"op": "return", "value": ["%a", "%c", "%d", "%e", "%f", "%g", "%h"]}])",
               classes);
  CHECK(result_repr(t) == "(True, False, True, True, False, 7, 1)");
}

TEST_CASE("interp statements: math functions") {
  auto t = run(R"([{"op": "call", "fn": "math.sqrt", "args": [16], "out": "a"},
                   {"op": "call", "fn": "math.floor", "args": [{"float": -1.5}], "out": "b"},
                   {"op": "call", "fn": "math.ceil", "args": [{"float": 1.2}], "out": "c"},
                   {"op": "call", "fn": "math.log", "args": [8, 2], "out": "d"},
                   {"op": "call", "fn": "math.isqrt", "args": [17], "out": "e"},
                   {"op": "call", "fn": "math.gcd", "args": [12, 18], "out": "f"},
                   {"op": "return", "value": ["%a", "%b", "%c", "%d", "%e", "%f"]}])");
  CHECK(result_repr(t) == "(4.0, -2, 2, 3.0, 4, 6)");
  CHECK(body_error("[]", R"([{"op": "call", "fn": "math.sqrt", "args": [-1], "out": "x"}])", "{}")
            .message == "math.sqrt: math domain error");
}

TEST_CASE("interp statements: list and dict methods") {
  auto t = run(R"([{"op": "assign", "value": {"list": [1]}, "out": "l"},
                   {"op": "method", "obj": "%l", "name": "append", "args": [2]},
                   {"op": "method", "obj": "%l", "name": "extend", "args": [[3, 4]]},
                   {"op": "method", "obj": "%l", "name": "insert", "args": [0, 0]},
                   {"op": "method", "obj": "%l", "name": "pop", "out": "popped"},
                   {"op": "method", "obj": "%l", "name": "pop", "args": [0], "out": "first"},
                   {"op": "method", "obj": "%l", "name": "index", "args": [3], "out": "at"},
                   {"op": "assign", "value": {"dict": {"a": 1}}, "out": "d"},
                   {"op": "method", "obj": "%d", "name": "get", "args": ["b", 5], "out": "g"},
                   {"op": "method", "obj": "%d", "name": "setdefault", "args": ["c", 3], "out": "sd"},
                   {"op": "method", "obj": "%d", "name": "update", "args": [{"dict": {"a": 9}}], "kwargs": {"e": 8}},
                   {"op": "method", "obj": "%d", "name": "pop", "args": ["c"], "out": "dp"},
                   {"op": "method", "obj": "%d", "name": "keys", "out": "ks"},
                   {"op": "method", "obj": "%d", "name": "values", "out": "vs"},
                   {"op": "return", "value": ["%l", "%popped", "%first", "%at", "%g", "%sd", "%dp", "%ks", "%vs"]}])");
  CHECK(t.has("result ([1, 2, 3], 4, 0, 2, 5, 3, 3, ('a', 'e'), (9, 8))\n"));
}

TEST_CASE("interp statements: str methods") {
  auto t = run(R"([{"op": "method", "obj": "a,b", "name": "split", "args": [","], "out": "parts"},
                   {"op": "method", "obj": "-", "name": "join", "args": ["%parts"], "out": "j"},
                   {"op": "method", "obj": "layer.0", "name": "startswith", "args": ["layer"], "out": "s"},
                   {"op": "method", "obj": "x{}y", "name": "format", "args": [3], "out": "f"},
                   {"op": "return", "value": ["%parts", "%j", "%s", "%f"]}])");
  CHECK(result_repr(t) == "(['a', 'b'], 'a-b', True, 'x3y')");
}

TEST_CASE(
    "interp statements: tensor ops from calls and methods, with attributes as Python values") {
  auto t = trace_body(R"(["x"])", R"([
      {"op": "getattr", "obj": "%x", "name": "shape", "out": "shape"},
      {"op": "getitem", "obj": "%shape", "index": 0, "out": "n"},
      {"op": "method", "obj": "%x", "name": "view", "args": ["%n", -1], "out": "v"},
      {"op": "method", "obj": "%v", "name": "size", "args": [1], "out": "m"},
      {"op": "getattr", "obj": "%x", "name": "dtype", "out": "dt"},
      {"op": "call", "fn": "torch.Tensor.to", "args": ["%v", {"dtype": "float16"}], "out": "h"},
      {"op": "call", "fn": "operator.mul", "args": [2, "%h"], "out": "y"},
      {"op": "getattr", "obj": "%y", "name": "T", "out": "yt"},
      {"op": "return", "value": ["%yt", "%m", "%dt"]}])",
                      R"({"args": [{"tensor": [2, 3, 4]}]})");
  CHECK(t.has("op 0 torch.Tensor.view(args[0], 2, -1) -> "));
  CHECK(t.has("as v"));
  CHECK(t.has("torch.Tensor.to("));
  CHECK(t.has("torch.mul(t"));
  CHECK(t.has(", 2) -> "));
  CHECK(t.has("torch.permute("));
  const Heap &h = t.program.heap;
  auto items = h.items(t.program.result);
  CHECK(h.as_int(items[1]) == 12);
  CHECK(h.as_dtype(items[2]) == DType::Float32);
  CHECK(h.meta(items[0]).shape == std::vector<int64_t>{12, 2});
  CHECK(h.meta(items[0]).dtype == DType::Float16);
  REQUIRE(t.program.ops.size() == 4);
  const OpRecord &view = t.program.ops[0];
  CHECK(view.bound.size() == view.bound_meta.size());
  CHECK(view.bound[0] == h.items(t.program.args)[0]); // the input tensor itself
  CHECK(h.repr(view.bound[1]) == "(2, -1)");
}

TEST_CASE("interp statements: op errors are located and keep the catalogue's message") {
  auto e = body_error(
      R"(["x", "y"])",
      R"([{"op": "call", "fn": "torch.matmul", "args": ["%x", "%y"], "out": "z", "loc": "a.py:1"}])",
      R"({"args": [{"tensor": [2, 3]}, {"tensor": [4, 5]}]})");
  CHECK(e.pointer == "/functions/forward/body/0");
  CHECK(e.message.find("torch.matmul") != std::string::npos);
  CHECK(e.stack.at(0) == "in forward (a.py:1)");
  auto unknown = body_error(
      R"(["x"])", R"([{"op": "call", "fn": "torch.addd", "args": ["%x", "%x"], "out": "z"}])",
      R"({"args": [{"tensor": [2]}]})");
  CHECK(unknown.message ==
        "torch.addd is not in thunderc's op catalogue (did you mean 'torch.add'?); docs/ops.md "
        "lists the catalogue");
  auto method =
      body_error(R"(["x"])", R"([{"op": "method", "obj": "%x", "name": "viewww", "out": "z"}])",
                 R"({"args": [{"tensor": [2]}]})");
  CHECK(method.message == "'Tensor' object has no attribute 'viewww' in thunderc's op catalogue "
                          "(did you mean 'view'?); docs/ops.md lists the catalogue");
}

TEST_CASE("interp statements: a list that contains itself compares and prints without recursing "
          "forever") {
  auto t = run(R"([{"op": "assign", "value": {"list": []}, "out": "l"},
                   {"op": "method", "obj": "%l", "name": "append", "args": ["%l"]},
                   {"op": "call", "fn": "operator.eq", "args": ["%l", "%l"], "out": "same"},
                   {"op": "call", "fn": "builtins.str", "args": ["%l"], "out": "s"},
                   {"op": "return", "value": ["%same", "%s"]}])");
  const Heap &h = t.program.heap;
  CHECK(h.as_bool(h.items(t.program.result)[0]));
  CHECK(h.as_str(h.items(t.program.result)[1]).find("...") != std::string::npos);
  auto e = body_error("[]", R"([{"op": "assign", "value": {"list": []}, "out": "l"},
                                {"op": "method", "obj": "%l", "name": "append", "args": ["%l"]},
                                {"op": "return", "value": "%l"}])",
                      "{}");
  CHECK(e.message ==
        "the return value at [0] contains itself; the epilogue cannot rebuild a cyclic value");
}
