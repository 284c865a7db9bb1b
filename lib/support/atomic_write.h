// Writing a set of files into a directory so that readers see either all the old files or all
// the new ones: each is written to a temporary file in the target directory, flushed, then
// renamed over its target. On any failure the temporaries are removed and no target changes.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace thunderc {

// Creates `dir` when missing. Throws UserError (with the OS reason) when it cannot write.
void write_files_atomically(const std::string &dir,
                            const std::vector<std::pair<std::string, std::string>> &files);

} // namespace thunderc
