#pragma once
// The built-in catalog: the seed files (catalog/seed/*.json) compiled into the binaries,
// loaded into an in-memory SQLite database of the current schema and read back.

#include <string>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "catalog/sqlite_db.h"

namespace infraplan::catalog {

// Write every seed entry into `db` (already migrated) in one transaction. Every problem of
// the seed is reported; the seed's tests require none.
void loadSeed(Database& db, Diagnostics& diags);

// Problems found while building builtinCatalog() (empty for a correct build).
const Diagnostics& builtinDiagnostics();

}  // namespace infraplan::catalog
