#include "driver/build_so.h"

#include "emit/cpp.h"
#include "support/atomic_write.h"
#include "support/diagnostics.h"
#include "support/hash.h"
#include "torch_flags.h" // generated at configure time (CMakeLists.txt, "compiled library" block)

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace thunderc {

namespace fs = std::filesystem;

namespace {

std::string env(const char *name) {
  const char *v = std::getenv(name);
  return v ? std::string(v) : std::string();
}

std::string read_text(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// ---- flags from an install prefix --------------------------------------------------------------

// TORCH_CXX_FLAGS as the prefix's TorchConfig.cmake sets them (the libstdc++ ABI define).
std::vector<std::string> config_cxx_flags(const fs::path &prefix) {
  std::vector<fs::path> candidates = {prefix / "share/cmake/Torch/TorchConfig.cmake",
                                      prefix / "lib/cmake/Torch/TorchConfig.cmake"};
  std::error_code ec;
  if (fs::is_directory(prefix / "lib", ec))
    for (const auto &entry : fs::directory_iterator(prefix / "lib", ec))
      candidates.push_back(entry.path() / "cmake/Torch/TorchConfig.cmake");
  static const std::regex flags_re(R"re(set\(TORCH_CXX_FLAGS\s+"([^"]*)"\))re");
  for (const auto &c : candidates) {
    if (!fs::is_regular_file(c, ec)) continue;
    std::string text = read_text(c);
    std::smatch m;
    if (std::regex_search(text, m, flags_re)) return split_flags(m[1].str());
  }
  return {};
}

fs::path library_dir(const fs::path &prefix) {
  std::error_code ec;
  if (fs::exists(prefix / "lib/libtorch.so", ec)) return prefix / "lib";
  if (fs::is_directory(prefix / "lib", ec))
    for (const auto &entry : fs::directory_iterator(prefix / "lib", ec))
      if (fs::exists(entry.path() / "libtorch.so", ec)) return entry.path();
  return prefix / "lib";
}

std::vector<std::string> prefix_cflags(const std::string &prefix_text) {
  const fs::path prefix = prefix_text;
  std::vector<std::string> out = {"-I" + (prefix / "include").string(),
                                  "-I" + (prefix / "include/torch/csrc/api/include").string()};
  for (auto &f : config_cxx_flags(prefix))
    out.push_back(f);
  return out;
}

std::vector<std::string> prefix_ldflags(const std::string &prefix_text) {
  const fs::path prefix = prefix_text;
  const fs::path lib = library_dir(prefix);
  // --no-as-needed keeps libtorch.so, which loads libtorch_cuda.so when the install has CUDA
  return {"-L" + lib.string(),  "-Wl,-rpath," + lib.string(),
          "-Wl,--no-as-needed", "-ltorch",
          "-ltorch_cpu",        "-lc10"};
}

// The identity of a toolchain, as text for cache keys: the path, size and time stamp of each
// program in the compiler command ("ccache g++": both) and of libtorch's version and main
// headers, so that an upgrade in place changes it.
std::string toolchain_identity(const SoToolchain &t) {
  std::string id;
  std::error_code ec;
  auto stamp = [&](const fs::path &p) {
    const auto size = fs::file_size(p, ec);
    const auto time = fs::last_write_time(p, ec).time_since_epoch().count();
    id += fmt::format("{} {} {}\n", p.string(), size, time);
  };
  for (const auto &word : split_flags(t.cxx)) {
    if (word.starts_with('-')) continue;
    fs::path program = word;
    if (word.find('/') == std::string::npos) { // looked up in PATH, as execvp does
      const std::string path = env("PATH");
      for (size_t start = 0; start <= path.size();) {
        size_t end = path.find(':', start);
        fs::path dir =
            path.substr(start, end == std::string::npos ? std::string::npos : end - start);
        if (fs::is_regular_file(dir / word, ec)) {
          program = dir / word;
          break;
        }
        if (end == std::string::npos) break;
        start = end + 1;
      }
    }
    program = fs::canonical(program, ec);
    if (!ec) stamp(program);
  }
  std::vector<fs::path> dirs;
  for (const auto &f : t.cflags)
    if (f.starts_with("-I") && f.size() > 2) dirs.push_back(f.substr(2));
  dirs.insert(dirs.end(), {"/usr/include", "/usr/include/torch/csrc/api/include"});
  for (const char *header : {"torch/version.h", "ATen/core/TensorBody.h", "ATen/Functions.h"})
    for (const auto &d : dirs)
      if (fs::is_regular_file(d / header, ec)) {
        stamp(d / header);
        break;
      }
  return id;
}

// ---- running the compiler --------------------------------------------------------------------

struct ProcessResult {
  int status = -1; // exit status; -1 when it could not be run or was killed
  std::string output, failure;
};

// An interrupted build leaves nothing behind: while the compiler runs, SIGINT, SIGTERM and SIGHUP
// stop it (its whole process group: driver, cc1plus, ld) and remove the temporary files (object,
// library), then thunderc dies of the same signal. Only async-signal-safe calls in the handler.
namespace interrupted {
volatile sig_atomic_t compiler = 0; // the compiler's pid (and process group), 0 when none runs
char temporary[2][PATH_MAX] = {};   // the files being written

void on_signal(int sig) {
  if (compiler > 0) {
    ::kill(-compiler, SIGTERM);
    int status;
    while (::waitpid(compiler, &status, 0) < 0 && errno == EINTR) {
    }
  }
  for (const char *path : temporary)
    if (path[0] != '\0') ::unlink(path);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

constexpr int kSignals[] = {SIGINT, SIGTERM, SIGHUP};

// Installs the handler for one build, and restores the previous handlers after it.
class Guard {
public:
  explicit Guard(const std::string &first, const std::string &second = "") {
    const std::string *paths[] = {&first, &second};
    for (size_t i = 0; i < std::size(paths); ++i)
      if (paths[i]->size() < sizeof temporary[i])
        std::memcpy(temporary[i], paths[i]->c_str(), paths[i]->size() + 1);
    struct sigaction sa = {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < std::size(kSignals); ++i)
      ::sigaction(kSignals[i], &sa, &previous_[i]);
  }
  ~Guard() {
    for (size_t i = 0; i < std::size(kSignals); ++i)
      ::sigaction(kSignals[i], &previous_[i], nullptr);
    compiler = 0;
    for (char *path : temporary)
      path[0] = '\0';
  }
  Guard(const Guard &) = delete;
  Guard &operator=(const Guard &) = delete;

private:
  struct sigaction previous_[std::size(kSignals)];
};

// Blocks the signals above while the compiler is started, so that its pid is known to the
// handler before the handler can run.
sigset_t block_signals() {
  sigset_t set, old;
  sigemptyset(&set);
  for (int sig : kSignals)
    sigaddset(&set, sig);
  ::sigprocmask(SIG_BLOCK, &set, &old);
  return old;
}
} // namespace interrupted

// Runs argv in its own process group (see `interrupted`), its stdout and stderr captured.
ProcessResult run_process(const std::vector<std::string> &argv) {
  ProcessResult r;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    r.failure = fmt::format("cannot create a pipe: {}", std::strerror(errno));
    return r;
  }
  std::vector<char *> args;
  for (const auto &a : argv)
    args.push_back(const_cast<char *>(a.c_str()));
  args.push_back(nullptr);
  const sigset_t unblocked = interrupted::block_signals();
  pid_t pid = fork();
  if (pid < 0) {
    r.failure = fmt::format("cannot fork: {}", std::strerror(errno));
    ::sigprocmask(SIG_SETMASK, &unblocked, nullptr);
    ::close(fds[0]);
    ::close(fds[1]);
    return r;
  }
  if (pid == 0) {
    ::setpgid(0, 0);
    for (int sig : interrupted::kSignals)
      ::signal(sig, SIG_DFL);
    ::sigprocmask(SIG_SETMASK, &unblocked, nullptr);
    ::dup2(fds[1], 1);
    ::dup2(fds[1], 2);
    ::execvp(args[0], args.data());
    std::string msg = fmt::format("cannot run {}: {}\n", argv[0], std::strerror(errno));
    ssize_t ignored = ::write(2, msg.data(), msg.size());
    (void)ignored;
    _exit(127);
  }
  ::setpgid(pid, pid); // as the child does: whichever runs first
  interrupted::compiler = pid;
  ::sigprocmask(SIG_SETMASK, &unblocked, nullptr);
  ::close(fds[1]);
  std::array<char, 65536> buf;
  for (;;) {
    ssize_t n = ::read(fds[0], buf.data(), buf.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    r.output.append(buf.data(), static_cast<size_t>(n));
  }
  ::close(fds[0]);
  int status = 0;
  pid_t waited;
  while ((waited = waitpid(pid, &status, 0)) < 0 && errno == EINTR) {
  }
  interrupted::compiler = 0;
  if (waited < 0) {
    r.failure = fmt::format("waiting for the compiler failed: {}", std::strerror(errno));
    return r;
  }
  if (WIFEXITED(status))
    r.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    r.failure = fmt::format("the compiler was killed by signal {}", WTERMSIG(status));
  return r;
}

// Why a run of `program` failed, "" when it succeeded.
std::string failure_of(const ProcessResult &r, const std::string &program) {
  if (!r.failure.empty()) return r.failure;
  if (r.status == 127) return fmt::format("cannot run the compiler {}", program);
  if (r.status != 0) return fmt::format("the compiler exited with status {}", r.status);
  return {};
}

std::string shell_quote(const std::string &s) {
  if (!s.empty() &&
      s.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                          "_-+=/.,:@%") == std::string::npos)
    return s;
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string command_text(const std::vector<std::string> &argv) {
  std::string s;
  for (const auto &a : argv)
    s += (s.empty() ? "" : " ") + shell_quote(a);
  return s;
}

} // namespace

std::vector<std::string> split_flags(const std::string &text) {
  std::vector<std::string> out;
  std::string word;
  bool in_word = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\n') {
      if (in_word) out.push_back(word);
      word.clear();
      in_word = false;
    } else if (c == '\'') {
      in_word = true;
      size_t end = text.find('\'', i + 1);
      if (end == std::string::npos) end = text.size();
      word += text.substr(i + 1, end - i - 1);
      i = end;
    } else if (c == '"') {
      in_word = true;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size() && std::strchr("\"\\$`", text[i + 1])) ++i;
        word += text[i];
      }
    } else if (c == '\\' && i + 1 < text.size()) {
      in_word = true;
      word += text[++i];
    } else {
      in_word = true;
      word += c;
    }
  }
  if (in_word) out.push_back(word);
  return out;
}

SoToolchain resolve_toolchain(const SoBuildOptions &o) {
  auto pick = [](const std::string &option, const char *var) {
    return !option.empty() ? option : env(var);
  };
  SoToolchain t;
  t.cxx = pick(o.cxx, "THUNDERC_CXX");
  if (t.cxx.empty()) t.cxx = THUNDERC_CONFIGURED_CXX;
  // Per setting: its option, the prefix option, its variable, the prefix variable, configured.
  auto flags = [&](const std::string &option, const char *var, auto from_prefix,
                   const char *configured) {
    if (!option.empty()) return split_flags(option);
    if (!o.torch_prefix.empty()) return from_prefix(o.torch_prefix);
    if (!env(var).empty()) return split_flags(env(var));
    if (!env("THUNDERC_TORCH_PREFIX").empty()) return from_prefix(env("THUNDERC_TORCH_PREFIX"));
    return split_flags(configured);
  };
  t.cflags = flags(o.torch_cflags, "THUNDERC_TORCH_CFLAGS", prefix_cflags,
                   THUNDERC_CONFIGURED_TORCH_CFLAGS);
  t.ldflags = flags(o.torch_ldflags, "THUNDERC_TORCH_LDFLAGS", prefix_ldflags,
                    THUNDERC_CONFIGURED_TORCH_LDFLAGS);
  const std::string opt = env("THUNDERC_SO_CXXFLAGS");
  t.opt = split_flags(opt.empty() ? std::string("-O1") : opt);
  return t;
}

namespace {

// The compiler command's words ("ccache g++" works), for compiling and for linking.
std::vector<std::string> compiler_words(const SoToolchain &t) {
  std::vector<std::string> argv = split_flags(t.cxx);
  if (argv.empty()) argv.push_back("c++");
  return argv;
}

// The compiler and the flags that a precompiled header must share with the builds using it.
std::vector<std::string> compile_words(const SoToolchain &t) {
  std::vector<std::string> argv = compiler_words(t);
  argv.push_back("-std=c++17");
  argv.insert(argv.end(), t.opt.begin(), t.opt.end());
  argv.push_back("-fPIC");
  argv.insert(argv.end(), t.cflags.begin(), t.cflags.end());
  return argv;
}

} // namespace

SoCommands so_build_commands(const SoToolchain &t, const std::string &source,
                             const std::string &object, const std::string &so,
                             const std::string &pch) {
  SoCommands c;
  c.compile = compile_words(t);
  if (!pch.empty()) c.compile.insert(c.compile.end(), {"-Winvalid-pch", "-include", pch});
  c.compile.insert(c.compile.end(), {"-c", source, "-o", object});
  c.link = compiler_words(t);
  c.link.insert(c.link.end(), t.opt.begin(), t.opt.end()); // -flto and the like
  c.link.insert(c.link.end(), {"-shared", object, "-o", so});
  c.link.insert(c.link.end(), t.ldflags.begin(), t.ldflags.end());
  return c;
}

namespace {

// ---- the precompiled header --------------------------------------------------------------------

// emit_cpp's headers (cpp_headers_superset), compiled once per toolchain into a precompiled header
// that every build then names with -include. The generated file includes a subset of it itself,
// so it builds the same without the header.
constexpr std::string_view kPchName = "thunderc_aten.h";

// $THUNDERC_CACHE_DIR, else $XDG_CACHE_HOME/thunderc, else ~/.cache/thunderc ("" when none).
fs::path cache_dir() {
  if (std::string d = env("THUNDERC_CACHE_DIR"); !d.empty()) return d;
  if (std::string d = env("XDG_CACHE_HOME"); !d.empty()) return fs::path(d) / "thunderc";
  if (std::string d = env("HOME"); !d.empty()) return fs::path(d) / ".cache" / "thunderc";
  return {};
}

// Removes the other CACHE/pch-* directories whose header was built more than 30 days ago (left
// by an older compiler or libtorch; one that is still in use is built again when next needed).
void remove_stale_headers(const fs::path &root, const fs::path &keep) {
  const auto cutoff = fs::file_time_type::clock::now() - std::chrono::hours(24 * 30);
  std::error_code ec;
  std::vector<fs::path> stale;
  for (const auto &entry : fs::directory_iterator(root, ec)) {
    const fs::path dir = entry.path();
    if (dir == keep || !dir.filename().string().starts_with("pch-")) continue;
    const fs::path gch = dir / (std::string(kPchName) + ".gch");
    const auto built = fs::last_write_time(fs::exists(gch, ec) ? gch : dir, ec);
    if (!ec && built < cutoff) stale.push_back(dir);
  }
  for (const auto &dir : stale) {
    spdlog::info("removing {}: its precompiled header is over 30 days old", dir.string());
    fs::remove_all(dir, ec);
  }
}

// The header to -include for a build with `tool` (whose toolchain_identity is `identity`):
// CACHE/pch-<key>/thunderc_aten.h beside its .gch, built first when missing. "" (build without
// one) when there is no cache directory, it cannot be written, or building the header failed, now
// or before (CACHE/pch-<key>/failed.log).
std::string precompiled_header(const SoToolchain &tool, const std::string &identity) {
  const fs::path root = cache_dir();
  if (root.empty()) return {};
  const std::string text = cpp_headers_superset();
  std::vector<std::string> argv = compile_words(tool);
  std::string key = text;
  for (const auto &a : argv)
    key += a + '\0';
  key += "\n" + identity;
  const fs::path dir = root / ("pch-" + hex64(fnv1a64(key)));
  const fs::path header = dir / kPchName;
  const fs::path gch = dir / (std::string(kPchName) + ".gch");
  const fs::path failed = dir / "failed.log";
  std::error_code ec;
  if (fs::is_regular_file(gch, ec)) return header.string();
  if (fs::exists(failed, ec)) {
    spdlog::info("building without a precompiled header: it failed to build before (see {}; "
                 "remove that directory to try again)",
                 failed.string());
    return {};
  }
  try {
    write_files_atomically(dir.string(), {{std::string(kPchName), text}});
  } catch (const UserError &e) {
    spdlog::warn("building without a precompiled header: {}", e.what());
    return {};
  }
  std::string tmp = (dir / ("." + std::string(kPchName) + ".gch.XXXXXX")).string();
  int fd = mkstemp(tmp.data());
  if (fd < 0) {
    spdlog::warn("building without a precompiled header: cannot write in {}: {}", dir.string(),
                 std::strerror(errno));
    return {};
  }
  ::close(fd);
  argv.insert(argv.end(), {"-x", "c++-header", header.string(), "-o", tmp});
  spdlog::info("precompiling the ATen headers once for this compiler and libtorch (later builds "
               "reuse {}): {}",
               gch.string(), command_text(argv));
  ProcessResult run;
  {
    interrupted::Guard guard(tmp);
    run = run_process(argv);
  }
  ::chmod(tmp.c_str(), 0644);
  std::string why = failure_of(run, argv.front());
  if (why.empty()) {
    if (std::rename(tmp.c_str(), gch.c_str()) == 0) {
      remove_stale_headers(root, dir);
      return header.string();
    }
    why = fmt::format("cannot rename {}: {}", tmp, std::strerror(errno));
  }
  std::remove(tmp.c_str());
  try {
    write_files_atomically(dir.string(),
                           {{"failed.log", command_text(argv) + "\n" + why + "\n" + run.output}});
  } catch (const UserError &) {
  }
  spdlog::warn("building without a precompiled header: {} (see {})", why, failed.string());
  return {};
}

} // namespace

SoBuildResult build_so(const std::string &dir, const std::string &name,
                       const SoBuildOptions &options) {
  const fs::path source = fs::path(dir) / (name + ".cpp");
  const fs::path so = fs::path(dir) / (name + ".so");
  const fs::path hash_file = fs::path(dir) / (name + ".so.key");
  SoBuildResult result;
  result.path = so.string();

  std::error_code ec;
  if (!fs::is_regular_file(source, ec))
    throw SoBuildError(fmt::format("{} is missing", source.string()));
  const SoToolchain tool = resolve_toolchain(options);
  // The key: thunderc's version, the command (with a fixed output name), the identity of the
  // compiler and of libtorch's headers (an upgrade in place changes them), and the source.
  std::string key = std::string("thunderc ") + THUNDERC_VERSION + "\n";
  const SoCommands key_commands =
      so_build_commands(tool, source.filename().string(), name + ".o", name + ".so");
  for (const auto *argv : {&key_commands.compile, &key_commands.link})
    for (const auto &a : *argv)
      key += a + '\0';
  const std::string identity = toolchain_identity(tool);
  key += "\n" + identity + "\n" + read_text(source);
  const std::string hash = hex64(fnv1a64(key));
  if (fs::is_regular_file(so, ec) && fs::is_regular_file(hash_file, ec) &&
      read_text(hash_file) == hash + "\n") {
    spdlog::info("{} is up to date", so.string());
    return result;
  }
  fs::remove(hash_file, ec);
  // Not part of the key: the precompiled header holds what the source includes itself.
  const std::string pch = options.pch ? precompiled_header(tool, identity) : std::string();

  // Compiled to an object, then linked: a compiler cache (--cxx "ccache g++") can keep the object.
  std::string object = (fs::path(dir) / ("." + name + ".o.XXXXXX")).string();
  std::string tmp = (fs::path(dir) / ("." + name + ".so.XXXXXX")).string();
  for (std::string *path : {&object, &tmp}) {
    int fd = mkstemp(path->data());
    if (fd < 0) {
      const int err = errno;
      if (path == &tmp) std::remove(object.c_str());
      throw SoBuildError(fmt::format("cannot write in {}: {}", dir, std::strerror(err)));
    }
    ::close(fd);
  }
  const SoCommands commands = so_build_commands(tool, source.string(), object, tmp, pch);
  const auto start = std::chrono::steady_clock::now();
  interrupted::Guard guard(object, tmp); // from the compile to the rename
  for (const auto *argv : {&commands.compile, &commands.link}) {
    spdlog::info("{} {}: {}", argv == &commands.compile ? "compiling" : "linking", so.string(),
                 command_text(*argv));
    const ProcessResult run = run_process(*argv);
    if (const std::string why = failure_of(run, argv->front()); !why.empty()) {
      std::remove(object.c_str());
      std::remove(tmp.c_str());
      fs::remove(so, ec); // it was built from an older source
      if (!run.output.empty()) {
        constexpr size_t kShown = 64 * 1024; // the first errors matter; the rest only scroll
        std::string shown = run.output.size() <= kShown
                                ? run.output
                                : run.output.substr(0, kShown) +
                                      fmt::format("\n[... {} more bytes of compiler output]\n",
                                                  run.output.size() - kShown);
        spdlog::error("compiler output:\n{}", shown);
      }
      throw SoBuildError(
          fmt::format("building {} failed: {} (command: {}); set --cxx, --torch-prefix or "
                      "--torch-cflags/--torch-ldflags to use another compiler or libtorch",
                      so.string(), why, command_text(*argv)));
    }
    if (run.output.find("-Winvalid-pch") != std::string::npos)
      spdlog::warn("the compiler did not use the precompiled header {}.gch (remove it to have it "
                   "rebuilt):\n{}",
                   pch, run.output);
    else if (!run.output.empty())
      spdlog::debug("compiler output:\n{}", run.output);
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::remove(object.c_str());
  ::chmod(tmp.c_str(), 0755);
  if (std::rename(tmp.c_str(), so.c_str()) != 0) {
    int err = errno;
    std::remove(tmp.c_str());
    throw SoBuildError(fmt::format("cannot replace {}: {}", so.string(), std::strerror(err)));
  }
  try {
    write_files_atomically(dir, {{hash_file.filename().string(), hash + "\n"}});
  } catch (const UserError &) {
    spdlog::warn("cannot write {}: the next compile will rebuild the library", hash_file.string());
  }
  result.rebuilt = true;
  spdlog::info("built {} in {:.1f} s", so.string(), result.seconds);
  return result;
}

} // namespace thunderc
