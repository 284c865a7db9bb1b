#include "support/atomic_write.h"
#include "support/diagnostics.h"
#include "support/text.h"

#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>
#include <string>
#include <utility>

using namespace thunderc;

TEST_CASE("python names") {
  CHECK(is_python_name("hidden_states"));
  CHECK(is_python_name("_x1"));
  CHECK_FALSE(is_python_name("1x"));
  CHECK_FALSE(is_python_name(""));
  CHECK_FALSE(is_python_name("a.b"));
  CHECK_FALSE(is_python_name("class"));
  CHECK_FALSE(is_python_name("None"));
  CHECK_FALSE(is_python_name("na\xc3\xafve")); // ASCII only
}

TEST_CASE("identifiers are ASCII letters, digits and '_', not starting with a digit") {
  for (int c = 0; c < 256; ++c) {
    const char ch = static_cast<char>(c);
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    const bool digit = c >= '0' && c <= '9';
    CAPTURE(c);
    CHECK(is_identifier(std::string(1, ch)) == letter);
    CHECK(is_identifier(std::string("x") + ch) == (letter || digit));
    CHECK(is_identifier(std::string("x") + ch + "y") == (letter || digit));
  }
  CHECK(is_identifier("model_layers_0_mlp_up_proj_weight"));
  CHECK_FALSE(is_identifier(std::string("a\0b", 3)));
}

TEST_CASE("identifiers: every character of a long name is checked, wherever it stands") {
  // is_identifier tests 16 characters at a time (the last 16 overlapping, or two overlapping
  // halves of 8) from 8 characters on, else four at a time, then the rest one by one.
  for (size_t size = 1; size <= 40; ++size)
    for (size_t at = 1; at < size; ++at)
      for (int c = 0; c < 256; ++c) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        std::string name(size, 'a');
        name[at] = static_cast<char>(c);
        CAPTURE(size);
        CAPTURE(at);
        CAPTURE(c);
        CHECK(is_identifier(name) == ok);
      }
}

TEST_CASE("python keywords are exactly keyword.kwlist") {
  // Python 3's keyword.kwlist; soft keywords (match, case, type, _) are names.
  const char *kwlist[] = {"False", "None",   "True",    "and",      "as",     "assert", "async",
                          "await", "break",  "class",   "continue", "def",    "del",    "elif",
                          "else",  "except", "finally", "for",      "from",   "global", "if",
                          "import", "in",    "is",      "lambda",   "nonlocal", "not",  "or",
                          "pass",  "raise",  "return",  "try",      "while",  "with",   "yield"};
  for (const char *k : kwlist) {
    CAPTURE(k);
    CHECK(is_python_keyword(k));
    CHECK_FALSE(is_python_name(k));
    std::string longer = std::string(k) + "_";
    CHECK_FALSE(is_python_keyword(longer));
    CHECK_FALSE(is_python_keyword(std::string_view(k).substr(0, std::string_view(k).size() - 1)));
  }
  for (const char *name : {"match", "case", "type", "_", "false", "none", "t0", "i", "is_", "x",
                           "print", "self", "nonlocals", "froms", "yields", "Truex"})
    CHECK_FALSE(is_python_keyword(name));
}

TEST_CASE("python string literals escape everything that could end them") {
  CHECK(py_str("abc") == "'abc'");
  CHECK(py_str("it's") == "'it\\'s'");
  CHECK(py_str("a\\b") == "'a\\\\b'");
  CHECK(py_str("l1\nl2\r\t") == "'l1\\nl2\\r\\t'");
  CHECK(py_str(std::string("a\0b", 3)) == "'a\\x00b'");
  CHECK(py_str("\xe2\x80\xa8") == "'\\u2028'");
  CHECK(py_str("caf\xc3\xa9") == "'caf\xc3\xa9'");
  CHECK(py_str("__import__('os')") == "'__import__(\\'os\\')'");
}

TEST_CASE("float literals are Python's repr") {
  // Each pair as CPython 3 prints repr(float): the shortest digits that read back, positional
  // for exponents -4..15 (with ".0" when whole), else d[.ddd]e<sign><at least two digits>.
  const std::pair<double, const char *> cases[] = {
      {0.0, "0.0"}, {-0.0, "-0.0"}, {1.0, "1.0"}, {-2.5, "-2.5"}, {0.1, "0.1"}, {100.0, "100.0"},
      {2.0 / 3, "0.6666666666666666"}, {1e-4, "0.0001"}, {1.5e-4, "0.00015"}, {1e-5, "1e-05"},
      {-1.25e-7, "-1.25e-07"}, {1e15, "1000000000000000.0"}, {9999999999999998.0, "9999999999999998.0"},
      {1e16, "1e+16"}, {1.2345678901234568e17, "1.2345678901234568e+17"}, {1e22, "1e+22"},
      {123.456, "123.456"}, {5e-324, "5e-324"}, {1.7976931348623157e308, "1.7976931348623157e+308"},
      {HUGE_VAL, "inf"}, {-HUGE_VAL, "-inf"}, {NAN, "nan"}};
  for (const auto &[value, repr] : cases) {
    CAPTURE(repr);
    CHECK(py_float_repr(value) == repr);
  }
}

TEST_CASE("comments cannot be ended early") {
  CHECK(comment_safe("h = self.norm(h)") == "h = self.norm(h)");
  CHECK(comment_safe("a\nimport os") == "a\\nimport os");
  CHECK(comment_safe("x\xe2\x80\xa9y") == "x\\u2029y");
  CHECK(comment_safe(std::string("\0", 1)) == "\\x00");
}

TEST_CASE("json pointer tokens") {
  CHECK(pointer_token("a/b~c") == "a~1b~0c");
  CHECK(pointer_join("/kwargs", "x") == "/kwargs/x");
  CHECK(pointer_join("/args", size_t{3}) == "/args/3");
  // Both joins size the result once: plain keys, escaped ones, empty parts, many digits.
  CHECK(pointer_join("/kwargs", "a/b~c") == "/kwargs/a~1b~0c");
  CHECK(pointer_join("", "") == "/");
  CHECK(pointer_join("", "~") == "/~0");
  CHECK(pointer_join("/a", size_t{0}) == "/a/0");
  CHECK(pointer_join("", size_t{10}) == "/10");
  CHECK(pointer_join("/a/long/enough/prefix", SIZE_MAX) == "/a/long/enough/prefix/18446744073709551615");
}

TEST_CASE("did you mean") {
  CHECK(did_you_mean("hiden", {"hidden", "other"}) == " (did you mean 'hidden'?)");
  CHECK(did_you_mean("zzzzzz", {"hidden", "other"}).empty());
  CHECK(one_of({"a", "b", "c"}) == "'a', 'b' or 'c'");
}

TEST_CASE("user errors render with file, pointer and stack") {
  UserError e("/functions/forward/body/12/args/0", "unknown local 'hiden'",
              {"in forward (m.py:3: h = f(hiden))", "called from Model.forward, statement 7"});
  CHECK(e.render("graph.json") == "graph.json: /functions/forward/body/12/args/0: unknown local "
                                  "'hiden'\n  in forward (m.py:3: h = f(hiden))\n  called from "
                                  "Model.forward, statement 7");
  CHECK_THROWS_AS(THUNDERC_ASSERT(1 == 2, "math"), InternalError);
}

TEST_CASE("user errors: a recursion's repeated frames are printed once and counted") {
  std::vector<std::string> stack = {"in f, statement 0"};
  for (int i = 0; i < 5; ++i)
    stack.push_back("called from f, statement 0");
  for (int i = 0; i < 4; ++i)
    stack.insert(stack.end(), {"called from ping, statement 1", "called from pong, statement 2"});
  stack.insert(stack.end(),
               {"called from main, statement 3", "called from main, statement 3"}); // twice: kept
  CHECK(UserError("/p", "too deep", stack).render("g.json") ==
        "g.json: /p: too deep\n"
        "  in f, statement 0\n"
        "  called from f, statement 0\n"
        "  [the line above repeated 4 more times]\n"
        "  called from ping, statement 1\n"
        "  called from pong, statement 2\n"
        "  [the 2 lines above repeated 3 more times]\n"
        "  called from main, statement 3\n"
        "  called from main, statement 3");
}

// For the tests of written files: a file's bytes, and its inode (not following a link).
namespace {
std::string read_file(const std::filesystem::path &p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ino_t inode_of(const std::filesystem::path &p) {
  struct stat st;
  REQUIRE(::lstat(p.c_str(), &st) == 0);
  return st.st_ino;
}
} // namespace

// The targets are joined to the directory on strings, as std::filesystem::path would join them: a
// directory given with or without its last '/' holds the same files, and errors name the target.
TEST_CASE("write_files_atomically: into a directory named with or without a last '/'") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("thunderc_atomic_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  write_files_atomically(dir.string(), {{"a.py", "one"}, {"b.py", "two"}});
  write_files_atomically(dir.string() + "/", {{"b.py", "three"}});
  CHECK(read_file(dir / "a.py") == "one");
  CHECK(read_file(dir / "b.py") == "three");
  fs::create_directory(dir / "c.py");
  try {
    write_files_atomically(dir.string() + "/", {{"a.py", "four"}, {"c.py", "five"}});
    FAIL("a directory was replaced");
  } catch (const UserError &e) {
    CHECK(std::string(e.what()).find("cannot replace " + dir.string() + "/c.py: it is a directory") !=
          std::string::npos);
  }
  CHECK(read_file(dir / "a.py") == "one");
  size_t entries = 0;
  for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir)) ++entries;
  CHECK(entries == 3); // a.py, b.py, c.py: no temporary left
  fs::remove_all(dir);
}

// A target already holding the new bytes keeps its inode (it is not replaced) and is dated now; one
// that differs in bytes, mode or kind is replaced by a new file of mode 0644.
TEST_CASE("write_files_atomically: a file with the same bytes is kept and dated now") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("thunderc_same_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  write_files_atomically(dir.string(), {{"a.py", "one"}, {"b.py", "two"}, {"c.py", "three"}});
  const auto a = inode_of(dir / "a.py"), b = inode_of(dir / "b.py");
  const auto past = fs::file_time_type::clock::now() - std::chrono::hours(1);
  fs::last_write_time(dir / "a.py", past);
  fs::permissions(dir / "b.py", fs::perms::owner_read | fs::perms::owner_write);
  fs::remove(dir / "c.py");
  fs::create_symlink("a.py", dir / "c.py");
  write_files_atomically(dir.string(), {{"a.py", "one"}, {"b.py", "two"}, {"c.py", "one"}});
  CHECK(inode_of(dir / "a.py") == a);
  CHECK(fs::last_write_time(dir / "a.py") > past + std::chrono::minutes(59));
  CHECK(inode_of(dir / "b.py") != b); // mode 0600: rewritten
  const auto mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read |
                    fs::perms::others_read; // 0644
  CHECK((fs::status(dir / "b.py").permissions() & fs::perms::all) == mode);
  CHECK(fs::is_regular_file(fs::symlink_status(dir / "c.py"))); // the link is replaced by a file
  write_files_atomically(dir.string(), {{"a.py", "One"}});
  CHECK(inode_of(dir / "a.py") != a);
  fs::remove_all(dir);
}

// Given in pieces, each file is compared with its target where they overlap: a target that holds
// exactly the pieces is kept (its inode), any other is replaced by exactly the pieces, whether the
// first difference is in the first piece, in a later one past the compare buffer (64 KiB: the
// matched bytes are then copied from the target), or in the lengths (one a prefix of the other).
// Destroyed without commit(), the group leaves every target as it was and no temporary.
TEST_CASE("AtomicFiles: files given in pieces") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("thunderc_pieces_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  auto write = [&](const std::string &name, const std::vector<std::string> &pieces,
                   bool commit = true) {
    AtomicFiles out(dir.string());
    out.begin(name);
    for (const auto &p : pieces)
      out.write(p);
    out.end();
    if (commit) out.commit();
  };
  std::string big(200000, 'x');
  for (size_t i = 0; i < big.size(); ++i)
    big[i] = char('a' + (i * 7 + i / 13) % 26);
  const std::string head = big.substr(0, 100000), tail = big.substr(100000);
  write("a.py", {head, tail});
  REQUIRE(read_file(dir / "a.py") == big);
  const auto kept = inode_of(dir / "a.py");
  write("a.py", {big.substr(0, 70000), big.substr(70000, 1), big.substr(70001)});
  CHECK(inode_of(dir / "a.py") == kept);
  CHECK(read_file(dir / "a.py") == big);

  std::string later = big;
  later[150000] = '!'; // past the first 64 KiB compared, in the second piece
  write("a.py", {head, later.substr(100000)});
  CHECK(inode_of(dir / "a.py") != kept);
  CHECK(read_file(dir / "a.py") == later);
  std::string first = later;
  first[0] = '!';
  write("a.py", {first.substr(0, 10), first.substr(10)});
  CHECK(read_file(dir / "a.py") == first);
  write("a.py", {first.substr(0, 120000)}); // a prefix of the target
  CHECK(read_file(dir / "a.py") == first.substr(0, 120000));
  write("a.py", {first.substr(0, 120000), "", "more"}); // the target is a prefix
  CHECK(read_file(dir / "a.py") == first.substr(0, 120000) + "more");

  const auto before = inode_of(dir / "a.py");
  write("a.py", {"other"}, /*commit=*/false);
  write("b.py", {"new"}, /*commit=*/false);
  CHECK(inode_of(dir / "a.py") == before);
  CHECK(read_file(dir / "a.py") == first.substr(0, 120000) + "more");
  size_t entries = 0;
  for ([[maybe_unused]] const auto &e : fs::directory_iterator(dir))
    ++entries;
  CHECK(entries == 1); // a.py: no b.py, no temporary
  fs::remove_all(dir);
}
