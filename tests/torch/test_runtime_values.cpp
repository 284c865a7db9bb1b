// Parts of `thunderc run` on their own: reading back printed literals, input paths, the seeded
// inputs (deterministic, integers in range, built-in module defaults, refs as one object), the
// comparison of two runs, the report of changed inputs, and the ATen ops.
#include "graph/load.h"
#include "runtime/aten_ops.h"
#include "runtime/inputs.h"
#include "runtime/py_literal.h"
#include "runtime/report.h"
#include "support/diagnostics.h"

#include <ATen/ATen.h>
#include <ATen/CPUGeneratorImpl.h>
#include <doctest/doctest.h>

#include <cmath>

using namespace thunderc;
using namespace thunderc::runtime;
using RK = RValue::Kind;

namespace {

Graph graph_of(const std::string &inputs, const std::string &classes = "{}",
               const std::string &params = R"(["a", "b"])") {
  std::string text = R"({"format": "thunderc-graph", "version": 1, "name": "t", "classes": )" + classes +
                     R"(, "functions": {"f": {"params": )" + params +
                     R"(, "body": [{"op": "return", "value": null}]}}, "entry": "f", "inputs": )" + inputs + "}";
  return load_graph_text(text, "test.json");
}

} // namespace

TEST_CASE("printed literals read back") {
  Graph g = graph_of(R"({"args": [1, 2], "kwargs": {}})",
                     R"({"S": {"module": "transformers.cache_utils", "qualname": "StaticCache"}})");
  LiteralReader r(g);
  CHECK(r.read("None")->kind == RK::None);
  CHECK(r.read("True")->b);
  CHECK(r.read("-12")->i == -12);
  CHECK(r.read("1e-05")->f == doctest::Approx(1e-5));
  CHECK(r.read("2.0")->kind == RK::Float);
  CHECK(std::isnan(r.read("float('nan')")->f));
  CHECK(r.read("'a\\'b\\n\\x00\\u2028'")->s == std::string("a'b\n\0\xe2\x80\xa8", 8));
  CHECK(bool(r.read("torch.bfloat16")->dtype == DType::BFloat16));
  CHECK(bool(r.read("torch.device('cuda:1')")->device == Device{Device::Type::CUDA, 1}));
  RRef s = r.read("slice(None, 2, None)");
  REQUIRE(s->kind == RK::Slice);
  CHECK(s->items[1]->i == 2);
  CHECK(r.read("transformers_cache_utils_StaticCache")->s == "S");
  CHECK(r.read("torch.nn.Linear")->s == "torch.nn.Linear");
  CHECK(r.qualified("S") == "transformers.cache_utils.StaticCache");
  CHECK_THROWS_AS(r.read("os.system('x')"), std::invalid_argument);
}

TEST_CASE("input paths normalise") {
  CHECK(normalize_path("self.layers[0].weight") == "self.layers.0.weight");
  CHECK(normalize_path("kwargs['cache'].key_cache[1]") == "kwargs.cache.key_cache.1");
  CHECK(normalize_path("args[0]['a b']") == "args.0['a b']");
}

TEST_CASE("seeded inputs: deterministic, integers in range, module defaults, refs") {
  Graph g = graph_of(R"({
      "args": [{"tensor": [3, 4]}, {"tensor": [50], "dtype": "int64"}],
      "kwargs": {"m": {"module": "torch.nn.Embedding", "parameters": {"weight": {"tensor": [7, 2], "requires_grad": true}},
                       "attrs": {"num_embeddings": 7, "embedding_dim": 2}},
                 "same": {"ref": "/args/0"}}})",
                     "{}", R"(["a", "b", "m", "same"])");
  InputOptions o;
  Roots a = build_inputs(g, o), b = build_inputs(g, o);
  CHECK(at::equal(a.args->items[0]->tensor, b.args->items[0]->tensor));
  at::Tensor ids = a.args->items[1]->tensor;
  CHECK(bool(ids.scalar_type() == at::kLong));
  CHECK(ids.min().item<int64_t>() >= 0);
  CHECK(ids.max().item<int64_t>() < 7); // below num_embeddings
  RRef m = a.kwargs->find("m")->value;
  CHECK(m->find("weight")->value->tensor.requires_grad());
  CHECK(m->find("padding_idx")->value->kind == RK::None);
  CHECK(m->find("norm_type")->value->f == 2.0);
  CHECK(a.kwargs->find("same")->value.get() == a.args->items[0].get());
  o.seed = 1;
  Roots c = build_inputs(g, o);
  CHECK_FALSE(at::equal(a.args->items[0]->tensor, c.args->items[0]->tensor));
  // The same draws as the Python oracle: torch.randn((3, 4), generator=torch.Generator().manual_seed(0)).
  at::Tensor expect = at::randn({3, 4}, at::make_generator<at::CPUGeneratorImpl>(0));
  CHECK(at::equal(a.args->items[0]->tensor, expect));
}

TEST_CASE("input limits: size and devices") {
  Graph big = graph_of(R"({"args": [{"tensor": [1024, 1024]}, null], "kwargs": {}})");
  InputOptions o;
  o.max_input_bytes = 1000;
  CHECK_THROWS_WITH_AS(build_inputs(big, o), doctest::Contains("--max-input-bytes"), UserError);
  if (!at::hasCUDA()) {
    Graph cuda = graph_of(R"({"args": [{"tensor": [2], "device": "cuda:0"}, null], "kwargs": {}})");
    try {
      build_inputs(cuda, {});
      FAIL("inputs on cuda:0 were built without CUDA");
    } catch (const UserError &e) {
      CHECK(e.pointer == "/inputs/args/0");
      CHECK(e.message.find("cuda:0") != std::string::npos);
    }
  }
}

TEST_CASE("comparing two runs: values, structure and identity") {
  auto t = [](std::vector<float> v) { return RValue::of_tensor(at::tensor(v)); };
  RRef obj_a = RValue::object(RK::Object, "C"), obj_b = RValue::object(RK::Object, "C");
  Roots a{nullptr, RValue::seq(RK::Tuple, {obj_a}), RValue::object(RK::Dict, "")};
  Roots b{nullptr, RValue::seq(RK::Tuple, {obj_b}), RValue::object(RK::Dict, "")};
  {
    Comparer c;
    c.pair_inputs(a, b);
    c.compare(RValue::seq(RK::Tuple, {obj_a, t({1, 2})}), RValue::seq(RK::Tuple, {obj_b, t({1, 2})}), "result");
    CHECK(c.differences.empty());
  }
  {
    Comparer c;
    c.pair_inputs(a, b);
    // eager returns the input object, the trace an equal copy: an identity difference
    RRef copy = RValue::object(RK::Object, "C");
    c.compare(RValue::seq(RK::Tuple, {copy, t({1, 2})}), RValue::seq(RK::Tuple, {obj_b, t({1, 3})}), "result");
    REQUIRE(c.differences.size() == 2);
    CHECK(c.differences[0].find("result[0]: eager holds the object of input args[0]") == 0);
    CHECK(c.differences[1].find("result[1]: values differ in 1 of 2 elements") == 0);
  }
  {
    Comparer c;
    c.compare(t({1, 2}), RValue::of_tensor(at::tensor({1.0, 2.0}, at::kDouble)), "x");
    REQUIRE(c.differences.size() == 1);
    CHECK(c.differences[0].find("x: dtype") == 0);
  }
}

TEST_CASE("the report of changed inputs") {
  RRef obj = RValue::object(RK::Object, "C");
  obj->set_attr("n", RValue::integer(1));
  obj->set_attr("t", RValue::of_tensor(at::zeros({2})));
  obj->set_attr("u", RValue::of_tensor(at::zeros({2})));
  Roots r{nullptr, RValue::seq(RK::Tuple, {obj}), RValue::object(RK::Dict, "")};
  InputState before(r);
  CHECK(before.changed_paths(r).empty());
  obj->find("t")->value->tensor.add_(1);
  obj->set_attr("n", RValue::integer(2));
  obj->set_attr("new", RValue::none());
  std::vector<std::string> changed = before.changed_paths(r);
  CHECK(changed == std::vector<std::string>{"args[0]"}); // a member was added: the object changed
  obj->entries.pop_back();
  changed = before.changed_paths(r);
  CHECK(changed == std::vector<std::string>{"args[0].n", "args[0].t"});
}

TEST_CASE("the report of changed inputs tells dict keys apart by value, not by text") {
  RRef d = RValue::object(RK::Dict, "");
  set_item(*d, RValue::str("1"), RValue::integer(10)); // d['1'] and d[1]: both named "1"
  set_item(*d, RValue::integer(1), RValue::integer(20));
  Roots r{nullptr, RValue::seq(RK::Tuple, {d}), RValue::object(RK::Dict, "")};
  InputState before(r);
  CHECK(before.changed_paths(r).empty());
  set_item(*d, RValue::integer(1), RValue::integer(21));
  CHECK(before.changed_paths(r) == std::vector<std::string>{"args[0][1]"});
}

TEST_CASE("ATen ops: Python numbers, indexing, functional in-place ops") {
  auto arg = [](ops::Arg m, at::Tensor t = {}) { return AArg{std::move(m), std::move(t), {}}; };
  at::Tensor x = at::arange(6, at::kFloat).view({2, 3});
  // 2 - x: a Python number first is a weak operand
  AResult r = run_aten(ops::Op::sub, {arg(ops::Arg::of_int(2)), arg(ops::Arg::of_tensor({}), x), arg(ops::Arg::of_int(1))});
  CHECK(bool(r.tensors[0].scalar_type() == at::kFloat));
  CHECK(at::equal(r.tensors[0], 2 - x));
  // x[:, None, 1]
  AArg index;
  index.meta = ops::Arg::of_seq({ops::Arg::of_slice({}, {}, {}), ops::Arg::none(), ops::Arg::of_int(1)});
  AArg all;
  all.meta = ops::Arg::of_slice({}, {}, {});
  all.items = {arg(ops::Arg::none()), arg(ops::Arg::none()), arg(ops::Arg::none())};
  index.items = {all, arg(ops::Arg::none()), arg(ops::Arg::of_int(1))};
  r = run_aten(ops::Op::getitem, {arg(ops::Arg::of_tensor({}), x), index});
  CHECK(bool(r.tensors[0].sizes() == at::IntArrayRef({2, 1})));
  CHECK(at::equal(r.tensors[0].flatten(), at::tensor({1.0f, 4.0f})));
  // add_ runs on a clone: the receiver is unchanged
  r = run_aten(ops::Op::add_, {arg(ops::Arg::of_tensor({}), x), arg(ops::Arg::of_float(1.5)), arg(ops::Arg::of_int(1))});
  CHECK(at::equal(x, at::arange(6, at::kFloat).view({2, 3})));
  CHECK(at::equal(r.tensors[0], x + 1.5));
  // max with a dim gives (values, indices)
  r = run_aten(ops::Op::max, {arg(ops::Arg::of_tensor({}), x), arg(ops::Arg::of_int(1)), arg(ops::Arg::of_bool(false))});
  CHECK(r.multi);
  CHECK(r.tensors.size() == 2);
  AArg size;
  size.meta = ops::Arg::of_seq({ops::Arg::of_int(4)});
  size.items = {arg(ops::Arg::of_int(4))};
  CHECK_THROWS_WITH_AS(run_aten(ops::Op::view, {arg(ops::Arg::of_tensor({}), x), size}),
                       doctest::Contains("torch.Tensor.view(): shape"), ops::OpError);
}
