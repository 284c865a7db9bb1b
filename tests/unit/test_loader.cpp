#include "graph/load.h"
#include "support/diagnostics.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace thunderc;
namespace fs = std::filesystem;

namespace {
const fs::path source_dir = THUNDERC_SOURCE_DIR;

std::string load_error(const std::string &text) {
  try {
    load_graph_text(text, "g.json");
  } catch (const UserError &e) {
    return e.render("g.json");
  }
  return "";
}

std::string minimal(const std::string &inputs, const std::string &body = R"([{"op": "return"}])") {
  return R"({"format": "thunderc-graph", "version": 1, "name": "t",
    "functions": {"f": {"params": ["a", {"name": "b", "default": 1}], "body": )" +
         body + R"(}}, "entry": "f", "inputs": )" + inputs + "}";
}
} // namespace

TEST_CASE("the loader mirrors the format") {
  Graph g = load_graph((source_dir / "tests/graphs/loader_base.json").string());
  CHECK(g.name == "err_case");
  CHECK(g.entry == "forward");
  REQUIRE(g.classes.size() == 2);
  const ClassDecl *state = g.find_class("State");
  REQUIRE(state);
  CHECK(state->printed_name == "app_state_State");
  using Methods = std::vector<std::pair<std::string, std::string>>;
  CHECK(state->methods == Methods{{"bump", "State.bump"}});
  CHECK(state->static_methods.empty());
  const ClassDecl *out = g.find_class("Out");
  CHECK(out->is_dataclass);
  CHECK(out->fields == std::vector<std::string>{"x", "extra"});
  REQUIRE(out->default_for("extra"));
  CHECK(out->default_for("extra")->kind == Expr::Kind::None);

  const Function *fwd = g.find_function("forward");
  REQUIRE(fwd);
  REQUIRE(fwd->params.size() == 3);
  CHECK(fwd->params[2].name == "scale");
  REQUIRE(fwd->params[2].default_value);
  CHECK(fwd->params[2].default_value->i == 2);
  CHECK(fwd->statement_count == 4);
  const Stmt &call = fwd->body[1];
  CHECK(call.kind == Stmt::Kind::Call);
  CHECK(call.name == "torch.mul");
  CHECK(call.out == "y");
  CHECK(call.loc == "m.py:3");
  CHECK(call.src == "y = x * scale");
  CHECK(call.pointer == "/functions/forward/body/1");
  REQUIRE(call.args.size() == 2);
  CHECK(call.args[0].kind == Expr::Kind::Local);
  CHECK(call.args[0].text == "x");
  CHECK(call.args[0].pointer == "/functions/forward/body/1/args/0");
  CHECK(fwd->body[2].kind == Stmt::Kind::New);
  CHECK(fwd->body[2].kwargs.at(0).first == "x");

  REQUIRE(g.inputs.args.size() == 1);
  const Expr &x = g.inputs.args[0];
  CHECK(x.kind == Expr::Kind::Tensor);
  CHECK(x.shape == std::vector<int64_t>{2, 3});
  CHECK(x.dtype == DType::Float32);
  CHECK(device_name(x.device) == "cpu");
  const Expr &st = g.inputs.kwargs.at(0).second;
  CHECK(st.kind == Expr::Kind::Object);
  CHECK(st.text == "State");
  CHECK(st.entries.at(0).first == "steps");
}

TEST_CASE("value forms") {
  Graph g = load_graph_text(minimal(R"({"args": [[1, 2.0, {"float": 3}, "s", null, true,
      {"list": [1]}, {"dict": {"k": 1, "a": 2}}, {"dtype": "bfloat16"}, {"device": "cuda:1"},
      {"class": "torch.nn.Linear"},
      {"tensor": [1, 6], "dtype": "float64", "device": "cuda:0", "requires_grad": true}]]})"),
                            "g.json");
  const Expr &t = g.inputs.args[0];
  REQUIRE(t.kind == Expr::Kind::Tuple);
  REQUIRE(t.items.size() == 12);
  CHECK(t.items[0].kind == Expr::Kind::Int);
  CHECK(t.items[1].kind == Expr::Kind::Float);
  CHECK(t.items[2].kind == Expr::Kind::Float);
  CHECK(t.items[2].f == 3.0);
  CHECK(t.items[3].kind == Expr::Kind::Str);
  CHECK(t.items[4].kind == Expr::Kind::None);
  CHECK(t.items[5].kind == Expr::Kind::Bool);
  CHECK(t.items[6].kind == Expr::Kind::List);
  REQUIRE(t.items[7].kind == Expr::Kind::Dict);
  CHECK(t.items[7].entries[0].first == "k"); // key order is kept
  CHECK(t.items[7].entries[1].first == "a");
  CHECK(t.items[8].dtype == DType::BFloat16);
  CHECK(t.items[9].device == Device{Device::Type::CUDA, 1});
  CHECK(t.items[10].kind == Expr::Kind::Class);
  CHECK(t.items[11].requires_grad);
  CHECK(t.items[11].dtype == DType::Float64);
}

TEST_CASE("operands: locals, escaped strings, slices, ellipsis") {
  Graph g = load_graph_text(
      minimal(R"({"args": [1]})",
              R"([{"op": "getitem", "obj": "%a", "index": [{"slice": [null, "%b", 2]}, {"ellipsis": null}, null], "out": "c"},
                  {"op": "assign", "value": "%%lit", "out": "d"},
                  {"op": "return", "value": ["%c", "%d"]}])"),
      "g.json");
  const Stmt &s = g.functions[0].body[0];
  REQUIRE(s.index.items.size() == 3);
  CHECK(s.index.items[0].kind == Expr::Kind::Slice);
  CHECK(s.index.items[0].items[1].kind == Expr::Kind::Local);
  CHECK(s.index.items[1].kind == Expr::Kind::Ellipsis);
  CHECK(s.index.items[2].kind == Expr::Kind::None);
  CHECK(g.functions[0].body[1].value.kind == Expr::Kind::Str);
  CHECK(g.functions[0].body[1].value.text == "%lit");
}

TEST_CASE("a return without a value: its value's pointer is the statement's") {
  Graph g = load_graph_text(
      minimal(R"({"args": [1]})", R"([{"op": "return"}, {"op": "return", "value": 1}])"), "g.json");
  const std::vector<Stmt> &body = g.functions[0].body;
  CHECK(body[0].value.pointer == body[0].pointer); // how the interpreter tells it is absent
  CHECK(body[1].value.pointer == "/functions/f/body/1/value");
}

TEST_CASE("locals are numbered: parameters, then outs and loop targets in statement order") {
  Graph g = load_graph_text(
      minimal(R"({"args": [1]})",
              R"([{"op": "for", "target": ["i", "a"], "iter": [["%b", "%a"]], "body": [
                    {"op": "assign", "value": {"dict": {"k": "%i"}}, "out": "c"}]},
                  {"op": "if", "cond": "%a", "then": [{"op": "assign", "value": "%c", "out": "d"}],
                   "else": [{"op": "assign", "value": 0, "out": "c"}]},
                  {"op": "return", "value": ["%d", {"slice": [null, "%c", null]}]}])"),
      "g.json");
  Function &f = g.functions[0];
  CHECK(f.locals == std::vector<std::string>{"a", "b", "i", "c", "d"});
  const Stmt &loop = f.body[0];
  CHECK(loop.target_slots == std::vector<uint32_t>{2, 0});
  CHECK(loop.value.items[0].items[0].slot == 1);
  CHECK(loop.body[0].out_slot == 3);
  CHECK(loop.body[0].value.entries[0].second.slot == 2);
  CHECK(f.body[1].value.slot == 0);
  CHECK(f.body[1].body[0].out_slot == 4);
  CHECK(f.body[1].orelse[0].out_slot == 3);
  CHECK(f.body[2].value.items[1].items[1].slot == 3);
  CHECK(f.body[2].out_slot == kNoSlot);
  // Numbering again after an edit gives a name nothing binds no slot.
  f.body[1].value.text = "e";
  number_locals(f);
  CHECK(f.locals.size() == 5);
  CHECK(f.body[1].value.slot == kNoSlot);
  CHECK(loop.target_slots == std::vector<uint32_t>{2, 0});
}

TEST_CASE("a statement's op and fields") {
  auto body_error = [](const std::string &body) {
    return load_error(minimal(R"({"args": [1]})", body));
  };
  CHECK(body_error(R"([{"op": "assign", "value": 1, "index": 1, "out": "x"}])") ==
        "g.json: /functions/f/body/0/index: unknown field 'index' in a 'assign' statement; allowed "
        "fields: 'op', 'loc', 'src', 'value' or 'out'");
  CHECK(body_error(R"([{"op": "return", "valu": 1}])") ==
        "g.json: /functions/f/body/0/valu: unknown field 'valu' in a 'return' statement (did you "
        "mean 'value'?); allowed fields: 'op', 'loc', 'src' or 'value'");
  CHECK(body_error(R"([{"op": "getitem2"}])") ==
        "g.json: /functions/f/body/0/op: unknown statement op 'getitem2' (did you mean "
        "'getitem'?); expected one of 'assign', 'getattr', 'setattr', 'getitem', 'setitem', "
        "'call', 'method', 'new', 'if', 'for', 'return' or 'raise'");
  CHECK(body_error(R"([{"op": "setitem", "value": 1}])") ==
        "g.json: /functions/f/body/0: a 'setitem' statement needs the field 'obj'");
  CHECK(body_error(R"([{"op": "for", "iter": [1], "target": "i", "loc": "a.py:1", "src": "s",
                        "body": [{"op": "return", "value": "%i"}]}])") == "");
}

TEST_CASE("an unknown local is reported at its first read in file order") {
  // A name bound anywhere in the function (even after the read) is known.
  CHECK(load_error(minimal(R"({"args": [1]})", R"([{"op": "return", "value": "%later"},
      {"op": "assign", "value": 1, "out": "later"}])")) == "");
  // In a call, the operands are read before the callee.
  CHECK(load_error(minimal(R"({"args": [1]})", R"([{"op": "assign", "value": 1, "out": "bb"},
      {"op": "call", "fn": "%g", "args": ["%xyzw", "%y"]}])")) ==
        "g.json: /functions/f/body/1/args/0: unknown local 'xyzw' in f");
  CHECK(load_error(minimal(R"({"args": [1]})", R"([{"op": "assign", "value": 1, "out": "bb"},
      {"op": "call", "fn": "%bbb", "args": ["%a"]}])")) ==
        "g.json: /functions/f/body/1/fn: unknown local 'bbb' (did you mean 'bb'?) in f");
}

TEST_CASE("an input member's pointer escapes its key only where it must") {
  Graph g = load_graph_text(minimal(R"({"args": [{"dict": {"a/b~": 1, "plain": 2, "": 3}},
      {"module": "torch.nn.Linear", "parameters": {"weight": null},
       "attrs": {"in_features": 4}}]})"),
                            "g.json");
  const Entries &dict = g.inputs.args[0].entries;
  REQUIRE(dict.size() == 3);
  CHECK(dict[0].second.pointer == "/inputs/args/0/dict/a~1b~0");
  CHECK(dict[1].second.pointer == "/inputs/args/0/dict/plain");
  CHECK(dict[2].second.pointer == "/inputs/args/0/dict/");
  const Expr &linear = g.inputs.args[1];
  CHECK(linear.parameters[0].second.pointer == "/inputs/args/1/parameters/weight");
  CHECK(linear.entries[0].second.pointer == "/inputs/args/1/attrs/in_features");
}

TEST_CASE("locals are numbered alike in a function with many of them") {
  // Past a few dozen locals, number_locals finds slots by a hash table instead of a search.
  std::string body = "[";
  for (int i = 0; i < 40; ++i)
    body += R"({"op": "assign", "value": "%a", "out": "x)" + std::to_string(i) + R"("}, )";
  body += R"({"op": "assign", "value": "%x3", "out": "x39"},
             {"op": "return", "value": ["%x0", "%x35", "%b"]}])";
  Graph g = load_graph_text(minimal(R"({"args": [1]})", body), "g.json");
  const Function &f = g.functions[0];
  REQUIRE(f.locals.size() == 42);
  CHECK(f.locals[2] == "x0");
  CHECK(f.locals[41] == "x39");
  CHECK(f.body[39].out_slot == 41);
  CHECK(f.body[40].out_slot == 41); // bound again: the same slot
  CHECK(f.body[40].value.slot == 5);
  CHECK(f.body[41].value.items[0].slot == 2);
  CHECK(f.body[41].value.items[1].slot == 37);
  CHECK(f.body[41].value.items[2].slot == 1);
}

TEST_CASE("refs resolve to the node they denote, through chains") {
  Graph g = load_graph_text(minimal(R"({"args": [{"tensor": [2]}],
      "kwargs": {"b": [{"ref": "/args/0"}, {"ref": "/kwargs/b/0"}]}})"),
                            "g.json");
  const Expr &b = g.inputs.kwargs[0].second;
  REQUIRE(b.items[0].target == &g.inputs.args[0]);
  REQUIRE(b.items[1].target == &g.inputs.args[0]);
}

// The loader walks the inputs for refs and module members only when it read a ref or a wrong
// member; the first error in that walk's order is reported, whatever else the inputs hold.
TEST_CASE("module members of the wrong kind and refs: the first error in walk order") {
  auto error_for = [](const std::string &args) { return load_error(minimal(R"({"args": )" + args + "}")); };
  std::string bad_param = R"({"module": "torch.nn.Module", "parameters": {"w": 1}})";
  std::string bad_sub = R"({"module": "torch.nn.Module", "modules": {"m": 2}})";
  // Two wrong modules: each root in order, a node before its children, children last to first.
  CHECK(error_for("[[" + bad_param + ", " + bad_sub + "], 0]")
            .find("/inputs/args/0/1/modules/m: a module's sub-module must be a module or null; got int") !=
        std::string::npos);
  CHECK(error_for("[" + bad_param + ", " + bad_sub + "]")
            .find("/inputs/args/0/parameters/w: a module's parameter must be a tensor or null") !=
        std::string::npos);
  // A ref that resolves to nothing is reported before a wrong member read before it.
  CHECK(error_for("[" + bad_param + R"(, {"ref": "/args/5"}])")
            .find("/inputs/args/1/ref: ref '/args/5' does not resolve") != std::string::npos);
  // A member that is a ref is judged by its target.
  CHECK(error_for(R"([{"module": "torch.nn.Module", "parameters": {"w": {"ref": "/args/1"}}}, 3])")
            .find("/inputs/args/0/parameters/w: a module's parameter must be a tensor or null; got int") !=
        std::string::npos);
  CHECK(error_for(R"([{"module": "torch.nn.Module", "parameters": {"w": {"ref": "/args/1"}}},
                      {"tensor": [2]}])")
            .empty());
}

TEST_CASE("statement and nesting limits") {
  LoadLimits small;
  small.max_statements = 2;
  CHECK_THROWS_WITH_AS(load_graph_text(minimal(R"({"args": [1]})",
                                               R"([{"op": "return"}, {"op": "return"}, {"op": "return"}])"),
                                       "g.json", small),
                       doctest::Contains("more than 2 statements"), UserError);
  std::string deep(100000, '[');
  deep += std::string(100000, ']');
  CHECK(load_error(deep).find("nesting is deeper than 256 levels") != std::string::npos);
}

TEST_CASE("the entry's parameters must all be bound") {
  CHECK(load_error(minimal(R"({"args": []})")).find("parameter 'a' of f is not bound") !=
        std::string::npos);
  CHECK(load_error(minimal(R"({"kwargs": {"a": 1}})")).empty());
}

TEST_CASE("version 1, also written 1.0 (an integer to JSON Schema)") {
  std::string g = minimal(R"({"args": [1]})");
  auto with = [&](const std::string &v) {
    std::string out = g;
    return out.replace(out.find("\"version\": 1"), 12, "\"version\": " + v);
  };
  CHECK(load_error(with("1.0")).empty());
  CHECK(load_error(with("1.5")).find("unsupported version 1.5") != std::string::npos);
  CHECK(load_error(with("2")).find("unsupported version 2") != std::string::npos);
}

TEST_CASE("a module member's name is used once in all its kinds of member") {
  auto error_for = [](const std::string &module) {
    return load_error(minimal(R"({"args": [)" + module + ", 0]}"));
  };
  CHECK(error_for(R"({"module": "torch.nn.Module", "parameters": {"w": {"tensor": [2]}},
                      "attrs": {"w": 1}})")
            .find("/inputs/args/0/attrs/w: 'w' is defined twice in this module") !=
        std::string::npos);
  // Twenty members: the names seen are then looked up in a set.
  std::string attrs;
  for (int i = 0; i < 20; ++i)
    attrs += (i ? ", \"a" : "\"a") + std::to_string(i) + "\": " + std::to_string(i);
  auto module = [&](const std::string &submodule) {
    return R"({"module": "torch.nn.Module", "modules": {")" + submodule +
           R"(": null}, "attrs": {)" + attrs + "}}";
  };
  CHECK(error_for(module("a17")).find("/inputs/args/0/attrs/a17: 'a17' is defined twice") !=
        std::string::npos);
  CHECK(error_for(module("a20")).empty());
}

TEST_CASE("a module member's name is checked against all the kinds before its own") {
  auto error_for = [](const std::string &module) {
    return load_error(minimal(R"({"args": [)" + module + ", 0]}"));
  };
  // Ten parameters and ten buffers: the names seen reach a set while the buffers are read.
  auto members = [](const std::string &prefix, const std::string &value) {
    std::string out;
    for (int i = 0; i < 10; ++i)
      out += (i ? ", \"" : "\"") + prefix + std::to_string(i) + "\": " + value;
    return out;
  };
  auto module = [&](const std::string &buffer, const std::string &attr) {
    return R"({"module": "torch.nn.Module", "parameters": {)" + members("p", R"({"tensor": [2]})") +
           R"(}, "buffers": {)" + members("b", R"({"tensor": [2]})") + R"(, ")" + buffer +
           R"(": null}, "modules": {"m": null}, "attrs": {")" + attr + R"(": 1}})";
  };
  CHECK(error_for(module("x", "y")).empty());
  CHECK(error_for(module("p3", "y")).find("/inputs/args/0/buffers/p3: 'p3' is defined twice") !=
        std::string::npos);
  CHECK(error_for(module("x", "p9")).find("/inputs/args/0/attrs/p9: 'p9' is defined twice") !=
        std::string::npos);
  CHECK(error_for(module("x", "b4")).find("/inputs/args/0/attrs/b4: 'b4' is defined twice") !=
        std::string::npos);
  CHECK(error_for(module("x", "x")).find("/inputs/args/0/attrs/x: 'x' is defined twice") !=
        std::string::npos);
  CHECK(error_for(module("x", "m")).find("/inputs/args/0/attrs/m: 'm' is defined twice") !=
        std::string::npos);
}

// Each tests/errors/<case>.json is rejected with exit code 1 and the message `FILE: POINTER: ...`
// containing the substring; <case>.err holds the pointer and the substring on its first two lines
// and, on an optional third, the subcommand that must reject it (default: validate).
TEST_CASE("error cases") {
  size_t count = 0;
  std::vector<fs::path> files;
  for (const auto &entry : fs::directory_iterator(source_dir / "tests/errors"))
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const auto &json : files) {
    fs::path err = json;
    err.replace_extension(".err");
    std::ifstream expect(err);
    REQUIRE_MESSAGE(expect, "missing " << err);
    std::string pointer, substring, subcommand;
    std::getline(expect, pointer);
    std::getline(expect, substring);
    if (!std::getline(expect, subcommand) || subcommand.empty()) subcommand = "validate";
    std::string command =
        std::string(THUNDERC_BINARY) + " " + subcommand + " '" + json.string() + "' 2>&1";
    FILE *pipe = popen(command.c_str(), "r");
    REQUIRE(pipe);
    std::string output;
    std::array<char, 4096> buf;
    while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) output.append(buf.data(), n);
    int status = pclose(pipe);
    INFO("case " << json.filename().string() << ":\n" << output);
    CHECK(WEXITSTATUS(status) == 1);
    CHECK(output.starts_with(json.string() + ": " + pointer + ": "));
    CHECK(output.find(substring) != std::string::npos);
    ++count;
  }
  CHECK(count >= 40);
}

TEST_CASE("every sample and positive test graph validates") {
  size_t count = 0;
  for (const char *dir : {"samples", "tests/graphs"})
    for (const auto &entry : fs::recursive_directory_iterator(source_dir / dir))
      if (entry.path().extension() == ".json") {
        INFO(entry.path().string());
        CHECK_NOTHROW(load_graph(entry.path().string()));
        ++count;
      }
  CHECK(count >= 1);
}

TEST_CASE("class declarations: qualname, base and dataclass defaults") {
  auto with_class = [](const std::string &decl) {
    return load_error(R"({"format": "thunderc-graph", "version": 1, "name": "t", "classes": {"C": )" +
                      decl + R"(}, "functions": {"f": {"params": [], "body": [{"op": "return"}]}},
      "entry": "f", "inputs": {"args": [], "kwargs": {}}})");
  };
  // One rule with the schema: `<letters>` parts, no keywords.
  CHECK(with_class(R"({"module": "m", "qualname": "make.<locals>.C"})").empty());
  CHECK(with_class(R"({"module": "m", "qualname": "x.<a1>.C"})").find("/classes/C/qualname: qualname") !=
        std::string::npos);
  CHECK(with_class(R"({"module": "m", "qualname": "class"})").find("/classes/C/qualname: qualname") !=
        std::string::npos);
  // A built-in type as base would make a torch.nn Module at run time.
  for (const char *base : {"builtins.dict", "builtins.list", "collections.OrderedDict"})
    CHECK(with_class(R"({"module": "m", "qualname": "C", "base": ")" + std::string(base) + "\"}")
              .find("/classes/C/base: base '" + std::string(base) + "' is not supported") !=
          std::string::npos);
  CHECK(with_class(R"({"module": "m", "qualname": "C", "dataclass": {"fields": [], "defaults": {"x": 1}}})")
            .find("default for unknown field 'x': the class declares no fields") != std::string::npos);
  CHECK(load_error(minimal(R"({"args": [0], "kwargs": {}})",
                           R"([{"op": "assign", "value": {"object": "C", "attrs": {}}, "out": "o"}])"))
            .find("an object value is not allowed in an operand") != std::string::npos);
}
