// The C++ printer of `compile --so`, checked as text: names that are C++ keywords or macros
// (`assert` is a Python keyword, so no trace has it) cannot reach the code unprefixed, comments
// cannot end early or splice lines, literals read back exactly, large traces are split into parts
// that pass their live tensors, constant subscripts are tables, every sample prints
// deterministically. (tests/so and tests/python/check_so.py build and run the result.)
#include "driver/build_so.h"
#include "driver/compile.h"
#include "emit/cpp.h"
#include "graph/load.h"
#include "test_interp_util.h"
#include "support/diagnostics.h"
#include "support/hash.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <regex>
#include <sstream>

using namespace thunderc;

namespace {

ValueType tensor_type(std::vector<int64_t> shape, DType dtype = DType::Float32) {
  ValueType t;
  t.kind = ValueType::Kind::Tensor;
  TensorMeta meta;
  meta.shape = std::move(shape);
  meta.dtype = dtype;
  t.tensor = InternedMeta(meta);
  return t;
}

ops::Arg meta_of(const Trace &t, ValueId v) {
  return ops::Arg::of_tensor(t.values[v].type.tensor);
}

struct Builder {
  Trace t;
  Builder() { t.name = "computation"; }
  ValueId param(const std::string &name) {
    ValueId v = t.add_value(name, tensor_type({2, 2}));
    t.params.push_back(v);
    return v;
  }
  // a call of `op` with its bound arguments, each given as (operand, meta), and no result
  Instr &call(ops::Op op, std::vector<std::pair<Operand, ops::Arg>> bound) {
    Instr &i = t.body.emplace_back();
    i.op = static_cast<int>(op);
    i.callee = std::string(ops::info(op).torch_name);
    for (auto &[o, m] : bound)
      i.bound.push_back({o, m});
    return i;
  }
  // out = op(bound...)
  ValueId op(ops::Op op, const std::string &out, std::vector<std::pair<Operand, ops::Arg>> bound,
             ValueType type = tensor_type({2, 2})) {
    ValueId v = t.add_value(out, std::move(type));
    Instr &i = call(op, std::move(bound));
    i.pure = true;
    i.outs = {v};
    return v;
  }
  std::pair<Operand, ops::Arg> val(ValueId v) const { return {Operand::of(v), meta_of(t, v)}; }
  // `torch.Tensor.copy_(x, v)`, the write-back of an input updated in place
  void write_back(ValueId x, ValueId v) {
    call(ops::Op::copy_, {val(x), val(v), {Operand::lit("False"), ops::Arg::of_bool(false)}})
        .comment = "write-back into args[0]";
  }
  void comment(const std::string &text) {
    Instr i;
    i.kind = Instr::Kind::Comment;
    i.comment = text;
    t.body.push_back(i);
  }
  void ret(std::vector<ValueId> vs) {
    Instr i;
    i.kind = Instr::Kind::Return;
    std::vector<Operand> items;
    for (ValueId v : vs)
      items.push_back(Operand::of(v));
    i.args = {Operand::tuple(items)};
    t.body.push_back(i);
  }
};

std::pair<Operand, ops::Arg> lit_int(int64_t v) {
  return {Operand::lit(std::to_string(v)), ops::Arg::of_int(v)};
}
std::pair<Operand, ops::Arg> lit_float(double v) {
  return {Operand::lit("x"), ops::Arg::of_float(v)};
}
std::pair<Operand, ops::Arg> none() {
  return {Operand::lit("None"), ops::Arg::none()};
}

// The code with comments and string literals blanked out.
std::string code_only(const std::string &src) {
  std::string out;
  for (size_t i = 0; i < src.size(); ++i) {
    if (src[i] == '/' && i + 1 < src.size() && src[i + 1] == '/') {
      while (i < src.size() && src[i] != '\n')
        ++i;
      out += '\n';
    } else if (src[i] == '"') {
      for (++i; i < src.size() && src[i] != '"'; ++i)
        if (src[i] == '\\') ++i;
      out += "\"\"";
    } else {
      out += src[i];
    }
  }
  return out;
}

// The text of `void computation(...) { ... }` and the parts it calls.
std::string computation_region(const std::string &src) {
  size_t from = src.find("void chunk_0(");
  if (from == std::string::npos) from = src.find("void computation(");
  size_t to = src.find("constexpr size_t kNumInputs");
  REQUIRE(from != std::string::npos);
  REQUIRE(to != std::string::npos);
  return src.substr(from, to - from);
}

bool has_token(const std::string &code, const std::string &name) {
  return std::regex_search(code, std::regex("(^|[^A-Za-z0-9_])" + name + "($|[^A-Za-z0-9_])"));
}

} // namespace

TEST_CASE("cpp: names that are C++ keywords or macros are prefixed everywhere") {
  Builder b;
  ValueId x_new = b.param("new"), x_int = b.param("int");
  ValueId del = b.op(ops::Op::add, "delete", {b.val(x_new), b.val(x_int), lit_int(1)});
  ValueId null = b.op(ops::Op::neg, "NULL", {b.val(del)});
  ValueId eof = b.op(ops::Op::mul, "EOF", {b.val(null), lit_float(2.0)});
  ValueId en = b.op(ops::Op::exp, "errno", {b.val(eof)});
  ValueId tp = b.op(ops::Op::exp, "template", {b.val(en)});
  ValueId ths = b.op(ops::Op::exp, "this", {b.val(tp)});
  b.ret({ths, null});
  REQUIRE(verify(b.t).empty());
  for (size_t chunk : {64, 2, 1}) {
    CAPTURE(chunk);
    std::string src = emit_cpp(b.t, {"new", chunk});
    std::string code = code_only(computation_region(src));
    for (const char *name : {"new", "int", "delete", "NULL", "EOF", "errno", "template", "this"}) {
      CAPTURE(name);
      CHECK_FALSE(has_token(code, name));
      CHECK(has_token(code, std::string("v_") + name));
    }
    CHECK(src.find("int thunderc_new_run(const at::Tensor *inputs, size_t n_inputs") !=
          std::string::npos);
    CHECK(src.find("  c10::FunctionSchema schema(\n      \"new\", \"\",\n"
                   "      arguments(c10::TensorType::get(), {\"new\", \"int\"}),") !=
          std::string::npos);
    CHECK(src.find(std::string(chunk == 64 ? "at::Tensor " : "") +
                   "v_EOF = at::mul(v_NULL, 2.0);  // EOF: \"cpu f32[2, 2]\"") !=
          std::string::npos);
  }
}

TEST_CASE("cpp: the op's schema is made, not parsed: keywords of the schema parser are names") {
  // TorchScript's schema parser reads these as keywords: a schema text with them as the op's or
  // an argument's name throws while the library loads.
  Builder b;
  ValueId a = b.param("NoneType"), c = b.param("Ellipsis");
  ValueId y = b.op(ops::Op::add, "y", {b.val(a), b.val(c), lit_int(1)});
  b.ret({y});
  REQUIRE(verify(b.t).empty());
  for (const char *name : {"NoneType", "Ellipsis"}) {
    CAPTURE(name);
    std::string src = emit_cpp(b.t, {name, 64});
    CHECK(src.find(fmt::format("  c10::FunctionSchema schema(\n      \"{}\", \"\",\n"
                               "      arguments(c10::TensorType::get(), {{\"NoneType\", "
                               "\"Ellipsis\"}}),\n",
                               name)) != std::string::npos);
    CHECK(src.find("  m.def(std::move(schema), ") != std::string::npos);
    // no string literal holds a schema text
    CHECK_FALSE(std::regex_search(src, std::regex(R"("[^"\n]*\(Tensor)")));
  }
}

TEST_CASE("cpp: comments cannot end early or splice the next line") {
  Builder b;
  ValueId x = b.param("x");
  b.comment("f.py:1: \tx = 1 \\");          // a trailing backslash would splice the next line
  b.comment("f.py:2: a\nb = 1\r\x01 \\  "); // control characters, then a backslash and spaces
  ValueId y = b.op(ops::Op::exp, "y", {b.val(x)});
  b.t.body.back().comment = "ends with a backslash \\";
  b.ret({y});
  std::string src = emit_cpp(b.t, {"g", 64});
  std::istringstream lines(src);
  std::string line;
  while (std::getline(lines, line)) {
    CAPTURE(line);
    std::string trimmed = line.substr(0, line.find_last_not_of(" \t") + 1);
    CHECK_FALSE((!trimmed.empty() && trimmed.back() == '\\'));
    CHECK(line.find('\r') == std::string::npos);
    CHECK_FALSE(line.starts_with("b = 1"));
  }
  CHECK(src.find("// f.py:2: a\\x0ab = 1\\x0d\\x01 \\ (end)") != std::string::npos);
  CHECK(src.find("at::Tensor v_y = at::exp(v_x);") != std::string::npos);
}

TEST_CASE("cpp: literals read back exactly") {
  Builder b;
  ValueId x = b.param("x");
  ValueId a = b.op(ops::Op::add, "a", {b.val(x), lit_float(1e-05), lit_int(1)});
  ValueId c =
      b.op(ops::Op::mul, "c", {b.val(a), lit_float(-std::numeric_limits<double>::infinity())});
  ValueId d = b.op(ops::Op::mul, "d", {b.val(c), lit_float(0.1 + 0.2)});
  ValueId e =
      b.op(ops::Op::add, "e", {b.val(d), lit_int(std::numeric_limits<int64_t>::min()), lit_int(3)});
  ValueId f = b.op(ops::Op::div, "f",
                   {b.val(e), lit_int(2), {Operand::lit("'x'"), ops::Arg::of_str("a\"b\\c\n?")}});
  ValueId g = b.op(ops::Op::mul, "g", {b.val(f), lit_float(std::nan(""))});
  ValueId h = b.op(ops::Op::mul, "h", {b.val(g), lit_float(3.0)});
  b.ret({h});
  std::string src = emit_cpp(b.t, {"lits", 64});
  CHECK(src.find("at::add(v_x, 1e-05)") != std::string::npos);
  CHECK(src.find("at::mul(v_a, -std::numeric_limits<double>::infinity())") != std::string::npos);
  CHECK(src.find("at::mul(v_c, 0.30000000000000004)") != std::string::npos);
  CHECK(src.find("at::add(v_d, (-9223372036854775807 - 1), 3)") != std::string::npos);
  CHECK(src.find("at::div(v_e, 2, \"a\\042b\\134c\\012\\077\")") != std::string::npos);
  CHECK(src.find("at::mul(v_f, std::numeric_limits<double>::quiet_NaN())") != std::string::npos);
  CHECK(src.find("at::mul(v_g, 3.0)") != std::string::npos);
}

TEST_CASE("cpp: large traces are split into parts that pass their live tensors") {
  Builder b;
  ValueId x = b.param("x");
  ValueId prev = x;
  std::vector<ValueId> vals;
  for (int i = 0; i < 10; ++i) {
    prev = b.op(ops::Op::exp, "t" + std::to_string(i), {b.val(prev)});
    vals.push_back(prev);
  }
  ValueId last = b.op(ops::Op::add, "last",
                      {b.val(vals[9]), b.val(vals[0]), lit_int(1)}); // t0 lives to the end
  b.ret({last, vals[4]});
  std::string src = emit_cpp(b.t, {"parts", 4}); // 11 ops: 3 parts
  CHECK(src.find("void chunk_0(const Devices &dev, const at::Tensor &v_x, at::Tensor &v_t0, "
                 "at::Tensor &v_t3)") != std::string::npos);
  CHECK(src.find("void chunk_1(const Devices &dev, const at::Tensor &v_t3, at::Tensor &v_t4, "
                 "at::Tensor &v_t7)") != std::string::npos);
  CHECK(src.find("void chunk_2(const Devices &dev, const at::Tensor &v_t0, const at::Tensor &v_t7, "
                 "at::Tensor "
                 "&v_last)") != std::string::npos);
  CHECK(src.find("  v_t3.reset();\n") != std::string::npos); // released after its last reader
  CHECK(src.find("  v_t0 = at::exp(v_x);") != std::string::npos);
  CHECK(src.find("  at::Tensor v_t1 = at::exp(v_t0);") != std::string::npos);
  CHECK(src.find("  out[0] = v_last;\n  out[1] = v_t4;\n") != std::string::npos);
  CHECK(src.find("void chunk_3(") == std::string::npos);
}

TEST_CASE("cpp: ops the C++ backend cannot express are user errors naming the op") {
  Builder b;
  ValueId x = b.param("x");
  ops::Arg nested = ops::Arg::of_list({ops::Arg::of_list({ops::Arg::of_int(0)})});
  ValueId y = b.op(ops::Op::getitem, "y", {b.val(x), {Operand::lit("[[0]]"), nested}});
  b.ret({y});
  try {
    emit_cpp(b.t, {"bad", 64});
    FAIL("expected a UserError");
  } catch (const UserError &e) {
    CHECK(e.message.find("--so: cannot generate C++ for `y = operator.getitem`") !=
          std::string::npos);
  }
}

TEST_CASE("cpp: .to() takes a device as a torch.device, a string or a CUDA index") {
  Builder b;
  ValueId x = b.param("x");
  auto str = [](std::string s) {
    return std::pair{Operand::lit("'" + s + "'"), ops::Arg::of_str(s)};
  };
  auto flag = [](bool v) { return std::pair{Operand::lit("False"), ops::Arg::of_bool(v)}; };
  ValueId c = b.op(ops::Op::to, "c", {b.val(x), str("cpu"), none(), flag(false), flag(false)});
  ValueId g = b.op(ops::Op::to, "g", {b.val(x), str("cuda:1"), none(), flag(false), flag(true)});
  ValueId i = b.op(ops::Op::to, "i", {b.val(x), lit_int(0), none(), flag(false), flag(false)});
  b.ret({c, g, i});
  std::string src = emit_cpp(b.t, {"to_str", 64});
  CHECK(src.find("v_x.to(dev(at::Device(at::kCPU)), v_x.scalar_type());") != std::string::npos);
  CHECK(src.find("v_x.to(dev(at::Device(at::kCUDA, 1)), v_x.scalar_type(), false, true);") !=
        std::string::npos);
  CHECK(src.find("v_x.to(dev(at::Device(at::kCUDA, 0)), v_x.scalar_type());") != std::string::npos);
}

TEST_CASE("cpp: a factory with requires_grad=True is made outside InferenceMode") {
  Builder b;
  ValueId x = b.param("x");
  auto flag = [](bool v) {
    return std::pair{Operand::lit(v ? "True" : "False"), ops::Arg::of_bool(v)};
  };
  ops::Arg size = ops::Arg::of_seq({ops::Arg::of_int(2), ops::Arg::of_int(2)});
  std::pair<Operand, ops::Arg> shape{Operand::lit("(2, 2)"), size};
  ValueId z = b.op(ops::Op::zeros, "z", {shape, none(), none(), flag(true)});
  ValueId n = b.op(ops::Op::zeros, "n", {shape, none(), none(), flag(false)});
  ValueId o = b.op(ops::Op::ones_like, "o", {b.val(x), none(), none(), flag(true)});
  b.ret({z, n, o});
  std::string src = emit_cpp(b.t, {"grad_factory", 64});
  std::string code = computation_region(src);
  CHECK(code.find("at::Tensor v_z = thunderc_grad_factory([&] { return at::zeros(") !=
        std::string::npos);
  CHECK(code.find("at::Tensor v_n = at::zeros(") != std::string::npos);
  CHECK(code.find("at::Tensor v_o = thunderc_grad_factory([&] { return at::ones_like(v_x, ") !=
        std::string::npos);
  CHECK(code.find("requires_grad(true)") == std::string::npos); // ATen refuses it in TensorOptions
  CHECK(src.find("caller_in_inference_mode = caller_inference;") != std::string::npos);
}

TEST_CASE("cpp: every sample prints, deterministically, with one statement per op") {
  for (const std::string &path : test::sample_paths()) {
    CAPTURE(path);
    Graph g = load_graph(path);
    CompileOptions options;
    options.cpp = true;
    auto files = compile_graph(g, options);
    auto again = compile_graph(g, options);
    REQUIRE(files.back().name == g.name + ".cpp");
    CHECK(files.back().text == again.back().text);
    const std::string &src = files.back().text;
    CHECK(src.find("TORCH_LIBRARY_FRAGMENT(thunderc, m)") != std::string::npos);
    CHECK(src.find("int thunderc_" + g.name + "_run(") != std::string::npos);
    // every op statement carries its type comment: `at::Tensor v_x = ...;  // x: "cpu f32[2]"`
    std::istringstream lines(src);
    std::string line;
    size_t statements = 0;
    const std::string superset = cpp_headers_superset(); // the precompiled header of --so builds
    while (std::getline(lines, line)) {
      // every header the file includes is in it (ATen/ATen.h includes every ATen/ops/<op>.h)
      if (line.starts_with("#include <") && !line.starts_with("#include <ATen/ops/"))
        CHECK_MESSAGE(superset.find(line + "\n") != std::string::npos, line);
      if (line.starts_with("  at::Tensor v_") && line.find(" = ") != std::string::npos) {
        ++statements;
        CHECK(std::regex_search(line, std::regex(R"(;  // \w+: "\S+ \w+\[[0-9, ]*\]")")));
      }
    }
    CHECK(statements > 0);
    if (g.name == "llama_tiny") CHECK(src.find("void chunk_2(") != std::string::npos);
  }
}

TEST_CASE("so build: flags split like a shell; the cache hash is FNV-1a 64") {
  CHECK(split_flags("-I/a  -DX='a b' \"-Dy=\\\"q\\\"\" c\\ d") ==
        std::vector<std::string>{"-I/a", "-DX=a b", "-Dy=\"q\"", "c d"});
  CHECK(split_flags("") == std::vector<std::string>{});
  CHECK(hex64(fnv1a64("")) == "cbf29ce484222325"); // the published FNV-1a test vectors
  CHECK(hex64(fnv1a64("a")) == "af63dc4c8601ec8c");
  CHECK(hex64(fnv1a64("foobar")) == "85944171f73967e8");
  SoBuildOptions o;
  o.cxx = "ccache g++";
  o.torch_cflags = "-I/t/include";
  o.torch_ldflags = "-L/t/lib -ltorch";
  auto c = so_build_commands(resolve_toolchain(o), "d/g.cpp", "d/g.o", "d/g.so", "c/h.h");
  REQUIRE(c.compile.size() >= 8);
  CHECK(c.compile[0] == "ccache");
  CHECK(c.compile[1] == "g++");
  CHECK(std::find(c.compile.begin(), c.compile.end(), "-I/t/include") != c.compile.end());
  const std::vector<std::string> compile_tail = {"-include", "c/h.h", "-c",
                                                 "d/g.cpp",  "-o",    "d/g.o"};
  CHECK(std::vector<std::string>(c.compile.end() - 6, c.compile.end()) == compile_tail);
  CHECK(c.link[0] == "ccache");
  CHECK(std::find(c.link.begin(), c.link.end(), "-I/t/include") == c.link.end());
  const std::vector<std::string> link_tail = {"-shared", "d/g.o",    "-o",
                                              "d/g.so",  "-L/t/lib", "-ltorch"};
  CHECK(std::vector<std::string>(c.link.end() - 6, c.link.end()) == link_tail);
  o = {};
  o.torch_prefix = "/opt/libtorch";
  auto t = resolve_toolchain(o);
  CHECK(std::find(t.cflags.begin(), t.cflags.end(), "-I/opt/libtorch/include") != t.cflags.end());
  CHECK(std::find(t.ldflags.begin(), t.ldflags.end(), "-Wl,-rpath,/opt/libtorch/lib") !=
        t.ldflags.end());
}

TEST_CASE("cpp: beyond 64 inputs the dispatcher op takes them as one list") {
  for (size_t n : {64, 65}) {
    CAPTURE(n);
    Builder b;
    ValueId acc = b.param("x0");
    for (size_t i = 1; i < n; ++i)
      acc = b.op(ops::Op::add, "acc" + std::to_string(i),
                 {b.val(acc), b.val(b.param("x" + std::to_string(i))), lit_int(1)});
    b.ret({acc});
    std::string src = emit_cpp(b.t, {"many", 64});
    CHECK((src.find("arguments(c10::ListType::ofTensors(), {\"inputs\"})") != std::string::npos) ==
          (n > 64));
    CHECK((src.find("\"x63\"") != std::string::npos) == (n <= 64));
    CHECK(src.find("kNumInputs = " + std::to_string(n)) != std::string::npos);
  }
}

TEST_CASE("cpp: constant subscripts are tables, others braced lists of TensorIndex") {
  Builder b;
  ValueId x = b.param("x");
  ValueId i = b.param("i");
  using ops::Arg;
  Arg index = Arg::of_seq({Arg::ellipsis(), Arg::of_slice(Arg::none(), Arg::of_int(8), Arg::none()),
                           Arg::none(), Arg::of_int(-1), Arg::of_bool(true),
                           Arg::of_slice(Arg::none(), Arg::none(), Arg::of_int(2)),
                           Arg::of_slice(Arg::none(), Arg::none(), Arg::none())});
  ValueId y = b.op(ops::Op::getitem, "y", {b.val(x), {Operand::lit("(...)"), index}});
  ValueId z = b.op(ops::Op::getitem, "z", {b.val(y), b.val(i)});
  b.ret({z});
  std::string src = emit_cpp(b.t, {"sub", 64});
  CHECK(src.find("  static constexpr Index ix_0[] = {{Index::kEllipsis}, {Index::kSlice, 2, 0, 8}, "
                 "{Index::kNone}, {Index::kInt, 0, -1}, {Index::kBool, 0, 1}, "
                 "{Index::kSlice, 4, 0, 0, 2}, {Index::kSlice}};\n"
                 "  at::Tensor v_y = thunderc_index(v_x, ix_0, 7);") != std::string::npos);
  CHECK(src.find("at::Tensor v_z = v_y.index({v_i});") != std::string::npos);
  CHECK(src.find(".index({Ellipsis") == std::string::npos);
}

TEST_CASE("cpp: an input whose only readers are its index_copy and its write-back is updated in "
          "place") {
  // x.index_copy_(0, i, s), as the trace functionalises it: v = index_copy(x, 0, i, s); copy_(x, v)
  struct Case {
    Builder b;
    ValueId x, i, s, v;
    Case() : x(b.param("x")), i(b.param("i")), s(b.param("s")) {
      v = b.op(ops::Op::index_copy, "v", {b.val(x), lit_int(0), b.val(i), b.val(s)});
    }
  };
  const std::string in_place = "v_x.index_copy_(0, v_i, v_s);";
  const std::string functional = "at::index_copy(v_x, 0, v_i, v_s);";
  const std::string copy_back = "v_x.copy_(v_v);";
  for (size_t chunk_ops : {64, 1}) {
    CAPTURE(chunk_ops);
    Case c; // the KV-cache update: later ops read v
    ValueId y = c.b.op(ops::Op::exp, "y", {c.b.val(c.v)});
    c.b.write_back(c.x, c.v);
    c.b.ret({y});
    std::string src = emit_cpp(c.b.t, {"upd", chunk_ops});
    std::string code = code_only(computation_region(src));
    CHECK(code.find(in_place) != std::string::npos);
    CHECK(code.find(functional) == std::string::npos);
    CHECK(code.find(copy_back) == std::string::npos);
    CHECK(code.find("at::exp(v_v)") != std::string::npos); // v is x
    CHECK(src.find("// Inputs updated in place where the program updates them: x\n") !=
          std::string::npos);
    CHECK(src.find("written back at the end") == std::string::npos);
  }
  { // x read by another op, v returned, v updated again, a view of v returned: copied back
    std::vector<Case> cases(4);
    ValueId e0 = cases[0].b.op(ops::Op::exp, "e", {cases[0].b.val(cases[0].x)});
    cases[0].b.write_back(cases[0].x, cases[0].v);
    cases[0].b.ret({e0});
    cases[1].b.write_back(cases[1].x, cases[1].v);
    cases[1].b.ret({cases[1].v});
    Case &c = cases[2];
    ValueId w =
        c.b.op(ops::Op::index_copy, "w", {c.b.val(c.v), lit_int(0), c.b.val(c.i), c.b.val(c.s)});
    c.b.write_back(c.x, w);
    c.b.ret({w});
    Case &d = cases[3]; // the output would share the input's memory
    ValueId u = d.b.op(ops::Op::unsqueeze, "u", {d.b.val(d.v), lit_int(0)}, tensor_type({1, 2, 2}));
    ValueId e = d.b.op(ops::Op::exp, "e", {d.b.val(d.v)});
    d.b.write_back(d.x, d.v);
    d.b.ret({e, u});
    for (size_t k = 0; k < cases.size(); ++k) {
      CAPTURE(k);
      std::string src = emit_cpp(cases[k].b.t, {"upd", 64});
      std::string code = code_only(computation_region(src));
      CHECK(code.find(functional) != std::string::npos);
      CHECK(code.find(in_place) == std::string::npos);
      CHECK(code.find(k == 2 ? "v_x.copy_(v_w);" : copy_back) != std::string::npos);
      CHECK(src.find("// Inputs updated in place (written back at the end): x\n") !=
            std::string::npos);
    }
  }
}

TEST_CASE("cpp: an input whose only readers are its clone and its write-back, the clone updated "
          "once, is updated in place") {
  // x.fill_(2.5), as the trace functionalises it: v = clone(x); fill_(v, 2.5); copy_(x, v)
  auto build = [](int updates, bool return_v) {
    Builder b;
    ValueId x = b.param("x");
    ValueId v = b.op(ops::Op::clone, "v", {b.val(x)});
    for (int k = 0; k < updates; ++k)
      b.call(ops::Op::fill_, {b.val(v), lit_float(2.5)});
    ValueId y = b.op(ops::Op::exp, "y", {b.val(v)});
    b.write_back(x, v);
    b.ret(return_v ? std::vector<ValueId>{y, v} : std::vector<ValueId>{y});
    return code_only(computation_region(emit_cpp(b.t, {"upd", 64})));
  };
  std::string code = build(1, false);
  CHECK(code.find("at::Tensor v_v = v_x;") != std::string::npos);
  CHECK(code.find("v_v.fill_(2.5);") != std::string::npos);
  CHECK(code.find("at::clone") == std::string::npos);
  CHECK(code.find(".copy_(") == std::string::npos);
  // updated twice (x's version counter would count two updates, computation.py's one), or
  // returned (the output would share the input's memory): cloned and copied back
  for (std::string c : {build(2, false), build(1, true)}) {
    CHECK(c.find("at::Tensor v_v = at::clone(v_x);") != std::string::npos);
    CHECK(c.find("v_x.copy_(v_v);") != std::string::npos);
  }
}

TEST_CASE("cpp: every ATen header a generated file includes exists") {
  CHECK(cpp_aten_ops_header("add") == "add");
  CHECK(cpp_aten_ops_header("silu_") == "silu"); // at::silu_ is declared in silu.h
  CHECK(cpp_aten_ops_header("dropout_") == "dropout");
  CHECK(cpp_aten_ops_header("__and__") == "__and__");
  // libtorch's include directories, as --so builds use them
  std::filesystem::path ops_dir;
  std::vector<std::string> dirs;
  for (const auto &f : resolve_toolchain({}).cflags)
    if (f.starts_with("-I")) dirs.push_back(f.substr(2));
  dirs.push_back("/usr/include");
  for (const auto &d : dirs)
    if (ops_dir.empty() && std::filesystem::is_directory(std::filesystem::path(d) / "ATen/ops"))
      ops_dir = std::filesystem::path(d) / "ATen/ops";
  if (ops_dir.empty()) {
    MESSAGE("no ATen/ops headers found: skipped");
    return;
  }
  auto exists = [&](std::string_view header) {
    return std::filesystem::is_regular_file(ops_dir / (std::string(header) + ".h"));
  };
  // every function of the catalogue, and its in-place form
  for (const ops::OpInfo &op : ops::all_ops()) {
    if (!op.aten_name.starts_with("at::") || op.aten_name.starts_with("at::Tensor::") ||
        op.op == ops::Op::scaled_dot_product_attention || // a helper: libtorch 1.13 has no such op
        op.op == ops::Op::interpolate)                    // one of several upsample functions
      continue;
    std::string_view name = op.aten_name.substr(4); // at::name
    CAPTURE(name);
    CHECK(exists(cpp_aten_ops_header(name)));
    CHECK(exists(cpp_aten_ops_header(std::string(name) + "_")));
  }
  // what the emitter includes: for in-place activations, every sample and tests/graphs/so graph
  std::vector<std::pair<std::string, std::string>> sources;
  {
    Builder b;
    ValueId x = b.param("x");
    std::pair<Operand, ops::Arg> yes = {Operand::lit("True"), ops::Arg::of_bool(true)};
    std::pair<Operand, ops::Arg> no = {Operand::lit("False"), ops::Arg::of_bool(false)};
    ValueId s = b.op(ops::Op::silu, "s", {b.val(x), yes});
    ValueId d = b.op(ops::Op::dropout, "d", {b.val(s), lit_float(0.5), no, yes});
    ValueId r = b.op(ops::Op::relu, "r", {b.val(d), yes});
    b.ret({r});
    REQUIRE(verify(b.t).empty());
    std::string src = emit_cpp(b.t, {"inplace", 64});
    CHECK(src.find("at::silu_(const_cast<at::Tensor &>(v_x))") != std::string::npos);
    CHECK(src.find("at::dropout_(const_cast<at::Tensor &>(v_s), 0.5, false)") != std::string::npos);
    sources.emplace_back("in-place activations", src);
  }
  std::vector<std::string> paths = test::sample_paths();
  for (const char *dir : {"tests/graphs/so", "tests/graphs/traces"})
    for (const auto &entry :
         std::filesystem::directory_iterator(std::filesystem::path(THUNDERC_SOURCE_DIR) / dir))
      if (entry.path().extension() == ".json") paths.push_back(entry.path().string());
  for (const std::string &path : paths) {
    Graph g = load_graph(path);
    CompileOptions options;
    options.cpp = true;
    sources.emplace_back(path, compile_graph(g, options).back().text);
  }
  const std::regex include(R"(#include <ATen/ops/(\w+)\.h>)");
  const std::regex call(R"(\bat::([a-z_][a-z0-9_]*)\()"); // at::dtype is TensorOptions' own
  for (const auto &[what, src] : sources) {
    CAPTURE(what);
    size_t n = 0;
    for (std::sregex_iterator i(src.begin(), src.end(), include), end; i != end; ++i, ++n)
      CHECK_MESSAGE(exists((*i)[1].str()), (*i)[0].str());
    CHECK(n > 0);
    // every ATen function called is declared by a header the file includes (a build without the
    // precompiled ATen/ATen.h sees only those)
    for (std::sregex_iterator i(src.begin(), src.end(), call), end; i != end; ++i)
      if ((*i)[1].str() != "dtype")
        CHECK_MESSAGE(src.find("#include <ATen/ops/" +
                               std::string(cpp_aten_ops_header((*i)[1].str())) + ".h>") !=
                          std::string::npos,
                      (*i)[0].str());
  }
}
