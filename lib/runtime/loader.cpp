#include "runtime/loader.h"

#include "support/diagnostics.h"

#include <fmt/format.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <unistd.h>
#include <vector>

namespace thunderc {

namespace {
std::string executable_dir() {
  std::vector<char> buf(4096);
  ssize_t n = readlink("/proc/self/exe", buf.data(), buf.size() - 1);
  if (n <= 0) return ".";
  std::string path(buf.data(), size_t(n));
  size_t slash = path.rfind('/');
  return slash == std::string::npos ? "." : path.substr(0, slash);
}
} // namespace

int run_in_runtime(const ThundercRunRequest &request) {
  std::vector<std::string> candidates;
  if (const char *env = std::getenv("THUNDERC_RUNTIME"); env && *env) {
    candidates.emplace_back(env);
  } else {
    std::string dir = executable_dir();
    candidates.push_back(dir + "/" THUNDERC_RUNTIME_LIBRARY);
    candidates.push_back(dir + "/../lib/thunderc/" THUNDERC_RUNTIME_LIBRARY);
  }
  std::string tried, errors;
  for (const std::string &path : candidates) {
    if (access(path.c_str(), F_OK) != 0) {
      tried += (tried.empty() ? "" : ", ") + path;
      continue;
    }
    // RTLD_LOCAL: libtorch's symbols stay out of the global namespace.
    void *lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!lib) throw UserError("", fmt::format("cannot load {}: {}", path, dlerror()));
    auto *version = static_cast<const uint32_t *>(dlsym(lib, "thunderc_runtime_abi_version"));
    auto entry = reinterpret_cast<ThundercRunFn>(dlsym(lib, THUNDERC_RUNTIME_ENTRY));
    if (!version || !entry || *version != THUNDERC_RUNTIME_ABI_VERSION)
      throw UserError("", fmt::format("{} is from another thunderc version (runtime interface {}, this "
                                      "executable speaks {}); rebuild thunderc",
                                      path, version ? std::to_string(*version) : "unknown",
                                      THUNDERC_RUNTIME_ABI_VERSION));
    return entry(&request);
  }
  throw UserError("", fmt::format("`thunderc run` needs {} (the part of thunderc that links libtorch), and "
                                  "it is not installed: looked at {}; build it with `cmake --build BUILD "
                                  "--target thunderc_runtime` or set THUNDERC_RUNTIME to its path",
                                  THUNDERC_RUNTIME_LIBRARY, tried));
}

} // namespace thunderc
