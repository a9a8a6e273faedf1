#pragma once
// The user's catalog: a writable SQLite file that overlays the built-in catalog. Users add or
// override entries there without touching the built-in data; an override is marked
// (EntryBase::overrides_builtin, origin user) wherever it shows.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/entry_json.h"

namespace infraplan::catalog {

// $INFRAPLAN_USER_CATALOG, else $XDG_DATA_HOME/infraplan/user-catalog.sqlite, else
// $HOME/.local/share/infraplan/user-catalog.sqlite ("" when none of them is set).
std::string defaultUserCatalogPath();

// The built-in catalog overlaid by the user catalog at `user_path` ("" = the default path).
// A missing file is fine. A corrupt, unreadable or newer-schema file leaves the built-in
// catalog and adds a message that says so; so does every user row that fails validation or
// names an entry that does not exist (that row is left out). Never throws.
Catalog loadCatalog(const std::string& user_path, std::vector<std::string>* messages);

// Insert or replace `entries` in the user catalog file (created, with its folder, when
// missing; WAL journal, busy timeout) in one transaction: all or nothing. Returns false with
// `error` set on failure. The caller validates the entries first (see import_export.h).
bool writeUserEntries(const std::string& user_path, const std::vector<AnyEntry>& entries,
                      std::string* error);
// Remove one entry from the user catalog; false with `error` when it fails or is not there.
bool removeUserEntry(const std::string& user_path, const std::string& id, std::string* error);

}  // namespace infraplan::catalog
