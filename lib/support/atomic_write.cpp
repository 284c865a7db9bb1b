#include "support/atomic_write.h"

#include "support/diagnostics.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sys/stat.h>
#include <fmt/format.h>
#include <unistd.h>

namespace thunderc {

namespace fs = std::filesystem;

namespace {
// `dir/name`, as std::filesystem::path's operator/ joins a directory and a relative name, on
// strings: parsing the paths into components cost more than the rest of the writing (~20k
// instructions for a compile's four files).
std::string join(const std::string &dir, const std::string &name) {
  if (dir.empty()) return name;
  return dir.back() == '/' ? dir + name : dir + '/' + name;
}

bool is_directory(const std::string &path) { // not following a symbolic link
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
} // namespace

void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw UserError("", fmt::format("cannot create the output directory {}: {}", dir, ec.message()));
  std::vector<std::pair<std::string, std::string>> written; // temporary -> target
  auto cleanup = [&] {
    for (auto &[tmp, target] : written) std::remove(tmp.c_str());
  };
  for (const auto &[name, text] : files) {
    std::string target = join(dir, name);
    std::string tmp = join(dir, "." + name + ".XXXXXX");
    int fd = mkstemp(tmp.data());
    if (fd < 0) {
      int err = errno;
      cleanup();
      throw UserError("", fmt::format("cannot write in {}: {}", dir, std::strerror(err)));
    }
    written.emplace_back(tmp, target);
    size_t done = 0;
    while (done < text.size()) {
      ssize_t n = ::write(fd, text.data() + done, text.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        int err = errno;
        ::close(fd);
        cleanup();
        throw UserError("", fmt::format("cannot write {}: {}", target, std::strerror(err)));
      }
      done += static_cast<size_t>(n);
    }
    fchmod(fd, 0644);
    if (::close(fd) != 0) {
      int err = errno;
      cleanup();
      throw UserError("", fmt::format("cannot write {}: {}", target, std::strerror(err)));
    }
  }
  // A target that cannot be replaced (a directory of that name) is reported before any is.
  for (auto &[tmp, target] : written)
    if (is_directory(target)) {
      cleanup();
      throw UserError("", fmt::format("cannot replace {}: it is a directory; remove or rename it", target));
    }
  for (auto &[tmp, target] : written)
    if (std::rename(tmp.c_str(), target.c_str()) != 0) {
      int err = errno;
      cleanup();
      throw UserError("", fmt::format("cannot replace {}: {}", target, std::strerror(err)));
    }
}

} // namespace thunderc
