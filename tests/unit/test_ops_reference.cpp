// docs/ops.md lists the op catalogue: the table between its markers is rendered here from
// ops::all_ops(), ops::params(), ops::aliases() and ops::inplace_forms(), and must equal the
// file's. UPDATE_GOLDEN=1 rewrites it (review the diff before committing).
#include "ops/ops.h"

#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace thunderc;
namespace fs = std::filesystem;

namespace {

std::string signature(ops::Op op) {
  std::string s;
  bool keyword_only = false;
  for (const ops::Param &p : ops::params(op)) {
    if (!s.empty()) s += ", ";
    if (p.keyword_only && !keyword_only) {
      keyword_only = true;
      if (!p.variadic) s += "*, ";
    }
    if (p.variadic) s += "*", keyword_only = true;
    s += p.name;
    for (std::string_view alias : p.aliases) // the NumPy spellings are said once, in the prose
      if (alias != "axis" && alias != "keepdims") s += "\\|" + std::string(alias); // in a table
    if (p.default_value) s += "=" + ops::describe(*p.default_value);
  }
  return s;
}

std::string render() {
  std::map<ops::Op, std::vector<std::string>> methods, others;
  for (const ops::OpInfo &o : ops::all_ops()) {
    std::string_view last = o.torch_name.substr(o.torch_name.rfind('.') + 1);
    if (o.torch_name.starts_with("torch.Tensor.") || (o.flags & ops::Method))
      methods[o.op].push_back("x." + std::string(last));
  }
  for (const ops::Alias &a : ops::aliases())
    (a.method ? methods : others)[a.op].push_back((a.method ? "x." : "") + std::string(a.name));
  for (const auto &[name, op] : ops::inplace_forms())
    methods[op].push_back("x." + name);
  auto join = [](const std::vector<std::string> &names) {
    std::string s;
    for (const std::string &n : names)
      s += (s.empty() ? "`" : ", `") + n + "`";
    return s;
  };
  std::string out = "| function | signature | tensor methods | other spellings |\n"
                    "| --- | --- | --- | --- |\n";
  for (const ops::OpInfo &o : ops::all_ops())
    out += "| `" + std::string(o.torch_name) + "` | `(" + signature(o.op) + ")` | " +
           join(methods[o.op]) + " | " + join(others[o.op]) + " |\n";
  return out;
}

} // namespace

TEST_CASE("docs/ops.md lists the op catalogue") {
  const fs::path path = fs::path(THUNDERC_SOURCE_DIR) / "docs/ops.md";
  const std::string begin = "<!-- begin generated ops table -->\n",
                    end = "<!-- end generated ops table -->\n";
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::string doc = text.str();
  size_t from = doc.find(begin), to = doc.find(end);
  REQUIRE_MESSAGE((from != std::string::npos && to != std::string::npos && from < to),
                  path.string() << " lacks the markers of its generated table");
  from += begin.size();
  std::string table = render();
  if (std::getenv("UPDATE_GOLDEN")) {
    std::ofstream(path, std::ios::binary) << doc.substr(0, from) + table + doc.substr(to);
    return;
  }
  CHECK_MESSAGE(
      doc.substr(from, to - from) == table,
      path.string() << "'s table differs from the catalogue (UPDATE_GOLDEN=1 rewrites it)");
}
