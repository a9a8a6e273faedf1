#pragma once
// Catalog files in and out: JSON (catalog/entry_json.h, in a {"format": "infraplan-catalog"}
// document), CSV (one flat row per entry, any kinds mixed), SQLite (the catalog schema), and
// a Hugging Face config.json imported as a model. Import validates every row (types, units in
// the field names, ranges, required fields, references) and either takes the whole file, in
// one transaction, or nothing, with a message per bad row.

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/entry_json.h"

namespace infraplan::catalog {

enum class CatalogFileFormat : std::uint8_t { json, csv, sqlite };
// By extension: .json, .csv, .sqlite/.sqlite3/.db.
std::optional<CatalogFileFormat> catalogFormatOf(const std::string& path);

struct ImportOptions {
    std::string model_id;  // id for a Hugging Face config ("" = from _name_or_path or file name)
    // Only a Hugging Face config.json is accepted (the planner's "Import Model"): a catalog
    // file would add entries that are not a model.
    bool hf_config_only = false;
};

struct ImportReport {
    bool ok = false;
    std::vector<std::string> ids;  // the entries read (written, for importIntoUserCatalog)
    Diagnostics diags;             // every problem, "pointer: message"
};

// Read and validate `path` as entries that will join `context`. Writes nothing.
ImportReport readCatalogFile(const std::string& path, const Catalog& context,
                             const ImportOptions& options, std::vector<AnyEntry>* entries);
// Validate `path` against the current built-in + user catalog and write it into the user
// catalog at `user_path` ("" = default) in one transaction, or not at all.
ImportReport importIntoUserCatalog(const std::string& path, const std::string& user_path,
                                   const ImportOptions& options = {});

std::string entriesToJsonText(const std::vector<AnyEntry>& entries);
std::string entriesToCsvText(const std::vector<AnyEntry>& entries);
// Write `entries` to `path` in the format of its extension, atomically (temporary file, then
// rename). SQLite files get the current schema; the built-in catalog exported this way is
// the installable catalog file.
bool exportEntries(const std::vector<AnyEntry>& entries, const std::string& path,
                   std::string* error);

}  // namespace infraplan::catalog
