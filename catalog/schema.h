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

// The most rows read from one table of a catalog file (the built-in catalog has a few hundred).
inline constexpr int kMaxCatalogRows = 50'000;

// Refuse (SqlError saying what and where) a file whose schema could run code or loop while it
// is read: views, triggers, virtual tables, generated columns, or an absurd number of objects.
// Run before reading any catalog file; the connection's settings keep views and triggers off
// as well.
void checkCatalogSchema(Database& db);

// Open (creating when missing) a catalog file for writing: WAL journal, busy timeout, foreign
// keys, migrated to the latest schema.
void prepareWritable(Database& db);

}  // namespace infraplan::catalog
