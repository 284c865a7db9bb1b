// Golden traces: the prologue, computation and epilogue of every sample and of every behaviour
// case in tests/graphs/traces/, under tests/golden/<name>/, compared byte for byte. UPDATE_GOLDEN=1 rewrites them (review the diff before committing).
#include "driver/compile.h"
#include "graph/load.h"

#include <doctest/doctest.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

using namespace thunderc;
namespace fs = std::filesystem;

namespace {
const fs::path source_dir = THUNDERC_SOURCE_DIR;

std::string read_file(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string unified_diff(const fs::path &expected, const std::string &actual) {
  fs::path tmp = fs::temp_directory_path() / ("thunderc_golden_" + std::to_string(getpid()));
  std::ofstream(tmp, std::ios::binary) << actual;
  std::string cmd = "diff -u '" + expected.string() + "' '" + tmp.string() + "' 2>&1";
  std::string out;
  if (FILE *pipe = popen(cmd.c_str(), "r")) {
    std::array<char, 4096> buf;
    while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
    pclose(pipe);
  }
  fs::remove(tmp);
  return out;
}
} // namespace

TEST_CASE("golden traces of every sample and behaviour case") {
  bool update = std::getenv("UPDATE_GOLDEN") != nullptr;
  size_t compared = 0;
  std::vector<fs::path> graphs;
  for (const char *dir : {"samples", "tests/graphs/traces"})
    for (const auto &entry : fs::directory_iterator(source_dir / dir))
      if (entry.path().extension() == ".json") graphs.push_back(entry.path());
  for (const fs::path &path : graphs) {
    const auto entry = fs::directory_entry(path);
    std::string sample = entry.path().stem().string();
    CAPTURE(sample);
    std::vector<OutputFile> files = compile_graph(load_graph(entry.path().string()), {});
    // As the command line compiles: the inputs' descriptions freed once interpreted.
    Graph g = load_graph(entry.path().string());
    std::vector<OutputFile> dropped =
        compile_graph(g, {.interpreted = [&g] { drop_input_descriptions(g); }});
    CHECK(g.inputs.args.empty());
    CHECK(g.inputs.kwargs.empty());
    REQUIRE(dropped.size() == files.size());
    for (size_t i = 0; i < files.size(); ++i)
      CHECK(dropped[i].text == files[i].text);
    fs::path dir = source_dir / "tests/golden" / sample;
    for (const auto &f : files) {
      if (f.name == "thunderc_support.py") continue;
      fs::path golden = dir / f.name;
      if (update) {
        fs::create_directories(dir);
        std::ofstream(golden, std::ios::binary) << f.text;
        continue;
      }
      REQUIRE_MESSAGE(fs::exists(golden), golden.string() << " is missing; run with UPDATE_GOLDEN=1");
      std::string expected = read_file(golden);
      CHECK_MESSAGE(expected == f.text, golden.string() << " differs (UPDATE_GOLDEN=1 rewrites it):\n"
                                                        << unified_diff(golden, f.text));
      ++compared;
    }
  }
  if (!update) CHECK(compared == 3 * graphs.size());
}

TEST_CASE("compiling twice gives byte-identical traces") {
  Graph g = load_graph((source_dir / "samples/llama_tiny.json").string());
  auto a = compile_graph(g, {});
  auto b = compile_graph(load_graph((source_dir / "samples/llama_tiny.json").string()), {});
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) CHECK(a[i].text == b[i].text);
}

TEST_CASE("the seed's epilogue") {
  auto files = compile_graph(load_graph((source_dir / "samples/llama_static_cache.json").string()), {});
  const std::string &epilogue = files.at(2).text;
  CHECK(epilogue.find("def epilogue(p0, logits):\n"
                      "  # p0: \"<class 'transformers.cache_utils.StaticCache'>\"\n"
                      "  # logits: \"cuda:0 bf16[1, 6, 128256]\"\n"
                      "  p1 = transformers_modeling_outputs_CausalLMOutputWithPast(loss=None, "
                      "logits=logits, past_key_values=p0, hidden_states=None, attentions=None)\n"
                      "  return p1\n") != std::string::npos);
}
