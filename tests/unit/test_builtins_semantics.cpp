// builtins.cpp against CPython 3.11: values that must match exactly, and what must be an error.
#include "test_interp_util.h"

#include <fmt/format.h>

using namespace thunderc;
using namespace thunderc::test;

namespace {
Traced run(const std::string &body, const std::string &classes = "{}") {
  return trace_body("[]", body, "{}", classes);
}
// Python's repr of the result, as builtins.repr writes it.
std::string py_repr(const std::string &body, const std::string &classes = "{}") {
  auto t = run(body + R"(, {"op": "call", "fn": "builtins.repr", "args": ["%x"], "out": "r"},
                         {"op": "return", "value": "%r"}])",
               classes);
  REQUIRE(t.program.heap.is(t.program.result, Kind::Str));
  return std::string(t.program.heap.as_str(t.program.result));
}
// fn(args...) (a JSON array), its repr.
std::string call(const std::string &fn, const std::string &args, const std::string &kwargs = "{}") {
  return py_repr(R"([{"op": "call", "fn": ")" + fn + R"(", "args": )" + args +
                 R"(, "kwargs": )" + kwargs + R"(, "out": "x"})");
}
std::string call_error(const std::string &fn, const std::string &args,
                       const std::string &kwargs = "{}") {
  return body_error("[]",
                    R"([{"op": "call", "fn": ")" + fn + R"(", "args": )" + args +
                        R"(, "kwargs": )" + kwargs + R"(, "out": "x"}])",
                    "{}")
      .message;
}
std::string method(const std::string &obj, const std::string &name, const std::string &args) {
  return py_repr(R"([{"op": "method", "obj": )" + obj + R"(, "name": ")" + name +
                 R"(", "args": )" + args + R"(, "out": "x"})");
}
std::string method_error(const std::string &obj, const std::string &name,
                         const std::string &args) {
  return body_error("[]",
                    R"([{"op": "method", "obj": )" + obj + R"(, "name": ")" + name +
                        R"(", "args": )" + args + R"(, "out": "x"}])",
                    "{}")
      .message;
}
// fn(ITEMS, key=K.neg, **extra): K.neg is a graph function reached through a class.
std::string keyed(const std::string &fn, const std::string &items, const std::string &extra = "") {
  auto t = trace(graph_json(R"({"forward": {"params": [], "body": [
      {"op": "getattr", "obj": {"class": "K"}, "name": "neg", "out": "k"},
      {"op": "call", "fn": ")" + fn + R"(", "args": [)" + items +
                                R"(], "kwargs": {"key": "%k")" + extra + R"(}, "out": "x"},
      {"op": "call", "fn": "builtins.repr", "args": ["%x"], "out": "r"},
      {"op": "return", "value": "%r"}]},
    "negf": {"params": ["v"], "body": [
      {"op": "call", "fn": "operator.neg", "args": ["%v"], "out": "r"},
      {"op": "return", "value": "%r"}]}})",
                            "{}", R"({"K": {"module": "m", "qualname": "K", "methods": {"neg": "negf"}}})"));
  return std::string(t.program.heap.as_str(t.program.result));
}
} // namespace

TEST_CASE("builtins semantics: math.isqrt near INT64_MAX ends and is exact") {
  CHECK(call("math.isqrt", "[9223372036854775807]") == "3037000499");
  CHECK(call("math.isqrt", "[9223372030926249001]") == "3037000499"); // 3037000499 ** 2
  CHECK(call("math.isqrt", "[9223372030926249000]") == "3037000498");
  CHECK(call("math.isqrt", "[0]") == "0");
}

TEST_CASE("builtins semantics: math overflow and domain errors are errors") {
  CHECK(call_error("math.exp", "[1000]") == "math.exp: math range error");
  CHECK(call("math.exp", "[-1000]") == "0.0");
  CHECK(call_error("math.pow", "[-8, 0.5]") == "math.pow: math domain error");
  CHECK(call_error("math.pow", "[0, -1]") == "math.pow: math domain error");
  CHECK(call_error("math.pow", "[10.0, 400]") == "math.pow: math range error");
  CHECK(call_error("math.log", "[1, 1]") == "math.log: float division by zero");
  CHECK(call_error("math.log10", "[0]") == "math.log10: math domain error");
  CHECK(call("math.pow", "[2, -1075]") == "0.0");
  CHECK(call("math.gcd", "[-12, 18]") == "6");
  CHECK(call_error("math.gcd", "[-9223372036854775808, 0]") == "integer overflow (ints are 64-bit)");
  CHECK(call_error("math.floor", "[1e300]") == "integer overflow (ints are 64-bit)");
}

TEST_CASE("builtins semantics: round() on ints and floats") {
  CHECK(call("builtins.round", "[1234, -2]") == "1200");
  CHECK(call("builtins.round", "[1250, -2]") == "1200"); // half to even on ints too
  CHECK(call("builtins.round", "[1350, -2]") == "1400");
  CHECK(call("builtins.round", "[-1250, -2]") == "-1200");
  CHECK(call("builtins.round", "[9223372036854775807, -30]") == "0");
  CHECK(call_error("builtins.round", "[9223372036854775807, -1]") ==
        "integer overflow (ints are 64-bit)");
  CHECK(call("builtins.round", "[true, 1]") == "1");
  CHECK(call("builtins.round", "[1.5, 400]") == "1.5");
  CHECK(call("builtins.round", "[1.5, -400]") == "0.0");
  CHECK(call("builtins.round", "[-1.5, -400]") == "-0.0");
  CHECK(call("builtins.round", "[1e300, 10]") == "1e+300");
  CHECK(call("builtins.round", "[2.675, 2]") == "2.67"); // the exact binary value is below
  CHECK(call("builtins.round", "[0.125, 2]") == "0.12"); // an exact tie: half to even
  CHECK(call("builtins.round", "[-0.4, 0]") == "-0.0");
  CHECK(call("builtins.round", "[1234.5, -1]") == "1230.0");
  CHECK(call("builtins.round", "[1250.0, -2]") == "1200.0");
  CHECK(call("builtins.round", "[1250.5, -2]") == "1300.0"); // the fraction breaks the tie
  CHECK(call("builtins.round", "[-1.0, -1]") == "-0.0");
  CHECK(call("builtins.round", "[2.5]") == "2");
  CHECK(call_error("builtins.round", "[1.7976931348623157e308, -308]") ==
        "OverflowError: rounded value too large to represent");
  CHECK(call_error("builtins.round", "[1e300]") == "integer overflow (ints are 64-bit)");
  CHECK(call_error("builtins.round", "[1, 1.0]") ==
        "TypeError: 'float' object cannot be interpreted as an integer");
}

TEST_CASE("builtins semantics: key= of max, min and sorted; unknown keywords are errors") {
  CHECK(keyed("builtins.max", R"({"list": [1, -3, 2]})") == "-3");
  CHECK(keyed("builtins.min", R"({"list": [1, -3, 2]})") == "2");
  CHECK(keyed("builtins.min", R"({"list": [1, 2, -1, 2]})") == "2"); // the first of equals
  CHECK(keyed("builtins.sorted", R"({"list": [1, -3, 2]})") == "[2, 1, -3]");
  CHECK(keyed("builtins.sorted", R"({"list": [1, -3, 2]})", R"(, "reverse": true)") ==
        "[-3, 1, 2]");
  CHECK(keyed("builtins.max", "1, -3, 2") == "-3");
  CHECK(call("builtins.max", R"([{"list": [1, 3]}])", R"({"key": null})") == "3");
  CHECK(call("builtins.min", "[[]]", R"({"default": 7})") == "7");
  CHECK(call_error("builtins.max", "[[1, 2]]", R"({"foo": 1})") ==
        "'foo' is an invalid keyword argument for max()");
  CHECK(call_error("builtins.min", "[1, 2]", R"({"default": 0})") ==
        "Cannot specify a default for min() with multiple positional arguments");
  CHECK(call_error("builtins.sorted", "[[1, 2]]", R"({"foo": 1})") ==
        "'foo' is an invalid keyword argument for sort()");
  CHECK(call_error("builtins.sum", "[[1, 2]]", R"({"foo": 1})") ==
        "'foo' is an invalid keyword argument for sum()");
  CHECK(call_error("builtins.enumerate", "[[1, 2]]", R"({"foo": 1})") ==
        "'foo' is an invalid keyword argument for enumerate()");
  CHECK(call_error("builtins.zip", "[[1, 2]]", R"({"foo": 1})") ==
        "'foo' is an invalid keyword argument for zip()");
  CHECK(call("builtins.enumerate", "[[5]]", R"({"start": 2})") == "((2, 5),)");
}

TEST_CASE("builtins semantics: sorted(reverse=True) is stable; sum() of strings is an error") {
  CHECK(call("builtins.sorted", R"([[1, 1.0, true, 0]])", R"({"reverse": true})") ==
        "[1, 1.0, True, 0]");
  CHECK(call("builtins.sorted", R"([[1, 1.0, true, 0]])") == "[0, 1, 1.0, True]");
  CHECK(call_error("builtins.sum", R"([["a", "b"], ""])") ==
        "TypeError: sum() can't sum strings [use ''.join(seq) instead]");
  CHECK(call_error("builtins.sum", R"([["a", "b"]])", R"({"start": ""})") ==
        "TypeError: sum() can't sum strings [use ''.join(seq) instead]");
  CHECK(call("builtins.sum", R"([[1, 2.5]])", R"({"start": 1})") == "4.5");
}

TEST_CASE("builtins semantics: str methods count code points and know Python's whitespace") {
  CHECK(call("builtins.len", R"(["h\u00e9llo"])") == "5");
  CHECK(call("builtins.len", R"(["\ud83d\ude00"])") == "1");
  CHECK(method(R"("\u000b\u000chi\u000c\u00a0")", "strip", "[]") == "'hi'");
  CHECK(method(R"("\u001c\u3000")", "strip", "[]") == "''");
  CHECK(method(R"("a\u000bb\u2028c  d\u0085")", "split", "[]") == "['a', 'b', 'c', 'd']");
  CHECK(method(R"("a b")", "split", "[null]") == "['a', 'b']");
  CHECK(method(R"("AbZ@[`{")", "lower", "[]") == "'abz@[`{'");
  CHECK(method(R"("AbZ@[`{")", "upper", "[]") == "'ABZ@[`{'");
  CHECK(method_error(R"("stra\u00dfe")", "upper", "[]") ==
        "str.upper() of a non-ASCII string is not supported: 'straße'");
}

TEST_CASE("builtins semantics: str() and repr() are Python's, not the short message form") {
  auto str = [](const std::string &operand) {
    auto t = run(R"([{"op": "call", "fn": "builtins.str", "args": [)" + operand +
                 R"(], "out": "s"}, {"op": "return", "value": "%s"}])");
    return std::string(t.program.heap.as_str(t.program.result));
  };
  CHECK(str(R"({"list": [0, 1, 2, 3, 4, 5, 6, 7, 8]})") == "[0, 1, 2, 3, 4, 5, 6, 7, 8]");
  CHECK(str("[[[[[[[[1]]]]]]]]") == "((((((((1,),),),),),),),)");
  CHECK(str(R"({"dict": {"a": 0, "b": 1, "c": 2, "d": 3, "e": 4, "f": 5, "g": 6, "h": 7, "i": 8}})") ==
        "{'a': 0, 'b': 1, 'c': 2, 'd': 3, 'e': 4, 'f': 5, 'g': 6, 'h': 7, 'i': 8}");
  CHECK(str(R"({"device": "cuda:0"})") == "cuda:0");
  CHECK(str(R"([{"device": "cuda:0"}, {"device": "cpu"}])") ==
        "(device(type='cuda', index=0), device(type='cpu'))");
  CHECK(str(R"({"dtype": "bfloat16"})") == "torch.bfloat16");
  CHECK(str(R"({"class": "builtins.dict"})") == "<class 'dict'>");
  CHECK(str(R"(["it's"])") == "(\"it's\",)");
  CHECK(str(R"(["it's \"q\""])") == "('it\\'s \"q\"',)");
  CHECK(str(R"(["a\u007fb\u00a0\u00e9\t"])") == "('a\\x7fb\\xa0é\\t',)");
  CHECK(str(R"(["\u2028\ufeff\u200b\ue000"])") == "('\\u2028\\ufeff\\u200b\\ue000',)");
  CHECK(str(R"([1e16, 1e15, 1e-05, 0.0001, -0.0, 1.5e300, 123.25, null, true])") ==
        "(1e+16, 1000000000000000.0, 1e-05, 0.0001, -0.0, 1.5e+300, 123.25, None, True)");
  CHECK(str(R"({"slice": [1, null, -1]})") == "slice(1, None, -1)");
  auto dc = run(R"([{"op": "new", "class": "Out", "args": [1], "out": "o"},
                    {"op": "call", "fn": "builtins.str", "args": ["%o"], "out": "s"},
                    {"op": "return", "value": "%s"}])",
                R"({"Out": {"module": "m", "qualname": "make.<locals>.Out",
                            "dataclass": {"fields": ["x", "y"], "defaults": {"y": "two"}}}})");
  CHECK(dc.program.heap.as_str(dc.program.result) == "make.<locals>.Out(x=1, y='two')");
  auto od = run(R"([{"op": "new", "class": "collections.OrderedDict", "out": "d"},
                    {"op": "setitem", "obj": "%d", "index": "a", "value": 1},
                    {"op": "call", "fn": "builtins.str", "args": ["%d"], "out": "s"},
                    {"op": "return", "value": "%s"}])");
  CHECK(od.program.heap.as_str(od.program.result) == "OrderedDict([('a', 1)])");
  auto cyc = run(R"([{"op": "assign", "value": {"list": [1]}, "out": "l"},
                     {"op": "method", "obj": "%l", "name": "append", "args": ["%l"]},
                     {"op": "call", "fn": "builtins.str", "args": ["%l"], "out": "s"},
                     {"op": "return", "value": "%s"}])");
  CHECK(cyc.program.heap.as_str(cyc.program.result) == "[1, [...]]");
  CHECK(body_error("[]", R"([{"op": "new", "class": "Box", "out": "b"},
                           {"op": "call", "fn": "builtins.str", "args": ["%b"], "out": "s"}])",
                   "{}", R"({"Box": {"module": "m", "qualname": "Box"}})")
            .message.starts_with("str()/repr() of 'Box' is not supported"));
  CHECK(body_error("[\"t\"]", R"([{"op": "call", "fn": "builtins.str", "args": [["%t"]], "out": "s"}])",
                   R"({"args": [{"tensor": [2]}]})")
            .message.starts_with("str()/repr() of 'Tensor' is not supported"));
  CHECK(body_error("[]", R"([{"op": "call", "fn": "builtins.repr", "args": ["\u0378"], "out": "s"}])",
                   "{}")
            .message.starts_with("repr() of a str holding U+0378 is not supported"));
}

TEST_CASE("builtins semantics: str.format fields") {
  CHECK(method(R"("{0}-{1}-{0}")", "format", "[1, 2]") == "'1-2-1'");
  CHECK(method(R"("{{}}{}")", "format", "[7]") == "'{}7'");
  CHECK(method(R"("{}|{!r}|{!s}")", "format", R"(["a", "b", {"device": "cpu"}])") ==
        "\"a|'b'|cpu\"");
  CHECK(method(R"("{}}}")", "format", R"([{"list": [0, 1, 2, 3, 4, 5, 6, 7, 8]}])") ==
        "'[0, 1, 2, 3, 4, 5, 6, 7, 8]}'");
  auto kw = run(R"([{"op": "method", "obj": "{n}={0}", "name": "format", "args": [1], "kwargs": {"n": "x"}, "out": "s"},
                    {"op": "return", "value": "%s"}])");
  CHECK(kw.program.heap.as_str(kw.program.result) == "x=1");
  CHECK(method_error(R"("{:.2f}")", "format", "[3.14159]") ==
        "str.format: the format spec '.2f' is not supported");
  CHECK(method_error(R"("{0}{}")", "format", "[1, 2]") ==
        "str.format: ValueError: cannot switch from manual field specification to automatic "
        "field numbering");
  CHECK(method_error(R"("}")", "format", "[]") ==
        "str.format: ValueError: Single '}' encountered in format string");
  CHECK(method_error(R"("{2}")", "format", "[1]") ==
        "str.format: IndexError: Replacement index 2 out of range for positional args tuple");
  CHECK(method_error(R"("{}{}")", "format", "[1]") ==
        "str.format: IndexError: Replacement index 1 out of range for positional args tuple");
  CHECK(method_error(R"("{0.real}")", "format", "[1]").starts_with(
      "str.format: the field '0.real' is not supported"));
}

TEST_CASE("builtins semantics: int() and float() of str follow CPython") {
  CHECK(call("builtins.int", R"([" 12 "])") == "12");
  CHECK(call("builtins.int", R"(["-1_000"])") == "-1000");
  CHECK(call("builtins.int", R"(["\u00a0+007\n"])") == "7");
  CHECK(call("builtins.int", R"(["-9223372036854775808"])") == "-9223372036854775808");
  CHECK(call("builtins.float", R"(["1.5 "])") == "1.5");
  CHECK(call("builtins.float", R"(["1_0.5"])") == "10.5");
  CHECK(call("builtins.float", R"(["1e400"])") == "inf");
  CHECK(call("builtins.float", R"(["-InFiNiTy"])") == "-inf");
  CHECK(call("builtins.float", R"(["nan"])") == "nan");
  CHECK(call("builtins.float", R"([".5e-3"])") == "0.0005");
  CHECK(call("builtins.float", R"(["1."])") == "1.0");
  for (const char *bad : {"1__0", "_1", "1_", "0x10", "1.5", "", " ", "+", "١٢"})
    CHECK(call_error("builtins.int", fmt::format(R"(["{}"])", bad)).starts_with(
        "ValueError: invalid literal for int() with base 10"));
  CHECK(call_error("builtins.int", R"(["99999999999999999999"])") ==
        "int('99999999999999999999'): integer overflow (ints are 64-bit)");
  for (const char *bad : {"0x1p3", "0x10", "nan(12)", "1._5", ".", "e5", "1e", "infinit", "1 2"})
    CHECK(call_error("builtins.float", fmt::format(R"(["{}"])", bad)).starts_with(
        "ValueError: could not convert string to float"));
}

TEST_CASE("builtins semantics: scalar - tensor is torch.rsub: -(t - s), with sub's checks") {
  auto t = trace_body(R"(["t"])", R"([{"op": "call", "fn": "operator.sub", "args": [2.5, "%t"], "out": "x"},
                                    {"op": "return", "value": "%x"}])",
                      R"({"args": [{"tensor": [4], "dtype": "uint8"}]})");
  // The subtraction comes first, in the promoted type: no uint8 negation wrapping before it.
  size_t sub = t.text.find("sub"), neg = t.text.find("neg");
  REQUIRE(sub != std::string::npos);
  REQUIRE(neg != std::string::npos);
  CHECK(sub < neg);
  CHECK(body_error(R"(["t"])", R"([{"op": "call", "fn": "operator.sub", "args": [true, "%t"], "out": "x"}])",
                   R"({"args": [{"tensor": [4]}]})")
            .message.find("with a bool tensor is not supported") != std::string::npos);
}

// A tensor and a non-number (None, a str, a list): Tensor's operators decline it, so == and != fall
// back to identity (`mask == None` is False) and the others are Python's TypeError, written in the
// order of the operands (torch 1.13: None * t is "unsupported operand type(s) for *: 'NoneType' and
// 'Tensor'").
TEST_CASE("builtins semantics: a tensor with None, a str or a list under an operator") {
  auto result = [](const std::string &fn, const std::string &args) {
    auto t = trace_body(R"(["t"])",
                        R"([{"op": "call", "fn": ")" + fn + R"(", "args": )" + args +
                            R"(, "out": "x"}, {"op": "return", "value": "%x"}])",
                        R"({"args": [{"tensor": [2]}]})");
    const Heap &h = t.program.heap;
    REQUIRE(h.is(t.program.result, Kind::Bool));
    return h.as_bool(t.program.result);
  };
  CHECK(result("operator.eq", R"(["%t", null])") == false);
  CHECK(result("operator.eq", R"([null, "%t"])") == false);
  CHECK(result("operator.ne", R"(["%t", "s"])") == true);
  CHECK(result("operator.ne", R"(["%t", {"list": [1, 2]}])") == true);
  auto error = [](const std::string &fn, const std::string &args) {
    return body_error(R"(["t"])",
                      R"([{"op": "call", "fn": ")" + fn + R"(", "args": )" + args +
                          R"(, "out": "x"}])",
                      R"({"args": [{"tensor": [2]}]})")
        .message;
  };
  CHECK(error("operator.mul", R"([null, "%t"])") ==
        "unsupported operand type(s) for *: 'NoneType' and 'Tensor'");
  CHECK(error("operator.add", R"(["%t", "s"])") ==
        "unsupported operand type(s) for +: 'Tensor' and 'str'");
  CHECK(error("operator.matmul", R"(["%t", null])") ==
        "unsupported operand type(s) for @: 'Tensor' and 'NoneType'");
  CHECK(error("operator.iadd", R"(["%t", null])") ==
        "unsupported operand type(s) for +=: 'Tensor' and 'NoneType'");
  CHECK(error("operator.lt", R"(["%t", null])") ==
        "'<' not supported between instances of 'Tensor' and 'NoneType'");
}

TEST_CASE("builtins semantics: torch.finfo and torch.iinfo give PyTorch's values") {
  auto attr = [](const std::string &fn, const std::string &dtype, const std::string &name) {
    return py_repr(R"([{"op": "call", "fn": ")" + fn + R"(", "args": [{"dtype": ")" + dtype +
                   R"("}], "out": "i"}, {"op": "getattr", "obj": "%i", "name": ")" + name +
                   R"(", "out": "x"})");
  };
  // PyTorch 1.13: repr(torch.finfo(d)), d.eps, d.max, d.min, d.tiny, d.bits.
  struct Float {
    const char *dtype, *repr, *eps, *max, *min, *tiny, *bits;
  };
  for (const Float &f : {
           Float{"float16",
                 "finfo(resolution=0.001, min=-65504, max=65504, eps=0.000976562, "
                 "smallest_normal=6.10352e-05, tiny=6.10352e-05, dtype=float16)",
                 "0.0009765625", "65504.0", "-65504.0", "6.103515625e-05", "16"},
           Float{"bfloat16",
                 "finfo(resolution=0.01, min=-3.38953e+38, max=3.38953e+38, eps=0.0078125, "
                 "smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=bfloat16)",
                 "0.0078125", "3.3895313892515355e+38", "-3.3895313892515355e+38",
                 "1.1754943508222875e-38", "16"},
           Float{"float32",
                 "finfo(resolution=1e-06, min=-3.40282e+38, max=3.40282e+38, eps=1.19209e-07, "
                 "smallest_normal=1.17549e-38, tiny=1.17549e-38, dtype=float32)",
                 "1.1920928955078125e-07", "3.4028234663852886e+38", "-3.4028234663852886e+38",
                 "1.1754943508222875e-38", "32"},
           Float{"float64",
                 "finfo(resolution=1e-15, min=-1.79769e+308, max=1.79769e+308, eps=2.22045e-16, "
                 "smallest_normal=2.22507e-308, tiny=2.22507e-308, dtype=float64)",
                 "2.220446049250313e-16", "1.7976931348623157e+308", "-1.7976931348623157e+308",
                 "2.2250738585072014e-308", "64"},
       }) {
    CAPTURE(f.dtype);
    CHECK(call("torch.finfo", std::string(R"([{"dtype": ")") + f.dtype + R"("}])") == f.repr);
    CHECK(attr("torch.finfo", f.dtype, "eps") == f.eps);
    CHECK(attr("torch.finfo", f.dtype, "max") == f.max);
    CHECK(attr("torch.finfo", f.dtype, "min") == f.min);
    CHECK(attr("torch.finfo", f.dtype, "tiny") == f.tiny);
    CHECK(attr("torch.finfo", f.dtype, "smallest_normal") == f.tiny);
    CHECK(attr("torch.finfo", f.dtype, "bits") == f.bits);
    CHECK(attr("torch.finfo", f.dtype, "dtype") == fmt::format("'{}'", f.dtype));
  }
  CHECK(call("torch.finfo", "[]") == call("torch.finfo", R"([{"dtype": "float32"}])"));
  CHECK(call("torch.finfo", "[]", R"({"type": {"dtype": "float16"}})") ==
        call("torch.finfo", R"([{"dtype": "float16"}])"));
  CHECK(attr("torch.finfo", "complex64", "dtype") == "'float32'");

  struct Int {
    const char *dtype, *repr, *max, *min;
  };
  for (const Int &i : {
           Int{"uint8", "iinfo(min=0, max=255, dtype=uint8)", "255", "0"},
           Int{"int8", "iinfo(min=-128, max=127, dtype=int8)", "127", "-128"},
           Int{"int16", "iinfo(min=-32768, max=32767, dtype=int16)", "32767", "-32768"},
           Int{"int32", "iinfo(min=-2.14748e+09, max=2.14748e+09, dtype=int32)", "2147483647",
               "-2147483648"},
           Int{"int64", "iinfo(min=-9.22337e+18, max=9.22337e+18, dtype=int64)",
               "9223372036854775807", "-9223372036854775808"},
       }) {
    CAPTURE(i.dtype);
    CHECK(call("torch.iinfo", std::string(R"([{"dtype": ")") + i.dtype + R"("}])") == i.repr);
    CHECK(attr("torch.iinfo", i.dtype, "max") == i.max);
    CHECK(attr("torch.iinfo", i.dtype, "min") == i.min);
  }

  CHECK(call_error("torch.iinfo", R"([{"dtype": "float32"}])") ==
        "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
  CHECK(call_error("torch.iinfo", R"([{"dtype": "bool"}])") ==
        "torch.bool is not supported by torch.iinfo");
  CHECK(call_error("torch.iinfo", "[]") == "torch.iinfo() missing required argument 'type'");
  CHECK(call_error("torch.finfo", "[3]") ==
        "finfo(): argument 'type' (position 1) must be torch.dtype, not int");
  CHECK(call_error("torch.finfo", "[]", R"({"dtype": {"dtype": "float16"}})") ==
        "'dtype' is an invalid keyword argument for finfo()");
}

TEST_CASE("builtins semantics: slice() as CPython builds it") {
  CHECK(call("builtins.slice", "[3]") == "slice(None, 3, None)");
  CHECK(call("builtins.slice", "[-2, null]") == "slice(-2, None, None)");
  CHECK(call("builtins.slice", "[1, 5, 2]") == "slice(1, 5, 2)");
  CHECK(call_error("builtins.slice", "[]") == "slice expected at least 1 argument, got 0");
  CHECK(call_error("builtins.slice", "[1, 2, 3, 4]") ==
        "builtins.slice() takes 1 to 3 arguments (4 given)");
  CHECK(call_error("builtins.slice", "[1]", R"({"step": 1})") ==
        "builtins.slice() takes no keyword arguments");
}
