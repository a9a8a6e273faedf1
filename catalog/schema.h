#pragma once
// Schema migrations of the catalog database. The migrations are the compiled-in files
// catalog/sql/NNN_name.sql; PRAGMA user_version records the last one applied.

#include <string>

#include "catalog/sqlite_db.h"

namespace infraplan::catalog {

// The version a fully migrated database has (the highest NNN).
int latestSchemaVersion();

// Apply every migration above the database's version up to `target` (default: latest), each in
// its own transaction. Throws SqlError for a database newer than this build or a failed step.
void migrate(Database& db, int target = -1);

// The table that holds the fields of an entry kind ("accelerator", "network_switch", ...);
// "" for an unknown kind name.
std::string kindTable(const std::string& kind);

// Open (creating when missing) a catalog file for writing: WAL journal, busy timeout, foreign
// keys, migrated to the latest schema.
void prepareWritable(Database& db);

}  // namespace infraplan::catalog
