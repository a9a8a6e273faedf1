#pragma once
// A batch of catalog entries read from one document (a seed file, an imported JSON or CSV
// file, a design's embedded "catalog" array), validated as a whole: every row, duplicate ids,
// and references to other entries of the batch or of the catalog it joins.

#include <string>
#include <string_view>
#include <vector>

#include "catalog/entry_json.h"

namespace infraplan::catalog {

struct ParsedEntry {
    AnyEntry entry;
    std::string pointer;  // where it was read, for messages
};

// {"format": "infraplan-catalog", "version": 1, "entries": [...]} or a bare array of entries.
std::vector<ParsedEntry> parseEntriesJson(std::string_view text, Diagnostics& diags, Origin origin);
// Entries as JSON values already parsed (an "entries" or design "catalog" array).
std::vector<ParsedEntry> parseEntriesArray(const nlohmann::json& array, const std::string& pointer,
                                           Diagnostics& diags, Origin origin);
// A CSV file with a header row of flat field names (catalog/entry_json.h); one entry per row,
// empty cells are "not given". Messages name the line ("line 4/memory_gb: ...").
std::vector<ParsedEntry> parseEntriesCsv(std::string_view text, Diagnostics& diags, Origin origin);

// Duplicate ids in the batch, and references that name no entry of the right kind in
// `context` plus the batch.
void checkBatch(const std::vector<ParsedEntry>& batch, const Catalog& context, Diagnostics& diags);

// The largest catalog document accepted (bytes) and JSON nesting depth.
inline constexpr std::size_t kMaxCatalogBytes = 64u << 20;
inline constexpr int kMaxCatalogDepth = 32;

}  // namespace infraplan::catalog
