// Loading a graph file: strict JSON, the structure of schemas/graph.schema.json, and the static
// semantic rules of the format (identifiers, known classes/functions/locals, dtypes, devices,
// shapes, refs without cycles, parameter binding of the entry). The first violation is thrown as
// a UserError located by its JSON pointer, with a message that says how to fix it.
#pragma once

#include "graph/graph.h"

#include <string>
#include <string_view>

namespace thunderc {

struct LoadLimits {
  size_t max_file_bytes = 256u << 20;
  size_t max_depth = 256;
  size_t max_statements = 1'000'000;
};

// `path` "-" reads stdin. `display_name` names the file in messages (defaults to path).
Graph load_graph(const std::string &path, const LoadLimits &limits = {});
Graph load_graph_text(std::string_view text, const std::string &display_name,
                      const LoadLimits &limits = {});

} // namespace thunderc
