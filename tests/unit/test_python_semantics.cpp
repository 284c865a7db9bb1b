// Python semantics the interpreter must match CPython on, where a C++ shortcut differs: each value
// here is CPython 3.11's for the same expression.
#include "test_interp_util.h"

using namespace thunderc;
using namespace thunderc::test;

namespace {
// The repr of what forward() (no parameters) returns after `body`.
std::string result_of(const std::string &body, const std::string &classes = "{}") {
  Traced t = trace_body("[]", body, "{}", classes);
  return t.program.heap.repr(t.program.result);
}
// Locals every body may use: nan and inf.
const std::string floats =
    R"({"op": "call", "fn": "builtins.float", "args": ["nan"], "out": "nan"},
       {"op": "call", "fn": "builtins.float", "args": ["inf"], "out": "inf"}, )";
// The repr of operator.`op`(a, b), operands as JSON.
std::string op(const std::string &name, const std::string &a, const std::string &b) {
  return result_of("[" + floats + R"({"op": "call", "fn": "operator.)" + name +
                   R"(", "args": [)" + a + ", " + b +
                   R"(], "out": "x"}, {"op": "return", "value": "%x"}])");
}
std::string error_of(const std::string &body) {
  return body_error("[]", body, "{}").message;
}
} // namespace

TEST_CASE("python semantics: shifts up to the int64 limit") {
  CHECK(op("lshift", "1", "62") == "4611686018427387904");
  CHECK(op("lshift", "3", "61") == "6917529027641081856");
  CHECK(op("lshift", "-1", "63") == "-9223372036854775808");
  CHECK(op("lshift", "0", "1000") == "0");
  for (auto [a, b] : {std::pair{"1", "63"}, {"2", "62"}, {"-3", "62"}, {"1", "64"}})
    CHECK(error_of(R"([{"op": "call", "fn": "operator.lshift", "args": [)" + std::string(a) +
                   ", " + b + R"(], "out": "x"}])") == "integer overflow (ints are 64-bit)");
}

TEST_CASE("python semantics: ints and floats compare exactly") {
  CHECK(op("gt", "9007199254740993", R"({"float": 9007199254740992.0})") == "True");
  CHECK(op("eq", "9007199254740993", R"({"float": 9007199254740992.0})") == "False");
  CHECK(op("lt", "9223372036854775807", R"({"float": 9223372036854775807.0})") == "True");
  CHECK(op("lt", R"({"float": -9223372036854775808.0})", "-9223372036854775807") == "True");
  CHECK(op("eq", "-9223372036854775808", R"({"float": -9223372036854775808.0})") == "True");
  CHECK(op("le", R"({"float": 2.5})", "3") == "True");
  CHECK(op("ge", "2", R"({"float": 2.5})") == "False");
  // NaN is unordered: every comparison but != is False.
  std::string nan = R"("%nan")";
  for (const char *o : {"lt", "le", "gt", "ge", "eq"}) {
    CHECK(op(o, nan, "1") == "False");
    CHECK(op(o, "1", nan) == "False");
    CHECK(op(o, nan, R"({"float": 1.5})") == "False");
  }
  CHECK(op("ne", nan, "1") == "True");
  CHECK(op("le", "[" + nan + "]", "[1]") == "False");
  // A dict finds an int key by an equal float only when they are equal exactly.
  CHECK(result_of(R"([{"op": "assign", "value": {"dict": {}}, "out": "d"},
                      {"op": "setitem", "obj": "%d", "index": 9007199254740993, "value": 1},
                      {"op": "call", "fn": "operator.contains", "args": ["%d", {"float": 9007199254740992.0}], "out": "x"},
                      {"op": "return", "value": "%x"}])") == "False");
}

TEST_CASE("python semantics: int / int is correctly rounded") {
  CHECK(op("truediv", "9007199254740993", "3") == "3002399751580331.0");
  CHECK(op("truediv", "9223372036854775807", "3") == "3.0744573456182584e+18");
  CHECK(op("truediv", "-9223372036854775808", "7") == "-1.3176245766935393e+18");
  CHECK(op("truediv", "1", "9007199254740993") == "1.1102230246251564e-16");
  CHECK(op("truediv", "9007199254740995", "2") == "4503599627370498.0"); // a tie: to even
  CHECK(op("truediv", "7", "2") == "3.5");
  CHECK(op("truediv", "-9223372036854775808", "-9223372036854775808") == "1.0");
}

TEST_CASE("python semantics: float // and % with signed zeros and infinities") {
  std::string inf = R"("%inf")";
  CHECK(op("floordiv", R"({"float": -1.0})", inf) == "-1.0");
  CHECK(op("mod", R"({"float": -1.0})", inf) == "inf");
  CHECK(op("mod", R"({"float": -0.0})", R"({"float": 1.0})") == "0.0");
  CHECK(op("mod", R"({"float": 6.0})", R"({"float": -3.0})") == "-0.0");
  CHECK(op("mod", R"({"float": 0.0})", R"({"float": -1.0})") == "-0.0");
  CHECK(op("floordiv", R"({"float": -0.0})", R"({"float": 5.0})") == "-0.0");
  CHECK(op("floordiv", R"({"float": 7.5})", "-2") == "-4.0");
  CHECK(op("mod", R"({"float": 7.5})", "-2") == "-0.5");
  CHECK(op("floordiv", R"({"float": 1.0})", R"({"float": 0.1})") == "9.0");
  CHECK(error_of(R"([{"op": "call", "fn": "operator.mod", "args": [{"float": 1.0}, 0], "out": "x"}])") ==
        "ZeroDivisionError: float modulo");
}

TEST_CASE("python semantics: float ** that overflows raises") {
  CHECK(error_of(R"([{"op": "call", "fn": "operator.pow", "args": [{"float": 10.0}, 400], "out": "x"}])") ==
        "OverflowError: (34, 'Numerical result out of range')");
  CHECK(op("pow", R"("%inf")", "2") == "inf");
  CHECK(op("pow", R"({"float": -8.0})", R"("%inf")") == "inf");
}

TEST_CASE("python semantics: list += and *= change the list in place") {
  CHECK(result_of(R"([{"op": "assign", "value": {"list": [1]}, "out": "l"},
                      {"op": "assign", "value": "%l", "out": "m"},
                      {"op": "call", "fn": "operator.imul", "args": ["%l", 2], "out": "l"},
                      {"op": "call", "fn": "operator.iadd", "args": ["%l", [2, 3]], "out": "l"},
                      {"op": "call", "fn": "operator.iadd", "args": ["%l", "ab"], "out": "l"},
                      {"op": "return", "value": "%m"}])") == "[1, 1, 2, 3, 'a', 'b']");
}

TEST_CASE("python semantics: equality of dataclasses, OrderedDicts and ranges") {
  std::string classes =
      R"({"Out": {"module": "m", "qualname": "Out", "dataclass": {"fields": ["x", "y"]}},
          "Other": {"module": "m", "qualname": "Other", "dataclass": {"fields": ["x", "y"]}}})";
  CHECK(result_of(R"([{"op": "new", "class": "Out", "args": [1, [2]], "out": "a"},
                      {"op": "new", "class": "Out", "args": [1, [2]], "out": "b"},
                      {"op": "new", "class": "Out", "args": [1, [3]], "out": "c"},
                      {"op": "new", "class": "Other", "args": [1, [2]], "out": "d"},
                      {"op": "call", "fn": "operator.eq", "args": ["%a", "%b"], "out": "ab"},
                      {"op": "call", "fn": "operator.eq", "args": ["%a", "%c"], "out": "ac"},
                      {"op": "call", "fn": "operator.eq", "args": ["%a", "%d"], "out": "ad"},
                      {"op": "call", "fn": "operator.contains", "args": [["%b"], "%a"], "out": "has"},
                      {"op": "return", "value": ["%ab", "%ac", "%ad", "%has"]}])",
                  classes) == "(True, False, False, True)");
  CHECK(result_of(R"([{"op": "new", "class": "collections.OrderedDict", "args": [[["a", 1], ["b", 2]]], "out": "x"},
                      {"op": "new", "class": "collections.OrderedDict", "args": [[["b", 2], ["a", 1]]], "out": "y"},
                      {"op": "assign", "value": {"dict": {"b": 2, "a": 1}}, "out": "z"},
                      {"op": "call", "fn": "operator.eq", "args": ["%x", "%y"], "out": "xy"},
                      {"op": "call", "fn": "operator.eq", "args": ["%x", "%z"], "out": "xz"},
                      {"op": "return", "value": ["%xy", "%xz"]}])") == "(False, True)");
  CHECK(result_of(R"([{"op": "call", "fn": "builtins.range", "args": [3], "out": "a"},
                      {"op": "call", "fn": "builtins.range", "args": [0, 3, 1], "out": "b"},
                      {"op": "call", "fn": "builtins.range", "args": [0, 4, 2], "out": "c"},
                      {"op": "call", "fn": "builtins.range", "args": [0, 3, 2], "out": "d"},
                      {"op": "call", "fn": "builtins.range", "args": [5, 5], "out": "e"},
                      {"op": "call", "fn": "builtins.range", "args": [7, 2], "out": "f"},
                      {"op": "call", "fn": "operator.eq", "args": ["%a", "%b"], "out": "ab"},
                      {"op": "call", "fn": "operator.eq", "args": ["%c", "%d"], "out": "cd"},
                      {"op": "call", "fn": "operator.eq", "args": ["%e", "%f"], "out": "ef"},
                      {"op": "call", "fn": "operator.eq", "args": ["%a", "%c"], "out": "ac"},
                      {"op": "return", "value": ["%ab", "%cd", "%ef", "%ac"]}])") ==
        "(True, True, True, False)");
}

TEST_CASE("python semantics: ranges near the int64 limits") {
  std::string big = R"({"op": "call", "fn": "builtins.range", "args": [0, 9223372036854775807, 4611686018427387903], "out": "r"})";
  CHECK(result_of("[" + big + R"(, {"op": "getitem", "obj": "%r", "index": -1, "out": "x"},
                      {"op": "call", "fn": "operator.contains", "args": ["%r", 9223372036854775806], "out": "y"},
                      {"op": "call", "fn": "operator.contains", "args": ["%r", 5], "out": "z"},
                      {"op": "call", "fn": "operator.truth", "args": ["%r"], "out": "t"},
                      {"op": "call", "fn": "builtins.len", "args": ["%r"], "out": "n"},
                      {"op": "return", "value": ["%x", "%y", "%z", "%t", "%n"]}])") ==
        "(9223372036854775806, True, False, True, 3)");
  // A huge range that a loop leaves at once, and one stepping past the limit.
  CHECK(result_of(R"([{"op": "call", "fn": "builtins.range", "args": [0, 9223372036854775807], "out": "r"},
                      {"op": "call", "fn": "operator.contains", "args": ["%r", 123456789012], "out": "y"},
                      {"op": "call", "fn": "builtins.range", "args": [9223372036854775806, 9223372036854775807, 2], "out": "s"},
                      {"op": "assign", "value": {"list": []}, "out": "l"},
                      {"op": "for", "target": "i", "iter": "%s", "body": [
                        {"op": "method", "obj": "%l", "name": "append", "args": ["%i"]}]},
                      {"op": "return", "value": ["%y", "%l"]}])") ==
        "(True, [9223372036854775806])");
}

TEST_CASE("python semantics: for loops unpack any iterable and see a list grow") {
  CHECK(result_of(R"([{"op": "assign", "value": {"list": []}, "out": "l"},
                      {"op": "for", "target": ["a", "b"], "iter": ["xy", "zw"], "body": [
                        {"op": "method", "obj": "%l", "name": "append", "args": ["%b"]}]},
                      {"op": "return", "value": "%l"}])") == "['y', 'w']");
  CHECK(result_of(R"([{"op": "assign", "value": {"list": [1, 2, 3]}, "out": "l"},
                      {"op": "for", "target": "i", "iter": "%l", "body": [
                        {"op": "call", "fn": "operator.lt", "args": ["%i", 3], "out": "c"},
                        {"op": "if", "cond": "%c", "then": [
                          {"op": "method", "obj": "%l", "name": "append", "args": [3]}]}]},
                      {"op": "return", "value": "%l"}])") == "[1, 2, 3, 3, 3]");
  CHECK(error_of(R"([{"op": "assign", "value": {"dict": {"a": 1}}, "out": "d"},
                     {"op": "for", "target": "k", "iter": "%d", "body": [
                       {"op": "setitem", "obj": "%d", "index": "b", "value": 2}]}])") ==
        "RuntimeError: dictionary changed size during iteration");
  CHECK(error_of(R"([{"op": "for", "target": ["a", "b"], "iter": [1], "body": []}])") ==
        "cannot unpack non-iterable int object into 2 loop targets");
}

TEST_CASE("python semantics: str indexes characters, not bytes") {
  CHECK(result_of(R"([{"op": "getitem", "obj": "h\u00e9llo", "index": 1, "out": "a"},
                      {"op": "getitem", "obj": "h\u00e9llo", "index": {"slice": [null, null, -1]}, "out": "b"},
                      {"op": "call", "fn": "builtins.list", "args": ["h\u00e9\u20ac"], "out": "c"},
                      {"op": "return", "value": ["%a", "%b", "%c"]}])") ==
        "('\u00e9', 'oll\u00e9h', ['h', '\u00e9', '\u20ac'])");
}
