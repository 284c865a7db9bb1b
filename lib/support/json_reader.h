// Strict JSON reading for graph files: rejects duplicate keys, integers outside int64, non-finite
// numbers, invalid UTF-8 and nesting deeper than a limit, each as a UserError located by the
// JSON pointer of the place (and line:column for syntax errors). Key order is kept. The strict
// reader is iterative and the fast one recurses at most as deep as the limit (1024 at most): no
// input can overflow the stack.
#pragma once

#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <string_view>

#ifdef THUNDERC_RAPIDJSON
#include <rapidjson/document.h>
#endif

namespace thunderc {

using Json = nlohmann::ordered_json;

Json parse_json_strict(std::string_view text, size_t max_depth);

// Whether two object keys are equal, most often told by their sizes and first characters without
// a call to compare the rest (keys are short; most compared ones differ).
inline bool same_key(std::string_view a, std::string_view b) {
  return a.size() == b.size() && (a.empty() || (a[0] == b[0] && a == b));
}

// Whether `key` differs from the keys of `members` (an object's member keys read so far, each
// `key_of` a member), recording it in `seen`: a linear search below 16 members, then a set filled
// on first use. Both readers and the loader use it.
template <class Members, class Seen, class KeyOf>
bool key_is_new(const Members &members, Seen &seen, std::string_view key, KeyOf key_of) {
  constexpr size_t small = 16;
  if (members.size() < small) {
    for (const auto &m : members)
      if (same_key(key_of(m), key)) return false;
    return true;
  }
  if (seen.empty())
    for (const auto &m : members) seen.emplace(key_of(m));
  return seen.emplace(key).second;
}

// A file's text. Unlike a std::string grown by resize(), its buffer is not zero-filled before the
// text is read into it (a pass over the whole file, as costly as parsing a tenth of it). The text
// is followed by kPadding zero bytes: RapidJSON's SSE2 scans read the aligned 16 bytes that hold
// the closing NUL, up to 15 past it, and the fast reader's string check reads a string's last
// bytes as one 8-byte word, up to 7 past its end.
class InputText {
public:
  static constexpr size_t kPadding = 16;
  InputText() = default;
  explicit InputText(std::string_view text); // a copy
  std::string_view text() const { return {data_.get(), size_}; }
  char *data() { return data_.get(); }

private:
  friend InputText read_input_file(const std::string &path, size_t max_bytes);
  std::unique_ptr<char[]> data_;
  size_t size_ = 0, capacity_ = 0;
};

#ifdef THUNDERC_RAPIDJSON
// The fast reader: RapidJSON's DOM of a text (about 4x faster to parse than by nlohmann_json, and
// read in place through RapidView, json_view.h; header-only, so the executable needs no C++
// shared library). parse() gives up (null) on every text the strict reader might reject or read
// differently: every RapidJSON error, integers outside int64, numbers that are not finite floats,
// invalid UTF-8 or surrogates in strings, duplicate keys, nesting deeper than max_depth (or a
// max_depth above 1024), a NUL byte in the text. The strict reader then reads the text and
// reports the problem. The text is parsed in place (kParseInsituFlag): the DOM's strings are in
// it, with no allocation each, and it is changed, so a caller that may need it for the strict
// reader gives a copy (the string_view overload).
class FastDocument {
public:
  static std::unique_ptr<FastDocument> parse(InputText text, size_t max_depth);
  static std::unique_ptr<FastDocument> parse(std::string_view text, size_t max_depth) {
    return parse(InputText(text), max_depth);
  }
  const rapidjson::Value &root() const { return doc_; }

private:
  InputText text_; // parsed in place: the DOM's strings are in it
  rapidjson::Document doc_;
};
#endif

// The whole file ("-" reads stdin); a UserError when it cannot be read or exceeds max_bytes.
InputText read_input_file(const std::string &path, size_t max_bytes);

} // namespace thunderc
