// Checks ops::infer against real ATen: every op is run on systematically generated combinations of
// shapes, dtypes, Python numbers and arguments (tiny CPU tensors), and the catalogue must agree
// with ATen on accept/reject and, when accepted, on the result's shape, dtype and device.
// Python-binding rules that ATen's C++ API does not make (a number where PyTorch wants a tensor, a
// tuple where it wants an int) are emulated by the argument converters, which throw as the binding
// would. Allowed differences, counted apart: CPU kernels missing for a dtype (Half, and BFloat16
// mish, on CPU; accepted by infer, as other backends have them) and shapes that depend on tensor
// data (rejected by infer).
#include "ops/ops.h"
#include "runtime/aten_ops.h"

#include <ATen/ATen.h>
#include <ATen/ScalarOps.h>
#include <c10/util/Logging.h>
#include <c10/util/TypeCast.h>
#include <doctest/doctest.h>

#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <set>

using namespace thunderc;
using ops::Arg;
using ops::Op;
using Shape = std::vector<int64_t>;
using Bound = std::vector<Arg>;

namespace {

// ---------------------------------------------------------------------------------------------
// Arg <-> ATen

at::ScalarType aten(DType d) {
  static const at::ScalarType map[] = {at::kBool,  at::kByte,   at::kChar,        at::kShort,
                                       at::kInt,   at::kLong,   at::kHalf,        at::kBFloat16,
                                       at::kFloat, at::kDouble, at::kComplexFloat};
  return map[static_cast<int>(d)];
}
struct Unrepresentable
    : std::runtime_error { // an ATen result dtype DType lacks (complex128, complex32)
  using std::runtime_error::runtime_error;
};
DType ours(at::ScalarType s) {
  for (int i = 0; i <= static_cast<int>(DType::Complex64); ++i)
    if (aten(static_cast<DType>(i)) == s) return static_cast<DType>(i);
  throw Unrepresentable("result dtype " + std::string(c10::toString(s)));
}

struct BindingError : std::invalid_argument { // what PyTorch's Python binding would reject
  using std::invalid_argument::invalid_argument;
};

at::Tensor tensor_of(const Arg &a, double fill) {
  if (a.kind != Arg::Kind::Tensor) throw BindingError("expected a tensor, got " + ops::describe(a));
  return at::full(a.tensor.shape, fill, at::TensorOptions().dtype(aten(a.tensor.dtype)));
}
at::Tensor T(const Arg &a) {
  return tensor_of(a, 1);
} // ones (true)
at::Tensor T0(const Arg &a) {
  return tensor_of(a, 0);
} // zeros: valid indices
bool is_number(const Arg &a) {
  return a.kind == Arg::Kind::Bool || a.kind == Arg::Kind::Int || a.kind == Arg::Kind::Float;
}
at::Scalar S(const Arg &a) {
  if (a.kind == Arg::Kind::Bool) return at::Scalar(a.b);
  if (a.kind == Arg::Kind::Int) return at::Scalar(a.i);
  if (a.kind == Arg::Kind::Float) return at::Scalar(a.f);
  throw BindingError("expected a number, got " + ops::describe(a));
}
// A tensor, or a Python number as the binding wraps it (a "wrapped number" 0-dim tensor).
at::Tensor TS(const Arg &a) {
  return is_number(a) ? at::native::wrapped_scalar_tensor(S(a)) : T(a);
}
int64_t I(const Arg &a) {
  if (a.kind != Arg::Kind::Int) throw BindingError("expected an int, got " + ops::describe(a));
  return a.i;
}
c10::optional<int64_t> OI(const Arg &a) {
  return a.kind == Arg::Kind::None ? c10::nullopt : c10::optional<int64_t>(I(a));
}
bool B(const Arg &a) {
  if (a.kind != Arg::Kind::Bool) throw BindingError("expected a bool, got " + ops::describe(a));
  return a.b;
}
double F(const Arg &a) {
  if (!is_number(a)) throw BindingError("expected a float, got " + ops::describe(a));
  return S(a).toDouble();
}
std::vector<int64_t> IL(const Arg &a) { // int[1]: an int or a sequence of ints
  if (a.kind == Arg::Kind::Int) return {a.i};
  if (a.kind != Arg::Kind::Seq) throw BindingError("expected ints, got " + ops::describe(a));
  std::vector<int64_t> out;
  for (const Arg &x : a.items)
    out.push_back(I(x));
  return out;
}
std::vector<int64_t> SEQ(const Arg &a) { // int[]: a sequence only
  if (a.kind != Arg::Kind::Seq)
    throw BindingError("expected a tuple of ints, got " + ops::describe(a));
  return IL(a);
}
c10::optional<at::ScalarType> OD(const Arg &a) {
  if (a.kind == Arg::Kind::None) return c10::nullopt;
  if (a.kind != Arg::Kind::DType) throw BindingError("expected a dtype, got " + ops::describe(a));
  return aten(a.dtype);
}
c10::optional<at::Tensor> OT(const Arg &a) {
  return a.kind == Arg::Kind::None ? c10::nullopt : c10::optional<at::Tensor>(T(a));
}
std::vector<at::Tensor> TL(const Arg &a) {
  if (a.kind != Arg::Kind::Seq) throw BindingError("expected tensors, got " + ops::describe(a));
  std::vector<at::Tensor> out;
  for (const Arg &x : a.items)
    out.push_back(T(x));
  return out;
}
at::TensorOptions options(const Arg &dtype) {
  at::TensorOptions o;
  if (auto d = OD(dtype)) o = o.dtype(*d);
  return o;
}
// The Python binding of factories sets requires_grad after creating the tensor.
at::Tensor grad(at::Tensor t, const Arg &requires_grad) {
  t.set_requires_grad(B(requires_grad));
  return t;
}

Arg meta_of(const at::Tensor &t) {
  TensorMeta m;
  m.shape = t.sizes().vec();
  m.dtype = ours(t.scalar_type());
  m.device = *parse_device(t.device().str());
  return Arg::of_tensor(m);
}
Arg metas_of(const std::vector<at::Tensor> &ts) {
  std::vector<Arg> items;
  for (const at::Tensor &t : ts)
    items.push_back(meta_of(t));
  return Arg::of_seq(items);
}
Arg ints_of(at::IntArrayRef v) {
  std::vector<Arg> items;
  for (int64_t x : v)
    items.push_back(Arg::of_int(x));
  return Arg::of_seq(items);
}

// An index as at::indexing sees it (Python lists become tensors, as in PyTorch's binding).
at::indexing::TensorIndex index_of(const Arg &a) {
  using namespace at::indexing;
  auto opt = [](const Arg &x) {
    return x.kind == Arg::Kind::None ? c10::optional<int64_t>() : I(x);
  };
  switch (a.kind) {
  case Arg::Kind::Int:
    return a.i;
  case Arg::Kind::Bool:
    return a.b;
  case Arg::Kind::None:
    return None;
  case Arg::Kind::Ellipsis:
    return Ellipsis;
  case Arg::Kind::Slice:
    return Slice(opt(a.items[0]), opt(a.items[1]), opt(a.items[2]));
  case Arg::Kind::Tensor:
    return a.tensor.dtype == DType::Bool || a.tensor.dtype == DType::UInt8 ? T(a) : T0(a);
  case Arg::Kind::Seq: { // a flat list of ints or bools
    bool bools = !a.items.empty() && a.items[0].kind == Arg::Kind::Bool;
    std::vector<int64_t> v;
    for (const Arg &x : a.items)
      v.push_back(bools ? B(x) : I(x));
    at::Tensor t = at::tensor(v, at::kLong);
    return bools ? t.to(at::kBool) : t;
  }
  default:
    throw BindingError("bad index " + ops::describe(a));
  }
}
std::vector<at::indexing::TensorIndex> indices_of(const Arg &index) {
  std::vector<at::indexing::TensorIndex> out;
  // PyTorch treats a list holding slices, None, Ellipsis, tensors or sequences as a tuple.
  auto tuple_like = [](const Arg &a) {
    return a.kind == Arg::Kind::Slice || a.kind == Arg::Kind::None ||
           a.kind == Arg::Kind::Ellipsis || a.kind == Arg::Kind::Tensor || a.kind == Arg::Kind::Seq;
  };
  if (index.kind == Arg::Kind::Seq &&
      (!index.is_list || std::any_of(index.items.begin(), index.items.end(), tuple_like)))
    for (const Arg &a : index.items)
      out.push_back(index_of(a));
  else
    out.push_back(index_of(index));
  return out;
}

at::Tensor sdpa_composite(const Bound &b) {
  at::Tensor q = T(b[0]), k = T(b[1]), v = T(b[2]);
  c10::optional<at::Tensor> mask = OT(b[3]);
  double p = F(b[4]);
  bool causal = B(b[5]);
  if (b[6].kind != Arg::Kind::None) F(b[6]);
  // The checks of PyTorch 2's SDPA front end, which 1.13 lacks.
  if (q.scalar_type() != k.scalar_type() || q.scalar_type() != v.scalar_type())
    throw std::runtime_error("dtypes");
  if (q.dim() < 2 || k.dim() < 2 || v.dim() < 2) throw std::runtime_error("dims");
  if (!at::isFloatingType(q.scalar_type())) throw std::runtime_error("float");
  if (mask && causal) throw std::runtime_error("causal with mask");
  if (mask && mask->scalar_type() != at::kBool && mask->scalar_type() != q.scalar_type())
    throw std::runtime_error("mask dtype");
  if (p < 0 || p > 1) throw std::runtime_error("p");
  if (B(b[7])) { // PyTorch 2.5's pre_process_group_query_attention_input
    int64_t qh = q.size(-3), kh = k.size(-3), vh = v.size(-3);
    if (qh != kh || kh != vh) {
      if (kh == 0 || vh == 0 || qh % kh || qh % vh) throw std::runtime_error("gqa heads");
      k = k.repeat_interleave(qh / kh, -3);
      v = v.repeat_interleave(qh / vh, -3);
    }
  }
  at::Tensor scores = at::matmul(q, k.transpose(-2, -1));
  if (mask) {
    at::Tensor m = *mask;
    if (m.scalar_type() == at::kBool)
      m = at::zeros(m.sizes(), q.options())
              .masked_fill(m.logical_not(), -std::numeric_limits<double>::infinity());
    scores.add_(m);
  }
  return at::matmul(at::softmax(scores, -1), v);
}

// ---------------------------------------------------------------------------------------------
// ATen runners, one per op, taking the arguments as bind() returns them.

// c10::Error collects a backtrace per exception, which dominates the run time here.
const bool no_backtraces = (c10::SetStackTraceFetcher([] { return std::string(); }), true);

using Runner = std::function<Arg(const Bound &)>;
#define R(expr) [](const Bound &b) -> Arg { return meta_of(expr); }
#define RI(expr)                                                                                   \
  [](const Bound &b) -> Arg {                                                                      \
    at::Tensor self = T(b[0]);                                                                     \
    expr;                                                                                          \
    return meta_of(self);                                                                          \
  }

at::Tensor pow_of(const Bound &b) {
  if (is_number(b[0]) && is_number(b[1])) throw BindingError("pow of two numbers");
  if (is_number(b[0])) return at::pow(S(b[0]), T(b[1]));
  if (is_number(b[1])) return at::pow(T(b[0]), S(b[1]));
  return at::pow(T(b[0]), T(b[1]));
}
at::Tensor remainder_of(const Bound &b) { // Python's torch.remainder takes at most one number
  if (is_number(b[0]) && is_number(b[1])) throw BindingError("remainder of two numbers");
  return at::remainder(TS(b[0]), TS(b[1]));
}
template <class F> Runner compare(F f) {
  return [f](const Bound &b) -> Arg {
    if (is_number(b[0]) && is_number(b[1])) throw BindingError("comparison of two numbers");
    return meta_of(is_number(b[1]) ? f(T(b[0]), S(b[1])) : f(TS(b[0]), T(b[1])));
  };
}
#define CMP(fn) compare([](const at::Tensor &a, const auto &b) { return fn(a, b); })
at::Tensor where_of(const Bound &b) {
  at::Tensor c = T(b[0]);
  if (is_number(b[1]) && is_number(b[2])) return at::where(c, S(b[1]), S(b[2]));
  if (is_number(b[1])) return at::where(c, S(b[1]), T(b[2]));
  if (is_number(b[2])) return at::where(c, T(b[1]), S(b[2]));
  return at::where(c, T(b[1]), T(b[2]));
}
c10::optional<c10::string_view> rounding(const Arg &a) {
  if (a.kind == Arg::Kind::None) return c10::nullopt;
  if (a.kind != Arg::Kind::Str) throw BindingError("rounding_mode");
  return c10::string_view(a.s);
}
at::OptionalIntArrayRef optional_dims(const Arg &a, std::vector<int64_t> &storage) {
  if (a.kind == Arg::Kind::None) return c10::nullopt;
  storage = IL(a);
  return at::IntArrayRef(storage);
}
std::vector<int64_t> all_dims(const Arg &a) {
  return a.kind == Arg::Kind::None ? std::vector<int64_t>{} : IL(a);
}
Arg max_min(const Bound &b, bool is_max) {
  if (b[1].kind == Arg::Kind::Tensor) {
    if (B(b[2])) throw BindingError("keepdim with other");
    return meta_of(is_max ? at::maximum(T(b[0]), T(b[1])) : at::minimum(T(b[0]), T(b[1])));
  }
  if (b[1].kind == Arg::Kind::None) {
    if (B(b[2])) throw BindingError("keepdim without dim");
    return meta_of(is_max ? at::max(T(b[0])) : at::min(T(b[0])));
  }
  auto [v, i] = is_max ? at::max(T(b[0]), I(b[1]), B(b[2])) : at::min(T(b[0]), I(b[1]), B(b[2]));
  return metas_of({v, i});
}
// torch.norm as PyTorch 1.13's Python function calls ATen: 'fro' is frobenius_norm, a number p
// the p-norm over the dims (all when None).
Arg norm_of(const Bound &b) {
  at::Tensor x = T(b[0]);
  std::vector<int64_t> dims;
  if (b[2].kind != Arg::Kind::None) dims = IL(b[2]);
  if (b[1].kind == Arg::Kind::Str) {
    if (b[1].s != "fro") throw BindingError("p='" + b[1].s + "'");
    if (b[4].kind != Arg::Kind::None) throw BindingError("dtype with 'fro'");
    return meta_of(at::frobenius_norm(x, dims, B(b[3]))); // dim None: () as in the Python
  }
  if (b[2].kind == Arg::Kind::None)
    for (int64_t d = 0; d < x.dim(); ++d)
      dims.push_back(d);
  c10::optional<at::Scalar> p;
  if (b[1].kind != Arg::Kind::None) p = S(b[1]);
  if (auto dtype = OD(b[4])) return meta_of(at::norm(x, p, dims, B(b[3]), *dtype));
  return meta_of(at::norm(x, p, dims, B(b[3])));
}

// conv1d/2d/3d with int padding or a padding string, as the Python binding picks the overload.
Arg conv_of(const Bound &b, Op op) {
  at::Tensor x = T(b[0]), w = T(b[1]);
  c10::optional<at::Tensor> bias = OT(b[2]);
  std::vector<int64_t> stride = IL(b[3]), dilation = IL(b[5]);
  int64_t groups = I(b[6]);
  auto run = [&](const auto &padding) {
    if (op == Op::conv1d) return at::conv1d(x, w, bias, stride, padding, dilation, groups);
    if (op == Op::conv2d) return at::conv2d(x, w, bias, stride, padding, dilation, groups);
    return at::conv3d(x, w, bias, stride, padding, dilation, groups);
  };
  if (b[4].kind == Arg::Kind::Str) return meta_of(run(c10::string_view(b[4].s)));
  return meta_of(run(IL(b[4])));
}
// Every dim but dim 1 is 1: torch.nn.functional's _verify_batch_size raises ValueError.
void verify_batch_size(const std::vector<int64_t> &size) {
  int64_t prods = size.empty() ? 1 : size[0];
  for (size_t i = 2; i < size.size(); ++i)
    prods *= size[i];
  if (prods == 1) throw std::invalid_argument("Expected more than 1 value per channel");
}
// torch.nn.functional.group_norm: its Python checks, then ATen's.
Arg group_norm_of(const Bound &b) {
  at::Tensor x = T(b[0]);
  int64_t groups = I(b[1]);
  if (x.dim() < 2) throw std::invalid_argument("input.size(1): dimension out of range");
  if (groups == 0) throw std::invalid_argument("ZeroDivisionError");
  // [N * C // G, G, *spatial] in Python's floor division
  int64_t n = x.size(0) * x.size(1),
          q = n / groups - ((n % groups != 0 && (n < 0) != (groups < 0)));
  std::vector<int64_t> size = {q, groups};
  for (int64_t d = 2; d < x.dim(); ++d)
    size.push_back(x.size(d));
  verify_batch_size(size);
  return meta_of(at::group_norm(x, groups, OT(b[2]), OT(b[3]), F(b[4])));
}
// torch.nn.functional.batch_norm; training with running statistics updates them in place.
Arg batch_norm_of(const Bound &b) {
  at::Tensor x = T(b[0]);
  bool training = B(b[5]);
  if (training && (b[1].kind != Arg::Kind::None || b[2].kind != Arg::Kind::None))
    throw Unrepresentable("running statistics updated in place");
  if (training) verify_batch_size(x.sizes().vec());
  return meta_of(
      at::batch_norm(x, OT(b[3]), OT(b[4]), OT(b[1]), OT(b[2]), training, F(b[6]), F(b[7]), true));
}
std::vector<int64_t> stride_of(const Arg &a) { // pooling: None is the kernel's, as []
  return a.kind == Arg::Kind::None ? std::vector<int64_t>{} : IL(a);
}
// torch.nn.functional.interpolate: the Python function's choice (ops::interpolation), then the
// ATen call the native run makes of it (runtime::interpolate).
Arg interpolate_of(const Bound &b) {
  at::Tensor x = T(b[0]);
  ops::Interpolation r = ops::interpolation(b, x.sizes().vec());
  return meta_of(runtime::interpolate(x, r)); // the ATen function it names
}
Arg max_pool2d_of(const Bound &b) {
  if (B(b[6])) throw Unrepresentable("return_indices=True");
  return meta_of(at::max_pool2d(T(b[0]), IL(b[1]), stride_of(b[2]), IL(b[3]), IL(b[4]), B(b[5])));
}
// torch.nn.functional.adaptive_avg_pool2d: _list_with_default, then ATen.
Arg adaptive_avg_pool2d_of(const Bound &b) {
  at::Tensor x = T(b[0]);
  std::vector<int64_t> size;
  if (b[1].kind == Arg::Kind::Seq) {
    if (x.dim() <= int64_t(b[1].items.size())) throw std::invalid_argument("Input dimension");
    for (size_t i = 0; i < b[1].items.size(); ++i) {
      const Arg &item = b[1].items[i];
      size.push_back(item.kind == Arg::Kind::None ? x.size(x.dim() - b[1].items.size() + i)
                                                  : I(item));
    }
  } else {
    size = {I(b[1]), I(b[1])};
  }
  return meta_of(at::adaptive_avg_pool2d(x, size));
}
Arg topk_of(const Bound &b) {
  auto [v, i] = at::topk(T(b[0]), I(b[1]), I(b[2]), B(b[3]), B(b[4]));
  return metas_of({v, i});
}
Arg pad_of(const Bound &b) {
  if (b[2].kind != Arg::Kind::Str) throw BindingError("mode");
  c10::optional<double> value;
  if (b[3].kind != Arg::Kind::None) value = F(b[3]);
  return meta_of(at::pad(T(b[0]), SEQ(b[1]), b[2].s, value));
}
Arg any_all(const Bound &b, bool any) {
  if (b[1].kind == Arg::Kind::None) {
    if (B(b[2])) throw BindingError("keepdim without dim"); // no such overload in torch 1.13
    return meta_of(any ? at::any(T(b[0])) : at::all(T(b[0])));
  }
  return meta_of(any ? at::any(T(b[0]), I(b[1]), B(b[2])) : at::all(T(b[0]), I(b[1]), B(b[2])));
}
// torch.tensor(data, dtype=...) as torch/csrc/utils/tensor_new.cpp builds it: the shape from the
// first items (ragged data is the binding's ValueError), the dtype promoted over the numbers' own
// types (bool, int64, and the default float32 for a Python float), each number stored with
// c10::checked_convert into an integer dtype and cast into the others.
Arg python_tensor(const Bound &b) {
  std::vector<int64_t> shape;
  for (const Arg *a = &b[0]; a->kind == Arg::Kind::Seq; a = &a->items[0]) {
    shape.push_back(static_cast<int64_t>(a->items.size()));
    if (a->items.empty()) break;
  }
  std::vector<const Arg *> numbers;
  std::function<void(const Arg &, size_t)> walk = [&](const Arg &a, size_t dim) {
    if (dim == shape.size()) {
      if (!is_number(a)) throw BindingError("not a number: " + ops::describe(a));
      return numbers.push_back(&a);
    }
    if (a.kind != Arg::Kind::Seq || static_cast<int64_t>(a.items.size()) != shape[dim])
      throw BindingError("ragged data");
    for (const Arg &x : a.items)
      walk(x, dim + 1);
  };
  walk(b[0], 0);
  c10::optional<at::ScalarType> inferred;
  for (const Arg *a : numbers) {
    at::ScalarType s = a->kind == Arg::Kind::Bool  ? at::kBool
                       : a->kind == Arg::Kind::Int ? at::kLong
                                                   : at::kDouble;
    inferred = inferred ? c10::promoteTypes(*inferred, s) : s;
  }
  at::ScalarType dtype =
      OD(b[1]).value_or(!inferred || *inferred == at::kDouble ? at::kFloat : *inferred);
  at::Tensor t = at::empty(shape, at::TensorOptions().dtype(dtype));
  AT_DISPATCH_ALL_TYPES_AND3(at::kBool, at::kHalf, at::kBFloat16, dtype, "python_tensor", [&] {
    scalar_t *out = t.data_ptr<scalar_t>();
    for (size_t k = 0; k < numbers.size(); ++k) {
      const Arg &a = *numbers[k];
      if constexpr (std::is_integral_v<scalar_t> && !std::is_same_v<scalar_t, bool>)
        out[k] = a.kind == Arg::Kind::Float
                     ? c10::checked_convert<scalar_t, double>(a.f, c10::toString(dtype))
                     : c10::checked_convert<scalar_t, int64_t>(a.kind == Arg::Kind::Int ? a.i : a.b,
                                                               c10::toString(dtype));
      else
        out[k] = static_cast<scalar_t>(a.kind == Arg::Kind::Float ? a.f
                                       : a.kind == Arg::Kind::Int ? static_cast<double>(a.i)
                                                                  : a.b);
    }
  });
  return meta_of(grad(t, b[3]));
}
Arg clamp_of(const Bound &b) { // the Tensor overload when a bound is a tensor
  auto none = [&](size_t i) { return b[i].kind == Arg::Kind::None; };
  if (b[1].kind == Arg::Kind::Tensor || b[2].kind == Arg::Kind::Tensor) {
    auto bound = [&](size_t i) { return none(i) ? c10::optional<at::Tensor>() : TS(b[i]); };
    return meta_of(at::clamp(T(b[0]), bound(1), bound(2)));
  }
  auto bound = [&](size_t i) { return none(i) ? c10::optional<at::Scalar>() : S(b[i]); };
  return meta_of(at::clamp(T(b[0]), bound(1), bound(2)));
}
Arg var_of(const Bound &b, bool std) {
  if (b[2].kind != Arg::Kind::None && b[4].kind != Arg::Kind::None)
    throw BindingError("unbiased and correction");
  c10::optional<int64_t> correction;
  if (b[2].kind != Arg::Kind::None) correction = B(b[2]) ? 1 : 0;
  if (b[4].kind != Arg::Kind::None) correction = I(b[4]);
  std::vector<int64_t> storage;
  auto dims = optional_dims(b[1], storage);
  return meta_of(std ? at::std(T(b[0]), dims, correction, B(b[3]))
                     : at::var(T(b[0]), dims, correction, B(b[3])));
}
Arg to_of(const Bound &b) {
  at::Tensor t = T(b[0]);
  at::TensorOptions o = t.options();
  if (auto d = OD(b[2])) o = o.dtype(*d);
  if (b[1].kind == Arg::Kind::Str)
    o = o.device(at::Device(b[1].s));
  else if (b[1].kind == Arg::Kind::Device)
    o = o.device(at::Device(device_name(b[1].device)));
  else if (b[1].kind != Arg::Kind::None)
    throw BindingError("device");
  return meta_of(t.to(o, B(b[3]), B(b[4])));
}
Arg repeat_interleave_of(const Bound &b) {
  if (b[1].kind == Arg::Kind::Tensor)
    return meta_of(at::repeat_interleave(T(b[0]), T(b[1]), OI(b[2]), OI(b[3])));
  return meta_of(at::repeat_interleave(T(b[0]), I(b[1]), OI(b[2]), OI(b[3])));
}
Arg split_of(const Bound &b) {
  if (b[1].kind == Arg::Kind::Int) return metas_of(at::split(T(b[0]), b[1].i, I(b[2])));
  return metas_of(at::split_with_sizes(T(b[0]), SEQ(b[1]), I(b[2])));
}
Arg view_of(const Bound &b) {
  if (b[1].kind == Arg::Kind::Seq && b[1].items.size() == 1 &&
      b[1].items[0].kind == Arg::Kind::DType)
    return meta_of(T(b[0]).view(aten(b[1].items[0].dtype)));
  return meta_of(T(b[0]).view(IL(b[1])));
}
Arg embedding_of(const Bound &b) {
  at::Tensor weight = T(b[1]);
  int64_t padding = -1;
  if (auto p = OI(b[2])) { // F.embedding's Python-level check and normalisation
    if (weight.dim() < 1 || *p >= weight.size(0) || *p < -weight.size(0))
      throw std::runtime_error("padding_idx");
    padding = *p < 0 ? *p + weight.size(0) : *p;
  }
  if (b[3].kind != Arg::Kind::None) F(b[3]);
  F(b[4]);
  return meta_of(at::embedding(weight, T0(b[0]), padding, B(b[5]), B(b[6])));
}
Arg dropout_of(const Bound &b) {
  double p = F(b[1]);
  if (p < 0 || p > 1) throw std::runtime_error("dropout probability"); // F.dropout's ValueError
  B(b[3]);
  return meta_of(at::dropout(T(b[0]), p, B(b[2])));
}
Arg fill_value(const Bound &b, size_t i, at::Tensor &self, bool masked,
               const at::Tensor &mask = {}) {
  if (b[i].kind == Arg::Kind::Tensor)
    masked ? self.masked_fill_(mask, T(b[i])) : self.fill_(T(b[i]));
  else
    masked ? self.masked_fill_(mask, S(b[i])) : self.fill_(S(b[i]));
  return meta_of(self);
}

const std::map<Op, Runner> &runners() {
  static const std::map<Op, Runner> r = {
      {Op::add, R(at::add(TS(b[0]), TS(b[1]), S(b[2])))},
      {Op::sub, R(at::sub(TS(b[0]), TS(b[1]), S(b[2])))},
      {Op::mul, R(at::mul(TS(b[0]), TS(b[1])))},
      {Op::div, R(at::div(TS(b[0]), TS(b[1]), rounding(b[2])))},
      {Op::floor_divide, R(at::floor_divide(TS(b[0]), TS(b[1])))},
      {Op::remainder, R(remainder_of(b))},
      {Op::pow, R(pow_of(b))},
      {Op::maximum, R(at::maximum(T(b[0]), T(b[1])))},
      {Op::minimum, R(at::minimum(T(b[0]), T(b[1])))},
      {Op::eq, CMP(at::eq)}, {Op::ne, CMP(at::ne)}, {Op::lt, CMP(at::lt)},
      {Op::le, CMP(at::le)}, {Op::gt, CMP(at::gt)}, {Op::ge, CMP(at::ge)},
      {Op::logical_and, R(at::logical_and(T(b[0]), T(b[1])))},
      {Op::logical_or, R(at::logical_or(T(b[0]), T(b[1])))},
      {Op::bitwise_and, CMP(at::bitwise_and)}, {Op::bitwise_or, CMP(at::bitwise_or)},
      {Op::bitwise_xor, CMP(at::bitwise_xor)},
      {Op::where, R(where_of(b))},
      {Op::neg, R(at::neg(T(b[0])))}, {Op::abs, R(at::abs(T(b[0])))},
      {Op::exp, R(at::exp(T(b[0])))}, {Op::log, R(at::log(T(b[0])))},
      {Op::sqrt, R(at::sqrt(T(b[0])))}, {Op::rsqrt, R(at::rsqrt(T(b[0])))},
      {Op::sin, R(at::sin(T(b[0])))}, {Op::cos, R(at::cos(T(b[0])))},
      {Op::tanh, R(at::tanh(T(b[0])))}, {Op::sigmoid, R(at::sigmoid(T(b[0])))},
      {Op::logical_not, R(at::logical_not(T(b[0])))},
      {Op::bitwise_not, R(at::bitwise_not(T(b[0])))}, {Op::reciprocal, R(at::reciprocal(T(b[0])))},
      {Op::round, R(b[1].kind == Arg::Kind::None ? at::round(T(b[0])) : at::round(T(b[0]), I(b[1])))},
      {Op::relu, R((B(b[1]), at::relu(T(b[0]))))},
      {Op::gelu, R(at::gelu(T(b[0]), b[1].kind == Arg::Kind::Str ? b[1].s : throw BindingError("approximate")))},
      {Op::silu, R((B(b[1]), at::silu(T(b[0]))))},
      {Op::dropout, dropout_of},
      {Op::clone, R(at::clone(T(b[0])))},
      {Op::contiguous, R(T(b[0]).contiguous())},
      {Op::to, to_of},
      {Op::type_as, R(T(b[0]).type_as(T(b[1])))},
      {Op::to_float, R(T(b[0]).to(at::kFloat))}, {Op::to_half, R(T(b[0]).to(at::kHalf))},
      {Op::to_bfloat16, R(T(b[0]).to(at::kBFloat16))}, {Op::to_long, R(T(b[0]).to(at::kLong))},
      {Op::to_int, R(T(b[0]).to(at::kInt))}, {Op::to_bool, R(T(b[0]).to(at::kBool))},
      {Op::to_double, R(T(b[0]).to(at::kDouble))},
      {Op::sum, R(at::sum(T(b[0]), all_dims(b[1]), B(b[2]), OD(b[3])))},
      {Op::mean, R(at::mean(T(b[0]), all_dims(b[1]), B(b[2]), OD(b[3])))},
      {Op::amax, R(at::amax(T(b[0]), IL(b[1]), B(b[2])))},
      {Op::amin, R(at::amin(T(b[0]), IL(b[1]), B(b[2])))},
      {Op::max, [](const Bound &b) { return max_min(b, true); }},
      {Op::min, [](const Bound &b) { return max_min(b, false); }},
      {Op::argmax, R(at::argmax(T(b[0]), OI(b[1]), B(b[2])))},
      {Op::argmin, R(at::argmin(T(b[0]), OI(b[1]), B(b[2])))},
      {Op::any, [](const Bound &b) { return any_all(b, true); }},
      {Op::all, [](const Bound &b) { return any_all(b, false); }},
      {Op::var, [](const Bound &b) { return var_of(b, false); }},
      {Op::std, [](const Bound &b) { return var_of(b, true); }},
      {Op::prod,
       [](const Bound &b) {
         if (b[1].kind == Arg::Kind::None) {
           if (B(b[2])) throw BindingError("keepdim without dim"); // no such overload
           return meta_of(at::prod(T(b[0]), OD(b[3])));
         }
         return meta_of(at::prod(T(b[0]), I(b[1]), B(b[2]), OD(b[3])));
       }},
      {Op::logsumexp, R(at::logsumexp(T(b[0]), IL(b[1]), B(b[2])))},
      {Op::cumprod, R(at::cumprod(T(b[0]), I(b[1]), OD(b[2])))},
      {Op::flip, R(at::flip(T(b[0]), SEQ(b[1])))},
      {Op::softmax, R(at::softmax(T(b[0]), I(b[1]), OD(b[2])))},
      {Op::log_softmax, R(at::log_softmax(T(b[0]), I(b[1]), OD(b[2])))},
      {Op::cumsum, R(at::cumsum(T(b[0]), I(b[1]), OD(b[2])))},
      {Op::clamp, clamp_of},
      {Op::layer_norm, R(at::layer_norm(T(b[0]), SEQ(b[1]), OT(b[2]), OT(b[3]), F(b[4])))},
      {Op::group_norm, group_norm_of},
      {Op::batch_norm, batch_norm_of},
      {Op::view, view_of},
      {Op::reshape, R(at::reshape(T(b[0]), IL(b[1])))},
      {Op::permute, R(T(b[0]).permute(IL(b[1])))},
      {Op::transpose, R(at::transpose(T(b[0]), I(b[1]), I(b[2])))},
      {Op::unsqueeze, R(at::unsqueeze(T(b[0]), I(b[1])))},
      {Op::squeeze, R(b[1].kind == Arg::Kind::None ? at::squeeze(T(b[0])) : at::squeeze(T(b[0]), I(b[1])))},
      {Op::flatten, R(at::flatten(T(b[0]), I(b[1]), I(b[2])))},
      {Op::expand, R(T(b[0]).expand(IL(b[1])))},
      {Op::expand_as, R(T(b[0]).expand_as(T(b[1])))},
      {Op::repeat, R(T(b[0]).repeat(IL(b[1])))},
      {Op::repeat_interleave, repeat_interleave_of},
      {Op::cat, R(at::cat(TL(b[0]), I(b[1])))},
      {Op::stack, R(at::stack(TL(b[0]), I(b[1])))},
      {Op::split, split_of},
      {Op::chunk, [](const Bound &b) { return metas_of(at::chunk(T(b[0]), I(b[1]), I(b[2]))); }},
      {Op::unbind, [](const Bound &b) { return metas_of(at::unbind(T(b[0]), I(b[1]))); }},
      {Op::topk, topk_of},
      {Op::sort,
       [](const Bound &b) {
         auto [v, i] = at::sort(T(b[0]), B(b[3]), I(b[1]), B(b[2]));
         return Arg::of_seq({meta_of(v), meta_of(i)});
       }},
      {Op::argsort, R(at::argsort(T(b[0]), B(b[3]), I(b[1]), B(b[2])))},
      {Op::cross_entropy,
       [](const Bound &b) {
         if (b[3].kind != Arg::Kind::None || b[5].kind != Arg::Kind::None)
           throw Unrepresentable("size_average/reduce"); // PyTorch folds them into reduction
         if (b[6].kind != Arg::Kind::Str) throw BindingError("reduction");
         int64_t r = b[6].s == "none" ? 0 : b[6].s == "mean" ? 1 : b[6].s == "sum" ? 2 : -1;
         if (r < 0) throw std::invalid_argument(b[6].s + " is not a valid value for reduction");
         // class indices 0 (valid for any number of classes), probabilities 1
         at::Tensor target = b[1].kind == Arg::Kind::Tensor && is_floating(b[1].tensor.dtype)
                                 ? T(b[1]) : T0(b[1]);
         return meta_of(at::cross_entropy_loss(T(b[0]), target, OT(b[2]), r, I(b[4]), F(b[7])));
       }},
      {Op::erf, R(at::erf(T(b[0])))},
      {Op::log1p, R(at::log1p(T(b[0])))},
      {Op::expm1, R(at::expm1(T(b[0])))},
      {Op::log2, R(at::log2(T(b[0])))},
      {Op::floor, R(at::floor(T(b[0])))},
      {Op::ceil, R(at::ceil(T(b[0])))},
      {Op::trunc, R(at::trunc(T(b[0])))},
      {Op::sign, R(at::sign(T(b[0])))},
      {Op::isnan, R(at::isnan(T(b[0])))},
      {Op::isinf, R(at::isinf(T(b[0])))},
      {Op::isfinite, R(at::isfinite(T(b[0])))},
      {Op::leaky_relu, R((B(b[2]), at::leaky_relu(T(b[0]), S(b[1]))))},
      {Op::elu, R((B(b[2]), at::elu(T(b[0]), S(b[1]))))},
      {Op::mish, R((B(b[1]), at::mish(T(b[0]))))},
      {Op::softplus, R(at::softplus(T(b[0]), S(b[1]), S(b[2])))},
      {Op::hardtanh, R((B(b[3]), at::hardtanh(T(b[0]), S(b[1]), S(b[2]))))},
      {Op::prelu, R(at::prelu(T(b[0]), T(b[1])))},
      {Op::pixel_shuffle, R(at::pixel_shuffle(T(b[0]), I(b[1])))},
      {Op::pixel_unshuffle, R(at::pixel_unshuffle(T(b[0]), I(b[1])))},
      {Op::relu6, R((B(b[1]), at::relu6(T(b[0]))))},
      {Op::hardswish, R((B(b[1]), at::hardswish(T(b[0]))))},
      {Op::hardsigmoid, R((B(b[1]), at::hardsigmoid(T(b[0]))))},
      {Op::norm, norm_of},
      {Op::vector_norm,
       [](const Bound &b) {
         std::vector<int64_t> dims;
         if (b[2].kind != Arg::Kind::None) dims = IL(b[2]);
         return meta_of(at::linalg_vector_norm(
             T(b[0]), S(b[1]),
             b[2].kind == Arg::Kind::None ? at::OptionalIntArrayRef() : at::OptionalIntArrayRef(dims),
             B(b[3]), OD(b[4])));
       }},
      {Op::pad, pad_of},
      {Op::narrow, R(at::narrow(T(b[0]), I(b[1]), I(b[2]), I(b[3])))},
      {Op::getitem, R(T(b[0]).index(indices_of(b[1])))},
      {Op::index_select, R(at::index_select(T(b[0]), I(b[1]), T0(b[2])))},
      {Op::gather, R((B(b[3]), at::gather(T(b[0]), I(b[1]), T0(b[2]))))},
      {Op::masked_fill, R(b[2].kind == Arg::Kind::Tensor ? at::masked_fill(T(b[0]), T(b[1]), T(b[2])) : at::masked_fill(T(b[0]), T(b[1]), S(b[2])))},
      {Op::index_copy, R(at::index_copy(T(b[0]), I(b[1]), T0(b[2]), T(b[3])))},
      {Op::index_add, R(at::index_add(T(b[0]), I(b[1]), T0(b[2]), T(b[3]), S(b[4])))},
      {Op::scatter, R(b[3].kind == Arg::Kind::Tensor
                          ? at::scatter(T(b[0]), I(b[1]), T0(b[2]), T(b[3]))
                          : at::scatter(T(b[0]), I(b[1]), T0(b[2]), S(b[3])))},
      {Op::scatter_add, R(at::scatter_add(T(b[0]), I(b[1]), T0(b[2]), T(b[3])))},
      {Op::masked_scatter, R(at::masked_scatter(T(b[0]), T(b[1]), T(b[2])))},
      {Op::triu, R(at::triu(T(b[0]), I(b[1])))},
      {Op::tril, R(at::tril(T(b[0]), I(b[1])))},
      {Op::arange, R(grad(at::arange(S(b[0]), S(b[1]), S(b[2]), options(b[3])), b[5]))},
      {Op::zeros, R(grad(at::zeros(IL(b[0]), options(b[1])), b[3]))},
      {Op::rand, R(grad(at::rand(IL(b[0]), options(b[2])), b[4]))},
      {Op::randn, R(grad(at::randn(IL(b[0]), options(b[2])), b[4]))},
      {Op::ones, R(grad(at::ones(IL(b[0]), options(b[1])), b[3]))},
      {Op::empty, R(grad(at::empty(IL(b[0]), options(b[1])), b[3]))},
      {Op::full, R(grad(at::full(SEQ(b[0]), S(b[1]), options(b[2])), b[4]))},
      {Op::tensor, python_tensor},
      {Op::zeros_like, R(grad(at::zeros_like(T(b[0]), options(b[1])), b[3]))},
      {Op::ones_like, R(grad(at::ones_like(T(b[0]), options(b[1])), b[3]))},
      {Op::empty_like, R(grad(at::empty_like(T(b[0]), options(b[1])), b[3]))},
      {Op::full_like, R(grad(at::full_like(T(b[0]), S(b[1]), options(b[2])), b[4]))},
      {Op::matmul, R(at::matmul(T(b[0]), T(b[1])))},
      {Op::bmm, R(at::bmm(T(b[0]), T(b[1])))},
      {Op::einsum, [](const Bound &b) {
         if (b[0].kind != Arg::Kind::Str) throw BindingError("einsum's equation");
         return meta_of(at::einsum(b[0].s, TL(b[1])));
       }},
      {Op::addmm, R(at::addmm(T(b[0]), T(b[1]), T(b[2]), S(b[3]), S(b[4])))},
      {Op::baddbmm, R(at::baddbmm(T(b[0]), T(b[1]), T(b[2]), S(b[3]), S(b[4])))},
      {Op::linear, R(at::linear(T(b[0]), T(b[1]), OT(b[2])))},
      {Op::unflatten, R(at::unflatten(T(b[0]), I(b[1]), IL(b[2])))},
      {Op::max_pool2d, max_pool2d_of},
      {Op::interpolate, interpolate_of},
      {Op::avg_pool2d, R(at::avg_pool2d(T(b[0]), IL(b[1]), stride_of(b[2]), IL(b[3]), B(b[4]),
                                        B(b[5]), OI(b[6])))},
      {Op::adaptive_avg_pool2d, adaptive_avg_pool2d_of},
      {Op::adaptive_avg_pool1d, R(at::adaptive_avg_pool1d(T(b[0]), IL(b[1])))},
      {Op::max_pool1d,
       [](const Bound &b) -> Arg {
         if (B(b[6])) throw Unrepresentable("return_indices=True");
         return meta_of(
             at::max_pool1d(T(b[0]), IL(b[1]), stride_of(b[2]), IL(b[3]), IL(b[4]), B(b[5])));
       }},
      {Op::avg_pool1d,
       R(at::avg_pool1d(T(b[0]), IL(b[1]), stride_of(b[2]), IL(b[3]), B(b[4]), B(b[5])))},
      {Op::roll, R(at::roll(T(b[0]), IL(b[1]), b[2].kind == Arg::Kind::None
                                                   ? std::vector<int64_t>{}
                                                   : IL(b[2])))},
      {Op::conv1d, [](const Bound &b) { return conv_of(b, Op::conv1d); }},
      {Op::conv2d, [](const Bound &b) { return conv_of(b, Op::conv2d); }},
      {Op::conv3d, [](const Bound &b) { return conv_of(b, Op::conv3d); }},
      {Op::conv_transpose1d, R(at::conv_transpose1d(T(b[0]), T(b[1]), OT(b[2]), IL(b[3]),
                                                    IL(b[4]), IL(b[5]), I(b[6]), IL(b[7])))},
      {Op::conv_transpose2d, R(at::conv_transpose2d(T(b[0]), T(b[1]), OT(b[2]), IL(b[3]),
                                                    IL(b[4]), IL(b[5]), I(b[6]), IL(b[7])))},
      {Op::conv_transpose3d, R(at::conv_transpose3d(T(b[0]), T(b[1]), OT(b[2]), IL(b[3]),
                                                    IL(b[4]), IL(b[5]), I(b[6]), IL(b[7])))},
      {Op::embedding, embedding_of},
      {Op::one_hot, R(at::one_hot(T0(b[0]), I(b[1])))}, // zeros: valid classes
      {Op::scaled_dot_product_attention, R(sdpa_composite(b))},
      {Op::add_, RI(self.add_(TS(b[1]), S(b[2])))},
      {Op::mul_, RI(self.mul_(TS(b[1])))},
      {Op::copy_, RI(self.copy_(TS(b[1]), B(b[2])))},
      {Op::index_copy_, RI(self.index_copy_(I(b[1]), T0(b[2]), T(b[3])))},
      {Op::masked_fill_, [](const Bound &b) { at::Tensor self = T(b[0]); return fill_value(b, 2, self, true, T(b[1])); }},
      {Op::zero_, RI(self.zero_())},
      {Op::fill_, [](const Bound &b) { at::Tensor self = T(b[0]); return fill_value(b, 1, self, false); }},
      {Op::setitem_, [](const Bound &b) -> Arg {
         at::Tensor self = T(b[0]);
         if (is_number(b[2])) self.index_put_(indices_of(b[1]), S(b[2]));
         else self.index_put_(indices_of(b[1]), T(b[2]));
         return meta_of(self);
       }},
      {Op::size, [](const Bound &b) -> Arg {
         at::Tensor t = T(b[0]);
         return b[1].kind == Arg::Kind::None ? ints_of(t.sizes()) : Arg::of_int(t.size(I(b[1])));
       }},
      {Op::dim, [](const Bound &b) { return Arg::of_int(T(b[0]).dim()); }},
      {Op::numel, [](const Bound &b) { return Arg::of_int(T(b[0]).numel()); }},
  };
  return r;
}

// ---------------------------------------------------------------------------------------------
// Cases and the comparison

struct Case {
  Op op;
  std::vector<Arg> args;
  ops::Kwargs kwargs;
};

struct Tally {
  int checked = 0, accepted = 0, rejected = 0, kernel_gaps = 0, data_dependent = 0,
      unrepresentable = 0, newer_rules = 0, failures = 0;
  std::set<Op> ops_seen;
};
Tally tally;

std::string show(const Case &c) {
  std::string s = std::string(ops::info(c.op).torch_name) + "(";
  for (size_t i = 0; i < c.args.size(); ++i)
    s += (i ? ", " : "") + ops::describe(c.args[i]);
  for (const auto &[k, v] : c.kwargs)
    s += ", " + std::string(k) + "=" + ops::describe(v);
  return s + ")";
}

bool same(const Arg &a, const Arg &b) {
  if (a.kind != b.kind) return false;
  switch (a.kind) {
  case Arg::Kind::Tensor:
    return a.tensor.shape == b.tensor.shape && a.tensor.dtype == b.tensor.dtype &&
           a.tensor.device == b.tensor.device;
  case Arg::Kind::Int:
    return a.i == b.i;
  case Arg::Kind::Seq:
    return a.items.size() == b.items.size() &&
           std::equal(a.items.begin(), a.items.end(), b.items.begin(), same);
  default:
    return false;
  }
}

// 1.13's CPU transposed convolution of bfloat16 checks the channels as a forward one's.
bool bf16_conv_transpose(Op op, const Bound &b) {
  return (op == Op::conv_transpose1d || op == Op::conv_transpose2d || op == Op::conv_transpose3d) &&
         b[0].kind == Arg::Kind::Tensor && b[0].tensor.dtype == DType::BFloat16;
}

bool kernel_gap(const std::string &aten_error) { // a CPU kernel missing for a dtype
  return aten_error.find("not implemented for 'Half'") != std::string::npos ||
         aten_error.find("not implemented for 'ComplexHalf'") != std::string::npos ||
         aten_error.find("\"mish_cpu\" not implemented for 'BFloat16'") != std::string::npos ||
         aten_error.find("\"compute_indices_weights_nearest\" not implemented for 'BFloat16'") !=
             std::string::npos || // nearest-exact
         aten_error.find("\"prod_cpu\" not implemented for 'BFloat16'") != std::string::npos ||
         // 1.13's reflect and replicate pads are for floating types; PyTorch 2's for all but bool
         (aten_error.find("_pad") != std::string::npos &&
          aten_error.find("not implemented for") != std::string::npos);
}

bool has_mask_index(const Arg &index) {
  if (index.kind == Arg::Kind::Tensor)
    return index.tensor.dtype == DType::Bool || index.tensor.dtype == DType::UInt8;
  return index.kind == Arg::Kind::Seq && !index.is_list &&
         std::any_of(index.items.begin(), index.items.end(), has_mask_index);
}

// Where infer follows newer PyTorch (or CUDA) rather than the CPU kernels of 1.13, which accept
// these by reading memory wrongly: masked_fill and masked_scatter with a non-bool mask (rejected
// since PyTorch 2.0), index_select of a 0-dim tensor with other than one index (rejected on
// CUDA), index_add whose source slices only broadcast to self's (1.13's CPU kernel broadcasts
// them; PyTorch 2 requires equal slice shapes); and einsum
// contracting operands of different dtypes, or bool ones, when one is empty (1.13's bmm reads no
// memory then, so does not notice; infer rejects them as it does non-empty ones); and conv over
// an empty input, whose 1.13 path neither checks the weight's dtype nor, with zero input
// channels, gives out_channels channels (infer rejects both); and batch_norm of an empty input,
// which 1.13 copies without checking anything, as it does roll's; and a reflect or replicate pad
// of an empty input cropped to a negative size, which 1.13 returns as a tensor of that size.
bool newer_rule(const Case &c, const Bound &b, const std::string &my_error) {
  if (c.op == Op::batch_norm || c.op == Op::roll)
    return c10::multiply_integers(b[0].tensor.shape) == 0;
  if (c.op == Op::pad)
    return c10::multiply_integers(b[0].tensor.shape) == 0 &&
           my_error.find("too small") != std::string::npos;
  if (c.op == Op::conv1d || c.op == Op::conv2d || c.op == Op::conv3d)
    return (c10::multiply_integers(b[0].tensor.shape) == 0 &&
            my_error.find("same dtype") != std::string::npos) ||
           my_error.find("zero input channels") != std::string::npos;
  if (c.op == Op::index_add) return my_error.find("same slice shapes") != std::string::npos;
  if (c.op == Op::einsum)
    return std::any_of(b[1].items.begin(), b[1].items.end(), [](const Arg &x) {
      return x.kind == Arg::Kind::Tensor &&
             std::count(x.tensor.shape.begin(), x.tensor.shape.end(), 0) > 0;
    });
  if (c.op == Op::masked_fill || c.op == Op::masked_fill_ || c.op == Op::masked_scatter)
    return b[1].kind == Arg::Kind::Tensor && b[1].tensor.dtype != DType::Bool &&
           b[1].tensor.dtype != DType::UInt8;
  if (c.op == Op::index_select)
    return b[0].kind == Arg::Kind::Tensor && b[0].tensor.shape.empty() &&
           b[2].kind == Arg::Kind::Tensor && b[2].tensor.shape != Shape{1} &&
           !b[2].tensor.shape.empty();
  return false;
}

void check(const Case &c) {
  ++tally.checked;
  tally.ops_seen.insert(c.op);
  Bound bound;
  try {
    bound = ops::bind(c.op, c.args, c.kwargs);
  } catch (const ops::OpError &e) {
    ++tally.failures;
    FAIL_CHECK("test case does not bind: " << show(c) << ": " << e.what());
    return;
  }
  std::optional<Arg> mine, theirs;
  std::string my_error, their_error;
  try {
    mine = ops::infer(c.op, bound);
  } catch (const ops::OpError &e) {
    my_error = e.what();
  } catch (const std::exception &e) {
    ++tally.failures;
    FAIL_CHECK("infer threw a non-OpError for " << show(c) << ": " << e.what());
    return;
  }
  bool unrepresentable = false;
  try {
    theirs = runners().at(c.op)(bound);
  } catch (const Unrepresentable &e) {
    unrepresentable = true;
    their_error = e.what();
  } catch (const std::exception &e) {
    their_error = e.what();
    their_error = their_error.substr(0, their_error.find('\n'));
  }
  bool mask_data = (c.op == Op::setitem_ && has_mask_index(bound[1]) &&
                    their_error.find("shape mismatch") != std::string::npos) ||
                   (c.op == Op::masked_scatter &&
                    their_error.find("Number of elements of source") != std::string::npos);
  if (mine && theirs && same(*mine, *theirs)) {
    ++tally.accepted;
  } else if (!mine && !theirs && !unrepresentable) {
    ++tally.rejected;
  } else if (mine && !theirs && (kernel_gap(their_error) || bf16_conv_transpose(c.op, bound))) {
    ++tally.kernel_gaps;
  } else if ((!mine && theirs && my_error.find("depends on") != std::string::npos) ||
             (mine && mask_data)) {
    ++tally.data_dependent;
  } else if (!mine && unrepresentable &&
             my_error.find("thunderc does not support") != std::string::npos) {
    ++tally.unrepresentable;
  } else if (!mine && (theirs || unrepresentable) && newer_rule(c, bound, my_error)) {
    ++tally.newer_rules;
  } else {
    ++tally.failures;
    FAIL_CHECK(show(c) << "\n  infer: " << (mine ? ops::describe(*mine) : "error: " + my_error)
                       << "\n  ATen:  "
                       << (theirs ? ops::describe(*theirs) : "error: " + their_error));
  }
}

// ---------------------------------------------------------------------------------------------
// Generators

constexpr DType Bool = DType::Bool, U8 = DType::UInt8, I8 = DType::Int8, I16 = DType::Int16,
                I32 = DType::Int32, I64 = DType::Int64, F16 = DType::Float16,
                BF16 = DType::BFloat16, F32 = DType::Float32, F64 = DType::Float64,
                C64 = DType::Complex64;
const std::vector<DType> all_dtypes = {Bool, U8, I8, I16, I32, I64, F16, BF16, F32, F64, C64};
const std::vector<DType> some_dtypes = {Bool, I32, I64, BF16, F32, F64};
const std::vector<Shape> shapes = {{},     {1},       {3}, {2, 3}, {1, 3},
                                   {2, 1}, {4, 1, 3}, {0}, {0, 3}, {2, 0, 1}};

Arg t(Shape s, DType d = F32) {
  return Arg::of_tensor(TensorMeta{std::move(s), d, Device{}, false});
}
Arg i(int64_t v) {
  return Arg::of_int(v);
}
Arg f(double v) {
  return Arg::of_float(v);
}
Arg bl(bool v) {
  return Arg::of_bool(v);
}
Arg none() {
  return Arg::none();
}
Arg dt(DType d) {
  return Arg::of_dtype(d);
}
Arg str(std::string s) {
  return Arg::of_str(std::move(s));
}
Arg seq(std::vector<Arg> v) {
  return Arg::of_seq(std::move(v));
}
Arg ints(const Shape &v) {
  std::vector<Arg> items;
  for (int64_t x : v)
    items.push_back(i(x));
  return seq(items);
}
Arg sl(Arg a, Arg b, Arg c) {
  return Arg::of_slice(std::move(a), std::move(b), std::move(c));
}
const std::vector<Arg> numbers = {i(2), i(-1), f(2.5), bl(true)};

void run(Op op, std::vector<Arg> args, ops::Kwargs kwargs = {}) {
  check(Case{op, std::move(args), std::move(kwargs)});
}

void binary_cases(Op op, const ops::Kwargs &kw = {}) {
  const std::vector<std::pair<Shape, Shape>> rank_pairs = {
      {{2, 3}, {2, 3}}, {{2, 3}, {}}, {{}, {3}}, {{}, {}}, {{0, 3}, {3}}};
  for (DType a : all_dtypes)
    for (DType b : all_dtypes)
      for (const auto &[sa, sb] : rank_pairs)
        run(op, {t(sa, a), t(sb, b)}, kw);
  for (const Shape &sa : shapes)
    for (const Shape &sb : shapes)
      run(op, {t(sa), t(sb, I64)}, kw);
  for (DType d : all_dtypes)
    for (const Arg &n : numbers)
      for (const Shape &s : {Shape{2, 3}, Shape{}}) {
        run(op, {t(s, d), n}, kw);
        run(op, {n, t(s, d)}, kw);
      }
  for (const Arg &x : numbers)
    for (const Arg &y : numbers)
      run(op, {x, y}, kw);
}

void reduction_cases(Op op, bool list_dims, const std::vector<Arg> &dtypes_kw) {
  std::vector<Arg> dims = {none(), i(0), i(-1), i(1), i(2), i(-3), i(3)};
  if (list_dims)
    for (const Shape &d : {Shape{0, 1}, Shape{1, 0}, Shape{0, 0}, Shape{}, Shape{-1}, Shape{0, 2}})
      dims.push_back(ints(d));
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}, Shape{4, 1, 3}})
    for (DType d : {Bool, U8, I32, I64, F16, BF16, F32, C64})
      for (const Arg &dim : dims)
        for (bool keepdim : {false, true}) {
          ops::Kwargs kw = {{"keepdim", bl(keepdim)}};
          if (dim.kind != Arg::Kind::None) kw.push_back({"dim", dim});
          if (dtypes_kw.empty()) run(op, {t(s, d)}, kw);
          for (const Arg &dtype : dtypes_kw) {
            ops::Kwargs k2 = kw;
            k2.push_back({"dtype", dtype});
            run(op, {t(s, d)}, k2);
          }
        }
}

} // namespace

// ---------------------------------------------------------------------------------------------

TEST_CASE("ops meta: elementwise binary ops against ATen") {
  for (Op op :
       {Op::add, Op::sub, Op::mul, Op::div, Op::floor_divide, Op::remainder, Op::pow, Op::maximum,
        Op::minimum, Op::eq, Op::ne, Op::lt, Op::le, Op::gt, Op::ge, Op::logical_and, Op::logical_or,
        Op::bitwise_and, Op::bitwise_or, Op::bitwise_xor})
    binary_cases(op);
  for (Op op : {Op::add, Op::sub})
    for (const Arg &alpha : {i(2), f(0.5), bl(true)})
      for (DType a : some_dtypes)
        for (DType b : some_dtypes)
          run(op, {t({2, 3}, a), t({3}, b)}, {{"alpha", alpha}});
  for (const Arg &mode : {str("trunc"), str("floor"), str("round"), none()})
    for (DType a : all_dtypes)
      for (DType b : all_dtypes)
        run(Op::div, {t({2, 3}, a), t({}, b)}, {{"rounding_mode", mode}});
  for (DType d : all_dtypes)
    for (const Arg &e : {i(-2), i(0), f(-0.5), bl(false)})
      run(Op::pow, {t({2}, d), e});
  for (DType c : {Bool, U8, F32})
    for (DType a : some_dtypes)
      for (DType b : some_dtypes) {
        run(Op::where, {t({2, 3}, c), t({2, 3}, a), t({}, b)});
        run(Op::where, {t({2, 1}, c), t({3}, a), i(2)});
      }
  for (const Shape &sc : shapes)
    for (const Shape &sa : {Shape{}, Shape{3}, Shape{2, 3}})
      for (const Arg &other : {t({1, 3}), f(1.5), i(1), bl(false)}) {
        run(Op::where, {t(sc, Bool), t(sa), other});
        run(Op::where, {t(sc, Bool), other, t(sa, I64)});
      }
  for (const Arg &x : numbers)
    for (const Arg &y : numbers)
      run(Op::where, {t({2}, Bool), x, y});
}

TEST_CASE("ops meta: unary ops and conversions against ATen") {
  for (Op op : {Op::neg,         Op::abs,        Op::exp,        Op::log,      Op::sqrt,
                Op::rsqrt,       Op::sin,        Op::cos,        Op::tanh,     Op::sigmoid,
                Op::logical_not, Op::relu,       Op::gelu,       Op::silu,     Op::dropout,
                Op::clone,       Op::contiguous, Op::type_as,    Op::to_float, Op::to_half,
                Op::to_bfloat16, Op::to_long,    Op::to_int,     Op::to_bool,  Op::to,
                Op::bitwise_not, Op::reciprocal, Op::to_double,  Op::round,    Op::erf,
                Op::log1p,       Op::expm1,      Op::log2,       Op::floor,    Op::ceil,
                Op::trunc,       Op::sign,       Op::isnan,      Op::isinf,    Op::isfinite,
                Op::leaky_relu,  Op::elu,        Op::mish,       Op::softplus, Op::hardtanh,
                Op::relu6,       Op::hardswish,  Op::hardsigmoid})
    for (DType d : all_dtypes)
      for (const Shape &s : {Shape{}, Shape{2, 3}, Shape{0, 2}}) {
        if (op == Op::type_as) {
          for (DType o : all_dtypes)
            run(op, {t(s, d), t({4}, o)});
        } else if (op == Op::to) {
          for (DType o : all_dtypes)
            run(op, {t(s, d), dt(o)});
          run(op, {t(s, d), str("cpu")});
          run(op, {t(s, d), str("cpu"), dt(F16)});
          run(op, {t(s, d), t({5}, BF16)});
          run(op, {t(s, d)}, {{"dtype", dt(I64)}, {"copy", bl(true)}});
          run(op, {t(s, d)}, {{"device", str("cpu")}});
        } else {
          run(op, {t(s, d)});
          if (op == Op::round)
            for (const Arg &decimals : {i(0), i(2), i(-1), none()})
              run(op, {t(s, d)}, {{"decimals", decimals}});
        }
      }
  for (const Shape &s :
       {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 3, 4}, Shape{0, 3, 2}, Shape{2, 1}})
    for (const Shape &w : {Shape{}, Shape{1}, Shape{3}, Shape{2}, Shape{1, 3}, Shape{0}})
      for (DType d : {F32, F64, BF16, I64, Bool})
        for (DType wd : {d, F32})
          run(Op::prelu, {t(s, d), t(w, wd)});
  for (const Shape &s : {Shape{1, 8, 2, 3}, Shape{8, 2, 3}, Shape{2, 1, 8, 2, 2}, Shape{8, 2},
                         Shape{0, 4, 2, 2}, Shape{1, 6, 4, 2}, Shape{1, 0, 4, 4}})
    for (int64_t r : {1, 2, 3, 0, -1})
      for (DType d : {F32, I64, Bool}) {
        run(Op::pixel_shuffle, {t(s, d), i(r)});
        run(Op::pixel_unshuffle, {t(s, d), i(r)});
      }
  for (const Arg &a : {f(0.2), i(-1), bl(true), str("x"), none()}) {
    run(Op::hardtanh, {t({2}), a});
    run(Op::hardtanh, {t({2}, I64), f(-2.0), a});
    run(Op::elu, {t({2}, F64), a});
    run(Op::softplus, {t({2}), a, f(10.0)});
    run(Op::softplus, {t({2}, BF16), i(2), a});
  }
  for (const Arg &a : {str("none"), str("tanh"), str("exact"), i(0)})
    for (DType d : {BF16, F32, F64, I64})
      run(Op::gelu, {t({2}, d)}, {{"approximate", a}});
  for (const Arg &p : {f(0.0), f(0.5), f(1.0), f(1.5), f(-0.1), i(0), i(1)})
    for (const Arg &training : {bl(false), bl(true)})
      for (DType d : {Bool, I64, F32})
        run(Op::dropout, {t({2, 3}, d), p, training});
}

TEST_CASE("ops meta: reductions, softmax and layer_norm against ATen") {
  reduction_cases(Op::sum, true, {});
  reduction_cases(Op::sum, true, {dt(F64), dt(I32), dt(Bool)});
  reduction_cases(Op::mean, true, {});
  reduction_cases(Op::mean, true, {dt(F64), dt(I64)});
  reduction_cases(Op::amax, true, {});
  reduction_cases(Op::amin, true, {});
  reduction_cases(Op::max, true, {});
  reduction_cases(Op::min, false, {});
  reduction_cases(Op::argmax, false, {});
  reduction_cases(Op::argmin, false, {});
  reduction_cases(Op::any, false, {});
  reduction_cases(Op::all, false, {});
  for (Op op : {Op::var, Op::std}) {
    reduction_cases(op, true, {});
    for (const Arg &unbiased : {bl(true), bl(false)}) {
      run(op, {t({2, 3}), unbiased});
      run(op, {t({2, 3}), i(1), unbiased});
      run(op, {t({2, 3}), i(1)}, {{"unbiased", unbiased}, {"correction", i(1)}});
    }
    for (const Arg &corr : {i(0), i(1), i(2)})
      run(op, {t({2, 3})}, {{"dim", i(0)}, {"correction", corr}});
  }
  reduction_cases(Op::prod, false, {none(), dt(F64), dt(I32), dt(Bool)});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}, Shape{4, 1, 3}})
    for (DType d : {Bool, U8, I32, I64, F16, BF16, F32, C64})
      for (const Arg &dim : {i(0), i(-1), i(2), ints({0, 1}), ints({}), ints({1, 1}), ints({-1})})
        for (bool keepdim : {false, true})
          run(Op::logsumexp, {t(s, d), dim, bl(keepdim)});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}})
    for (const Arg &dims :
         {ints({0}), ints({0, 1}), ints({1, 1}), ints({}), ints({-1}), ints({2}), i(0)})
      for (DType d : {Bool, I64, F32, C64})
        run(Op::flip, {t(s, d), dims});
  for (Op op : {Op::max, Op::min})
    for (DType a : some_dtypes) {
      run(op, {t({2, 3}, a), t({3}, F32)});
      run(op, {t({2, 3}, a), t({3}, F32)}, {{"keepdim", bl(true)}});
    }
  for (Op op : {Op::softmax, Op::log_softmax, Op::cumsum, Op::cumprod})
    for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}})
      for (DType d : {Bool, I64, F16, BF16, F32, F64, C64})
        for (const Arg &dim : {i(0), i(-1), i(1), i(2), i(-3)})
          for (const Arg &dtype : {none(), dt(F32), dt(F64), dt(I64), dt(BF16)})
            if (op == Op::cumsum || op == Op::cumprod) // dtype is keyword-only there
              run(op, {t(s, d), dim}, {{"dtype", dtype}});
            else
              run(op, {t(s, d), dim, dtype});
  for (const Shape &s : {Shape{}, Shape{4}, Shape{2, 4}, Shape{3, 2, 4}, Shape{2, 3}})
    for (const Shape &n : {Shape{}, Shape{4}, Shape{2, 4}, Shape{3}, Shape{1}})
      for (int w = 0; w < 4; ++w)
        for (DType d : {I64, BF16, F32, F64}) {
          Arg weight = w == 0 ? none() : w == 1 ? t(n, d) : w == 2 ? t({4}, d) : t(n, F64);
          Arg bias = w == 3 ? t(n, d) : w == 1 ? t(n, d) : none();
          run(Op::layer_norm, {t(s, d), ints(n), weight, bias});
        }
  run(Op::layer_norm, {t({2, 4}), i(4)});
  run(Op::layer_norm, {t({2, 4}), ints({4})}, {{"eps", f(1e-6)}});
}

TEST_CASE("ops meta: views and reshapes against ATen") {
  const std::vector<Shape> in = {{}, {6}, {2, 3}, {2, 1, 3}, {0, 3}, {1}};
  const std::vector<Shape> targets = {{},      {6},      {-1},      {3, 2},    {2, -1},
                                      {-1, 3}, {-1, -1}, {1, 6, 1}, {4, -1},   {0, -1},
                                      {0},     {-2, 3},  {2, 3},    {0, 3, -1}};
  for (const Shape &s : in)
    for (const Shape &target : targets)
      for (Op op : {Op::view, Op::reshape}) {
        run(op, {t(s), ints(target)});
        std::vector<Arg> varargs = {t(s)};
        for (int64_t x : target)
          varargs.push_back(i(x));
        if (!target.empty()) run(op, varargs);
      }
  for (DType to : {Bool, I16, F16, I32, F32, F64})
    for (const Shape &s : {Shape{}, Shape{2, 4}, Shape{3}})
      run(Op::view, {t(s, F32), dt(to)});
  const std::vector<Shape> perms = {{},     {0},       {1, 0},    {0, 1}, {-1, 0},
                                    {0, 0}, {2, 0, 1}, {0, 2, 1}, {1, 2}};
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 3, 4}})
    for (const Shape &p : perms)
      run(Op::permute, {t(s), ints(p)});
  std::vector<int64_t> dims = {-4, -3, -2, -1, 0, 1, 2, 3};
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 1, 4}, Shape{1, 1}})
    for (int64_t a : dims) {
      for (int64_t b2 : dims)
        run(Op::transpose, {t(s), i(a), i(b2)});
      run(Op::unsqueeze, {t(s), i(a)});
      run(Op::squeeze, {t(s), i(a)});
      for (int64_t b2 : dims)
        run(Op::flatten, {t(s), i(a), i(b2)});
      run(Op::triu, {t(s), i(a)});
      run(Op::tril, {t(s), i(a)});
      run(Op::unbind, {t(s), i(a)});
      for (int64_t k : {0, 1, 2, 4})
        run(Op::topk, {t(s), i(k), i(a)});
      for (bool descending : {false, true}) {
        run(Op::sort, {t(s), i(a), bl(descending)});
        run(Op::argsort, {t(s), i(a), bl(descending)}, {{"stable", bl(true)}});
      }
      run(Op::size, {t(s), i(a)});
      for (const Arg &r : {i(0), i(2)})
        run(Op::repeat_interleave, {t(s), r}, {{"dim", i(a)}});
    }
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 1, 4}, Shape{1, 1}, Shape{0, 1}}) {
    run(Op::squeeze, {t(s)});
    run(Op::flatten, {t(s)});
    run(Op::size, {t(s)});
    run(Op::dim, {t(s)});
    run(Op::numel, {t(s)});
    for (const Arg &r : {i(0), i(3), i(-1)})
      run(Op::repeat_interleave, {t(s), r});
    run(Op::repeat_interleave, {t(s), i(2)},
        {{"output_size", i(2 * std::max<int64_t>(1, s.empty() ? 1 : s[0]))}, {"dim", i(0)}});
    run(Op::repeat_interleave, {t(s), t({}, I64)}, {{"dim", i(0)}});
    run(Op::repeat_interleave, {t(s), t({s.empty() ? 1 : s[0]}, I64)},
        {{"dim", i(0)}, {"output_size", i(s.empty() ? 1 : s[0])}});
    run(Op::repeat_interleave, {t(s), t({2}, F32)}, {{"dim", i(0)}, {"output_size", i(2)}});
  }
  const std::vector<Shape> sizes = {{},      {3},       {-1},       {2, 3},      {2, -1},
                                    {-1, 3}, {4, 2, 3}, {-1, 2, 3}, {4, -1, -1}, {2, 6},
                                    {1, 3},  {0, 3},    {2, 0},     {-2, 3},     {3, 2, 1, 3}};
  for (const Shape &s : {Shape{}, Shape{3}, Shape{1, 3}, Shape{2, 3}, Shape{2, 1}})
    for (const Shape &target : sizes) {
      run(Op::expand, {t(s), ints(target)});
      run(Op::repeat, {t(s), ints(target)});
      if (target.size() == 2 && target[0] >= 0 && target[1] >= 0)
        run(Op::expand_as, {t(s), t(target)});
    }
  for (const Shape &s : {Shape{}, Shape{5}, Shape{2, 5}})
    for (int64_t d : {-3, -1, 0, 1, 2})
      for (int64_t start : {-6, -5, -1, 0, 3, 5, 6})
        for (int64_t len : {-1, 0, 2, 3})
          run(Op::narrow, {t(s), i(d), i(start), i(len)});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{0, 2}, Shape{2, 1, 4}})
    for (const Shape &pads :
         {Shape{}, Shape{1}, Shape{1, 2}, Shape{0, 0}, Shape{-1, 0}, Shape{-3, 0}, Shape{-2, -1},
          Shape{-1, -3}, Shape{-4, 1}, Shape{-3, 1}, Shape{-2, 1}, Shape{0, 0, 1, 1},
          Shape{1, -2, -2, 0}, Shape{2, 2, 2, 2, 2, 2}, Shape{1, 1, 1, 1, 1, 1, 1, 1}})
      run(Op::pad, {t(s), ints(pads)});
  for (DType d : all_dtypes)
    for (const Arg &value : {none(), f(-1.5), i(3), bl(true)})
      run(Op::pad, {t({2, 3}, d), ints({1, 1})}, {{"value", value}});
  // reflect, replicate and circular: 1 to 3 trailing dims, one or two leading dims
  const std::vector<Shape> mode_shapes = {{3},
                                          {2, 3},
                                          {1, 2, 3},
                                          {1, 1, 2, 3},
                                          {1, 1, 1, 2, 3},
                                          {2, 1, 2, 2, 3, 1},
                                          {0, 3},
                                          {2, 0},
                                          {0, 2, 3},
                                          {1, 0, 3},
                                          {1, 2, 0},
                                          {2, 1},
                                          {1, 2, 1},
                                          {0, 2, 3, 4},
                                          {2, 0, 3, 4},
                                          {2, 3, 0, 4},
                                          {3, 2, 4},
                                          {0, 3, 3, 3, 3},
                                          {1, 2, 2, 3, 3}};
  const std::vector<Shape> mode_pads = {{1, 1},
                                        {2, 0},
                                        {0, 2},
                                        {3, 0},
                                        {-1, 0},
                                        {-1, -1},
                                        {-2, 0},
                                        {-3, 1},
                                        {1},
                                        {0, 0},
                                        {-2, -1},
                                        {1, 1, 1, 1},
                                        {2, 2, 0, 0},
                                        {0, 0, 2, 1},
                                        {1, -1, 1, 2},
                                        {-1, -1, -1, -1},
                                        {3, 3, 1, 1},
                                        {1, 1, 1, 1, 1, 1},
                                        {2, 1, 0, 0, 1, 1},
                                        {0, 0, 0, 0, 3, 0},
                                        {1, 1, 1, 1, 1, 1, 1, 1},
                                        {-2, -2, 0, 0},
                                        {0, 0, -2, -2},
                                        {-1, -1, -1, -1, -1, -1},
                                        {-3, 0, -2, 0},
                                        {-2, 0, 0, 0, 0, 0}};
  for (const Arg &mode : {str("reflect"), str("replicate"), str("circular")}) {
    for (const Shape &s : mode_shapes)
      for (const Shape &pads : mode_pads)
        run(Op::pad, {t(s), ints(pads)}, {{"mode", mode}});
    for (DType d : all_dtypes)
      for (const Shape &s : {Shape{2, 3}, Shape{1, 2, 3}, Shape{1, 2, 3, 3}, Shape{1, 1, 2, 3, 3}})
        run(Op::pad, {t(s, d), ints(s.size() < 4 ? Shape{1, 1} : Shape{1, 1, 1, 0})},
            {{"mode", mode}});
    for (const Arg &value : {none(), f(0.0), i(0), f(1.0), bl(true)})
      run(Op::pad, {t({1, 2, 3}), ints({1, 1})}, {{"mode", mode}, {"value", value}});
  }
  for (const Arg &mode : {str("constant"), str("reflect"), str("zeros"), i(1)})
    run(Op::pad, {t({1, 2, 3}), ints({1, 1})}, {{"mode", mode}});
  run(Op::pad, {t({1, 2, 3}), ints({INT64_MAX, INT64_MAX})});
  run(Op::pad, {t({1, 2, 3}), ints({INT64_MAX, 1})}, {{"mode", str("replicate")}});
}

TEST_CASE("ops meta: cat, stack, split and chunk against ATen") {
  const std::vector<Shape> pieces = {{}, {0}, {2}, {2, 3}, {1, 3}, {2, 4}, {2, 3, 1}, {0, 3}};
  for (const Shape &a : pieces)
    for (const Shape &b : pieces)
      for (int64_t d : {-3, -2, -1, 0, 1, 2}) {
        run(Op::cat, {seq({t(a), t(b)}), i(d)});
        run(Op::stack, {seq({t(a), t(b)}), i(d)});
      }
  for (DType a : all_dtypes)
    for (DType b : all_dtypes) {
      run(Op::cat, {seq({t({2}, a), t({3}, b)})});
      run(Op::stack, {seq({t({2}, a), t({2}, b)})}, {{"dim", i(1)}});
    }
  run(Op::cat, {seq({})});
  run(Op::cat, {seq({t({2}), t({0}), t({3})})});
  run(Op::cat, {seq({t({0}), t({0})})});
  run(Op::stack, {seq({t({2})})});
  for (const Shape &s : {Shape{}, Shape{5}, Shape{0}, Shape{2, 6}})
    for (int64_t d : {-3, -1, 0, 1}) {
      for (int64_t n : {-1, 0, 1, 2, 3, 5, 7}) {
        run(Op::split, {t(s), i(n), i(d)});
        run(Op::chunk, {t(s), i(n), i(d)});
      }
      for (const Shape &sections : {Shape{2, 3}, Shape{5}, Shape{1, 1, 3}, Shape{0, 5},
                                    Shape{-1, 6}, Shape{2, 4}, Shape{}, Shape{3, 3}, Shape{0}})
        run(Op::split, {t(s), ints(sections)}, {{"dim", i(d)}});
    }
}

TEST_CASE("ops meta: indexing against ATen") {
  const std::vector<Arg> indices = {
      i(0),
      i(-1),
      i(2),
      i(-3),
      i(3),
      bl(true),
      bl(false),
      none(),
      Arg::ellipsis(),
      sl(none(), none(), none()),
      sl(i(1), none(), none()),
      sl(none(), i(-1), none()),
      sl(i(-2), i(5), i(2)),
      sl(i(4), i(1), none()),
      sl(none(), none(), i(0)),
      sl(none(), none(), i(-1)),
      sl(i(-10), i(10), i(3)),
      t({}, I64),
      t({2}, I64),
      t({2, 2}, I64),
      t({3}, I32),
      t({2}, F32),
      t({2}, Bool),
      t({}, Bool),
      t({2, 3}, Bool),
      t({3}, Bool),
      t({2}, U8),
      t({}, I32),
      t({}, U8),
      Arg::of_list({i(0), i(1)}),
      Arg::of_list({bl(true), bl(false)}),
      Arg::of_list({}),
      Arg::of_list({i(0), sl(none(), none(), none())}),
      Arg::of_list({none(), i(1)}),
  };
  const std::vector<Shape> selfs = {{}, {2, 3}, {2, 3, 4}, {3}};
  for (const Shape &s : selfs) {
    for (const Arg &a : indices)
      run(Op::getitem, {t(s), a});
    for (const Arg &a : indices)
      for (const Arg &b : indices)
        run(Op::getitem, {t(s), seq({a, b})});
  }
  const std::vector<Arg> few = {i(0),
                                none(),
                                Arg::ellipsis(),
                                sl(i(1), none(), none()),
                                t({2}, I64),
                                t({2, 1}, I64),
                                t({2, 3}, Bool),
                                bl(true),
                                t({}, I64),
                                Arg::of_list({i(1), i(0)})};
  for (const Arg &a : few)
    for (const Arg &b : few)
      for (const Arg &c : few)
        run(Op::getitem, {t({2, 3, 4, 5}), seq({a, b, c})});
  // setitem: the value must broadcast to the indexed shape.
  for (const Arg &a : few)
    for (const Arg &b : few)
      for (const Arg &value : {f(1.5), i(2), t({}), t({5}), t({1, 1, 5}), t({4, 5}), t({3}),
                               t({2}, F64), t({1, 5}, I64)})
        run(Op::setitem_, {t({2, 3, 4, 5}), seq({a, b}), value});
  for (const Arg &value : {t({6}), t({5}), t({1}), f(0.0), t({6}, I64)})
    run(Op::setitem_, {t({2, 3}), t({2, 3}, Bool), value});
  // index_select, gather, index_copy(_), index_add, scatter(_add), masked_fill(_), masked_scatter
  for (const Shape &s : {Shape{}, Shape{4}, Shape{3, 4}})
    for (int64_t d : {-3, -1, 0, 1, 2})
      for (const Shape &is : {Shape{}, Shape{2}, Shape{1}, Shape{2, 2}, Shape{0}, Shape{3, 4},
                              Shape{3, 5}, Shape{4, 4}})
        for (DType idt : {I64, I32, F32}) {
          run(Op::index_select, {t(s), i(d), t(is, idt)});
          run(Op::gather, {t(s), i(d), t(is, idt)});
          for (const Shape &src :
               {Shape{}, Shape{2}, Shape{2, 4}, Shape{3, 2}, Shape{1, 4}, Shape{3, 1}})
            for (DType sdt : {F32, F64}) {
              run(Op::index_copy, {t(s), i(d), t(is, idt), t(src, sdt)});
              run(Op::index_copy_, {t(s), i(d), t(is, idt), t(src, sdt)});
              for (Op op : {Op::index_add, Op::scatter, Op::scatter_add})
                run(op, {t(s), i(d), t(is, idt), t(src, sdt)});
            }
          run(Op::scatter, {t(s), i(d), t(is, idt), f(2.5)});
        }
  for (DType d : all_dtypes)
    for (DType sdt : {Bool, I32, I64, BF16, F32, C64})
      for (Op op : {Op::index_add, Op::scatter, Op::scatter_add})
        run(op, {t({3, 4}, d), i(0), t({2}, I64), t({2, 4}, sdt)});
  for (DType d : all_dtypes)
    for (const Arg &v : {f(2.5), i(3), i(300), bl(true), i(-1), t({}), str("x")}) {
      run(Op::scatter, {t({3, 4}, d), i(1), t({3, 2}, I64), v});
      run(Op::scatter, {t({3, 4}, d), i(1), t({3, 2}, I64)}, {{"value", v}});
    }
  for (const Arg &alpha : {i(2), f(0.5), bl(true), f(1e40), none()})
    for (DType d : {Bool, I32, F32})
      run(Op::index_add, {t({3, 4}, d), i(0), t({2}, I64), t({2, 4}, d)}, {{"alpha", alpha}});
  // masked_scatter: the mask (all true here) takes as many source elements as it has true ones
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}})
    for (const Shape &m : {Shape{}, Shape{3}, Shape{2, 3}, Shape{4, 2, 3}, Shape{2}})
      for (DType mdt : {Bool, U8, I64})
        for (const Shape &src : {Shape{}, Shape{6}, Shape{24}, Shape{4, 6}, Shape{0}})
          for (DType sdt : {F32, F64})
            run(Op::masked_scatter, {t(s), t(m, mdt), t(src, sdt)});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}})
    for (const Shape &m : {Shape{}, Shape{3}, Shape{2, 3}, Shape{4, 2, 3}, Shape{2}})
      for (DType mdt : {Bool, U8, I64, F32})
        for (const Arg &v : {f(1.5), i(3), bl(true), t({}), t({1}), t({}, I64), str("x")})
          for (Op op : {Op::masked_fill, Op::masked_fill_})
            for (DType d : {I64, F32})
              run(op, {t(s, d), t(m, mdt), v});
}

TEST_CASE("ops meta: factories against ATen") {
  const std::vector<Arg> bounds = {i(0), i(3), i(-2), f(0.5), f(2.5), i(10)};
  const std::vector<Arg> dtypes = {none(), dt(I64), dt(I32), dt(F32), dt(F16), dt(F64), dt(Bool)};
  for (const Arg &dtype : dtypes) {
    for (const Arg &end : bounds)
      run(Op::arange, {end}, {{"dtype", dtype}});
    for (const Arg &start : bounds)
      for (const Arg &end : bounds)
        for (const Arg &step : {i(1), i(2), i(-1), f(0.5), f(-1.5), i(0), f(0.3)})
          run(Op::arange, {start, end, step}, {{"dtype", dtype}});
  }
  for (const Arg &rg : {bl(false), bl(true)})
    for (const Arg &dtype : dtypes) {
      for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{0, 2}, Shape{-1, 2}}) {
        for (Op op : {Op::zeros, Op::ones, Op::empty, Op::rand, Op::randn}) {
          run(op, {ints(s)}, {{"dtype", dtype}, {"requires_grad", rg}});
          std::vector<Arg> varargs;
          for (int64_t x : s)
            varargs.push_back(i(x));
          if (!s.empty()) run(op, varargs, {{"dtype", dtype}, {"device", str("cpu")}});
        }
        for (const Arg &v : numbers)
          run(Op::full, {ints(s), v}, {{"dtype", dtype}, {"requires_grad", rg}});
      }
      for (DType d : {Bool, I64, F16, F32})
        for (Op op : {Op::zeros_like, Op::ones_like, Op::empty_like})
          run(op, {t({2, 3}, d)}, {{"dtype", dtype}, {"requires_grad", rg}});
      for (const Arg &v : numbers)
        run(Op::full_like, {t({2}, I32), v}, {{"dtype", dtype}, {"requires_grad", rg}});
    }
  std::vector<Arg> data = {f(8.0),
                           i(3),
                           bl(true),
                           seq({}),
                           seq({i(1), i(2)}),
                           seq({i(1), f(2.5)}),
                           seq({bl(true), i(2)}),
                           seq({bl(true), bl(false)}),
                           seq({seq({i(1), i(2)}), seq({i(3), bl(true)})}),
                           seq({seq({}), seq({})}),
                           seq({seq({i(1)}), i(2)}),
                           seq({i(1), seq({i(2)})}),
                           seq({str("a")}),
                           seq({i(-1), i(255)}),
                           i(-255),
                           i(-256),
                           i(256),
                           i(127),
                           i(128),
                           i(-129),
                           i(32768),
                           i(2147483648),
                           i(-2147483649),
                           i(std::numeric_limits<int64_t>::max()),
                           f(-1.0),
                           f(255.5),
                           f(127.9),
                           f(-128.5),
                           f(1.7),
                           f(-1.7),
                           f(2147483647.5),
                           f(1e10),
                           f(9.3e18),
                           f(-9.3e18),
                           f(std::numeric_limits<double>::infinity()),
                           f(std::numeric_limits<double>::quiet_NaN()),
                           f(1e300),
                           f(1e5)};
  for (const Arg &d : data)
    for (const Arg &dtype : {none(), dt(Bool), dt(U8), dt(I8), dt(I16), dt(I32), dt(I64), dt(F16),
                             dt(BF16), dt(F32), dt(F64)})
      run(Op::tensor, {d}, {{"dtype", dtype}});
  run(Op::tensor, {f(1.5)}, {{"requires_grad", bl(true)}});
  run(Op::tensor, {i(1)}, {{"requires_grad", bl(true)}});
  run(Op::full, {i(3), f(1.0)});
  run(Op::full, {ints({2}), str("x")});
}

TEST_CASE("ops meta: convolutions against ATen") {
  for (const Shape &in :
       {Shape{1, 4, 5, 5}, Shape{4, 5, 5}, Shape{2, 4, 6, 3}, Shape{0, 4, 5, 5}, Shape{1, 4, 0, 5},
        Shape{1, 2, 5, 5}, Shape{4, 5}, Shape{1, 1, 4, 5, 5}, Shape{1, 0, 5, 5}})
    for (const Shape &w :
         {Shape{6, 4, 3, 3}, Shape{6, 2, 3, 3}, Shape{6, 4, 1, 1}, Shape{6, 4, 3},
          Shape{6, 4, 5, 5}, Shape{6, 4, 6, 1}, Shape{0, 4, 3, 3}, Shape{6, 1, 3, 3},
          Shape{3, 2, 2, 3}, Shape{6, 4, 0, 3}, Shape{6, 0, 3, 3}, Shape{6, 4, 3, 3, 3}})
      for (const Arg &groups : {i(1), i(2), i(4), i(0), i(-1)})
        run(Op::conv2d, {t(in), t(w)}, {{"groups", groups}});
  for (const Arg &stride : {i(1), i(2), ints({1, 2}), ints({3}), ints({1, 2, 3}), i(0), ints({})})
    for (const Arg &padding :
         {i(0), i(1), ints({2, 0}), i(-1), str("same"), str("valid"), str("full")})
      for (const Arg &dilation : {i(1), i(2), ints({1, 3}), i(0), ints({2})})
        for (const Shape &in : {Shape{1, 4, 5, 6}, Shape{4, 1, 2}})
          run(Op::conv2d, {t(in), t({6, 4, 3, 2})},
              {{"stride", stride}, {"padding", padding}, {"dilation", dilation}});
  for (const Arg &bias : {none(), t({6}), t({5}), t({1, 6}), t({6}, F64), t({}), t({6}, I64)})
    for (const Shape &in : {Shape{1, 4, 5, 5}, Shape{4, 5, 5}, Shape{0, 4, 5, 5}})
      run(Op::conv2d, {t(in), t({6, 4, 3, 3}), bias});
  for (DType a : all_dtypes)
    for (DType w : all_dtypes)
      for (const Shape &in : {Shape{1, 2, 4, 4}, Shape{0, 2, 4, 4}}) {
        run(Op::conv2d, {t(in, a), t({3, 2, 3, 3}, w)});
        run(Op::conv2d, {t(in, a), t({3, 2, 3, 3}, w), t({3}, a)}, {{"padding", str("same")}});
      }
  for (const Shape &in : {Shape{2, 4, 7}, Shape{4, 7}, Shape{2, 4, 7, 7}, Shape{2, 4, 2}, Shape{}})
    for (const Arg &padding : {i(0), i(2), str("same"), str("valid"), ints({1}), ints({1, 1})})
      for (const Arg &dilation : {i(1), i(2)})
        for (const Arg &stride : {i(1), i(3)})
          run(Op::conv1d, {t(in), t({6, 4, 4}), t({6})},
              {{"padding", padding}, {"dilation", dilation}, {"stride", stride}});
  for (const Shape &in : {Shape{1, 2, 4, 5, 3}, Shape{2, 4, 5, 3}, Shape{1, 2, 4, 5}})
    for (const Arg &padding : {i(0), ints({1, 0, 2}), str("same"), ints({1, 1})})
      for (const Arg &groups : {i(1), i(2)})
        run(Op::conv3d, {t(in), t({4, 2, 2, 3, 1})}, {{"padding", padding}, {"groups", groups}});
  run(Op::conv2d, {t({1, 2, 4, 4}), t({3, 2, 3, 3})}, {{"padding", str("same")}, {"stride", i(2)}});
  run(Op::conv2d, {t({1, 2, 4, 4}), t({3, 2, 3, 3})}, {{"padding", f(1.0)}});
  // transposed: weight [in_channels, out_channels / groups, *kernel]
  for (const Shape &in : {Shape{1, 4, 5}, Shape{4, 5}, Shape{0, 4, 5}, Shape{1, 4, 0},
                          Shape{1, 3, 5}, Shape{1, 4, 1}, Shape{1, 0, 5}})
    for (const Shape &w : {Shape{4, 3, 3}, Shape{4, 1, 2}, Shape{2, 3, 3}, Shape{4, 3},
                           Shape{4, 0, 3}, Shape{4, 2, 1}, Shape{0, 3, 3}})
      for (const Arg &stride : {i(1), i(2), i(0), ints({3})})
        for (const Arg &padding : {i(0), i(1), i(2), i(-1)})
          for (const Arg &output_padding : {i(0), i(1), i(2), i(-1)})
            for (int64_t groups : {1, 2})
              run(Op::conv_transpose1d, {t(in), t(w)},
                  {{"stride", stride},
                   {"padding", padding},
                   {"output_padding", output_padding},
                   {"groups", i(groups)}});
  for (const Arg &dilation : {i(1), i(2), i(0), ints({1, 2})})
    for (const Arg &output_padding : {i(0), i(1), ints({1, 0})}) {
      run(Op::conv_transpose2d, {t({1, 2, 4, 4}), t({2, 3, 3, 3}), t({3})},
          {{"stride", ints({2, 1})}, {"dilation", dilation}, {"output_padding", output_padding}});
      run(Op::conv_transpose3d, {t({1, 2, 3, 4, 4}), t({2, 1, 2, 3, 3})},
          {{"stride", i(2)}, {"dilation", dilation}, {"output_padding", output_padding}});
    }
  for (DType d : all_dtypes)
    for (DType wd : {d, F32}) {
      run(Op::conv_transpose2d, {t({1, 2, 4, 4}, d), t({2, 3, 3, 3}, wd)});
      run(Op::conv_transpose1d, {t({1, 2, 4}, d), t({2, 3, 3}, wd), t({3}, F64)});
    }
  run(Op::conv_transpose2d, {t({1, 2, 4, 4}), t({2, 3, 3, 3}), t({6})});
  run(Op::conv_transpose2d, {t({1, 2, 4, 4}), t({2, 3, 3, 3}), t({3})}, {{"groups", i(2)}});
  run(Op::conv_transpose2d, {t({1, 2, 4, 4}), t({2, 3, 3, 3}), t({6})}, {{"groups", i(2)}});
}

TEST_CASE("ops meta: pooling, roll and unflatten against ATen") {
  for (const Shape &s : {Shape{1, 2, 5, 5}, Shape{2, 5, 6}, Shape{0, 2, 5, 5}, Shape{1, 0, 5, 5},
                         Shape{2, 0, 5}, Shape{5, 5}, Shape{1, 1, 2, 5, 5}, Shape{1, 2, 1, 7}})
    for (const Arg &kernel : {i(2), i(3), ints({2, 3}), i(0), i(6), ints({1, 2, 3})})
      for (const Arg &stride : {none(), i(1), i(2), ints({2, 1}), i(0), ints({})})
        for (const Arg &padding : {i(0), i(1), ints({1, 0}), i(2), i(-1)})
          for (bool ceil : {false, true}) {
            run(Op::max_pool2d, {t(s), kernel, stride, padding}, {{"ceil_mode", bl(ceil)}});
            run(Op::avg_pool2d, {t(s), kernel, stride, padding}, {{"ceil_mode", bl(ceil)}});
          }
  for (const Arg &dilation : {i(1), i(2), ints({1, 3}), i(0)})
    for (const Shape &s : {Shape{1, 2, 5, 5}, Shape{1, 2, 9, 4}})
      run(Op::max_pool2d, {t(s), i(3), i(1), i(1), dilation});
  for (DType d : all_dtypes)
    for (const Shape &s : {Shape{1, 2, 4, 4}, Shape{0, 2, 4, 4}}) {
      run(Op::max_pool2d, {t(s, d), i(2)});
      run(Op::avg_pool2d, {t(s, d), i(2)});
      for (const Arg &size : {i(1), i(2), ints({1, 1})})
        run(Op::adaptive_avg_pool2d, {t(s, d), size});
    }
  for (const Arg &divisor : {none(), i(0), i(3), i(-2)})
    for (bool include : {false, true})
      run(Op::avg_pool2d, {t({1, 2, 5, 5}), i(3), i(2), i(1), bl(false), bl(include), divisor});
  run(Op::max_pool2d, {t({1, 2, 5, 5}), i(3), i(2), i(1), i(1), bl(false), bl(true)});
  for (const Shape &s : {Shape{1, 2, 7}, Shape{2, 6}, Shape{0, 2, 5}, Shape{1, 0, 5}, Shape{2, 0},
                         Shape{0, 5}, Shape{5}, Shape{1, 1, 2, 5}, Shape{1, 2, 1}})
    for (const Arg &kernel : {i(2), i(3), ints({2}), i(0), i(6), ints({1, 2})})
      for (const Arg &stride : {none(), i(1), i(2), ints({2, 1}), i(0), ints({})})
        for (const Arg &padding : {i(0), i(1), ints({1}), i(2), i(-1)})
          for (bool ceil : {false, true}) {
            run(Op::max_pool1d, {t(s), kernel, stride, padding}, {{"ceil_mode", bl(ceil)}});
            run(Op::avg_pool1d, {t(s), kernel, stride, padding}, {{"ceil_mode", bl(ceil)}});
          }
  for (const Arg &dilation : {i(1), i(2), ints({3}), i(0), ints({1, 1})})
    run(Op::max_pool1d, {t({1, 2, 9}), i(3), i(1), i(1), dilation});
  for (DType d : all_dtypes)
    for (const Shape &s : {Shape{1, 2, 4}, Shape{0, 2, 4}}) {
      run(Op::max_pool1d, {t(s, d), i(2)});
      run(Op::avg_pool1d, {t(s, d), i(2)});
    }
  for (bool include : {false, true})
    run(Op::avg_pool1d, {t({1, 2, 5}), i(3), i(2), i(1), bl(false), bl(include)});
  run(Op::max_pool1d, {t({1, 2, 5}), i(3), i(2), i(1), i(1), bl(false), bl(true)});
  for (const Shape &s :
       {Shape{1, 2, 5, 5}, Shape{2, 5, 6}, Shape{0, 2, 5, 5}, Shape{1, 0, 5, 5}, Shape{2, 0, 5},
        Shape{2, 5, 0}, Shape{5, 5}, Shape{5}, Shape{1, 1, 2, 5, 5}})
    for (const Arg &size :
         {i(1), i(2), i(0), i(-1), ints({1, 1}), ints({2, 3}), ints({1}), ints({1, 2, 3}),
          seq({none(), i(3)}), seq({none(), none()}), seq({i(1), none()})})
      run(Op::adaptive_avg_pool2d, {t(s), size});
  for (const Shape &s : {Shape{1, 2, 5}, Shape{2, 5}, Shape{0, 2, 5}, Shape{1, 0, 5}, Shape{2, 0},
                         Shape{5}, Shape{1, 1, 2, 5}})
    for (const Arg &size : {i(1), i(3), i(0), i(-1), ints({1}), ints({2, 3}), ints({})})
      for (DType d : {I64, BF16, F32, C64})
        run(Op::adaptive_avg_pool1d, {t(s, d), size});
  for (const Shape &s : {Shape{2, 3}, Shape{}, Shape{0, 3}, Shape{4}})
    for (const Arg &shifts : {i(1), i(-4), ints({1, 2}), ints({})})
      for (const Arg &dims : {none(), i(0), i(1), ints({0, 1}), ints({0, 0}), i(-3), ints({})})
        run(Op::roll, {t(s), shifts, dims});
  for (DType d : all_dtypes)
    run(Op::roll, {t({2, 3}, d), i(1), i(1)});
  for (const Shape &s : {Shape{2, 6}, Shape{}, Shape{0, 6}, Shape{6}})
    for (const Arg &dim : {i(0), i(1), i(-1), i(2)})
      for (const Arg &sizes : {ints({2, 3}), ints({-1, 2}), ints({3, -1}), ints({4, 2}), ints({}),
                               ints({-1, -1}), ints({2, 3, 1}), i(6), ints({0, -1}), ints({1})})
        run(Op::unflatten, {t(s), dim, sizes});
}

TEST_CASE("ops meta: interpolate against ATen") {
  const std::vector<Shape> shapes = {{1, 2, 3},    {1, 2, 3, 4},      {1, 2, 2, 3, 2}, {2, 3},
                                     {0, 2, 3, 4}, {1, 0, 3, 4},      {1, 2, 0, 4},    {3, 4},
                                     {1, 2, 1, 1}, {1, 2, 3, 4, 5, 6}};
  for (const Shape &s : shapes)
    for (const std::string &mode : {"nearest", "nearest-exact", "linear", "bilinear", "bicubic",
                                    "trilinear", "area", "foo"}) {
      for (const Arg &size : {i(5), i(0), ints({5, 2}), ints({4}), ints({2, 3, 4}), i(-1)})
        run(Op::interpolate, {t(s), size}, {{"mode", str(mode)}});
      for (const Arg &scale :
           {f(2.0), f(0.5), i(3), seq({f(1.5), f(0.7)}), seq({f(2.0)}), f(0.1), f(-1.0)})
        for (const Arg &recompute : {none(), bl(true)})
          run(Op::interpolate, {t(s), none(), scale},
              {{"mode", str(mode)}, {"recompute_scale_factor", recompute}});
    }
  for (const std::string &mode : {"nearest", "bilinear", "bicubic"})
    for (const Arg &align : {none(), bl(true), bl(false)})
      for (bool antialias : {false, true})
        for (const Shape &s : {Shape{1, 2, 4, 4}, Shape{1, 2, 4}}) {
          run(Op::interpolate, {t(s), i(6)},
              {{"mode", str(mode)}, {"align_corners", align}, {"antialias", bl(antialias)}});
          run(Op::interpolate, {t(s), none(), f(0.5)},
              {{"mode", str(mode)}, {"align_corners", align}, {"antialias", bl(antialias)}});
        }
  for (DType d : all_dtypes)
    for (const std::string &mode : {"nearest", "nearest-exact", "bilinear", "bicubic"})
      for (const Shape &s : {Shape{1, 2, 3, 4}, Shape{0, 2, 3, 4}}) {
        run(Op::interpolate, {t(s, d), i(5)}, {{"mode", str(mode)}});
        run(Op::interpolate, {t(s, d), none(), f(1.5)}, {{"mode", str(mode)}});
      }
  run(Op::interpolate, {t({1, 2, 3, 4}), i(5), f(2.0)});
  run(Op::interpolate, {t({1, 2, 3, 4})});
  run(Op::interpolate, {t({1, 2, 3, 4}), i(5)}, {{"recompute_scale_factor", bl(true)}});
  run(Op::interpolate, {t({1, 2, 3, 4}), f(5.0)});
}

TEST_CASE("ops meta: group_norm and batch_norm against ATen") {
  for (const Shape &s :
       {Shape{2, 4, 3}, Shape{2, 4}, Shape{4}, Shape{}, Shape{0, 4, 3}, Shape{2, 0, 3},
        Shape{2, 4, 0}, Shape{1, 4, 1, 1}, Shape{1, 4}, Shape{1, 2, 1}})
    for (const Arg &groups : {i(1), i(2), i(3), i(4), i(0), i(-2)})
      for (const Arg &w : {none(), t({4}), t({2}), t({2, 2}), t({0})}) {
        run(Op::group_norm, {t(s), groups, w, w});
        run(Op::group_norm, {t(s), groups, w}, {{"eps", f(1e-6)}});
      }
  for (DType d : all_dtypes)
    for (DType p : {F32, F64, BF16, F16})
      for (const Shape &s : {Shape{2, 4, 3}, Shape{0, 4, 3}}) {
        run(Op::group_norm, {t(s, d), i(2), t({4}, p), t({4}, p)});
        run(Op::group_norm, {t(s, d), i(2), t({4}, d), t({4}, p)});
      }
  for (const Shape &s : {Shape{2, 4, 3}, Shape{2, 4}, Shape{4}, Shape{}, Shape{2, 4, 3, 2},
                         Shape{1, 4, 1}, Shape{1, 4}, Shape{2, 0, 3}, Shape{1, 4, 2}})
    for (const Arg &stats : {t({4}), t({3}), t({2, 2}), none()})
      for (const Arg &w : {none(), t({4}), t({2, 2}), t({5})})
        for (bool training : {false, true}) {
          run(Op::batch_norm, {t(s), stats, stats, w, w}, {{"training", bl(training)}});
          run(Op::batch_norm, {t(s), stats, none()}, {{"training", bl(training)}});
        }
  for (DType d : all_dtypes)
    for (DType p : {F32, F64, BF16, F16})
      for (const Shape &s : {Shape{2, 4, 3}, Shape{2, 0, 3}}) {
        run(Op::batch_norm, {t(s, d), t({4}, p), t({4}, p), t({4}, p), t({4}, p)});
        run(Op::batch_norm, {t(s, d), t({4}, p), t({4}, p)});
        run(Op::batch_norm, {t(s, d), t({4}, p), t({4}, d), t({4}, p)});
        run(Op::batch_norm, {t(s, d), none(), none(), t({4}, p), none(), bl(true)});
      }
  run(Op::batch_norm, {t({2, 4, 3}), t({4}), t({4}), none(), none(), bl(false), f(0.0), f(1e-3)});
}

TEST_CASE("ops meta: matmul, bmm, linear, embedding and attention against ATen") {
  const std::vector<Shape> ms = {{},        {3},       {4},          {2, 3},
                                 {3, 4},    {3, 3},    {4, 3},       {2, 3, 4},
                                 {2, 4, 5}, {1, 3, 4}, {5, 2, 3, 4}, {5, 1, 4, 3}};
  for (const Shape &a : ms)
    for (const Shape &b : ms) {
      run(Op::matmul, {t(a), t(b)});
      run(Op::bmm, {t(a), t(b)});
    }
  for (DType d : all_dtypes)
    for (const Arg &lo : {none(), i(0), f(0.5), bl(false), t({}, F64), t({3}, I64), t({2, 3}, F32)})
      for (const Arg &hi : {none(), i(2), f(1.5), t({3}, F16), t({4}, F32)})
        for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}})
          run(Op::clamp, {t(s, d), lo, hi});
  for (DType a : all_dtypes)
    for (DType b : {Bool, I64, BF16, F32, F64}) {
      run(Op::matmul, {t({2, 3}, a), t({3}, b)});
      run(Op::bmm, {t({2, 2, 3}, a), t({2, 3, 1}, b)});
    }
  for (const Shape &in :
       {Shape{}, Shape{3}, Shape{1}, Shape{2, 1}, Shape{2, 3}, Shape{2}, Shape{2, 2, 3}})
    for (const Shape &a : {Shape{2, 4}, Shape{2, 0}, Shape{4}, Shape{1, 2, 4}})
      for (const Shape &b : {Shape{4, 3}, Shape{0, 3}, Shape{5, 3}, Shape{3}})
        run(Op::addmm, {t(in), t(a), t(b)});
  for (DType x : all_dtypes)
    for (DType y : {Bool, I64, F16, BF16, F32, F64})
      run(Op::addmm, {t({3}, x), t({2, 4}, y), t({4, 3}, x)});
  for (const Arg &beta : {i(0), i(2), f(0.5), bl(true)})
    for (DType d : {I64, F32}) {
      run(Op::addmm, {t({3}, d), t({2, 4}, d), t({4, 3}, d)}, {{"beta", beta}, {"alpha", beta}});
      run(Op::baddbmm, {t({3}, d), t({5, 2, 4}, d), t({5, 4, 3}, d)},
          {{"beta", beta}, {"alpha", beta}});
    }
  for (const Shape &in :
       {Shape{}, Shape{3}, Shape{2, 3}, Shape{5, 2, 3}, Shape{4, 2, 3}, Shape{5, 1, 1}})
    for (const Shape &a : {Shape{5, 2, 4}, Shape{5, 2, 0}, Shape{2, 4}, Shape{4, 2, 4}})
      for (const Shape &b : {Shape{5, 4, 3}, Shape{5, 0, 3}, Shape{5, 5, 3}, Shape{4, 3}})
        run(Op::baddbmm, {t(in), t(a), t(b)});
  for (DType x : all_dtypes)
    for (DType y : {Bool, I64, F16, BF16, F32, F64})
      run(Op::baddbmm, {t({3}, x), t({2, 2, 4}, y), t({2, 4, 3}, x)});
  for (const Shape &in :
       {Shape{}, Shape{3}, Shape{2, 3}, Shape{4, 2, 3}, Shape{5, 4, 2, 3}, Shape{2, 4}})
    for (const Shape &w : {Shape{}, Shape{3}, Shape{5, 3}, Shape{3, 5}, Shape{2, 5, 3}})
      for (const Shape &bias :
           {Shape{0}, Shape{}, Shape{5}, Shape{1}, Shape{2, 5}, Shape{4, 1, 5}, Shape{3}})
        run(Op::linear, {t(in), t(w), bias == Shape{0} ? none() : t(bias)});
  for (DType a : {I64, BF16, F32, F64})
    for (DType b : {BF16, F32, F64})
      run(Op::linear, {t({2, 3}, a), t({5, 3}, b), t({5}, a)});
  for (const Shape &in : {Shape{}, Shape{4}, Shape{2, 4}})
    for (DType idt : {I64, I32, F32, Bool})
      for (const Shape &w : {Shape{10, 3}, Shape{10}, Shape{2, 10, 3}})
        for (const Arg &pad : {none(), i(0), i(9), i(10), i(-10), i(-11)})
          run(Op::embedding, {t(in, idt), t(w, BF16)}, {{"padding_idx", pad}});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{0}, Shape{2, 0}})
    for (DType d : {I64, I32, U8, Bool, F32})
      for (int64_t classes : {-2, -1, 0, 1, 5})
        run(Op::one_hot, {t(s, d), i(classes)});
  const std::vector<Shape> qs = {{2, 4, 5, 8}, {4, 5, 8}, {5, 8}, {8}, {1, 4, 5, 8}};
  const std::vector<Shape> ks = {{2, 4, 6, 8}, {4, 6, 8}, {6, 8}, {2, 1, 6, 8}, {2, 4, 6, 7}};
  const std::vector<Shape> vs = {{2, 4, 6, 3}, {6, 3}, {2, 4, 7, 3}, {4, 6, 3}};
  const std::vector<Shape> masks = {{0},    {5, 6},          {6},   {2, 1, 5, 6},
                                    {5, 7}, {1, 1, 1, 1, 6}, {5, 1}};
  for (const Shape &q : qs)
    for (const Shape &k : ks)
      for (const Shape &v : vs)
        for (const Shape &m : masks)
          for (bool causal : {false, true})
            run(Op::scaled_dot_product_attention,
                {t(q), t(k), t(v), m == Shape{0} ? none() : t(m, Bool)},
                {{"is_causal", bl(causal)}});
  for (DType d : all_dtypes)
    for (DType md : {Bool, F32, F64, BF16})
      run(Op::scaled_dot_product_attention,
          {t({2, 5, 8}, d), t({2, 6, 8}, d), t({2, 6, 3}, d), t({5, 6}, md)},
          {{"dropout_p", f(0.0)}, {"scale", f(0.125)}});
  run(Op::scaled_dot_product_attention, {t({2, 5, 8}), t({2, 6, 8}, F64), t({2, 6, 3})});
  // enable_gqa: key and value heads (dim -3) repeated to the query's when they divide it
  const std::vector<Shape> gqa_q = {{2, 4, 5, 8}, {4, 5, 8}, {5, 8}, {2, 0, 5, 8}, {1, 6, 5, 8}};
  const std::vector<Shape> gqa_kv = {{2, 2, 6, 8}, {2, 1, 6, 8}, {2, 4, 6, 8}, {2, 3, 6, 8},
                                     {2, 8, 6, 8}, {2, 6, 8},    {1, 6, 8},    {2, 0, 6, 8}};
  for (const Shape &q : gqa_q)
    for (const Shape &k : gqa_kv)
      for (const Shape &v : gqa_kv)
        for (bool gqa : {false, true})
          run(Op::scaled_dot_product_attention, {t(q), t(k), t(v)}, {{"enable_gqa", bl(gqa)}});
  run(Op::scaled_dot_product_attention, {t({2, 5, 8}), t({2, 6, 8}), t({2, 6, 3})},
      {{"dropout_p", f(1.5)}});
}

TEST_CASE("ops meta: einsum against ATen") {
  const std::vector<std::string> one = {
      "ij->ji",       "ii->i",   "ii",     "ij->",      "ij->i",      "...->",     "i...->...",
      "...ij->...ji", "ji",      "Ab",     "bA",        "",           "->",        "i",
      "...",          "i.j",     "i1",     "....",      "...i...",    "i->j",      "ij->jj",
      "i->i->i",      "i,j",     "i->...", "...->...i", " i j -> j ", "ij->...i.", "..",
      "ij->i..",      "iij->ji", "i..->i"};
  const std::vector<Shape> shapes1 = {{},     {3},    {1},    {0},    {2, 3},
                                      {3, 3}, {1, 1}, {3, 1}, {2, 0}, {4, 2, 3}};
  for (const std::string &e : one)
    for (const Shape &s : shapes1)
      run(Op::einsum, {str(e), t(s)});
  for (DType d : all_dtypes)
    for (const std::string &e : {"ij->ji", "ij->", "ij->i", "ii->i", "ij->ij"})
      for (const Shape &s : {Shape{3, 3}, Shape{3, 1}, Shape{1, 1}, Shape{0, 3}})
        run(Op::einsum, {str(e), t(s, d)});
  const std::vector<std::string> two = {
      "i,j->ij",        "i , j -> i j", "ij,jk",   "ij,jk->ik",
      "ij,jk->ijk",     "i,i",          "i,i->i",  "i,i->",
      "ij,ij->ij",      "...ij,...jk",  "...,...", "i...,j...->...",
      "i...,i...->...", "bhd,bd->bh",   "ij,j->i", "ij,ik->jk",
      "i,j->",          "ab,cd->",      "i",       "i,j,k",
      "ii,i->i",        ",i->i",        "->",      "i,->i",
      "...i,i...->...", "ij,ji->",      "ij,ji"};
  const std::vector<Shape> shapes2 = {{},     {3},    {1},    {0},    {2, 3},
                                      {3, 3}, {1, 3}, {3, 4}, {2, 1}, {5, 2, 3}};
  for (const std::string &e : two)
    for (const Shape &a : shapes2)
      for (const Shape &b : shapes2)
        run(Op::einsum, {str(e), t(a), t(b)});
  for (DType x : all_dtypes)
    for (DType y : all_dtypes)
      for (const std::string &e : {"i,j->ij", "i,i->", "ij,jk->ik", "ij,j->i", "i...,j...->..."})
        for (const auto &[a, b] :
             {std::pair{Shape{2, 3}, Shape{3, 3}}, std::pair{Shape{1, 3}, Shape{1}},
              std::pair{Shape{0, 3}, Shape{3, 3}}})
          run(Op::einsum, {str(e), t(a, x), t(b, y)});
  const std::vector<Shape> shapes3 = {{3}, {1}, {2}, {0}, {2, 3}, {3, 4}, {4}};
  for (const std::string &e : {"ij,jk,k->i", "i,i,i->", "i,j,i->", "i,j,k->ijk", "i,j,k"})
    for (const Shape &a : shapes3)
      for (const Shape &b : shapes3)
        for (const Shape &c : shapes3)
          run(Op::einsum, {str(e), t(a), t(b), t(c)});
  for (DType x : {Bool, I32, F32, F64})
    for (DType y : {Bool, I32, F32, F64})
      for (DType z : {I32, F32, F64})
        for (const std::string &e : {"ij,jk,k->i", "i,j,i->", "ij,jk,k->ijk"})
          run(Op::einsum, {str(e), t({2, 3}, x), t({3, 4}, y), t({4}, z)});
  for (DType d : all_dtypes)
    for (const Shape &s : {Shape{}, Shape{3}, Shape{0, 2}})
      for (Op op : {Op::sort, Op::argsort})
        run(op, {t(s, d)}, {{"stable", bl(true)}, {"dim", i(-1)}});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}, Shape{2, 3, 4}})
    for (const Arg &p : {str("fro"), i(2), f(2.0), i(1), f(0.5), f(INFINITY), f(-INFINITY), i(0),
                         f(-1.0), str("nuc"), str("x"), none()})
      for (const Arg &dim : {none(), i(-1), ints({0, 1}), ints({0, 1, 2}), ints({}), i(2)})
        for (bool keepdim : {false, true})
          run(Op::norm, {t(s), p, dim, bl(keepdim)});
  for (DType d : all_dtypes)
    for (const Arg &dtype : {none(), dt(F64), dt(F16), dt(I64), dt(C64)})
      for (const Arg &p : {str("fro"), f(2.0)})
        run(Op::norm, {t({2, 3}, d), p, i(-1)}, {{"dtype", dtype}});
  for (const Shape &s : {Shape{}, Shape{3}, Shape{2, 3}, Shape{2, 0}, Shape{2, 3, 4}})
    for (const Arg &ord :
         {i(2), f(2.0), i(1), f(0.5), f(INFINITY), f(-INFINITY), i(0), f(-1.0), str("fro"), none()})
      for (const Arg &dim : {none(), i(-1), ints({0, 1}), ints({}), i(2)})
        for (bool keepdim : {false, true})
          run(Op::vector_norm, {t(s), ord, dim, bl(keepdim)});
  for (DType d : all_dtypes)
    for (const Arg &dtype : {none(), dt(F64), dt(F16), dt(I64), dt(C64)})
      run(Op::vector_norm, {t({2, 3}, d)}, {{"dtype", dtype}, {"dim", i(1)}});
  for (const Shape &in :
       {Shape{}, Shape{5}, Shape{3, 5}, Shape{3, 5, 4}, Shape{0, 5}, Shape{2, 5, 2, 2}})
    for (const Shape &tg : {Shape{}, Shape{3}, Shape{5}, Shape{3, 4}, Shape{3, 5}, Shape{0},
                            Shape{2, 2, 2}, Shape{3, 5, 4}})
      for (DType td : {I64, I32, F32})
        for (const Arg &reduction : {str("mean"), str("none"), str("sum")})
          run(Op::cross_entropy, {t(in), t(tg, td)}, {{"reduction", reduction}});
  for (DType d : {F16, BF16, F32, F64, I64})
    for (const Arg &w : {none(), t({5}, d), t({5}), t({4}), t({1, 5})})
      for (const Arg &ignore : {i(-100), i(0), i(2)})
        for (const Arg &smoothing : {f(0.0), f(0.1), f(1.5), f(-0.1)}) {
          run(Op::cross_entropy, {t({3, 5}, d), t({3}, I64), w},
              {{"ignore_index", ignore}, {"label_smoothing", smoothing}});
          run(Op::cross_entropy, {t({3, 5}, d), t({3, 5}, d), w},
              {{"ignore_index", ignore}, {"label_smoothing", smoothing}});
        }
  for (DType a : {BF16, F32, F64})
    for (DType b : {BF16, F32, F64})
      for (const Arg &w : {none(), t({5}, F64), t({5}, BF16)})
        run(Op::cross_entropy, {t({3, 5}, a), t({3, 5}, b), w});
  run(Op::cross_entropy, {t({3, 5}), t({3}, I64)}, {{"reduction", str("avg")}});
  run(Op::cross_entropy, {t({3, 5}), t({3}, I64)}, {{"size_average", bl(false)}});
  run(Op::einsum, {str("i,j->ij"), seq({t({2}), t({3})})}); // the operands as one list
  run(Op::einsum, {t({2}), ints({0})});                     // the sublist form
  run(Op::einsum, {str("i,i"), t({3}), f(2.0)});
  run(Op::einsum, {str("i,i"), seq({})});
}

TEST_CASE("ops meta: in-place ops against ATen") {
  for (Op op : {Op::add_, Op::mul_, Op::copy_})
    for (DType a : all_dtypes)
      for (DType b : all_dtypes)
        for (const auto &[sa, sb] : std::vector<std::pair<Shape, Shape>>{
                 {{2, 3}, {3}}, {{3}, {2, 3}}, {{2, 3}, {}}, {{}, {}}, {{2, 1}, {2, 3}}})
          run(op, {t(sa, a), t(sb, b)});
  for (Op op : {Op::add_, Op::mul_, Op::copy_, Op::fill_})
    for (DType d : all_dtypes)
      for (const Arg &n : numbers)
        run(op, {t({2}, d), n});
  run(Op::add_, {t({2}, I64), t({2}, I64)}, {{"alpha", f(0.5)}});
  run(Op::add_, {t({2}, F32), t({2}, F32)}, {{"alpha", f(0.5)}});
  for (DType d : all_dtypes)
    for (const Shape &s : {Shape{}, Shape{1}, Shape{2}}) {
      run(Op::fill_, {t({2, 3}, d), t(s, F64)});
      run(Op::zero_, {t(s, d)});
    }
}

TEST_CASE("ops meta: numbers written into tensors must fit their dtype, as in ATen") {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<Arg> values = {i(127),         i(128),     i(-255),    i(-256),
                                   i(300),         i(65504),   i(65536),   i(int64_t(1) << 62),
                                   f(-1.5),        f(255.5),   f(65504.0), f(65520.0),
                                   f(1e6),         f(3.4e38),  f(1e39),    f(1e300),
                                   f(0x1p63),      f(-0x1p63), f(inf),     f(-inf),
                                   f(std::nan(""))};
  for (DType d : all_dtypes)
    for (const Arg &v : values) {
      run(Op::full, {ints({2}), v}, {{"dtype", dt(d)}});
      run(Op::full_like, {t({2}, d), v});
      run(Op::fill_, {t({2}, d), v});
      run(Op::masked_fill, {t({2}, d), t({2}, Bool), v});
      run(Op::setitem_, {t({2}, d), i(0), v});
      run(Op::pad, {t({2}, d), ints({1, 0})}, {{"value", v}});
      run(Op::clamp, {t({2}, d), v});
      run(Op::where, {t({2}, Bool), t({2}, d), v});
      if (d != C64) run(Op::tensor, {v}, {{"dtype", dt(d)}}); // the emulation makes no complex
    }
}

TEST_CASE("ops meta: every op was compared against ATen") {
  for (const ops::OpInfo &o : ops::all_ops()) {
    CHECK_MESSAGE(runners().count(o.op), "no ATen runner for " << o.torch_name);
    CHECK_MESSAGE(tally.ops_seen.count(o.op), "no generated case for " << o.torch_name);
  }
  std::cout << "ops meta: " << tally.checked
            << " combinations checked against ATen: " << tally.accepted << " accepted alike, "
            << tally.rejected << " rejected alike, " << tally.kernel_gaps
            << " CPU kernel gaps (Half; BFloat16 mish, prod, nearest-exact and transposed "
               "convolutions; integer reflect and replicate pads), "
            << tally.data_dependent << " data-dependent shapes, " << tally.unrepresentable
            << " not represented (complex128/complex32 results, in-place running "
               "statistics, ...), "
            << tally.newer_rules << " rules stricter than 1.13's CPU kernels, " << tally.failures
            << " disagreements\n";
  CHECK(tally.failures == 0);
}
