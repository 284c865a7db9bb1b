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
    std::string target = (fs::path(dir) / name).string();
    std::string tmp = (fs::path(dir) / ("." + name + ".XXXXXX")).string();
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
    if (fs::is_directory(fs::symlink_status(target, ec))) {
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
