#include "catalog/schema.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <utility>

#include "catalog/embedded_data.h"
#include "catalog/utf8.h"

namespace infraplan::catalog {
namespace {

// NNN from "NNN_name.sql"; 0 when the name has no number.
int migrationNumber(std::string_view name) {
    int number = 0;
    auto [end, ec] = std::from_chars(name.data(), name.data() + name.size(), number);
    return ec == std::errc() && end != name.data() ? number : 0;
}

constexpr std::array<std::pair<const char*, const char*>, 8> kKindTables{{
    {"accelerator", "accelerator"},
    {"memory", "memory_node"},
    {"link", "link"},
    {"switch", "network_switch"},
    {"nic", "nic"},
    {"node", "node_template"},
    {"model", "model"},
    {"default", "default_value"},
}};

constexpr int kMaxSchemaObjects = 1000;  // the catalog schema has about 20

bool startsWithNoCase(const std::string& text, std::string_view prefix) {
    if (text.size() < prefix.size()) return false;
    for (std::size_t i = 0; i < prefix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i]) return false;
    return true;
}

}  // namespace

void checkCatalogSchema(Database& db) {
    Statement objects(db.handle(),
                      "SELECT type, name, coalesce(sql, '') FROM sqlite_master LIMIT " +
                          std::to_string(kMaxSchemaObjects + 1));
    int count = 0;
    while (objects.step()) {
        if (++count > kMaxSchemaObjects)
            throw SqlError("its schema has more than " + std::to_string(kMaxSchemaObjects) +
                           " objects; a catalog has about 20");
        const std::string type = objects.columnText(0);
        const std::string name = "\"" + toValidUtf8(objects.columnText(1)) + "\"";
        if (type == "view" || type == "trigger")
            throw SqlError("it holds a " + type + " (" + name +
                           "); a catalog file holds only tables");
        if (type == "table" && startsWithNoCase(objects.columnText(2), "create virtual table"))
            throw SqlError("it holds a virtual table (" + name +
                           "); a catalog file holds only tables");
    }
    Statement generated(db.handle(),
                        "SELECT m.name FROM sqlite_master AS m, pragma_table_xinfo(m.name) AS c "
                        "WHERE m.type = 'table' AND c.hidden IN (2, 3) LIMIT 1");
    if (generated.step())
        throw SqlError("its table \"" + toValidUtf8(generated.columnText(0)) +
                       "\" has generated columns; a catalog file holds only stored values");
}

int latestSchemaVersion() {
    int latest = 0;
    for (const auto& file : migrationFiles())
        latest = std::max(latest, migrationNumber(file.name));
    return latest;
}

void migrate(Database& db, int target) {
    const int latest = latestSchemaVersion();
    if (target < 0 || target > latest) target = latest;
    auto checkNotNewer = [&](int version) {
        if (version > latest)
            throw SqlError("catalog schema version " + std::to_string(version) +
                           " is newer than this build supports (" + std::to_string(latest) + ")");
    };
    checkNotNewer(db.userVersion());
    while (db.userVersion() < target) {
        // Read the version again under the write lock: another instance may have migrated
        // the file between our check and our BEGIN IMMEDIATE.
        Transaction tx(db);
        const int version = db.userVersion();
        checkNotNewer(version);
        if (version >= target) break;
        const int next = version + 1;
        auto it =
            std::find_if(migrationFiles().begin(), migrationFiles().end(),
                         [&](const EmbeddedFile& f) { return migrationNumber(f.name) == next; });
        if (it == migrationFiles().end())
            throw SqlError("missing schema migration " + std::to_string(next));
        db.exec(std::string(it->text));
        db.setUserVersion(next);
        tx.commit();
    }
}

std::string kindTable(const std::string& kind) {
    for (const auto& [name, table] : kKindTables)
        if (kind == name) return table;
    return "";
}

void prepareWritable(Database& db) {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("PRAGMA foreign_keys = ON");
    migrate(db);
}

}  // namespace infraplan::catalog
