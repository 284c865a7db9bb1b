// Building the compiled library of `compile --so`: runs the system C++ compiler on DIR/<name>.cpp
// (written by emit_cpp) against libtorch and leaves DIR/<name>.so. The compiler and libtorch's
// flags are the ones recorded when thunderc was configured (generated/torch_flags.h), unless
// overridden per setting (an option beats a variable; a setting's own option or variable beats
// the prefix's of the same kind):
//   compiler        --cxx            THUNDERC_CXX
//   compile flags   --torch-cflags   THUNDERC_TORCH_CFLAGS
//   link flags      --torch-ldflags  THUNDERC_TORCH_LDFLAGS
//   both, from an install prefix holding include/ and lib/ (a libtorch archive, or PyTorch's
//   package directory): --torch-prefix, THUNDERC_TORCH_PREFIX
//   optimisation    THUNDERC_SO_CXXFLAGS (default -O1)
// Flag strings are split into words like a POSIX shell does (quotes and backslashes; no
// expansions). The build is cached: DIR/<name>.so.key holds a hash (FNV-1a 64) of the source,
// the compiler command, and the size and time stamp of the compiler's programs and of libtorch's
// main headers, and a build is skipped when the .so exists and that hash matches. The source is
// compiled to an object and linked in a second command (so that a compiler cache can keep the
// object), both into temporary files in DIR; the library is renamed into place, so a failed build
// leaves no <name>.so behind (a stale one is removed: it would not match the new source).
// The ATen headers, most of a build's time, are precompiled once per toolchain (compiler, flags,
// libtorch) into a cache directory ($THUNDERC_CACHE_DIR, else $XDG_CACHE_HOME/thunderc, else
// ~/.cache/thunderc) and given to every build with -include; the first build pays for it. A
// header that cannot be built or used only makes builds slower (a warning says why).
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace thunderc {

struct SoBuildOptions {
  std::string cxx, torch_cflags, torch_ldflags, torch_prefix; // empty: environment, else configured
  bool pch = true; // build with the cached precompiled header (--no-pch: false)
};

// The compiler and flags a build uses, overrides applied.
struct SoToolchain {
  std::string cxx;
  std::vector<std::string> cflags;  // libtorch's include directories and defines
  std::vector<std::string> ldflags; // libtorch's libraries
  std::vector<std::string> opt;     // -O1 or THUNDERC_SO_CXXFLAGS
};
SoToolchain resolve_toolchain(const SoBuildOptions &);

// The compiler's argv for compiling `source` into `object` (with `-include pch` unless pch is "")
// and for linking `object` into `so`.
struct SoCommands {
  std::vector<std::string> compile, link;
};
SoCommands so_build_commands(const SoToolchain &, const std::string &source,
                             const std::string &object, const std::string &so,
                             const std::string &pch = "");

struct SoBuildResult {
  std::string path;     // DIR/<name>.so
  bool rebuilt = false; // false: the cached library was up to date
  double seconds = 0;   // compiler wall time
};

// Thrown when the compiler cannot be run or fails; its output has been logged (spdlog error).
class SoBuildError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Builds DIR/<name>.so from DIR/<name>.cpp (which must exist) unless the cache says it is up to
// date. Progress is logged at info level, compiler output at error level when the build fails.
SoBuildResult build_so(const std::string &dir, const std::string &name, const SoBuildOptions &);

// Splits a flag string into words like a POSIX shell (single and double quotes, backslash).
std::vector<std::string> split_flags(const std::string &text);

} // namespace thunderc
