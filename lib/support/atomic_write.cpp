#include "support/atomic_write.h"

#include "support/diagnostics.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fcntl.h>
#include <fmt/format.h>
#include <string_view>
#include <sys/stat.h>
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

// True when `path` is what writing `text` would make of it: a regular file (not a symbolic link)
// with one link, mode 0644 and exactly these bytes. Any error reading it answers false.
bool holds(const std::string &path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return false;
  struct stat st;
  bool same = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
              (st.st_mode & 07777) == 0644 && static_cast<size_t>(st.st_size) == text.size();
  std::array<char, 64 << 10> buffer;
  for (size_t at = 0; same && at < text.size();) {
    const ssize_t n = ::read(fd, buffer.data(), std::min(buffer.size(), text.size() - at));
    if (n < 0 && errno == EINTR) continue;
    same = n > 0 && std::memcmp(buffer.data(), text.data() + at, static_cast<size_t>(n)) == 0;
    at += static_cast<size_t>(std::max<ssize_t>(n, 0));
  }
  ::close(fd);
  return same;
}
} // namespace

void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) throw UserError("", fmt::format("cannot create the output directory {}: {}", dir, ec.message()));
  std::vector<std::pair<std::string, std::string>> written; // temporary -> target
  std::vector<std::string> unchanged;
  auto cleanup = [&] {
    for (auto &[tmp, target] : written) std::remove(tmp.c_str());
  };
  for (const auto &[name, text] : files) {
    std::string target = join(dir, name);
    if (holds(target, text)) {
      unchanged.push_back(std::move(target));
      continue;
    }
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
  // Dated now, as if rewritten (an output stays newer than its input for make), which does not
  // fail the write.
  for (const auto &target : unchanged)
    ::utimensat(AT_FDCWD, target.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

} // namespace thunderc
