#pragma once
// Catalog entries in and out of a catalog database (schema: catalog/sql). Rows are read back
// through the same validation as imported files, so a hand-edited or hostile database row
// is skipped with a message instead of reaching the engine.

#include <string>
#include <vector>

#include "catalog/entry_json.h"
#include "catalog/sqlite_db.h"

namespace infraplan::catalog {

// Insert or replace one entry (its fields and field sources). The caller holds the transaction.
void writeEntry(Database& db, const AnyEntry& entry);
// Remove an entry; returns whether there was one.
bool deleteEntry(Database& db, const std::string& id);

// Every valid entry of the database, with `origin` set. Invalid rows are reported in `diags`
// (pointer "/<kind>/<id>/<field>") and left out.
std::vector<AnyEntry> readEntries(Database& db, Origin origin, Diagnostics& diags);

}  // namespace infraplan::catalog
