// Read-only views of a parsed JSON document, one API over two DOMs: nlohmann_json's (JsonView, from
// the strict reader) and RapidJSON's (RapidView, from FastDocument in json_reader.h). The loader is
// written once against this API and reads a graph file from whichever reader accepted it, so the
// fast path builds no second DOM. A view is a small handle: pass it by value; it lives as long as
// its document.
#pragma once

#include "support/diagnostics.h"
#include "support/json_reader.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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

#ifdef THUNDERC_RAPIDJSON
class RapidView : public JsonViewBase<RapidView> {
public:
  explicit RapidView(const rapidjson::Value &v) : v_(&v) {}

  JsonType type() const {
    switch (v_->GetType()) {
    case rapidjson::kFalseType:
    case rapidjson::kTrueType: return JsonType::Bool;
    case rapidjson::kNumberType: return v_->IsDouble() ? JsonType::Float : JsonType::Int;
    case rapidjson::kStringType: return JsonType::String;
    case rapidjson::kArrayType: return JsonType::Array;
    case rapidjson::kObjectType: return JsonType::Object;
    default: return JsonType::Null;
    }
  }
  bool as_bool() const { return v_->GetBool(); }
  int64_t as_int() const { return v_->GetInt64(); } // FastDocument keeps integers as int64
  double as_double() const { return v_->GetDouble(); } // ints too
  std::string_view as_string() const { return {v_->GetString(), v_->GetStringLength()}; }
  size_t size() const {
    switch (type()) {
    case JsonType::Array: return v_->Size();
    case JsonType::Object: return v_->MemberCount();
    case JsonType::Null: return 0;
    default: return 1; // as nlohmann_json counts a scalar
    }
  }

  struct ToView {
    RapidView operator()(rapidjson::Value::ConstValueIterator it) const { return RapidView(*it); }
  };
  struct ToMember {
    std::pair<std::string_view, RapidView> operator()(rapidjson::Value::ConstMemberIterator it) const {
      return {{it->name.GetString(), it->name.GetStringLength()}, RapidView(it->value)};
    }
  };
  MappedRange<rapidjson::Value::ConstValueIterator, ToView> items() const {
    THUNDERC_ASSERT(is_array(), "JSON items of a non-array");
    return {v_->Begin(), v_->End()};
  }
  MappedRange<rapidjson::Value::ConstMemberIterator, ToMember> members() const {
    THUNDERC_ASSERT(is_object(), "JSON members of a non-object");
    return {v_->MemberBegin(), v_->MemberEnd()};
  }
  std::optional<RapidView> find(std::string_view key) const {
    if (!is_object()) return std::nullopt;
    for (auto it = v_->MemberBegin(); it != v_->MemberEnd(); ++it)
      if (same_key({it->name.GetString(), it->name.GetStringLength()}, key))
        return RapidView(it->value);
    return std::nullopt;
  }
  std::string dump() const { return to_json(*this).dump(); } // as the strict reader's DOM prints

private:
  const rapidjson::Value *v_;
};
#endif

} // namespace thunderc
