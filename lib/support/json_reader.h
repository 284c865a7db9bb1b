// Strict JSON reading for graph files: rejects duplicate keys, integers outside int64, non-finite
// numbers, invalid UTF-8 and nesting deeper than a limit, each as a UserError located by the
// JSON pointer of the place (and line:column for syntax errors). Key order is kept. Parsing is
// iterative: no input can overflow the stack.
#pragma once

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>

namespace thunderc {

using Json = nlohmann::ordered_json;

Json parse_json(std::string_view text, size_t max_depth);

// The two readers parse_json is made of. The fast one (simdjson, when built with
// THUNDERC_SIMDJSON; else always nullopt) gives up on every input the strict one (nlohmann's
// parser) might reject or read differently; parse_json then reads it strictly, which reports
// the errors.
std::optional<Json> parse_json_fast(std::string_view text, size_t max_depth);
Json parse_json_strict(std::string_view text, size_t max_depth);

// The whole file ("-" reads stdin); a UserError when it cannot be read or exceeds max_bytes.
std::string read_input_file(const std::string &path, size_t max_bytes);

} // namespace thunderc
