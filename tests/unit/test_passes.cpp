// The verifier runs between passes: every sample's computation stays valid after each pass, and
// the passes do what they say on a small trace.
#include "driver/compile.h"
#include "graph/load.h"
#include "interp/interpret.h"
#include "passes/passes.h"
#include "test_interp_util.h"
#include "trace/build.h"

#include <algorithm>
#include <doctest/doctest.h>

using namespace thunderc;

TEST_CASE("every sample's traces verify after building and after each pass") {
  for (const std::string &path : test::sample_paths()) {
    CAPTURE(path);
    Graph g = load_graph(path);
    Program p = interpret(g);
    Traces t = build_traces(g, p);
    for (const Trace *trace : {&t.prologue, &t.computation, &t.epilogue}) CHECK(verify(*trace).empty());
    size_t passes = 0;
    run_pipeline(t.prologue, t.computation, [&](const std::string &pass, const Trace &after) {
      INFO(after.name << " after " << pass);
      CHECK(verify(after).empty());
      if (after.name == "computation") ++passes;
    });
    CHECK(passes == pipeline().size());
  }
}

// Without a callback, cse leaves the instructions it replaces to dce (cse_before_dce): the traces
// must come out as they do when each pass is looked at.
TEST_CASE("the pipeline leaves the same traces whether or not it is watched after each pass") {
  for (const std::string &path : test::sample_paths()) {
    CAPTURE(path);
    Graph g = load_graph(path);
    Program p = interpret(g);
    Traces watched = build_traces(g, p);
    Traces unwatched = watched;
    run_pipeline(watched.prologue, watched.computation, [](const std::string &, const Trace &) {});
    run_pipeline(unwatched.prologue, unwatched.computation);
    CHECK(print_python(unwatched.prologue, unwatched.prologue_options) ==
          print_python(watched.prologue, watched.prologue_options));
    CHECK(print_python(unwatched.computation, unwatched.computation_options) ==
          print_python(watched.computation, watched.computation_options));
    CHECK(verify(unwatched.computation).empty());
  }
}

TEST_CASE("an operand's copy is a value copy: its tuple, list or dict parts are its own") {
  Operand d = Operand::dict({"'a'"}, {Operand::tuple({Operand::of(1), Operand::lit("None")})});
  Operand copy = d;
  copy.edit_items()[0].edit_items()[0].value = 2; // as cse renames
  CHECK(d.items()[0].items()[0].value == 1);
  CHECK(copy.items()[0].items()[0].value == 2);
  CHECK(copy.keys() == std::vector<std::string>{"'a'"});
  CHECK(copy.items()[0].items()[1].literal() == "None");
  Operand moved = std::move(copy);
  CHECK(moved.items()[0].items()[0].value == 2);
  moved = d; // assigned over its own parts
  CHECK(moved.items()[0].items()[0].value == 1);
  // Equal literals are one interned text; a value or a tuple has no literal, a literal no items.
  CHECK(Operand::lit("-1").literal() == Operand::lit(std::string("-") + "1").literal());
  CHECK(Operand::of(3).literal().empty());
  CHECK(d.literal().empty());
  CHECK(Operand::lit("3").items().empty());
  CHECK(Operand::tuple({}).keys().empty());
}

TEST_CASE("an instruction's outs: one in place, more in a block that grows, copied by value") {
  Outs outs;
  CHECK(outs.empty());
  std::vector<ValueId> pushed;
  for (ValueId v = 10; v < 19; ++v) { // through the sizes 1, 2, 4, 8 and 9
    outs.push_back(v);
    pushed.push_back(v);
    CHECK(std::vector<ValueId>(outs.begin(), outs.end()) == pushed);
  }
  Outs copy = outs;
  CHECK(copy == outs);
  copy.push_back(19);
  CHECK(copy.size() == 10);
  CHECK(outs.size() == 9);
  CHECK(copy[9] == 19);
  CHECK_THROWS_AS(outs.at(9), std::out_of_range);
  Outs one = {7};
  copy = one;
  CHECK(copy == Outs{7});
  CHECK(copy.at(0) == 7);
  Outs moved = std::move(outs);
  CHECK(moved.size() == 9);
  CHECK(moved[8] == 18);
}

TEST_CASE("an instruction's keyword arguments: nothing allocated while there are none, copied by value") {
  Instr a;
  CHECK(a.kwargs.empty());
  CHECK(a.kwargs.begin() == a.kwargs.end());
  CHECK_THROWS_AS(a.kwargs.at(0), std::out_of_range);
  CHECK(a.kwargs.empty());
  a.kwargs.emplace_back("dim", Operand::lit("-1"));
  Instr b = a;
  b.kwargs[0].second = Operand::of(4);
  b.kwargs.push_back({"keepdim", Operand::lit("True")});
  REQUIRE(a.kwargs.size() == 1);
  CHECK(a.kwargs.at(0).second.literal() == "-1");
  CHECK(b.kwargs.size() == 2);
  CHECK(b.kwargs[0].second.value == 4);
  a.bound = std::vector<BoundArg>{};
  CHECK(a.bound.empty());
}

TEST_CASE("a value's tensor metadata is interned: equal metadata are one object") {
  TensorMeta m{{2, 3}, DType::Float32, {}, false};
  InternedMeta a(m), b(TensorMeta{{2, 3}, DType::Float32, {}, false});
  CHECK(a == b);
  CHECK(&*a == &*b);
  CHECK(*a == m);
  m.shape[1] = 4;
  CHECK(!(InternedMeta(m) == a));
  CHECK(a->shape == std::vector<int64_t>{2, 3});
  CHECK(*InternedMeta() == TensorMeta{});
}

TEST_CASE("cse merges identical pure ops and dce drops unused ones") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {});
  t.params = {x};
  ValueId a = t.add_value("a", {}), b = t.add_value("b", {}), c = t.add_value("c", {}),
          dead = t.add_value("dead", {});
  auto call = [&](ValueId out, std::vector<Operand> args) {
    Instr i;
    i.callee = "torch.exp";
    i.pure = true;
    i.outs = {out};
    i.args = std::move(args);
    t.body.push_back(i);
  };
  call(a, {Operand::of(x)});
  call(b, {Operand::of(x)});                 // same as a
  call(c, {Operand::of(b)});                 // reads b: becomes a
  call(dead, {Operand::of(c), Operand::lit("1")});
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::tuple({Operand::of(c)})};
  t.body.push_back(ret);
  REQUIRE(verify(t).empty());

  Trace merged = t;
  cse(merged);
  CHECK(verify(merged).empty());
  REQUIRE(merged.body.size() == 4);
  CHECK(merged.body[1].outs[0] == c);
  CHECK(merged.body[1].args[0].value == a);

  Trace cleaned = merged;
  dce(cleaned);
  CHECK(verify(cleaned).empty());
  CHECK(cleaned.body.size() == 3); // a, c, return

  // cse_before_dce leaves b's instruction in place, read by nothing, for dce to drop.
  Trace left = t;
  cse_before_dce(left);
  CHECK(verify(left).empty());
  CHECK(left.body.size() == t.body.size());
  CHECK(left.body[2].args[0].value == a);
  dce(left);
  CHECK(print_python(left, {}) == print_python(cleaned, {}));

  Trace broken = t;
  broken.body[0].args = {Operand::of(c)};
  CHECK_FALSE(verify(broken).empty());
}

// Tuples, lists and dicts are hashed apart from values and literals (out of line): equal ones
// still merge, and ones that differ in a part do not.
TEST_CASE("cse merges ops whose tuple, list and dict arguments are equal") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {});
  t.params = {x};
  auto arg = [&](const char *last) {
    return Operand::tuple({Operand::of(x), Operand::list({Operand::lit("1"), Operand::lit(last)}),
                           Operand::dict({"'k'"}, {Operand::of(x)})});
  };
  std::vector<ValueId> outs;
  for (const char *last : {"2", "2", "3", "2"}) {
    Instr i;
    i.callee = "torch.reshape";
    i.pure = true;
    i.outs = {t.add_value(std::string("r") + std::to_string(outs.size()), {})};
    outs.push_back(i.outs[0]);
    i.args = {Operand::of(x), arg(last)};
    t.body.push_back(i);
  }
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::tuple({Operand::of(outs[0]), Operand::of(outs[2])})};
  t.body.push_back(ret);
  cse(t);
  CHECK(verify(t).empty());
  REQUIRE(t.body.size() == 3); // r0, r2 (its list differs), return
  CHECK(t.body[1].outs[0] == outs[2]);
}

TEST_CASE("verify reports every broken invariant") {
  Trace t;
  t.name = "computation";
  for (int i = 0; i < 1000; ++i) t.params.push_back(t.add_value("p" + std::to_string(i), {}));
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::of(t.params[0])};
  t.body.push_back(ret);
  REQUIRE(verify(t).empty());

  auto problems = [](const Trace &trace) { // sorted: the order of the problems is not specified
    std::vector<std::string> found = verify(trace);
    std::sort(found.begin(), found.end());
    std::string all;
    for (const auto &p : found) all += p + "\n";
    return all;
  };
  Trace twice = t;
  twice.values[700].name = "p3";
  twice.values[999].name = "p3";
  twice.values[5].name = "p6";
  CHECK(problems(twice) == "name p3 used twice\nname p3 used twice\nname p6 used twice\n");

  Trace bad_names = t;
  bad_names.values[1].name = "lambda";
  bad_names.values[2].name = "2x";
  CHECK(problems(bad_names) == "invalid name '2x'\ninvalid name 'lambda'\n");

  Trace bad_order = t;
  bad_order.params.pop_back();
  bad_order.body[0].args = {Operand::of(999)};
  bad_order.body.push_back(ret);
  CHECK(problems(bad_order) == "computation instruction 0: return is not the last instruction\n"
                               "computation instruction 0: uses p999 before it is defined\n"
                               "computation: must end with exactly one return\n");
}

TEST_CASE("printing with a Verifier: verify()'s problems, and the text printed without one") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {}), y = t.add_value("y", {});
  t.params = {x};
  Instr exp;
  exp.callee = "torch.exp";
  exp.outs = {y};
  exp.args = {Operand::of(x)};
  t.body.push_back(exp);
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::of(y)};
  t.body.push_back(ret);
  {
    Verifier v(t);
    CHECK(print_python(t, {}, &v) == print_python(t, {}));
    CHECK(v.finish().empty());
  }
  // Unknown values (whose names would throw), a redefinition, a return too early: all reported,
  // as verify() reports them, and nothing printed from the first problem on.
  for (int broken = 0; broken < 3; ++broken) {
    Trace b = t;
    if (broken == 0) b.params.push_back(7000);
    if (broken == 1) b.body[0].args = {Operand::of(5000)};
    if (broken == 2) b.body.insert(b.body.begin(), exp), b.body.insert(b.body.begin(), ret);
    CAPTURE(broken);
    Verifier v(b);
    std::string text;
    CHECK_NOTHROW(text = print_python(b, {}, &v));
    std::vector<std::string> problems = v.finish();
    CHECK(problems == verify(b));
    CHECK_FALSE(problems.empty());
    CHECK(text.find("torch.exp") == std::string::npos);
    // Printed without a verifier, an unknown value's name throws as Trace::name_of does.
    if (broken == 1) CHECK_THROWS_AS(print_python(b, {}), std::out_of_range);
  }
}

// The printer writes into its text a chunk at a time: pieces longer than a chunk, and texts of
// many chunks, come out whole; printed with a flush function, the same text comes in pieces of at
// least 64 KiB (the last one shorter).
TEST_CASE("printing pieces longer than the printer's chunk, and many chunks") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {});
  t.params = {x};
  std::string expected;
  for (size_t size : {1, 1023, 1024, 1025, 5000, 3, 70000}) {
    std::string literal = "'" + std::string(size, char('a' + size % 26)) + "'";
    Instr i;
    i.callee = "check_string_value";
    i.args = {Operand::of(x), Operand::lit(literal)};
    t.body.push_back(i);
    expected += "  check_string_value(x, " + literal + ")\n";
  }
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::of(x)};
  t.body.push_back(ret);
  expected += "  return x\n";
  std::string text = print_python(t, {});
  REQUIRE(text.size() > expected.size());
  CHECK(text.substr(text.size() - expected.size()) == expected);
  CHECK(text.find('\0') == std::string::npos);

  for (int i = 0; i < 5000; ++i) { // many short lines after the long ones
    Instr c;
    c.callee = "check_string_value";
    c.args = {Operand::of(x), Operand::lit("'" + std::to_string(i) + "'")};
    t.body.insert(t.body.end() - 1, c);
  }
  text = print_python(t, {});
  std::vector<std::string> pieces;
  print_python(t, {}, nullptr, [&](std::string_view piece) { pieces.emplace_back(piece); });
  REQUIRE(pieces.size() >= 3);
  std::string joined;
  for (size_t i = 0; i < pieces.size(); ++i) {
    if (i + 1 < pieces.size()) CHECK(pieces[i].size() >= (64u << 10));
    joined += pieces[i];
  }
  CHECK(joined == text);
}

TEST_CASE("dce finds what the kept instructions read, bound arguments too") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {}), y = t.add_value("y", {}), z = t.add_value("z", {}),
          out = t.add_value("out", {}), dead = t.add_value("dead", {});
  t.params = {x, y, z};
  Instr exp;
  exp.callee = "torch.exp";
  exp.pure = true;
  exp.outs = {out};
  exp.args = {Operand::of(x)};
  exp.bound = {{Operand::of(y), ops::Arg::of_tensor(TensorMeta{{2}, DType::Float32, {}, false})}};
  t.body.push_back(exp);
  exp.outs = {dead};
  exp.args = {Operand::of(z)};
  exp.bound = {};
  t.body.push_back(exp);
  Instr ret;
  ret.kind = Instr::Kind::Return;
  ret.args = {Operand::tuple({Operand::of(out)})};
  t.body.push_back(ret);
  std::vector<uint8_t> reads;
  dce(t, reads);
  CHECK(t.body.size() == 2);
  CHECK(reads == std::vector<uint8_t>{1, 1, 0, 1, 0}); // x, y (bound), out; not z (dropped)
}

namespace {
Instr unpack(ValueId out, ValueId from, std::string attr) {
  Instr i;
  i.kind = Instr::Kind::GetAttr;
  i.pure = true;
  i.annotate = true;
  i.outs = {out};
  i.attr = std::move(attr);
  i.args = {Operand::of(from)};
  return i;
}

Instr returning(Operand o) {
  Instr r;
  r.kind = Instr::Kind::Return;
  r.args = {std::move(o)};
  return r;
}
} // namespace

TEST_CASE("dce drops a source comment when no kept op follows it before the next comment") {
  Trace t;
  t.name = "computation";
  ValueId x = t.add_value("x", {}), dead = t.add_value("dead", {}), y = t.add_value("y", {});
  t.params = {x};
  auto comment = [&](const char *text) {
    Instr &i = t.body.emplace_back();
    i.kind = Instr::Kind::Comment;
    i.comment = text;
  };
  auto call = [&](ValueId out) {
    Instr &i = t.body.emplace_back();
    i.callee = "torch.exp";
    i.pure = true;
    i.outs = {out};
    i.args = {Operand::of(x)};
  };
  comment("a"); // a comment follows
  comment("b"); // only a dropped op before the next comment
  call(dead);
  comment("c");
  call(y);
  comment("d"); // the return follows
  t.body.push_back(returning(Operand::of(y)));
  comment("e"); // nothing follows
  dce(t);
  std::vector<std::string> left;
  for (const Instr &i : t.body)
    left.push_back(i.kind == Instr::Kind::Comment ? i.comment.str() : std::string(i.callee));
  CHECK(left == std::vector<std::string>{"c", "torch.exp", "d", ""});
}

TEST_CASE("prologue_dce drops unused computation parameters and the unpacks only they needed") {
  Trace pro;
  pro.name = "prologue";
  ValueId obj = pro.add_value("obj", {});
  pro.params = {obj};
  ValueId x = pro.add_value("x", {}), holder = pro.add_value("p0", {}), y = pro.add_value("y", {}),
          z = pro.add_value("z", {});
  pro.body.push_back(unpack(x, obj, "x"));
  Instr check;
  check.callee = "check_not_none";
  check.args = {Operand::of(x)};
  pro.body.push_back(check);
  pro.body.push_back(unpack(holder, obj, "holder"));
  pro.body.push_back(unpack(y, holder, "y"));   // passed on, but the computation won't read it
  pro.body.push_back(unpack(z, obj, "z"));      // checked only: the check keeps it
  check.args = {Operand::of(z)};
  pro.body.push_back(check);
  pro.body.push_back(returning(Operand::tuple(
      {Operand::tuple({Operand::of(x), Operand::of(y), Operand::of(z)}), Operand::tuple({})})));
  REQUIRE(verify(pro).empty());

  Trace comp;
  comp.name = "computation";
  ValueId cx = comp.add_value("x", {}), cy = comp.add_value("y", {}), cz = comp.add_value("z", {});
  comp.params = {cx, cy, cz};
  ValueId out = comp.add_value("out", {});
  Instr exp;
  exp.callee = "torch.exp";
  exp.pure = true;
  exp.outs = {out};
  exp.args = {Operand::of(cz)};
  exp.bound = {{exp.args[0], ops::Arg::of_tensor(TensorMeta{{2}, DType::Float32, {}, false})}};
  comp.body.push_back(exp);
  comp.body.push_back(returning(Operand::tuple({Operand::of(cx), Operand::of(out)})));
  REQUIRE(verify(comp).empty());

  prologue_dce(pro, comp);
  CHECK(verify(pro).empty());
  CHECK(verify(comp).empty());
  CHECK(comp.params == std::vector<ValueId>{cx, cz});
  // x (unpack, check), z (unpack, check), return: y and the holder it came from are gone.
  REQUIRE(pro.body.size() == 5);
  CHECK(pro.body[0].outs == Outs{x});
  CHECK(pro.body[1].callee == "check_not_none");
  CHECK(pro.body[2].outs == Outs{z});
  CHECK(pro.body[3].callee == "check_not_none");
  const Operand &passed = pro.body[4].args[0].items()[0];
  REQUIRE(passed.items().size() == 2);
  CHECK(passed.items()[0].value == x);
  CHECK(passed.items()[1].value == z);
}

TEST_CASE("an input read only by dead code is not passed to the computation but still checked") {
  const char *graph = R"({"format": "thunderc-graph", "version": 1, "name": "dead_input",
    "functions": {"forward": {"params": ["a", "b"], "body": [
      {"op": "call", "fn": "torch.exp", "args": ["%b"], "out": "unused"},
      {"op": "call", "fn": "operator.add", "args": ["%a", 1.0], "out": "c"},
      {"op": "return", "value": "%c"}]}},
    "entry": "forward",
    "inputs": {"args": [{"tensor": [2], "dtype": "float32", "device": "cpu"},
                        {"tensor": [3], "dtype": "float32", "device": "cpu"}], "kwargs": {}}})";
  auto files = [&](bool passes) {
    CompileOptions o;
    o.passes = passes;
    return compile_graph(load_graph_text(graph, "dead_input.json"), o);
  };
  auto with = files(true), without = files(false);
  CHECK(without[0].text.find("return ((a, b), ())") != std::string::npos);
  CHECK(without[1].text.find("def computation(a, b):") != std::string::npos);
  CHECK(with[0].text.find("return ((a,), ())") != std::string::npos);
  CHECK(with[1].text.find("def computation(a):") != std::string::npos);
  // b is still guarded: the program relied on its metadata.
  CHECK(with[0].text.find("check_tensor_metadata(b, (3,), 'cpu', torch.float32, False)") != std::string::npos);

  std::string dumped;
  CompileOptions o;
  o.dump_after = "prologue_dce";
  o.dump = [&](const std::string &text) { dumped += text; };
  compile_graph(load_graph_text(graph, "dead_input.json"), o);
  CHECK(dumped.find("# prologue after prologue_dce\n") != std::string::npos);
  CHECK(dumped.find("# computation after prologue_dce\n") != std::string::npos);
  CHECK(dumped.find("return ((a,), ())") != std::string::npos);
}

TEST_CASE("traces built without bound arguments print the same, before and after the passes") {
  for (const std::string &path : test::sample_paths()) {
    CAPTURE(path);
    Graph g = load_graph(path);
    Program p = interpret(g);
    Traces with = build_traces(g, p), without = build_traces(g, p, {.bound_arguments = false});
    size_t ops = 0;
    for (const Instr &ins : with.computation.body) {
      if (ins.op < 0) continue;
      ++ops;
      CHECK(!ins.bound.empty());
      CHECK(ins.bound.size() == ops::params(static_cast<ops::Op>(ins.op)).size());
    }
    CHECK(ops > 0);
    for (const Instr &ins : without.computation.body) CHECK(ins.bound.empty());
    Program lean = interpret(g, {.bound_arguments = false});
    CHECK(lean.ops.size() == p.ops.size());
    for (const OpRecord &op : lean.ops) // freed, not only emptied: a compile keeps every record
      CHECK((op.bound.capacity() == 0 && op.bound_meta.capacity() == 0));
    auto printed = [](const Traces &t) {
      return print_python(t.prologue, t.prologue_options) + print_python(t.computation, t.computation_options) +
             print_python(t.epilogue, t.epilogue_options);
    };
    CHECK(printed(with) == printed(without));
    Program consumed = interpret(g);
    Traces moved = build_traces(g, std::move(consumed));
    CHECK(consumed.ops.empty()); // each freed once the computation has read it
    CHECK(printed(moved) == printed(with));
    run_pipeline(with.prologue, with.computation);
    run_pipeline(without.prologue, without.computation);
    CHECK(printed(with) == printed(without));
  }
}

TEST_CASE("slice literals found among the recent ones print as written") {
  // More distinct slices than the builder's table of recent ones holds, each twice, parts None
  // and ints (bounds of any sign): a slice found by the wrong parts would print another's text.
  std::string body, expected;
  auto part = [](int v, int ints) { return v % 4 == 0 ? std::string("null") : std::to_string(ints); };
  for (int i = 0; i < 2 * 150; ++i) {
    int a = i % 150, b = 3 * a + 1, c = 7 * a + 2;
    std::string parts = part(a, a - 100) + ", " + part(b, b - 200) + ", " + part(c, 1 + c % 9);
    body += R"({"op": "getitem", "obj": "%x", "index": {"slice": [)" + parts + R"(]}, "out": "y)" +
            std::to_string(i) + R"("},)";
    if (i < 150) expected += "slice(" + parts + ")\n";
  }
  std::string graph = R"({"format": "thunderc-graph", "version": 1, "name": "slices",
    "functions": {"forward": {"params": ["x"], "body": [)" +
                      body + R"({"op": "return", "value": "%y0"}]}},
    "entry": "forward",
    "inputs": {"args": [{"tensor": [4], "dtype": "float32", "device": "cpu"}], "kwargs": {}}})";
  CompileOptions o;
  o.passes = false;
  std::string computation = compile_graph(load_graph_text(graph, "slices.json"), o)[1].text;
  std::string found;
  for (size_t at = 0; (at = computation.find("slice(", at)) != std::string::npos;) {
    size_t end = computation.find(')', at);
    found += computation.substr(at, end + 1 - at) + "\n";
    at = end;
  }
  size_t null;
  while ((null = expected.find("null")) != std::string::npos) expected.replace(null, 4, "None");
  CHECK(found == expected + expected);
}
