// What `thunderc run` reports: the result and the mutated inputs as JSON (structure, tensor
// metadata and checksums, identities), the inputs' state before a run (to tell what the run
// changed), and the comparison of two runs (`--check`: the traces against the eager reference).
#pragma once

#include "runtime/rvalue.h"

#include <nlohmann/json.hpp>

#include <string>
#include <unordered_map>
#include <vector>

namespace thunderc::runtime {

using Json = nlohmann::ordered_json;

// The objects of the inputs (and their tensors) by identity, each with the input path where it is
// first met, taken before a run: a result that holds one of them holds an input.
class InputPaths {
public:
  explicit InputPaths(const Roots &inputs);
  const std::string *find(const RValue *v) const;

private:
  std::unordered_map<const RValue *, std::string> paths_;
  std::vector<RRef> keep_; // the objects stay alive, so that no address is reused
};

// A value as JSON, in the graph format's spelling where it has one: null, true, 3, 2.5, "s", a
// bare array for a tuple, {"list": [...]}, {"dict": {...}} (+ "ordered": true),
// {"dataclass": "C", "fields": {...}}, {"dtype": "float32"}, {"device": "cpu"}, {"class": "C"};
// a tensor as {"tensor": shape, "dtype", "device", "requires_grad", "sum", "fnv1a64"}; an input
// object is {"input": path, "type": T} and an input tensor names its path as "input" too (given
// `inputs`); an object met a second time is {"same_as": "<path where first met>"}.
Json describe_value(const RRef &v, const InputPaths *inputs, const std::string &root = "result");

// JSON text with a 2-space indent, arrays of numbers and strings on one line.
std::string dump_json(const Json &j);

// The sum of a tensor's elements (in float64) and an FNV-1a 64-bit hash of its bytes in
// row-major order, as 16 hex digits.
double tensor_sum(const at::Tensor &t);
std::string tensor_hash(const at::Tensor &t);

// The inputs' state: their structure, with each tensor's identity and version counter (no data
// is copied). `changed_paths` lists where the inputs now differ from it: a tensor written in
// place, a member or item replaced, a container's length or keys changed.
class InputState {
public:
  explicit InputState(const Roots &inputs);
  std::vector<std::string> changed_paths(const Roots &inputs) const;

private:
  Roots snapshot_;
  std::unordered_map<const RValue *, RRef> original_; // snapshot node -> input node (kept alive)
};

// Compares the values of two runs on two equal copies of the inputs, keeping a one-to-one
// correspondence between their objects (identity): `pair` declares corresponding objects (the
// two copies' objects at one input path), `compare` records every difference with its path.
// Tensors must agree in dtype, shape, device, requires_grad and every bit.
class Comparer {
public:
  void pair_inputs(const Roots &a, const Roots &b);
  void compare_inputs(const Roots &a, const Roots &b);
  void compare(const RRef &a, const RRef &b, const std::string &path);
  std::vector<std::string> differences;

private:
  std::unordered_map<const RValue *, std::pair<const RValue *, std::string>> a_to_b_, b_to_a_;
  std::unordered_map<const RValue *, const RValue *> done_;
  std::vector<RRef> keep_; // paired objects stay alive, so that no address is reused
  void diff(const std::string &path, const std::string &what) { differences.push_back(path + ": " + what); }
  void tensors(const at::Tensor &a, const at::Tensor &b, const std::string &path);
};

// The tensors of a value by path (`result`, `result[0]`, `result.logits`), for --save.
void collect_tensors(const RRef &v, const std::string &path, std::vector<std::pair<std::string, at::Tensor>> &out);

} // namespace thunderc::runtime
