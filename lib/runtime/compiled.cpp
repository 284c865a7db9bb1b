#include "runtime/compiled.h"

#include "ops/ops.h"
#include "support/diagnostics.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/stack.h>
#include <fmt/format.h>

#include <dlfcn.h>
#include <optional>
#include <sstream>
#include <sys/stat.h>

namespace thunderc::runtime {

struct CompiledComputation::Impl {
  void *handle = nullptr;
  // The C entry point.
  using RunFn = int (*)(const at::Tensor *, size_t, at::Tensor *, size_t);
  RunFn run = nullptr;
  const char *(*last_error)() = nullptr;
  size_t (*num_outputs)() = nullptr;
  // Else the dispatcher op.
  std::optional<c10::OperatorHandle> op;
  bool list_in = false;
};

CompiledComputation::CompiledComputation(const std::string &path, const std::string &name) {
  auto fail = [&](const std::string &what) { return UserError("/", fmt::format("--so {}: {}", path, what)); };
  struct stat st;
  if (stat(path.c_str(), &st) != 0)
    throw fail("no such file; build it with `thunderc compile GRAPH -o DIR --so` (it is DIR/" + name + ".so)");
  // The path is used as given: dlopen searches the library path only for names without a slash.
  std::string open = path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = dlopen(open.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) throw fail(std::string("cannot load it: ") + dlerror());
  impl_ = std::make_shared<Impl>();
  impl_->handle = handle; // never closed: the dispatcher keeps pointers into it
  std::string prefix = "thunderc_" + name + "_";
  impl_->run = reinterpret_cast<Impl::RunFn>(dlsym(handle, (prefix + "run").c_str()));
  impl_->last_error = reinterpret_cast<const char *(*)()>(dlsym(handle, (prefix + "last_error").c_str()));
  impl_->num_outputs = reinterpret_cast<size_t (*)()>(dlsym(handle, (prefix + "num_outputs").c_str()));
  if (impl_->run && impl_->last_error && impl_->num_outputs) {
    schema_ = prefix + "run";
    return;
  }
  impl_->run = nullptr;
  auto op = c10::Dispatcher::singleton().findSchema({"thunderc::" + name, ""});
  if (!op)
    throw fail(fmt::format("it registers no op thunderc::{} (was it compiled from this graph? its name is "
                           "the graph's \"name\")",
                           name));
  impl_->op = *op;
  const c10::FunctionSchema &schema = op->schema();
  impl_->list_in = schema.arguments().size() == 1 &&
                   schema.arguments()[0].type()->isSubtypeOf(*c10::ListType::ofTensors());
  std::ostringstream s;
  s << schema;
  schema_ = s.str();
}

std::vector<at::Tensor> CompiledComputation::operator()(const std::vector<at::Tensor> &inputs) const {
  if (impl_->run) {
    std::vector<at::Tensor> out(impl_->num_outputs());
    if (impl_->run(inputs.data(), inputs.size(), out.data(), out.size()) != 0)
      throw ops::OpError(std::string("the compiled computation failed: ") + impl_->last_error());
    return out;
  }
  torch::jit::Stack stack;
  if (impl_->list_in) {
    stack.emplace_back(c10::List<at::Tensor>(inputs));
  } else {
    for (const at::Tensor &t : inputs) stack.emplace_back(t);
  }
  impl_->op->callBoxed(&stack);
  std::vector<at::Tensor> out;
  for (const c10::IValue &v : stack) {
    if (v.isTensor()) out.push_back(v.toTensor());
    else if (v.isTensorList())
      for (const at::Tensor &t : v.toTensorVector()) out.push_back(t);
    else if (v.isTuple())
      for (const c10::IValue &e : v.toTupleRef().elements()) out.push_back(e.toTensor());
    else if (!v.isNone())
      throw UserError("/", fmt::format("the compiled computation returned a {}, not tensors", v.tagKind()));
  }
  return out;
}

} // namespace thunderc::runtime
