#pragma once
// Guards applied to any JSON text before it is parsed, so that hostile files (huge, deeply
// nested, malformed) end in a clear message instead of exhausting memory or the stack.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace infraplan {

// "12.3 MB"
std::string formatMegabytes(std::size_t bytes);
// A message with line and column when arrays/objects nest deeper than `max_depth`.
std::optional<std::string> checkJsonNesting(std::string_view text, int max_depth);
// Parse with size and depth guards; on failure returns nullopt and a message with the place.
std::optional<nlohmann::json> parseJsonGuarded(std::string_view text, std::size_t max_bytes,
                                               int max_depth, std::string* error);

}  // namespace infraplan
