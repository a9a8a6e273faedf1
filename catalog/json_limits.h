#pragma once
// Guards applied to any JSON text before it is parsed, so that hostile files (huge, deeply
// nested, malformed, with repeated keys) end in a clear message instead of exhausting memory
// or the stack; and the one way JSON is written as text, which never throws on bad bytes.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace infraplan {

// A size as people write it: "512 bytes", "12.3 KB", "50.0 MB", "1.2 GB".
std::string formatBytes(std::uintmax_t bytes);
// A message with line and column when arrays/objects nest deeper than `max_depth`.
std::optional<std::string> checkJsonNesting(std::string_view text, int max_depth);
// Parse with size and depth guards; a key repeated in one object is refused with its pointer
// (the JSON standard leaves its meaning open, and silently keeping the last hides mistakes).
// On failure returns nullopt and a message with the place.
std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::size_t max_bytes,
                                               int max_depth, std::string* error);

// JSON as text (compact when indent < 0). Strings that hold malformed UTF-8 are written with
// U+FFFD in place of the bad bytes instead of throwing: every writer goes through here.
std::string dumpJson(const nlohmann::json& value, int indent = -1);
std::string dumpJson(const nlohmann::ordered_json& value, int indent = -1);

}  // namespace infraplan
