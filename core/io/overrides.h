#pragma once
// `--set PATH=VALUE`: change one field of a design document before it is read. PATH is a
// dotted path (strategy.tp, hardware.items.0.count) or a JSON pointer (/strategy/tp); VALUE is
// JSON when it parses as JSON (4, true, "x", {"a":1}) and a string otherwise (fp8). A value
// passes the guards a design file passes: UTF-8 text, size, nesting depth, unique keys.

#include <nlohmann/json.hpp>
#include <string>

#include "catalog/json_reader.h"

namespace infraplan {

// Returns false (and records why) when the assignment is malformed or its path cannot exist.
// The value may not make the document larger than `max_bytes` or deeper than `max_depth`.
bool applyOverride(nlohmann::json& document, const std::string& assignment, Diagnostics& diags,
                   std::size_t max_bytes, int max_depth);

}  // namespace infraplan
