#include "support/json_reader.h"

#include "support/diagnostics.h"
#include "support/text.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <span>
#include <unordered_set>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#ifdef THUNDERC_RAPIDJSON
#include <rapidjson/memorystream.h>
#endif

namespace thunderc {

namespace {

class Builder : public nlohmann::json_sax<Json> {
public:
  Builder(std::string_view text, size_t max_depth) : text_(text), max_depth_(max_depth) {}

  Json root;

  bool null() override { return add(Json(nullptr)); }
  bool boolean(bool v) override { return add(Json(v)); }
  bool number_integer(number_integer_t v) override { return add(Json(v)); }
  bool number_unsigned(number_unsigned_t v) override {
    if (v > static_cast<number_unsigned_t>(std::numeric_limits<int64_t>::max()))
      fail(fmt::format("integer {} is out of range: integers must fit in 64 bits (signed)", v));
    return add(Json(static_cast<int64_t>(v)));
  }
  bool number_float(number_float_t v, const string_t &raw) override {
    if (raw.find_first_of(".eE") == std::string::npos)
      fail(fmt::format("integer {} is out of range: integers must fit in 64 bits (signed)", raw));
    if (!std::isfinite(v)) fail(fmt::format("number {} is out of range for a float", raw));
    return add(Json(v));
  }
  bool string(string_t &v) override { return add(Json(std::move(v))); }
  bool binary(binary_t &) override { return add(Json(nullptr)); }
  bool start_object(std::size_t) override { return open(true); }
  bool start_array(std::size_t) override { return open(false); }
  bool end_object() override { return close(); }
  bool end_array() override { return close(); }
  bool key(string_t &k) override {
    Frame &top = frames_.back();
    top.has_key = true;
    top.key = std::move(k);
    if (!top.fresh_key())
      fail(fmt::format("duplicate key {}: each key may appear once in an object", py_str(top.key)));
    return true;
  }
  bool parse_error(std::size_t position, const std::string &, const nlohmann::detail::exception &e) override {
    // nlohmann's message reads "[json.exception.parse_error.101] parse error at line L, column C: WHAT".
    std::string what = e.what();
    if (auto close = what.find("] "); what.starts_with("[json.exception.") && close != what.npos)
      what = what.substr(close + 2);
    if (what.starts_with("parse error"))
      if (auto colon = what.find(": "); colon != what.npos) what = what.substr(colon + 2);
    if (what.starts_with("number overflow parsing "))
      what = fmt::format("number {} is out of range for a float", what.substr(24));
    size_t line = 1, column = 1;
    for (size_t i = 0; i + 1 < position && i < text_.size(); ++i) {
      if (text_[i] == '\n') ++line, column = 1;
      else ++column;
    }
    fail(fmt::format("invalid JSON at line {}, column {}: {}", line, column, what));
  }

private:
  // An array or object being read. Its members are kept here and moved into the Json value
  // when it closes, once their number is known: an ordered_json object that grows copies its
  // members (their keys are const), subtrees included.
  struct Frame {
    bool object;
    std::vector<Json> items;                               // array
    std::vector<std::pair<std::string, Json>> members;     // object
    std::string key;                                       // object: the key being read
    bool has_key = false;
    std::unordered_set<std::string> keys;                  // object: all keys, once it is large

    size_t size() const { return object ? members.size() : items.size(); }
    // Whether `key` is not among the keys read before it (and records it).
    bool fresh_key() {
      return key_is_new(members, keys, key,
                        [](const auto &m) -> const std::string & { return m.first; });
    }
  };

  std::string pointer() const {
    std::string out;
    for (const Frame &f : frames_) {
      if (f.object) {
        if (f.has_key) out = pointer_join(out, f.key);
      } else {
        out = pointer_join(out, f.items.size());
      }
    }
    return out;
  }

  [[noreturn]] void fail(const std::string &message) { fail(message, pointer()); }
  [[noreturn]] void fail(const std::string &message, const std::string &ptr) {
    throw UserError(ptr, message);
  }

  bool add(Json &&value) {
    if (frames_.empty()) {
      root = std::move(value);
      return true;
    }
    Frame &top = frames_.back();
    if (top.object) top.members.emplace_back(top.key, std::move(value)); // the key stays for pointer()
    else top.items.push_back(std::move(value));
    return true;
  }

  bool open(bool object) {
    if (frames_.size() >= max_depth_)
      fail(fmt::format("nesting is deeper than {} levels (the limit; --max-depth raises it up to 1024); "
                       "flatten the graph",
                       max_depth_));
    frames_.emplace_back();
    frames_.back().object = object;
    return true;
  }

  bool close() {
    Frame top = std::move(frames_.back());
    frames_.pop_back();
    Json value;
    if (top.object) {
      value = Json::object();
      // ordered_map is a vector of pairs; append directly (keys are known to be unique).
      auto &members = static_cast<std::vector<std::pair<const std::string, Json>> &>(
          value.get_ref<Json::object_t &>());
      members.reserve(top.members.size());
      for (auto &[k, v] : top.members) members.emplace_back(std::move(k), std::move(v));
    } else {
      value = Json::array();
      value.get_ref<Json::array_t &>() = std::move(top.items);
    }
    return add(std::move(value));
  }

  std::string_view text_;
  size_t max_depth_;
  std::vector<Frame> frames_;
};

#ifdef THUNDERC_RAPIDJSON
// RapidJSON's SAX events into its DOM, giving up (false) where the strict reader would read a
// value differently or reject it: numbers are read here as the strict reader reads them (an
// integer without '.', 'e' or 'E' must fit in int64; a float, correctly rounded, must be
// finite), strings must be UTF-8 without surrogates, an object's keys must differ, and nesting
// is limited (which also bounds RapidJSON's recursion).
class FastHandler {
public:
  FastHandler(rapidjson::Document &doc, size_t max_depth) : doc_(doc), max_depth_(max_depth) {}

  bool Null() { return doc_.Null(); }
  bool Bool(bool b) { return doc_.Bool(b); }
  bool RawNumber(const char *s, rapidjson::SizeType n, bool) {
    const char *end = s + n;
    if (std::string_view(s, n).find_first_of(".eE") == std::string_view::npos) {
      int64_t v;
      auto [at, ec] = std::from_chars(s, end, v);
      return ec == std::errc() && at == end && doc_.Int64(v);
    }
    double v;
    auto [at, ec] = std::from_chars(s, end, v);
    if (ec == std::errc::result_out_of_range) { // an underflow, read as strtod reads it, or inf
      char text[64];
      if (n >= sizeof text) return false;
      std::memcpy(text, s, n);
      text[n] = '\0';
      v = std::strtod(text, nullptr);
    } else if (ec != std::errc() || at != end) {
      return false;
    }
    return std::isfinite(v) && doc_.Double(v);
  }
  bool String(const char *s, rapidjson::SizeType n, bool copy) {
    return valid_text(s, n) && doc_.String(s, n, copy);
  }
  bool Key(const char *s, rapidjson::SizeType n, bool copy) {
    return valid_text(s, n) && fresh_key({s, n}) && doc_.Key(s, n, copy);
  }
  bool StartObject() {
    if (++depth_ > max_depth_) return false;
    objects_.push_back(keys_.size());
    if (seen_.size() < objects_.size()) seen_.emplace_back();
    return doc_.StartObject();
  }
  bool EndObject(rapidjson::SizeType n) {
    --depth_;
    keys_.resize(objects_.back());
    // clear() zeroes the buckets even when empty
    if (auto &seen = seen_[objects_.size() - 1]; !seen.empty()) seen.clear();
    objects_.pop_back();
    return doc_.EndObject(n);
  }
  bool StartArray() { return ++depth_ <= max_depth_ && doc_.StartArray(); }
  bool EndArray(rapidjson::SizeType n) { return --depth_, doc_.EndArray(n); }
  // Never called: numbers come as RawNumber (kParseNumbersAsStringsFlag).
  bool Int(int) { return false; }
  bool Uint(unsigned) { return false; }
  bool Int64(int64_t) { return false; }
  bool Uint64(uint64_t) { return false; }
  bool Double(double) { return false; }

private:
  // Whether a string as read (escapes decoded) is UTF-8 without surrogate code points, which
  // RapidJSON's validator rejects: it checks the decoded string, so a lone "\udc00", which
  // RapidJSON 1.1 decodes to one, is caught too. Checked here rather than by
  // kParseValidateEncodingFlag, which would turn off RapidJSON's 16-byte string scan; most
  // strings are ASCII from 0x20, told 8 bytes at a time.
  // Also rejected: bytes 0x1a to 0x1f. RapidJSON 1.1's SSE2 string scan lets them through
  // unescaped (it takes a byte for a control character when it is at most 0x19); as the escapes
  // \u001a to \u001f they are valid, and the strict reader tells the two apart.
  static bool valid_text(const char *s, size_t n) {
    constexpr uint64_t kOnes = 0x0101010101010101u, kSpaces = 0x20 * kOnes;
    // A byte from 0x80 sets its high bit in w; one below 0x20, in w - 0x20 (no byte borrows
    // before one does).
    auto plain = [](uint64_t w) { return ((w | (w - kSpaces)) & 0x80 * kOnes) == 0; };
    size_t i = 0;
    for (uint64_t w; i + 8 <= n; i += 8)
      if (std::memcpy(&w, s + i, 8), !plain(w)) break;
    if (i == n) return true;
    if (i + 8 > n && std::endian::native == std::endian::little) {
      // The last bytes, read as one word with spaces past the string: the string lies in the
      // text, which InputText pads with kPadding bytes.
      uint64_t w;
      std::memcpy(&w, s + i, 8);
      const uint64_t keep = ~uint64_t(0) >> (64 - 8 * (n - i));
      if (plain((w & keep) | (kSpaces & ~keep))) return true;
    }
    rapidjson::MemoryStream in(s + i, n - i);
    struct {
      void Put(char) {}
    } out;
    while (in.Tell() < n - i) {
      const auto c = static_cast<unsigned char>(in.Peek());
      if ((c >= 0x1a && c < 0x20) || !rapidjson::UTF8<>::Validate(in, out)) return false;
    }
    return true;
  }

  // Whether `key` is not among the keys of the innermost open object read before it (and
  // records it). The keys view the text, parsed in place: they stay where they were decoded.
  bool fresh_key(std::string_view key) {
    const std::span<const std::string_view> before(keys_.begin() + objects_.back(), keys_.end());
    if (!key_is_new(before, seen_[objects_.size() - 1], key, [](std::string_view k) { return k; }))
      return false;
    keys_.push_back(key);
    return true;
  }

  rapidjson::Document &doc_;
  size_t max_depth_, depth_ = 0;
  std::vector<std::string_view> keys_; // the keys of the open objects, outermost first
  std::vector<size_t> objects_;        // each open object's first key in keys_
  std::vector<std::unordered_set<std::string_view>> seen_; // by depth of open object: key_is_new
};

#endif

} // namespace

#ifdef THUNDERC_RAPIDJSON
std::unique_ptr<FastDocument> FastDocument::parse(InputText text, size_t max_depth) {
  const size_t size = text.text().size();
  if (max_depth > 1024 || size > std::numeric_limits<rapidjson::SizeType>::max()) return nullptr;
  constexpr unsigned kFlags = rapidjson::kParseInsituFlag |
                              rapidjson::kParseNumbersAsStringsFlag;
  auto doc = std::make_unique<FastDocument>();
  doc->text_ = std::move(text);
  rapidjson::InsituStringStream stream(doc->text_.data());
  bool parsed = false;
  auto generate = [&](rapidjson::Document &d) {
    FastHandler handler(d, max_depth);
    return parsed = !rapidjson::Reader().Parse<kFlags>(stream, handler).IsError();
  };
  doc->doc_.Populate(generate);
  // A NUL byte reads as the end of the text: all of it must have been read.
  if (!parsed || stream.Tell() != size)
    return nullptr;
  return doc;
}
#endif

Json parse_json_strict(std::string_view text, size_t max_depth) {
  Builder builder(text, max_depth);
  Json::sax_parse(text.begin(), text.end(), &builder, nlohmann::detail::input_format_t::json, true);
  return std::move(builder.root);
}

InputText::InputText(std::string_view text)
    : data_(new char[text.size() + kPadding]), size_(text.size()),
      capacity_(text.size() + kPadding) {
  std::memcpy(data_.get(), text.data(), text.size());
  std::memset(data_.get() + size_, 0, kPadding);
}

// With POSIX calls rather than a std::ifstream (its buffers, locale and std::filesystem's
// queries: 31K instructions at L = 1); the messages are the same.
InputText read_input_file(const std::string &path, size_t max_bytes) {
  struct File { // closes what it opened (never stdin)
    int fd = STDIN_FILENO;
    ~File() {
      if (fd != STDIN_FILENO) ::close(fd);
    }
  } file;
  InputText out;
  // Grows the buffer to hold `size` bytes of text, keeping what was read.
  auto reserve = [&](size_t size) {
    if (size <= out.capacity_) return;
    std::unique_ptr<char[]> data(new char[size]); // not zero-filled
    std::copy_n(out.data_.get(), out.size_, data.get());
    out.data_ = std::move(data);
    out.capacity_ = size;
  };
  if (path != "-") {
    struct stat st;
    if (::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
      throw UserError("", "the graph file is a directory; give a graph file (.json)");
    file.fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (file.fd < 0)
      throw UserError("", fmt::format("cannot open the graph file: {}", std::strerror(errno)));
    if (::fstat(file.fd, &st) == 0 && S_ISREG(st.st_mode)) // a size known up front: one read
      reserve(static_cast<size_t>(std::min<uintmax_t>(uintmax_t(st.st_size), max_bytes)) + 1 +
              InputText::kPadding);
  }
  // Read straight into the buffer, growing it when full while the input goes on; one byte past
  // max_bytes tells a larger input.
  const size_t most = max_bytes == SIZE_MAX ? max_bytes : max_bytes + 1;
  bool failed = false;
  while (out.size_ < most) {
    if (out.capacity_ <= out.size_) // full (or none yet): grow
      reserve(std::min(std::max(2 * out.capacity_, size_t{1} << 16), most));
    size_t room = std::min(out.capacity_, most) - out.size_;
    ssize_t n = ::read(file.fd, out.data_.get() + out.size_, room);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) { // the end, or an error: on stdin the end, as std::cin (read by stdio) told it
      failed = n < 0 && file.fd != STDIN_FILENO;
      break;
    }
    out.size_ += static_cast<size_t>(n);
  }
  if (out.size_ > max_bytes)
    throw UserError("", fmt::format("the graph file is larger than {} bytes (the limit; raise it "
                                    "with --max-file-size)",
                                    max_bytes));
  if (failed) throw UserError("", "cannot read the graph file");
  reserve(out.size_ + InputText::kPadding);
  std::memset(out.data_.get() + out.size_, 0, InputText::kPadding);
  return out;
}

} // namespace thunderc
