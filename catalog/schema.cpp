#include "catalog/schema.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include "catalog/embedded_data.h"

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

}  // namespace

int latestSchemaVersion() {
    int latest = 0;
    for (const auto& file : migrationFiles())
        latest = std::max(latest, migrationNumber(file.name));
    return latest;
}

void migrate(Database& db, int target) {
    const int latest = latestSchemaVersion();
    if (target < 0 || target > latest) target = latest;
    const int current = db.userVersion();
    if (current > latest)
        throw SqlError("catalog schema version " + std::to_string(current) +
                       " is newer than this build supports (" + std::to_string(latest) + ")");
    for (int version = current + 1; version <= target; ++version) {
        auto it =
            std::find_if(migrationFiles().begin(), migrationFiles().end(),
                         [&](const EmbeddedFile& f) { return migrationNumber(f.name) == version; });
        if (it == migrationFiles().end())
            throw SqlError("missing schema migration " + std::to_string(version));
        Transaction tx(db);
        db.exec(std::string(it->text));
        db.setUserVersion(version);
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
