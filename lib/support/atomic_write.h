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
#include <utility>
#include <vector>

namespace thunderc {

// Creates `dir` when missing. Throws UserError (with the OS reason) when it cannot write.
void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files);

} // namespace thunderc
