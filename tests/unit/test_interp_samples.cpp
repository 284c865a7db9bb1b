// Every sample graph interprets, and its Program is consistent: every op output has metadata,
// every guard subject is an input record, every write-back targets an input tensor.
#include "test_interp_util.h"

#include <cstdlib>
#include <filesystem>
#include <unistd.h>

using namespace thunderc;
using namespace thunderc::test;

namespace {
void check_consistent(const Program &p) {
  const Heap &h = p.heap;
  for (const Guard &g : p.guards) {
    CHECK(h.record(g.subject).input);
    CHECK(h.record(g.subject).used);
  }
  for (const OpRecord &op : p.ops) {
    CHECK(op.stmt != nullptr);
    CHECK(op.bound.size() == op.bound_meta.size());
    for (Value o : op.outputs)
      CHECK(h.is(o, Kind::Tensor));
  }
  for (const WriteBack &w : p.write_backs) {
    CHECK(h.from_input(w.tensor));
    CHECK(h.is(w.version, Kind::Tensor));
  }
  for (const SideEffect &e : p.side_effects)
    CHECK(h.from_input(e.target));
}
} // namespace

TEST_CASE("interp: every sample graph interprets") {
  size_t n = 0;
  for (const std::string &path : sample_paths()) {
    CAPTURE(path);
    Graph g = load_graph(path);
    Program p;
    try {
      p = interpret(g);
    } catch (const UserError &e) {
      FAIL(e.render(std::filesystem::path(path).filename().string()));
    }
    check_consistent(p);
    CHECK(p.statements > 0);
    ++n;
  }
  CHECK(n > 0);
}

TEST_CASE("interp: llama_tiny with 1, 2 and 32 layers grows linearly") {
  std::filesystem::path gen =
      std::filesystem::path(THUNDERC_SOURCE_DIR) / "samples" / "gen_llama.py";
  if (!std::filesystem::exists(gen) || std::system("python3 -c pass >/dev/null 2>&1") != 0) {
    MESSAGE("samples/gen_llama.py or python3 missing: skipped");
    return;
  }
  std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("thunderc_interp_" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  struct Size {
    size_t statements, ops, guards, write_backs;
  };
  auto run = [&](int layers) {
    std::filesystem::path out = dir / ("llama_" + std::to_string(layers) + ".json");
    std::string cmd = "python3 '" + gen.string() + "' --preset tiny --layers " +
                      std::to_string(layers) + " --name llama_" + std::to_string(layers) + " -o '" +
                      out.string() + "'";
    REQUIRE(std::system(cmd.c_str()) == 0);
    Graph g = load_graph(out.string());
    Program p = interpret(g);
    check_consistent(p);
    return Size{p.statements, p.ops.size(), p.guards.size(), p.write_backs.size()};
  };
  Size one = run(1), two = run(2), many = run(32);
  std::filesystem::remove_all(dir);
  CHECK(two.write_backs == 4);
  CHECK(many.write_backs == 64);
  // Each layer adds the same work.
  CHECK(many.statements - two.statements == 30 * (two.statements - one.statements));
  CHECK(many.ops - two.ops == 30 * (two.ops - one.ops));
  CHECK(many.guards - two.guards == 30 * (two.guards - one.guards));
}

TEST_CASE(
    "interp: a decode step with a static cache (tests/graphs/interp/static_cache_step.json)") {
  std::filesystem::path file =
      std::filesystem::path(THUNDERC_SOURCE_DIR) / "tests/graphs/interp/static_cache_step.json";
  Graph g = load_graph(file.string());
  Program p = interpret(g);
  check_consistent(p);
  std::string text = describe(p);
  auto has = [&](const std::string &line) { return text.find(line) != std::string::npos; };
  CHECK(has("guard type self.proj torch.nn.Linear\n"));
  CHECK(has("guard none self.proj.bias\n"));
  CHECK(has("guard not_none kwargs['past_key_values']\n"));
  CHECK(has("guard type kwargs['past_key_values'] StaticCache\n"));
  CHECK(has("guard value kwargs['past_key_values'].seen_tokens == 5\n"));
  CHECK(has("guard meta kwargs['past_key_values'].key_cache[0] cpu f32[16, 8]\n"));
  REQUIRE(p.ops.size() == 2);
  CHECK(p.ops[0].op == ops::Op::linear);
  CHECK(p.ops[0].name_hint == "k");
  CHECK(p.ops[0].stmt->loc == "app.py:10");
  CHECK(p.ops[1].op == ops::Op::index_copy);
  CHECK(p.ops[1].name_hint == "k_out");
  CHECK(p.ops[1].stmt->src == "k_out.index_copy_(0, cache_position, k)");
  REQUIRE(p.write_backs.size() == 1);
  CHECK(p.write_backs[0].version == p.ops[1].outputs[0]);
  REQUIRE(p.side_effects.size() == 1);
  CHECK(has("effect setattr kwargs['past_key_values'].seen_tokens = 8\n"));
  CHECK(has("result Output(logits=kwargs['past_key_values'].key_cache[0], "
            "past_key_values=kwargs['past_key_values'])\n"));
  CHECK(p.return_stmt->pointer == "/functions/Model.forward/body/5");
}
