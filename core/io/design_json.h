#pragma once
// Reading and writing design files (docs/design-file.md). Reading checks structure and types and
// reports every problem with a JSON pointer; it never throws. Semantic checks against the
// catalog (references, strategy arithmetic) are in core/design/validate.h.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

struct LoadOptions {
    std::size_t max_bytes = 32u << 20;   // larger files are refused before parsing
    int max_depth = 64;                  // deeper nesting is refused before parsing
    std::vector<std::string> overrides;  // `--set PATH=VALUE` assignments, applied in order
    // Read this variant of the file instead of the design itself (FILE#NAME on the command
    // line); the overrides then apply to the variant.
    std::string variant;
};

struct LoadResult {
    std::optional<Design> design;  // set when there was no error
    Diagnostics diagnostics;
    bool ok() const { return design.has_value(); }
};

LoadResult parseDesign(std::string_view text, const LoadOptions& options = {});
LoadResult loadDesignFile(const std::string& path, const LoadOptions& options = {});

// Build a Design from already-parsed JSON (format/version checked, older versions migrated).
LoadResult designFromJson(const nlohmann::json& document);

nlohmann::json designToJson(const Design& design);
// The strategy section alone (inference fields written for inference designs).
nlohmann::json strategyToJson(const Strategy& strategy, bool inference);
std::string serializeDesign(const Design& design);  // pretty-printed, newline-terminated

// Atomic save (catalog/file_io.h): a unique temporary file beside `path`, renamed over it
// when whole. The GUI uses QSaveFile with serializeDesign() instead.
bool saveDesignFile(const Design& design, const std::string& path, std::string* error = nullptr);

// Read a whole file with a size cap; on failure returns nullopt and sets `error`.
std::optional<std::string> readTextFile(const std::string& path, std::size_t max_bytes,
                                        std::string* error);

}  // namespace infraplan
