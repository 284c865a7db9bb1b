// The command line sets up a subcommand's options only when that subcommand is parsed
// (app/thunderc.cpp): each subcommand's help and errors must still see all of its options, and
// only its own.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace {

struct Result {
  int code;
  std::string output; // stdout and stderr
};

Result thunderc(const std::string &args) {
  FILE *pipe = popen((std::string(THUNDERC_BINARY) + " " + args + " 2>&1").c_str(), "r");
  REQUIRE(pipe);
  Result r{0, ""};
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof buf, pipe)) > 0;)
    r.output.append(buf, n);
  r.code = WEXITSTATUS(pclose(pipe));
  return r;
}

bool has(const Result &r, const char *text) { return r.output.find(text) != std::string::npos; }

} // namespace

TEST_CASE("each subcommand's help lists its own options and footer") {
  Result compile = thunderc("compile --help");
  CHECK(compile.code == 0);
  for (const char *option : {"GRAPH", "--max-depth", "--dump-after", "--output", "--so-chunk-ops",
                             "--no-pch", "Files are replaced atomically"})
    CHECK_MESSAGE(has(compile, option), option);

  Result validate = thunderc("validate --help");
  CHECK(validate.code == 0);
  CHECK(has(validate, "--max-statements"));
  CHECK(has(validate, "Prints a one-line summary"));
  CHECK_FALSE(has(validate, "--output"));
  CHECK_FALSE(has(validate, "--dump-after"));

  Result printer = thunderc("print-computation --help");
  CHECK(has(printer, "--dump-after"));
  CHECK(has(printer, "thunderc print-computation samples/add.json"));
  CHECK_FALSE(has(printer, "--output"));

  Result run = thunderc("run --help");
  CHECK(has(run, "--seed"));
  CHECK(has(run, "--max-input-bytes"));
  CHECK_FALSE(has(run, "--dump-after"));

  Result top = thunderc("--help");
  CHECK(top.code == 0);
  for (const char *command : {"validate", "compile", "print-prologue", "print-computation",
                              "print-epilogue", "run"})
    CHECK_MESSAGE(has(top, command), command);
  CHECK_FALSE(has(top, "--output"));
}

TEST_CASE("a subcommand's options are checked when it runs") {
  struct Case {
    const char *args; // before the graph
    int code;
    const char *text;
  };
  for (const Case &c : {Case{"compile", 2, "--output is required"},
                        Case{"validate --max-depth 0", 2, "--max-depth"},
                        Case{"validate --so", 2, "--so"}, // an option of another subcommand
                        Case{"validate --max-depth 64", 0, "valid"}}) {
    INFO(c.args);
    Result r = thunderc(std::string(c.args) + " " THUNDERC_SOURCE_DIR "/samples/add.json");
    CHECK(r.code == c.code);
    CHECK(has(r, c.text));
  }
}

// An output directory that cannot be made is the command line's problem, not the graph's: the
// message names the directory and no place in the graph.
TEST_CASE("compile -o into a regular file") {
  const std::string file =
      (std::filesystem::temp_directory_path() / ("thunderc_test_cli_o_" + std::to_string(getpid())))
          .string();
  FILE *f = std::fopen(file.c_str(), "w");
  REQUIRE(f);
  std::fclose(f);
  Result r = thunderc("compile " THUNDERC_SOURCE_DIR "/samples/add.json -o " + file);
  std::filesystem::remove(file);
  CHECK(r.code == 1);
  CHECK(r.output ==
        "thunderc: error: cannot create the output directory " + file + ": Not a directory\n");
}

// A graph from a file or from standard input reads alike; where the fast reader gives up (a
// duplicate key), the strict reader reads the text again (the file anew, stdin from a copy) and
// reports the error.
TEST_CASE("a graph reads alike from a file and from standard input") {
  const std::string sample = std::string(THUNDERC_SOURCE_DIR) + "/samples/llama_tiny.json";
  Result file = thunderc("print-epilogue " + sample);
  Result piped = thunderc("print-epilogue - < " + sample);
  CHECK(file.code == 0);
  CHECK(piped.code == 0);
  CHECK(file.output == piped.output);

  const std::string bad = (std::filesystem::temp_directory_path() /
                           ("thunderc_dup_" + std::to_string(::getpid()) + ".json")).string();
  FILE *f = std::fopen(bad.c_str(), "w");
  REQUIRE(f);
  std::fputs(R"({"name": "x", "entry": "f", "name": "y"})", f);
  std::fclose(f);
  const char *error = ": /name: duplicate key 'name': each key may appear once in an object";
  Result from_file = thunderc("validate " + bad);
  Result from_stdin = thunderc("validate - < " + bad);
  CHECK(from_file.code == 1);
  CHECK(from_stdin.code == 1);
  CHECK(has(from_file, (bad + error).c_str()));
  CHECK(has(from_stdin, (std::string("<stdin>") + error).c_str()));
  std::remove(bad.c_str());
}
