// Real values for `thunderc run`: the Python objects a program receives and returns, with real
// ATen tensors. An RRef is an object's identity (two references to one object are one pointer),
// so aliasing, mutation and "a returned input is the input itself" behave as in Python. Members of
// dicts, objects, dataclasses and modules are entries in insertion (declared) order; a module's
// entries carry their slot (parameter, buffer, sub-module, attribute) as in the interpreter.
#pragma once

#include "values/dtype.h"
#include "values/provenance.h"

#include <ATen/core/Tensor.h>

#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace thunderc::runtime {

struct RValue;
using RRef = std::shared_ptr<RValue>;

struct REntry {
  std::string name; // attribute name, or a dict key's text when the key is a str
  RRef key;         // dicts: the key (any hashable value); otherwise a str of `name`
  RRef value;
  Slot slot = Slot::Attr;
};

struct RValue {
  enum class Kind : uint8_t {
    None, Bool, Int, Float, Str, DType, Device, Ellipsis, Slice, Tuple, List, Dict,
    Object, Dataclass, Module, Class, Tensor
  };
  Kind kind = Kind::None;
  bool b = false;
  int64_t i = 0;
  double f = 0;
  std::string s;           // Str: the text; Object/Dataclass/Module/Class: the graph's class name
  DType dtype = DType::Float32;
  Device device;
  std::vector<RRef> items; // Tuple, List, Slice (start, stop, step)
  std::vector<REntry> entries;
  bool ordered_dict = false;
  at::Tensor tensor;

  static RRef none();
  static RRef boolean(bool v);
  static RRef integer(int64_t v);
  static RRef floating(double v);
  static RRef str(std::string v);
  static RRef of_dtype(DType d);
  static RRef of_device(Device d);
  static RRef ellipsis();
  static RRef seq(Kind k, std::vector<RRef> items); // Tuple, List, Slice
  static RRef object(Kind k, std::string cls);      // Dict (cls ""), Object, Dataclass, Module, Class
  static RRef of_tensor(at::Tensor t);

  bool is_scalar() const { return kind <= Kind::Ellipsis; }
  // An object whose identity a program can rely on (not scalars, tuples, slices or classes).
  bool has_identity() const {
    return kind == Kind::List || kind == Kind::Dict || kind == Kind::Object || kind == Kind::Dataclass ||
           kind == Kind::Module || kind == Kind::Tensor;
  }
  // A member by name (attributes, fields, module members, str dict keys); nullptr when absent.
  REntry *find(std::string_view name);
  // Python's setattr: a module keeps a member's slot (a tensor set on a buffer name stays a
  // buffer); a new member is an attribute (a sub-module when the value is a module).
  void set_attr(const std::string &name, RRef value);
};

// Python equality of hashable scalars (dict keys); identity otherwise.
bool key_equal(const RValue &a, const RValue &b);
// Python's type name for messages: "int", "NoneType", "Tensor", "StaticCache".
std::string type_name(const RValue &v);
// Python's repr, short: 3, 'a', torch.float32, device(type='cpu'), (1, 2), <StaticCache object>.
std::string repr(const RValue &v);
// d[key] = value on a dict: replaces the entry with an equal key, else appends one.
void set_item(RValue &d, RRef key, RRef value);
// `(1, 6)`, `(16,)`, `()`.
std::string shape_text(at::IntArrayRef shape);
// Thunder's type comment of a real tensor: "cpu f32[2, 2]".
std::string tensor_text(const at::Tensor &t);

at::ScalarType to_aten(DType d);
DType from_aten(at::ScalarType t); // throws std::invalid_argument for dtypes thunderc lacks
at::Device to_aten(const Device &d);
// nullopt for device types thunderc has no name for (xpu, mps, ...): no literal names them, so no
// guard may take such a tensor for one on a device it knows.
std::optional<Device> from_aten(const at::Device &d);
// device_name() of the device, or ATen's spelling for one thunderc has no name for ("xpu:0").
std::string device_text(const at::Device &d);

// The input roots a program is called with.
struct Roots {
  RRef self; // null when the graph has no inputs.self
  RRef args, kwargs;
};

// A deep copy (tensors cloned, requires_grad kept) preserving aliasing; `pairs` receives
// original -> copy for every object with identity.
Roots deep_copy(const Roots &r, std::unordered_map<const RValue *, RRef> *pairs = nullptr);

// Every value of the inputs with its input path (`args[0]`, `kwargs['k'].cache[1]`,
// `self.layers[0].weight`), parents first; an object reached twice is listed at its first path.
struct PathValue {
  std::string path;
  RRef value;
};
std::vector<PathValue> walk_inputs(const Roots &r);

// Wraps tensors as values, one value per tensor object (TensorImpl): a tensor that is an input
// (ATen hands back the very input, as `x.to(x.dtype)` does) is that input's value, and one tensor
// reached twice is one value, as Python identity would have it.
class TensorValues {
public:
  explicit TensorValues(const Roots &inputs);
  RRef wrap(const at::Tensor &t);

private:
  std::unordered_map<const void *, RRef> by_impl_;
};

// Input paths spell module children with numeric names as indices (`layers[0]`) and attributes
// with dots; `layers.0` and `layers[0]`, `d['k']` and `d.k` name the same place after this.
std::string normalize_path(std::string_view path);

} // namespace thunderc::runtime
