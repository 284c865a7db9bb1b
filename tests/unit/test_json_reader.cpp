// The loader reads a graph through the fast reader (FastDocument, viewed by RapidView) where it
// accepts the text, else through the strict one (viewed by JsonView): the two views must show every
// accepted text as the same value (types included: dump() tells 1 from 1.0), and every text the
// strict reader rejects must be given up by the fast one.
#include "driver/compile.h"
#include "graph/load.h"
#include "support/diagnostics.h"
#include "support/json_reader.h"
#include "support/json_view.h"
#include "test_interp_util.h"

#include <doctest/doctest.h>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <random>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace thunderc;

namespace {

// `pointer: message` of the UserError `read` throws; "" when it throws none.
template <class Read> std::string error_of(Read read) {
  try {
    read();
  } catch (const UserError &e) {
    return e.pointer + ": " + e.message;
  }
  return "";
}

// What the fast reader's view shows of `text`, as JSON text; nullopt where it gives up (or is
// not built).
std::optional<std::string> fast_dump(std::string_view text, size_t max_depth) {
#ifdef THUNDERC_RAPIDJSON
  if (auto doc = FastDocument::parse(text, max_depth))
    return to_json(RapidView(doc->root())).dump();
#endif
  return std::nullopt;
}

// The fast reader accepts `text` (when built with it), and both views show what the strict reader
// read.
void check_same(const std::string &text, size_t max_depth = 8) {
  INFO(text);
  auto fast = fast_dump(text, max_depth);
#ifdef THUNDERC_RAPIDJSON
  REQUIRE(fast.has_value());
#else
  REQUIRE_FALSE(fast.has_value());
#endif
  Json strict = parse_json_strict(text, max_depth);
  CHECK(to_json(JsonView(strict)).dump() == strict.dump());
  if (fast) CHECK(*fast == strict.dump());
}

// The fast reader gives up on `text`, which the strict reader rejects.
void check_rejected(const std::string &text, size_t max_depth = 8) {
  INFO(text);
  CHECK_FALSE(fast_dump(text, max_depth).has_value());
  CHECK(!error_of([&] { parse_json_strict(text, max_depth); }).empty());
}

} // namespace

TEST_CASE("json: both readers read valid texts alike") {
  for (const char *text : {"0",
                           "-0",
                           "12",
                           "-9223372036854775808",
                           "9223372036854775807",
                           "1.0",
                           "-0.0",
                           "1e2",
                           "1E-2",
                           "0.1e-400",
                           "-1e-400",
                           "1.7976931348623157e308",
                           "2.5e-324",
                           "true",
                           "false",
                           "null",
                           "\"\"",
                           R"("a\"b\\c\/d\b\f\n\r\t\u0000\u00e9\ud83d\ude00")",
                           "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
                           "[]",
                           "{}",
                           " \t\r\n[1, 2.5, \"x\", null, [true, {}]] ",
                           R"({"b": 1, "a": {"c": [1, {"d": 2}]}})",
                           R"({"k": 1, "K": 2, "k ": 3, "\u006b\u0000": 4})",
                           "[[[[[[[[1]]]]]]]]"})
    check_same(text);
  std::string wide = "{";
  for (int i = 0; i < 40; ++i)
    wide += (i ? ", \"k" : "\"k") + std::to_string(i) + "\": " + std::to_string(i);
  check_same(wide + "}");
  // Keys are told apart per object: the same keys in nested and sibling objects, small and large.
  check_same(R"({"a": {"a": 1, "b": {"a": 2}}, "b": [{"a": 3}, {"a": 4, "b": 5}], "c": {}})");
  check_same("{\"x\": " + wide + "}, \"y\": " + wide + "}, \"z\": [" + wide + "}, " + wide + "}]}");
}

TEST_CASE("json: the fast reader gives up on what the strict one rejects") {
  check_rejected(R"({"a": 1, "b": 2, "a": 3})");
  std::string wide = "{";
  for (int i = 0; i < 40; ++i)
    wide += "\"k" + std::to_string(i) + "\": 0, ";
  check_rejected(wide + "\"k25\": 1}"); // a duplicate in a large object
  check_rejected(R"({"a": {"b": 1}, "a": 2})"); // after a nested object
  check_rejected(R"([{"a": 1}, {"b": 1, "c": {"d": 1}, "b": 2}])");
  check_rejected("{\"x\": " + wide + "\"k40\": 0}, \"k0\": 0, \"x\": 1}");
  check_rejected("[" + wide + "\"k40\": 0}, " + wide + "\"k3\": 1}]"); // in a second large object
  check_rejected("9223372036854775808");
  check_rejected("-9223372036854775809");
  check_rejected("100000000000000000000");
  check_rejected("1e999");
  check_rejected("-1e400");
  check_rejected("[[[[[[[[[1]]]]]]]]]"); // 9 levels, the limit is 8
  check_rejected(R"({"a": [[[[[[[[]]]]]]]]})");
  check_rejected("\"\\ud800\"");
  check_rejected("\"\xff\"");
  check_rejected("\"a\nb\"");
  check_rejected("[1,]");
  check_rejected("{\"a\" 1}");
  check_rejected("[1] 2");
  check_rejected("");
  check_rejected("NaN");
  // Lone surrogates, escaped (RapidJSON itself lets a low one through) or as bytes; overlong and
  // out-of-range UTF-8.
  for (const char *text : {"\"\\udc00\"", "\"a\\udfffb\"", "{\"\\udc00\": 1}", "\"\\ud800\\u0041\"",
                           "\"\xed\xa0\x80\"", "\"\xed\xbf\xbf\"", "\"\xc0\x80\"",
                           "\"\xf4\x90\x80\x80\""})
    check_rejected(text);
  // A NUL byte inside the value, outside a string, and after it (where the strict reader takes it
  // for the end of the text: the fast one leaves the call to it).
  check_rejected(std::string("[1,\0 2]", 7));
  CHECK_FALSE(fast_dump(std::string("{}\0", 3), 8).has_value());
  CHECK_FALSE(fast_dump(std::string("[1]\0 x", 6), 8).has_value());
  check_rejected(std::string("\"a\0b\"", 5));
}

TEST_CASE("json: bytes 0x1a to 0x1f in a string are rejected raw and read escaped") {
  // Past the first 16 bytes RapidJSON 1.1 scans a string with SSE2, which lets these through.
  const std::string pad(40, 'x');
  for (char c = 0x1a; c < 0x20; ++c) {
    CAPTURE(int(c));
    check_rejected("\"" + pad + c + pad + "\"");
    check_rejected("{\"" + pad + c + "\": 1}");
    check_rejected(std::string("\"") + c + "\"");
    // escaped they are valid: the fast reader leaves them to the strict one
    const std::string escaped = fmt::format("[\"{}\\u{:04x}\"]", pad, int(c));
    CHECK_FALSE(fast_dump(escaped, 8).has_value());
    CHECK(parse_json_strict(escaped, 8)[0].get<std::string>() == pad + c);
  }
  check_same("\"" + pad + "\\t\\n\\u0019" + pad + "\""); // other escapes stay on the fast path
}

TEST_CASE("json: both readers read numbers alike") {
  // Doubles from random bit patterns, written shortest and with 17 digits, and integers.
  std::mt19937_64 random(7);
  std::string text = "[";
  for (int i = 0; i < 4000; ++i) {
    uint64_t bits = random();
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (!std::isfinite(d)) continue;
    text += i % 2 ? fmt::format("{},", d) : fmt::format("{:.17g},", d);
    text += std::to_string(static_cast<int64_t>(bits)) + ",";
  }
  text += "0.30000000000000004, 1e-320, 4.9e-324, 2.4e-324, 1.5e-323, 1e-310]";
  check_same(text);
}

TEST_CASE("json: the samples and test graphs read alike") {
  namespace fs = std::filesystem;
  std::vector<std::string> paths = test::sample_paths();
  for (const auto &entry :
       fs::recursive_directory_iterator(fs::path(THUNDERC_SOURCE_DIR) / "tests/graphs"))
    if (entry.path().extension() == ".json") paths.push_back(entry.path().string());
  CHECK(paths.size() > 10);
  for (const auto &path : paths) {
    INFO(path);
    InputText input = read_input_file(path, 1u << 30);
    std::string_view text = input.text();
    auto fast = fast_dump(text, 256);
#ifdef THUNDERC_RAPIDJSON
    REQUIRE(fast.has_value());
#endif
    if (fast) CHECK(*fast == parse_json_strict(text, 256).dump());
  }
}

TEST_CASE("json: read_input_file reads the whole input, up to its limit") {
  namespace fs = std::filesystem;
  auto message = [](const std::string &path, size_t limit) {
    try {
      read_input_file(path, limit);
    } catch (const UserError &e) {
      return e.message;
    }
    return std::string("no error");
  };
  // A file (its size known up front) and a pipe (read as it comes, the text growing) of 300 kB.
  std::string expected;
  for (int i = 0; expected.size() < 300'000; ++i) expected += std::to_string(i) + ' ';
  fs::path dir = fs::temp_directory_path() / ("thunderc-read-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string file = (dir / "text").string(), pipe = (dir / "pipe").string();
  std::ofstream(file, std::ios::binary) << expected;
  CHECK(read_input_file(file, expected.size()).text() == expected);
  const std::string too_large =
      "the graph file is larger than " + std::to_string(expected.size() - 1) + " bytes";
  CHECK(message(file, expected.size() - 1).find(too_large) == 0);
  REQUIRE(::mkfifo(pipe.c_str(), 0600) == 0);
  for (size_t limit : {expected.size(), expected.size() - 1}) {
    std::thread writer([&] { std::ofstream(pipe, std::ios::binary) << expected; });
    if (limit == expected.size()) {
      InputText input = read_input_file(pipe, limit);
      CHECK(input.text() == expected);
    } else {
      CHECK(message(pipe, limit).find(too_large) == 0);
    }
    writer.join();
  }
  fs::remove_all(dir);
}

TEST_CASE("json: the loader reads the samples alike through both views") {
  // FastDocument gives up above a depth limit of 1024: the loader then reads the strict DOM.
  LoadLimits fast, strict;
  strict.max_depth = 1025;
  for (const auto &path : test::sample_paths()) {
    INFO(path);
    InputText input = read_input_file(path, 1u << 30);
    std::string_view text = input.text();
    auto a = compile_graph(load_graph_text(text, path, fast), {});
    auto b = compile_graph(load_graph_text(text, path, strict), {});
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i].text == b[i].text);
  }
  // A located semantic error reads the same through both.
  std::string bad = test::graph_json(
      R"({"forward": {"params": [], "body": [{"op": "return", "value": {"float": "x"}}]}})", "{}");
  std::string e1 = error_of([&] { load_graph_text(bad, "g.json", fast); });
  CHECK(e1 == "/functions/forward/body/0/value/float: expected a number, \"inf\", \"-inf\" or "
              "\"nan\"; got 'x'");
  CHECK(error_of([&] { load_graph_text(bad, "g.json", strict); }) == e1);
}

TEST_CASE("json: a graph path that is a directory or missing is a clear error") {
  auto message = [](const std::string &path) {
    try {
      read_input_file(path, 1u << 30);
    } catch (const UserError &e) {
      return e.message;
    }
    return std::string("no error");
  };
  CHECK(message(THUNDERC_SOURCE_DIR) == "the graph file is a directory; give a graph file (.json)");
  CHECK(message(std::string(THUNDERC_SOURCE_DIR) + "/no-such-graph.json").find("cannot open the graph file") == 0);
}
