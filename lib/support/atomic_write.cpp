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

// The target opened to be compared with the new bytes when writing them would make what it is: a
// regular file (not a symbolic link) with one link and mode 0644; -1 otherwise (also on any error).
int open_comparable(const std::string &path, size_t *size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_nlink == 1 &&
      (st.st_mode & 07777) == 0644) {
    *size = static_cast<size_t>(st.st_size);
    return fd;
  }
  ::close(fd);
  return -1;
}

// Reads exactly `n` bytes (fewer only at the end of the file or on an error).
size_t read_fully(int fd, char *into, size_t n) {
  size_t got = 0;
  while (got < n) {
    const ssize_t r = ::read(fd, into + got, n - got);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    got += static_cast<size_t>(r);
  }
  return got;
}

constexpr size_t kBuffer = 64 << 10;
} // namespace

AtomicFiles::AtomicFiles(std::string dir) : dir_(std::move(dir)) {}

AtomicFiles::~AtomicFiles() {
  close_files();
  if (committed_) return;
  if (!temporary_.empty()) std::remove(temporary_.c_str());
  for (const Done &d : done_)
    if (!d.temporary.empty()) std::remove(d.temporary.c_str());
}

void AtomicFiles::close_files() {
  if (old_ >= 0) ::close(old_);
  if (new_ >= 0) ::close(new_);
  old_ = new_ = -1;
}

void AtomicFiles::begin(const std::string &name) {
  if (!dir_made_) {
    std::error_code ec;
    fs::create_directories(dir_, ec);
    if (ec)
      throw UserError("",
                      fmt::format("cannot create the output directory {}: {}", dir_, ec.message()));
    dir_made_ = true;
  }
  target_ = join(dir_, name);
  pattern_ = join(dir_, "." + name + ".XXXXXX");
  matched_ = old_size_ = 0;
  old_ = open_comparable(target_, &old_size_);
  if (old_ < 0) differ();
}

void AtomicFiles::write(std::string_view piece) {
  if (old_ >= 0) {
    std::array<char, kBuffer> buffer;
    size_t same = 0; // bytes of the piece that match the target's at their place
    while (same < piece.size() && matched_ + same < old_size_) {
      const size_t n =
          read_fully(old_, buffer.data(),
                     std::min({buffer.size(), piece.size() - same, old_size_ - matched_ - same}));
      if (n == 0 || std::memcmp(buffer.data(), piece.data() + same, n) != 0) break;
      same += n;
    }
    if (same == piece.size()) {
      matched_ += same;
      return;
    }
    differ();
  }
  put(piece);
}

void AtomicFiles::end() {
  if (old_ >= 0 && matched_ != old_size_) differ(); // the new text is a part of the old
  if (old_ >= 0) {
    done_.push_back({std::move(target_), {}});
  } else {
    ::fchmod(new_, 0644);
    const int fd = std::exchange(new_, -1);
    if (::close(fd) != 0) {
      const int err = errno;
      throw UserError("", fmt::format("cannot write {}: {}", target_, std::strerror(err)));
    }
    done_.push_back({std::move(target_), std::move(temporary_)});
  }
  close_files();
  target_.clear();
  temporary_.clear();
}

void AtomicFiles::differ() {
  temporary_ = pattern_;
  new_ = mkstemp(temporary_.data());
  if (new_ < 0) {
    const int err = errno;
    temporary_.clear();
    throw UserError("", fmt::format("cannot write in {}: {}", dir_, std::strerror(err)));
  }
  if (old_ < 0) return;
  // The bytes that matched, read again from the start of the target.
  std::array<char, kBuffer> buffer;
  for (size_t at = 0; at < matched_;) {
    const ssize_t n =
        ::pread(old_, buffer.data(), std::min(buffer.size(), matched_ - at), off_t(at));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = n < 0 ? errno : EIO;
      throw UserError("", fmt::format("cannot read {}: {}", target_, std::strerror(err)));
    }
    put({buffer.data(), size_t(n)});
    at += size_t(n);
  }
  ::close(std::exchange(old_, -1));
}

void AtomicFiles::put(std::string_view bytes) {
  for (size_t done = 0; done < bytes.size();) {
    const ssize_t n = ::write(new_, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int err = errno;
      throw UserError("", fmt::format("cannot write {}: {}", target_, std::strerror(err)));
    }
    done += static_cast<size_t>(n);
  }
}

void AtomicFiles::commit() {
  // A target that cannot be replaced (a directory of that name) is reported before any is.
  for (const Done &d : done_)
    if (!d.temporary.empty() && is_directory(d.target))
      throw UserError(
          "", fmt::format("cannot replace {}: it is a directory; remove or rename it", d.target));
  for (const Done &d : done_)
    if (!d.temporary.empty() && std::rename(d.temporary.c_str(), d.target.c_str()) != 0) {
      const int err = errno;
      throw UserError("", fmt::format("cannot replace {}: {}", d.target, std::strerror(err)));
    }
  committed_ = true;
  // Dated now, as if rewritten (an output stays newer than its input for make), which does not
  // fail the write.
  for (const Done &d : done_)
    if (d.temporary.empty()) ::utimensat(AT_FDCWD, d.target.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
}

void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files) {
  AtomicFiles out(dir);
  for (const auto &[name, text] : files) {
    out.begin(name);
    out.write(text);
    out.end();
  }
  out.commit();
}

} // namespace thunderc
