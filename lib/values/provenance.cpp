#include "values/provenance.h"

#include "graph/graph.h"
#include "support/text.h"

#include <vector>

namespace thunderc {

std::string provenance_path(std::span<const ProvRecord> records, ProvId id) {
  // Walk up to the root, then print down: no recursion on deep inputs.
  std::vector<ProvId> chain;
  for (ProvId at = id;; at = records[at].parent) {
    chain.push_back(at);
    ProvKind k = records[at].kind;
    if (k != ProvKind::Attr && k != ProvKind::Item) break;
  }
  std::string out;
  for (size_t n = chain.size(); n-- > 0;) {
    const ProvRecord &r = records[chain[n]];
    switch (r.kind) {
    case ProvKind::Constant:
      out += "<constant>";
      break;
    case ProvKind::Computed:
      out += "<computed>";
      break;
    case ProvKind::InputArgs:
      out += "args";
      break;
    case ProvKind::InputKwargs:
      out += "kwargs";
      break;
    case ProvKind::InputFn:
      out += "self";
      break;
    case ProvKind::Attr:
      out += '.';
      out += r.name;
      break;
    case ProvKind::Item:
      out += "[" + (r.int_key ? std::to_string(r.index) : py_str(r.name)) + "]";
      break;
    case ProvKind::New:
      out += "<created at " + (r.stmt ? r.stmt->pointer : std::string("?")) + ">";
      break;
    case ProvKind::Op:
      out += "<output " + std::to_string(r.output) + " of op " + std::to_string(r.op) + ">";
      break;
    }
  }
  return out;
}

} // namespace thunderc
