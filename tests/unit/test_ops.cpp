// The op catalogue without libtorch: lookup of function, method and operator spellings, signature
// parsing and binding (defaults, keywords, varargs, overload folding, errors naming the op), a few
// meta rules with their messages, and describe(). tests/torch/test_ops_meta.cpp checks the meta
// rules against ATen at scale.
#include "ops/ops.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <set>

using namespace thunderc;
using ops::Arg;
using ops::Op;

namespace {

Arg t(std::vector<int64_t> shape, DType d = DType::Float32, std::string device = "cpu") {
  return Arg::of_tensor(TensorMeta{std::move(shape), d, *parse_device(device), false});
}
Arg i(int64_t v) {
  return Arg::of_int(v);
}
Arg f(double v) {
  return Arg::of_float(v);
}
Arg ints(std::vector<int64_t> v) {
  std::vector<Arg> items;
  for (int64_t x : v)
    items.push_back(i(x));
  return Arg::of_seq(items);
}

// bind + infer, the result's type comment (or the error message).
std::string run(Op op, std::vector<Arg> args, ops::Kwargs kwargs = {}) {
  try {
    Arg r = ops::infer(op, ops::bind(op, args, kwargs));
    return ops::describe(r);
  } catch (const ops::OpError &e) {
    return std::string("error: ") + e.what();
  }
}

bool contains(const std::string &s, std::string_view part) {
  return s.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("ops: the table is consistent") {
  std::set<std::string_view> ids;
  for (const ops::OpInfo &o : ops::all_ops()) {
    CHECK(&ops::info(o.op) == &o);
    CHECK(ids.insert(o.id).second);
    CHECK((o.torch_name.starts_with("torch.") || o.torch_name.starts_with("operator.")));
    CHECK(o.aten_name.starts_with("at::"));
    CHECK(bool(o.flags & ops::InPlace) == o.id.ends_with("_"));
    if (o.flags & ops::InPlace) CHECK(!(o.flags & ops::Pure));
    // Every printed spelling resolves back to its op.
    CHECK(ops::lookup_function(o.torch_name) == o.op);
    for (const ops::Param &p : ops::params(o.op))
      CHECK(!p.name.empty());
  }
}

TEST_CASE("ops: lookup of functions, methods and operators") {
  CHECK(ops::lookup_function("torch.add") == Op::add);
  CHECK(ops::lookup_function("torch.nn.functional.silu") == Op::silu);
  CHECK(ops::lookup_function("torch.nn.functional.softmax") == Op::softmax);
  CHECK(ops::lookup_function("torch.nn.functional.scaled_dot_product_attention") ==
        Op::scaled_dot_product_attention);
  CHECK(ops::lookup_function("torch.Tensor.view") == Op::view);
  CHECK(ops::lookup_function("torch.Tensor.add") == Op::add);
  CHECK(ops::lookup_function("torch.Tensor.index_copy_") == Op::index_copy_);
  CHECK(ops::lookup_function("torch.Tensor.float") == Op::to_float);
  CHECK(ops::lookup_function("operator.truediv") == Op::div);
  CHECK(ops::lookup_function("operator.floordiv") == Op::floor_divide);
  CHECK(ops::lookup_function("operator.mod") == Op::remainder);
  CHECK(ops::lookup_function("operator.getitem") == Op::getitem);
  CHECK(ops::lookup_function("operator.setitem") == Op::setitem_);
  CHECK(ops::lookup_function("operator.matmul") == Op::matmul);
  CHECK(ops::lookup_function("operator.lt") == Op::lt);
  CHECK(ops::lookup_function("operator.neg") == Op::neg);
  CHECK(ops::lookup_function("operator.pow") == Op::pow);
  CHECK(ops::lookup_function("operator.and_") == Op::bitwise_and);
  CHECK(ops::lookup_function("operator.or_") == Op::bitwise_or);
  CHECK(ops::lookup_function("operator.xor") == Op::bitwise_xor);
  CHECK(ops::lookup_function("operator.invert") == Op::bitwise_not);
  CHECK(ops::lookup_method("bitwise_and") == Op::bitwise_and);
  CHECK(ops::lookup_method("reciprocal") == Op::reciprocal);
  CHECK_FALSE(ops::lookup_function("torch.frobnicate"));
  CHECK_FALSE(ops::lookup_function("torch.Tensor.frobnicate"));
  CHECK_FALSE(ops::lookup_function("operator.concat"));

  CHECK(ops::lookup_method("view") == Op::view);
  CHECK(ops::lookup_method("add_") == Op::add_);
  CHECK(ops::lookup_method("size") == Op::size);
  CHECK(ops::lookup_method("numel") == Op::numel);
  CHECK(ops::lookup_method("softmax") == Op::softmax);
  CHECK(ops::lookup_method("half") == Op::to_half);
  CHECK(ops::lookup_method("bool") == Op::to_bool);
  CHECK(ops::lookup_method("relu") == Op::relu);
  CHECK_FALSE(ops::lookup_method("gelu"));  // no Tensor.gelu in PyTorch
  CHECK_FALSE(ops::lookup_method("where")); // Tensor.where takes (condition, other): not this op
  CHECK_FALSE(ops::lookup_method("cat"));

  CHECK(ops::functional(Op::add_) == Op::add);
  CHECK(ops::functional(Op::index_copy_) == Op::index_copy);
  CHECK(ops::functional(Op::masked_fill_) == Op::masked_fill);
  CHECK(ops::functional(Op::zero_) == Op::zeros_like);
  CHECK_FALSE(ops::functional(Op::add));
  CHECK_FALSE(ops::functional(Op::setitem_));
}

TEST_CASE("ops: signatures") {
  auto ps = ops::params(Op::add);
  REQUIRE(ps.size() == 3);
  CHECK(ps[0].name == "input");
  CHECK(!ps[0].default_value);
  CHECK(ps[2].name == "alpha");
  CHECK(ps[2].keyword_only);
  CHECK(ps[2].default_value->kind == Arg::Kind::Int);
  auto z = ops::params(Op::zeros);
  CHECK(z[0].variadic);
  CHECK(z[1].name == "dtype");
  CHECK(z[1].keyword_only);
  auto split = ops::params(Op::split);
  CHECK(split[1].name == "split_size_or_sections");
  CHECK(split[1].aliases == std::vector<std::string_view>{"split_size"});
  auto ln = ops::params(Op::layer_norm);
  CHECK(ln[4].default_value->kind == Arg::Kind::Float);
  CHECK(ln[4].default_value->f == doctest::Approx(1e-5));
  CHECK(ops::params(Op::gelu)[1].default_value->s == "none");
  CHECK(ops::params(Op::gelu)[1].keyword_only);
  CHECK(ops::params(Op::amax)[1].default_value->kind == Arg::Kind::Seq);
}

TEST_CASE("ops: each op's parameters are those of its own signature") {
  // All ops' parameters share one table (ops.cpp): each op's part starts and ends at its own.
  for (const ops::OpInfo &o : ops::all_ops()) {
    INFO(o.id);
    std::vector<std::string_view> names; // the signature's items, less `*` and defaults
    for (std::string_view sig = o.signature; !sig.empty();) {
      std::string_view item = sig.substr(0, sig.find(','));
      sig.remove_prefix(std::min(item.size() + 1, sig.size()));
      const size_t name = item.find_first_not_of(" *");
      if (name == std::string_view::npos) continue; // the bare `*`
      item = item.substr(name, item.find_first_of("=|") - name);
      names.push_back(item.substr(0, item.find_last_not_of(' ') + 1));
    }
    auto ps = ops::params(o.op);
    REQUIRE(ps.size() == names.size());
    for (size_t i = 0; i < ps.size(); ++i)
      CHECK(ps[i].name == names[i]);
  }
}

TEST_CASE("ops: bind fills defaults, keywords, varargs and PyTorch's overloads") {
  auto b = ops::bind(Op::add, {t({2}), i(1)}, {});
  REQUIRE(b.size() == 3);
  CHECK(b[2].kind == Arg::Kind::Int);
  CHECK(b[2].i == 1);
  b = ops::bind(Op::sum, {t({2, 3})}, {{"dtype", Arg::of_dtype(DType::Float64)}, {"dim", i(1)}});
  CHECK(b[1].i == 1);
  CHECK(b[2].b == false);
  CHECK(b[3].dtype == DType::Float64);
  // *size: separate ints or one tuple, or the keyword.
  CHECK(ops::bind(Op::view, {t({6}), i(2), i(3)}, {})[1].items.size() == 2);
  CHECK(ops::bind(Op::view, {t({6}), ints({2, 3})}, {})[1].items.size() == 2);
  CHECK(ops::bind(Op::view, {t({6}), i(-1)}, {})[1].items.size() == 1);
  CHECK(ops::bind(Op::view, {t({6})}, {{"size", ints({6})}})[1].items.size() == 1);
  CHECK(ops::bind(Op::zeros, {i(2), i(3)}, {{"dtype", Arg::of_dtype(DType::Int64)}})[0]
            .items.size() == 2);
  // Keyword aliases; PyTorch's NumPy spellings axis and keepdims (not for split, a Python function).
  CHECK(ops::bind(Op::split, {t({4})}, {{"split_size", i(2)}})[1].i == 2);
  b = ops::bind(Op::sum, {t({2, 3})}, {{"axis", i(1)}, {"keepdims", Arg::of_bool(true)}});
  CHECK(b[1].i == 1);
  CHECK(b[2].b == true);
  CHECK(ops::bind(Op::cat, {Arg::of_seq({t({2}), t({2})})}, {{"axis", i(0)}})[1].i == 0);
  CHECK(ops::bind(Op::softmax, {t({2})}, {{"axis", i(-1)}})[1].i == -1);
  CHECK(run(Op::cat, {t({2}), t({2})}, {{"dim", i(0)}}) ==
        "error: torch.cat(): got multiple values for argument 'dim'; pass the tensors as one "
        "tuple or list: torch.cat((a, b), dim=...)");
  CHECK(run(Op::split, {t({4}), i(2)}, {{"axis", i(0)}}) ==
        "error: torch.split(): got an unexpected keyword argument 'axis'");
  // Overloads: to(dtype), to(other), arange(end), var(unbiased).
  b = ops::bind(Op::to, {t({2}), Arg::of_dtype(DType::Float16)}, {});
  CHECK(b[1].kind == Arg::Kind::None);
  CHECK(b[2].dtype == DType::Float16);
  b = ops::bind(Op::to, {t({2}), t({3}, DType::Int32, "cuda:1")}, {});
  CHECK(b[1].device == Device{Device::Type::CUDA, 1});
  CHECK(b[2].dtype == DType::Int32);
  b = ops::bind(Op::arange, {i(5)}, {});
  CHECK(b[0].i == 0);
  CHECK(b[1].i == 5);
  b = ops::bind(Op::var, {t({3}), Arg::of_bool(false)}, {});
  CHECK(b[1].kind == Arg::Kind::None);
  CHECK(b[2].b == false);
}

TEST_CASE("ops: bind errors name the op") {
  auto error = [](Op op, std::vector<Arg> args, ops::Kwargs kwargs = {}) {
    try {
      ops::bind(op, args, kwargs);
    } catch (const ops::OpError &e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error(Op::add, {t({2})}) == "torch.add(): missing required argument 'other'");
  CHECK(error(Op::add, {t({2}), t({2}), i(3)}) ==
        "torch.add(): takes 2 positional arguments but 3 were given");
  CHECK(error(Op::add, {t({2}), t({2})}, {{"alpah", i(2)}}) ==
        "torch.add(): got an unexpected keyword argument 'alpah' (did you mean 'alpha'?)");
  CHECK(error(Op::sum, {t({2}), i(0)}, {{"dim", i(0)}}) ==
        "torch.sum(): got multiple values for argument 'dim'");
  CHECK(error(Op::view, {t({2})}) == "torch.Tensor.view(): missing required argument 'size'");
  CHECK(error(Op::zeros, {i(2)}, {{"device", Arg::of_str("cpu")}}) == "no error");
  // PyTorch's Python signatures: gelu's approximate is keyword-only; arange's step needs start
  // and end, and end is required; max/min take no dim=None.
  CHECK(error(Op::gelu, {t({2}), Arg::of_str("tanh")}) ==
        "torch.nn.functional.gelu(): takes 1 positional argument but 2 were given");
  CHECK(error(Op::gelu, {t({2})}, {{"approximate", Arg::of_str("tanh")}}) == "no error");
  CHECK(error(Op::arange, {i(5)}, {{"step", i(2)}}) ==
        "torch.arange(): a step needs both start and end: arange(start, end, step)");
  CHECK(error(Op::arange, {}, {{"end", i(5)}, {"step", i(2)}}) ==
        "torch.arange(): a step needs both start and end: arange(start, end, step)");
  CHECK(error(Op::arange, {}, {{"start", i(1)}}) == "torch.arange(): missing required argument 'end'");
  CHECK(error(Op::arange, {i(0), i(5)}, {{"step", i(2)}}) == "no error");
  CHECK(error(Op::arange, {i(1)}, {{"end", i(6)}, {"step", i(2)}}) == "no error");
  CHECK(error(Op::arange, {}, {{"end", i(5)}}) == "no error");
  for (Op op : {Op::max, Op::min}) {
    CHECK(contains(error(op, {t({2})}, {{"dim", Arg::none()}}), "dim=None is not accepted"));
    CHECK(contains(error(op, {t({2}), Arg::none()}), "dim=None is not accepted"));
    CHECK(error(op, {t({2})}) == "no error");
  }
}

TEST_CASE("ops: shapes, dtypes and devices") {
  using D = DType;
  // Broadcasting and promotion with weak Python numbers and 0-dim tensors.
  CHECK(run(Op::add, {t({2, 1}), t({3})}) == "<cpu f32[2, 3]>");
  CHECK(run(Op::add, {t({2}, D::Int32), i(3)}) == "<cpu i32[2]>");
  CHECK(run(Op::add, {t({2}, D::Int32), f(0.5)}) == "<cpu f32[2]>");
  CHECK(run(Op::mul, {t({2}, D::Float16), f(0.5)}) == "<cpu f16[2]>");
  CHECK(run(Op::add, {t({2}, D::Bool), i(1)}) == "<cpu i64[2]>");
  CHECK(run(Op::add, {t({2}, D::Int32), t({}, D::Int64)}) == "<cpu i32[2]>");
  CHECK(run(Op::add, {t({2}, D::Int32), t({}, D::Float64)}) == "<cpu f64[2]>");
  CHECK(run(Op::add, {t({2}, D::UInt8), t({2}, D::Int8)}) == "<cpu i16[2]>");
  CHECK(run(Op::add, {t({2}, D::Float16), t({2}, D::BFloat16)}) == "<cpu f32[2]>");
  CHECK(run(Op::div, {t({2}, D::Int64), i(2)}) == "<cpu f32[2]>");
  CHECK(run(Op::div, {t({2}, D::Int64), i(2)}, {{"rounding_mode", Arg::of_str("floor")}}) ==
        "<cpu i64[2]>");
  CHECK(run(Op::lt, {t({2}, D::Int64), f(2.5)}) == "<cpu b8[2]>");
  CHECK(run(Op::sum, {t({2, 3}, D::Bool)}) == "<cpu i64[]>");
  CHECK(run(Op::sum, {t({2, 3}), i(-1)}, {{"keepdim", Arg::of_bool(true)}}) == "<cpu f32[2, 1]>");
  CHECK(run(Op::argmax, {t({2, 3}), i(1)}) == "<cpu i64[2]>");
  CHECK(run(Op::max, {t({2, 3}), i(1)}) == "(<cpu f32[2]>, <cpu i64[2]>)");
  CHECK(run(Op::max, {t({2, 3})}) == "<cpu f32[]>");
  CHECK(run(Op::full, {ints({2}), Arg::of_bool(true)}) == "<cpu b8[2]>");
  CHECK(run(Op::full, {ints({2}), i(7)}) == "<cpu i64[2]>");
  CHECK(run(Op::arange, {i(5)}) == "<cpu i64[5]>");
  CHECK(run(Op::arange, {i(0), f(1.0), f(0.25)}) == "<cpu f32[4]>");
  // Sizes and integer bounds past 64 bits are errors, never a cast that overflows.
  CHECK(contains(run(Op::arange, {i(0), f(1e300)}), "the range has 1e+300 elements, too many"));
  CHECK(contains(run(Op::arange, {i(-9'000'000'000'000'000'000), i(9'000'000'000'000'000'000)}),
                 "the range has 1.8e+19 elements, too many"));
  CHECK(contains(run(Op::arange, {i(0), f(1e300)}, {{"dtype", Arg::of_dtype(D::Int64)}}),
                 "bounds beyond 64-bit integers"));
  CHECK(contains(run(Op::arange, {i(0), f(std::nan(""))}, {{"dtype", Arg::of_dtype(D::Int64)}}),
                 "bounds beyond 64-bit integers"));
  CHECK(run(Op::arange, {i(-4), i(4), i(3)}) == "<cpu i64[3]>");
  CHECK(run(Op::zeros, {i(2)}, {{"device", Arg::of_str("cuda")}}) == "<cuda:0 f32[2]>");
  CHECK(run(Op::reshape, {t({2, 3}), i(-1), i(2)}) == "<cpu f32[3, 2]>");
  CHECK(run(Op::matmul, {t({5, 1, 2, 3}), t({4, 3, 7})}) == "<cpu f32[5, 4, 2, 7]>");
  CHECK(run(Op::matmul, {t({3}), t({2, 3, 4})}) == "<cpu f32[2, 4]>");
  CHECK(run(Op::linear, {t({2, 5, 3}), t({4, 3}), t({4})}) == "<cpu f32[2, 5, 4]>");
  CHECK(run(Op::embedding, {t({2, 6}, D::Int64), t({10, 8}, D::BFloat16)}) ==
        "<cpu bf16[2, 6, 8]>");
  CHECK(run(Op::scaled_dot_product_attention,
            {t({1, 8, 6, 64}), t({1, 8, 9, 64}), t({1, 8, 9, 32})},
            {{"is_causal", Arg::of_bool(true)}}) == "<cpu f32[1, 8, 6, 32]>");
  CHECK(run(Op::split, {t({5, 2}), i(2)}) == "(<cpu f32[2, 2]>, <cpu f32[2, 2]>, <cpu f32[1, 2]>)");
  CHECK(run(Op::size, {t({5, 2})}) == "(5, 2)");
  CHECK(run(Op::size, {t({5, 2}), i(-1)}) == "2");
  // Indexing: basic, advanced (adjacent and separated), lists, masks.
  Arg all = Arg::of_slice(Arg::none(), Arg::none(), Arg::none());
  CHECK(run(Op::getitem, {t({4, 5, 6}), Arg::of_seq({i(0), Arg::ellipsis(), Arg::none()})}) ==
        "<cpu f32[5, 6, 1]>");
  CHECK(run(Op::getitem, {t({4, 5, 6}), Arg::of_seq({all, t({2, 3}, D::Int64)})}) ==
        "<cpu f32[4, 2, 3, 6]>");
  CHECK(run(Op::getitem, {t({4, 5, 6}), Arg::of_seq({t({3}, D::Int64), all, t({3}, D::Int64)})}) ==
        "<cpu f32[3, 5]>");
  CHECK(run(Op::getitem, {t({4, 5}), Arg::of_list({i(0), i(2), i(3)})}) == "<cpu f32[3, 5]>");
  // A list's ints are bounds-checked like an int index (PyTorch raises IndexError).
  CHECK(run(Op::getitem, {t({2, 3}), Arg::of_list({i(0), i(5)})}) ==
        "error: operator.getitem(): index 5 is out of bounds for dimension 0 with size 2");
  CHECK(run(Op::getitem, {t({2, 3}), Arg::of_list({i(0), i(-3)})}) ==
        "error: operator.getitem(): index -3 is out of bounds for dimension 0 with size 2");
  CHECK(run(Op::getitem, {t({2, 3}), Arg::of_seq({all, Arg::of_list({i(-3), i(2)})})}) ==
        "<cpu f32[2, 2]>");
  CHECK(run(Op::getitem, {t({2, 3}), Arg::of_seq({all, Arg::of_list({i(0), i(3)})})}) ==
        "error: operator.getitem(): index 3 is out of bounds for dimension 1 with size 3");
  CHECK(contains(run(Op::setitem_, {t({2, 3}), Arg::of_list({i(2)}), f(0.0)}), "out of bounds"));
  CHECK(run(Op::getitem, {t({4, 5}), Arg::of_list({Arg::of_bool(true), Arg::of_bool(false),
                                                   Arg::of_bool(true), Arg::of_bool(true)})}) ==
        "<cpu f32[3, 5]>");
  CHECK(contains(run(Op::getitem, {t({4, 5}), t({4}, D::Bool)}), "depends on the mask's values"));
  CHECK(run(Op::setitem_, {t({4, 5}), t({4}, D::Bool), f(0.0)}) == "<cpu f32[4, 5]>");
  // Devices: 0-dim CPU tensors mix with others; different devices otherwise do not.
  CHECK(run(Op::add, {t({2}, D::Float32, "cuda:0"), t({}, D::Float32, "cpu")}) ==
        "<cuda:0 f32[2]>");
  CHECK(contains(run(Op::add, {t({2}, D::Float32, "cuda:0"), t({2}, D::Float32, "cpu")}),
                 "expected all tensors to be on the same device, but found at least two devices, "
                 "cuda:0 and cpu"));
  CHECK(run(Op::to, {t({2}), Arg::of_str("cuda")}, {{"dtype", Arg::of_dtype(D::BFloat16)}}) ==
        "<cuda:0 bf16[2]>");
  // In-place ops keep their first argument's metadata.
  CHECK(run(Op::add_, {t({2, 3}, D::Float16), t({3})}) == "<cpu f16[2, 3]>");
  CHECK(run(Op::index_copy_, {t({1, 8, 16, 4}), i(2), t({3}, D::Int64), t({1, 8, 3, 4})}) ==
        "<cpu f32[1, 8, 16, 4]>");
}

TEST_CASE("ops: requires_grad follows grad mode") {
  TensorMeta w{{4, 3}, DType::Float32, Device{}, true};
  Arg r = ops::infer(Op::linear, ops::bind(Op::linear, {t({2, 3}), Arg::of_tensor(w)}, {}));
  CHECK(r.tensor.requires_grad);
  r = ops::infer(Op::argmax, ops::bind(Op::argmax, {Arg::of_tensor(w)}, {}));
  CHECK_FALSE(r.tensor.requires_grad);
  r = ops::infer(Op::zeros, ops::bind(Op::zeros, {i(2)}, {{"requires_grad", Arg::of_bool(true)}}));
  CHECK(r.tensor.requires_grad);
}

TEST_CASE("ops: errors name the op and the shapes or dtypes") {
  using D = DType;
  CHECK(run(Op::add, {t({2, 3}), t({4})}) ==
        "error: torch.add(): the size of tensor a (3) must match the size of tensor b (4) at "
        "non-singleton dimension 1 (shapes [2, 3] and [4])");
  CHECK(run(Op::sub, {t({2}, D::Bool), t({2}, D::Bool)})
            .starts_with("error: torch.sub(): subtraction"));
  CHECK(run(Op::neg, {t({2}, D::Bool)})
            .starts_with("error: torch.neg(): not supported for bool tensors"));
  CHECK(run(Op::mean, {t({2}, D::Int64)}) ==
        "error: torch.mean(): could not infer output dtype: input dtype must be either a floating "
        "point or complex dtype, got int64");
  CHECK(run(Op::maximum, {t({2}), i(1)}) ==
        "error: torch.maximum(): argument 'other' must be a tensor, not 1");
  CHECK(
      run(Op::sum, {t({2, 3}), i(2)}) ==
      "error: torch.sum(): dimension out of range (expected to be in range of [-2, 1], but got 2)");
  CHECK(run(Op::view, {t({2, 3}), i(4), i(-1)}) ==
        "error: torch.Tensor.view(): shape '[4, -1]' is invalid for input of size 6");
  CHECK(run(Op::matmul, {t({2, 3}), t({4, 5})}) ==
        "error: torch.matmul(): shapes [2, 3] and [4, 5] cannot be multiplied (3 vs 4)");
  CHECK(run(Op::matmul, {t({2, 3}), t({3}, D::Float64)}) ==
        "error: torch.matmul(): expected both operands to have the same dtype, but got float32 and "
        "float64");
  CHECK(
      run(Op::cat, {Arg::of_seq({t({2, 3}), t({2, 4})})}) ==
      "error: torch.cat(): sizes of tensors must match except in dimension 0. Expected size 3 but "
      "got size 4 for tensor number 1 in the list");
  CHECK(run(Op::getitem, {t({2, 3}), i(5)}) ==
        "error: operator.getitem(): index 5 is out of bounds for dimension 0 with size 2");
  CHECK(run(Op::add_, {t({3}), t({2, 3})}) ==
        "error: torch.Tensor.add_(): other of shape [2, 3] cannot be broadcast to shape [3]");
  CHECK(run(Op::add_, {t({3}, D::Int64), t({3})}) ==
        "error: torch.Tensor.add_(): result type float32 can't be cast to the desired output type "
        "int64");
  CHECK(run(Op::gelu, {t({3})}, {{"approximate", Arg::of_str("fast")}}) ==
        "error: torch.nn.functional.gelu(): approximate argument must be either 'none' or 'tanh', "
        "got 'fast'");
  CHECK(run(Op::div, {t({3}), t({3})}, {{"rounding_mode", Arg::of_str("round")}}) ==
        "error: torch.div(): expected rounding_mode to be one of None, 'trunc', or 'floor' but "
        "found 'round'");
  CHECK(contains(run(Op::repeat_interleave, {t({3}), t({3}, D::Int64)}), "pass output_size"));
  CHECK(run(Op::add, {t({2}, D::Float64), t({2}, D::Complex64)}) ==
        "error: torch.add(): the result would be complex128, which thunderc does not support");
}

// PyTorch refuses a tensor of more than 2^63 - 1 elements, or (but for expand's views) bytes;
// thunderc's int64 sizes must not wrap around into a shape that looks valid.
TEST_CASE("ops: results past 2^63 - 1 elements or bytes are errors, not wrapped sizes") {
  using D = DType;
  constexpr int64_t k62 = int64_t{1} << 62, k61 = int64_t{1} << 61, kMax = INT64_MAX;
  CHECK(run(Op::expand, {t({1}), ints({k61})}) == "<cpu f32[2305843009213693952]>"); // a view
  CHECK(run(Op::expand, {t({1}), ints({k62, 4})}) ==
        "error: torch.Tensor.expand(): the result's shape [4611686018427387904, 4] has more than "
        "2^63 - 1 "
        "elements");
  CHECK(run(Op::zeros, {ints({k61})}) ==
        "error: torch.zeros(): the result, cpu f32[2305843009213693952], "
        "would take more than 2^63 - 1 bytes");
  CHECK(run(Op::zeros, {ints({k61})}, {{"dtype", Arg::of_dtype(D::UInt8)}}) ==
        "<cpu u8[2305843009213693952]>");
  CHECK(run(Op::to, {t({k62}, D::UInt8, "meta"), Arg::of_dtype(D::Float32)}) ==
        "error: torch.Tensor.to(): the result, meta f32[4611686018427387904], would take more than "
        "2^63 - 1 "
        "bytes");
  CHECK(run(Op::repeat, {t({k62}, D::UInt8, "meta"), ints({4})}) ==
        "error: torch.Tensor.repeat(): the result's sizes overflow: [4611686018427387904] repeated "
        "[4] times "
        "has a size past 2^63 - 1");
  CHECK(
      contains(run(Op::repeat_interleave, {t({k62}, D::UInt8, "meta"), i(4)}), "is past 2^63 - 1"));
  CHECK(run(Op::cat,
            {Arg::of_seq({t({k62 + k61}, D::UInt8, "meta"), t({k62 + k61}, D::UInt8, "meta")})}) ==
        "error: torch.cat(): the result's size along dimension 0 is past 2^63 - 1");
  CHECK(
      run(Op::narrow, {t({4}), i(0), i(1), i(kMax)}) ==
      "error: torch.narrow(): start (1) + length (9223372036854775807) exceeds dimension size (4)");
  CHECK(run(Op::reshape, {t({0}), ints({int64_t{1} << 32, int64_t{1} << 32})}) ==
        "error: torch.reshape(): shape '[4294967296, 4294967296]' is invalid for input of size 0");
}

TEST_CASE("ops: describe is Python's repr") {
  CHECK(ops::describe(Arg::none()) == "None");
  CHECK(ops::describe(Arg::of_bool(true)) == "True");
  CHECK(ops::describe(f(1.0)) == "1.0");
  CHECK(ops::describe(f(1e-5)) == "1e-05");
  CHECK(ops::describe(f(0.0001)) == "0.0001");
  CHECK(ops::describe(f(2.5)) == "2.5");
  CHECK(ops::describe(f(-100000.0)) == "-100000.0");
  CHECK(ops::describe(f(1e16)) == "1e+16");
  CHECK(ops::describe(f(123456789.125)) == "123456789.125");
  CHECK(ops::describe(Arg::of_str("it's")) == "\"it's\"");
  CHECK(ops::describe(Arg::of_str("a'b\"\n")) == "'a\\'b\"\\n'");
  CHECK(ops::describe(Arg::of_dtype(DType::BFloat16)) == "torch.bfloat16");
  CHECK(ops::describe(Arg::of_device(Device{Device::Type::CUDA, 0})) ==
        "device(type='cuda', index=0)");
  CHECK(ops::describe(Arg::of_seq({i(1)})) == "(1,)");
  CHECK(ops::describe(Arg::of_list({i(1), i(2)})) == "[1, 2]");
  CHECK(ops::describe(Arg::of_slice(i(1), Arg::none(), i(2))) == "slice(1, None, 2)");
  CHECK(ops::describe(t({2, 3}, DType::Float16)) == "<cpu f16[2, 3]>");
}
