// Read-only views of a parsed JSON document, one API over two DOMs: nlohmann_json's (JsonView, from
// the strict reader) and simdjson's (SimdView, from FastDocument in json_reader.h). The loader is
// written once against this API and reads a graph file from whichever reader accepted it, so the
// fast path builds no second DOM. A view is a small handle: pass it by value; it lives as long as
// its document.
#pragma once

#include "support/diagnostics.h"
#include "support/json_reader.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#ifdef THUNDERC_SIMDJSON
#include <simdjson.h>
#endif

namespace thunderc {

// Integers are int64 (both readers reject larger ones), floats are finite.
enum class JsonType : uint8_t { Null, Bool, Int, Float, String, Array, Object };

// What both views share, in terms of type(), size() and find().
template <class V> class JsonViewBase {
public:
  bool is_null() const { return self().type() == JsonType::Null; }
  bool is_boolean() const { return self().type() == JsonType::Bool; }
  bool is_number_integer() const { return self().type() == JsonType::Int; }
  bool is_number() const { return is_number_integer() || self().type() == JsonType::Float; }
  bool is_string() const { return self().type() == JsonType::String; }
  bool is_array() const { return self().type() == JsonType::Array; }
  bool is_object() const { return self().type() == JsonType::Object; }
  bool empty() const { return self().size() == 0; }
  bool contains(std::string_view key) const { return self().find(key).has_value(); }
  V at(std::string_view key) const { // a member known to be there
    std::optional<V> v = self().find(key);
    THUNDERC_ASSERT(v, "JSON member read before it was checked");
    return *v;
  }
  bool operator==(std::string_view s) const { return is_string() && self().as_string() == s; }

private:
  const V &self() const { return static_cast<const V &>(*this); }
};

// An iterator range that maps each underlying position through F.
template <class It, class F> class MappedRange {
public:
  MappedRange(It begin, It end) : begin_(begin), end_(end) {}
  struct iterator {
    It it;
    auto operator*() const { return F{}(it); }
    iterator &operator++() {
      ++it;
      return *this;
    }
    bool operator!=(const iterator &o) const { return it != o.it; }
  };
  iterator begin() const { return {begin_}; }
  iterator end() const { return {end_}; }

private:
  It begin_, end_;
};

class JsonView : public JsonViewBase<JsonView> {
public:
  explicit JsonView(const Json &j) : j_(&j) {}

  JsonType type() const {
    switch (j_->type()) {
    case Json::value_t::boolean: return JsonType::Bool;
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return JsonType::Int;
    case Json::value_t::number_float: return JsonType::Float;
    case Json::value_t::string: return JsonType::String;
    case Json::value_t::array: return JsonType::Array;
    case Json::value_t::object: return JsonType::Object;
    default: return JsonType::Null;
    }
  }
  bool as_bool() const { return j_->get<bool>(); }
  int64_t as_int() const { return j_->get<int64_t>(); }
  double as_double() const { return j_->get<double>(); } // ints too
  std::string_view as_string() const { return j_->get_ref<const std::string &>(); }
  size_t size() const { return j_->size(); }

  struct ToView {
    JsonView operator()(Json::const_iterator it) const { return JsonView(*it); }
  };
  struct ToMember {
    std::pair<std::string_view, JsonView> operator()(Json::object_t::const_iterator it) const {
      return {it->first, JsonView(it->second)};
    }
  };
  MappedRange<Json::const_iterator, ToView> items() const {
    THUNDERC_ASSERT(is_array(), "JSON items of a non-array");
    return {j_->cbegin(), j_->cend()};
  }
  MappedRange<Json::object_t::const_iterator, ToMember> members() const {
    THUNDERC_ASSERT(is_object(), "JSON members of a non-object");
    const auto &o = j_->get_ref<const Json::object_t &>();
    return {o.cbegin(), o.cend()};
  }
  std::optional<JsonView> find(std::string_view key) const {
    if (!is_object()) return std::nullopt;
    for (const auto &[k, v] : j_->get_ref<const Json::object_t &>())
      if (k == key) return JsonView(v);
    return std::nullopt;
  }
  std::string dump() const { return j_->dump(); }

private:
  const Json *j_;
};

// The value a view shows, as nlohmann_json (for messages that quote a value, and for tests).
template <class V> Json to_json(V v) {
  switch (v.type()) {
  case JsonType::Null: return nullptr;
  case JsonType::Bool: return v.as_bool();
  case JsonType::Int: return v.as_int();
  case JsonType::Float: return v.as_double();
  case JsonType::String: return std::string(v.as_string());
  case JsonType::Array: {
    Json out = Json::array();
    for (V x : v.items()) out.push_back(to_json(x));
    return out;
  }
  case JsonType::Object: {
    Json out = Json::object();
    for (auto [k, x] : v.members()) out[std::string(k)] = to_json(x);
    return out;
  }
  }
  return nullptr;
}

#ifdef THUNDERC_SIMDJSON
class SimdView : public JsonViewBase<SimdView> {
public:
  explicit SimdView(simdjson::dom::element e) : e_(e) {}

  JsonType type() const {
    // By table (small enough to inline; the loader asks for every value): simdjson's element
    // types are the ASCII characters of its tape.
    static constexpr auto types = [] {
      using T = simdjson::dom::element_type;
      std::array<JsonType, 128> t{}; // Null
      t[size_t(T::BOOL)] = JsonType::Bool;
      // FastDocument keeps no integer above int64.
      t[size_t(T::INT64)] = t[size_t(T::UINT64)] = JsonType::Int;
      t[size_t(T::DOUBLE)] = JsonType::Float;
      t[size_t(T::STRING)] = JsonType::String;
      t[size_t(T::ARRAY)] = JsonType::Array;
      t[size_t(T::OBJECT)] = JsonType::Object;
      return t;
    }();
    return types[size_t(e_.type()) & 127];
  }
  bool as_bool() const { return e_.get_bool().value_unsafe(); }
  int64_t as_int() const { return e_.get_int64().value_unsafe(); }
  double as_double() const {
    return type() == JsonType::Int ? double(as_int()) : e_.get_double().value_unsafe();
  }
  std::string_view as_string() const { return e_.get_string().value_unsafe(); }
  size_t size() const {
    switch (type()) {
    case JsonType::Array: return e_.get_array().value_unsafe().size();
    case JsonType::Object: return e_.get_object().value_unsafe().size();
    case JsonType::Null: return 0;
    default: return 1; // as nlohmann_json counts a scalar
    }
  }

  struct ToView {
    SimdView operator()(simdjson::dom::array::iterator it) const { return SimdView(*it); }
  };
  struct ToMember {
    std::pair<std::string_view, SimdView> operator()(simdjson::dom::object::iterator it) const {
      return {it.key(), SimdView(it.value())};
    }
  };
  MappedRange<simdjson::dom::array::iterator, ToView> items() const {
    THUNDERC_ASSERT(is_array(), "JSON items of a non-array");
    simdjson::dom::array a = e_.get_array().value_unsafe();
    return {a.begin(), a.end()};
  }
  MappedRange<simdjson::dom::object::iterator, ToMember> members() const {
    THUNDERC_ASSERT(is_object(), "JSON members of a non-object");
    simdjson::dom::object o = e_.get_object().value_unsafe();
    return {o.begin(), o.end()};
  }
  std::optional<SimdView> find(std::string_view key) const {
    simdjson::dom::element v;
    if (!is_object() || e_.get_object().value_unsafe().at_key(key).get(v) != simdjson::SUCCESS) return std::nullopt;
    return SimdView(v);
  }
  std::string dump() const { return to_json(*this).dump(); } // as the strict reader's DOM prints

private:
  simdjson::dom::element e_;
};
#endif

} // namespace thunderc
