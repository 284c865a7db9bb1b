// Writing a set of files into a directory so that readers see either all the old files or all
// the new ones: each is written to a temporary file in the target directory, then renamed over
// its target. On any failure the temporaries are removed and no target changes. The files are not
// fsync'd: like a compiler's, they are build outputs a rerun makes again, and an fsync per file
// cost 2-10 ms of waiting per compile on this project's machines, more than compiling a small graph.
// A target that already holds exactly the new bytes (a regular file of mode 0644, one link) is not
// rewritten, only dated now: replacing a file costs more than reading it (on ext4 a rename over
// a file starts the new file's writeback and frees the old one's blocks: at llama L = 32 that was
// a tenth of a compile), and a recompile of an unchanged graph leaves its files' contents alone.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace thunderc {

// The files of one group, each given in pieces as it is made (begin, write..., end), so that no
// file's whole text need be held: a piece is compared with the target's bytes at its place while
// they match, and from the first difference the file goes to a temporary (the matching part
// copied from the target first). commit() then replaces the targets. Each member function throws
// UserError (with the OS reason) when it cannot write; destroyed without commit() (a failure
// anywhere), it removes its temporaries and leaves every target as it was.
class AtomicFiles {
public:
  explicit AtomicFiles(std::string dir); // created, when missing, by the first begin()
  AtomicFiles(const AtomicFiles &) = delete;
  AtomicFiles &operator=(const AtomicFiles &) = delete;
  ~AtomicFiles();
  void begin(const std::string &name);
  void write(std::string_view piece);
  void end();
  void commit();

private:
  struct Done {
    std::string target, temporary; // no temporary: the target holds the bytes already
  };
  std::string dir_;
  bool dir_made_ = false, committed_ = false;
  std::vector<Done> done_;
  std::string target_, pattern_, temporary_; // the file being written, its temporary's mkstemp
                                             // pattern, and its temporary once made
  int old_ = -1, new_ = -1; // the target, read while it matches; the temporary, once it differs
  size_t matched_ = 0, old_size_ = 0;
  void differ(); // from here the file goes to a temporary, which receives the matched bytes first
  void put(std::string_view bytes);
  void close_files();
};

// The files at once, through AtomicFiles (which creates `dir` when missing).
void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files);

} // namespace thunderc
