#include "catalog/user_catalog.h"

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <thread>

#include "catalog/builtin.h"
#include "catalog/entry_batch.h"
#include "catalog/json_limits.h"
#include "catalog/schema.h"
#include "catalog/store.h"

namespace infraplan::catalog {
namespace {
namespace fs = std::filesystem;

// Runs one whole write (open, migrate, transaction) again when another instance held a lock
// SQLite does not wait on: two instances creating the file at once race for the exclusive lock
// that switching it to WAL needs, and the loser gets SQLITE_BUSY at once, whatever the busy
// timeout (seen about once in 15 runs of tst_user_catalog's concurrent writers).
template <typename Write>
auto retryWhileBusy(Write write) {
    constexpr int kAttempts = 50;
    for (int attempt = 1;; ++attempt) {
        try {
            return write();
        } catch (const SqlError& e) {
            if (!e.busy() || attempt == kAttempts) throw;
            std::this_thread::sleep_for(std::chrono::milliseconds(10 * attempt));
        }
    }
}

std::string env(const char* name) {
    const char* value = std::getenv(name);
    return value ? value : "";
}

std::string resolved(const std::string& user_path) {
    return user_path.empty() ? defaultUserCatalogPath() : user_path;
}

// Read the user rows; an older schema is migrated in place when the file is writable.
std::vector<AnyEntry> readUserFile(const std::string& path, Diagnostics& diags) {
    Database db(path, Database::Mode::read_only);
    const int version = db.userVersion();  // first read: fails on a file that is not SQLite
    checkCatalogSchema(db);                // before anything else: nothing in a hostile file runs
    if (version > latestSchemaVersion())
        throw SqlError("it was written by a newer infraplan (schema " + std::to_string(version) +
                       ", this build reads up to " + std::to_string(latestSchemaVersion()) + ")");
    if (version == 0) {
        Statement tables(db.handle(), "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
        if (tables.step() && tables.columnInt(0) > 0)
            throw SqlError("it is an SQLite file but not an infraplan catalog");
    }
    if (version < latestSchemaVersion()) {
        Database writable(path, Database::Mode::read_write_create);
        prepareWritable(writable);
        return readEntries(writable, Origin::user, diags);
    }
    return readEntries(db, Origin::user, diags);
}

}  // namespace

std::string defaultUserCatalogPath() {
    if (std::string path = env("INFRAPLAN_USER_CATALOG"); !path.empty()) return path;
    fs::path base;
    if (std::string xdg = env("XDG_DATA_HOME"); !xdg.empty())
        base = xdg;
    else if (std::string home = env("HOME"); !home.empty())
        base = fs::path(home) / ".local" / "share";
    else
        return "";
    return (base / "infraplan" / "user-catalog.sqlite").string();
}

Catalog loadCatalog(const std::string& user_path, std::vector<std::string>* messages) {
    Catalog catalog = builtinCatalog();
    const std::string path = resolved(user_path);
    auto say = [&](const std::string& text) {
        if (messages) messages->push_back(text);
    };
    std::error_code ec;
    if (path.empty() || !fs::exists(path, ec)) return catalog;
    if (fs::is_directory(path, ec)) {
        say("user catalog " + path + " is a folder, not a file; using the built-in catalog only");
        return catalog;
    }
    if (const auto size = fs::file_size(path, ec); !ec && size > kMaxCatalogBytes) {
        say("user catalog " + path + " is " + formatBytes(size) + ", more than the " +
            formatBytes(kMaxCatalogBytes) + " a catalog may have; using the built-in catalog only");
        return catalog;
    }

    std::vector<AnyEntry> entries;
    Diagnostics diags;
    try {
        entries = readUserFile(path, diags);
    } catch (const std::exception& e) {
        say("user catalog " + path + " could not be read (" + e.what() +
            "); using the built-in catalog only");
        return catalog;
    }
    for (const auto& d : diags.items)
        say("user catalog " + path + ": " + d.toString() + " (entry left out)");

    // References may point at other user entries, so check against the whole overlay.
    Catalog candidate = catalog;
    for (const auto& e : entries)
        putEntry(candidate, e);
    for (auto& e : entries) {
        const auto builtin_kind = catalog.kindOf(baseOf(e).id);
        if (builtin_kind && *builtin_kind != kindOf(e)) {
            say("user catalog " + path + ": \"" + baseOf(e).id + "\" is a built-in " +
                toString(*builtin_kind) + ", the user entry is " +
                withArticle(toString(kindOf(e))) + " (entry left out)");
            continue;
        }
        Diagnostics refs;
        const std::string pointer = std::string("/") + toString(kindOf(e)) + "/" + baseOf(e).id;
        checkReferences(e, candidate, pointer, refs);
        if (refs.hasErrors()) {
            for (const auto& d : refs.items)
                say("user catalog " + path + ": " + d.toString() + " (entry left out)");
            continue;
        }
        putEntry(catalog, std::move(e));
    }
    return catalog;
}

bool writeUserEntries(const std::string& user_path, const std::vector<AnyEntry>& entries,
                      std::string* error) {
    const std::string path = resolved(user_path);
    if (path.empty()) {
        if (error) *error = "no user catalog path (set INFRAPLAN_USER_CATALOG or HOME)";
        return false;
    }
    try {
        std::error_code ec;
        const fs::path parent = fs::path(path).parent_path();
        if (!parent.empty()) fs::create_directories(parent, ec);
        retryWhileBusy([&] {
            Database db(path, Database::Mode::read_write_create);
            prepareWritable(db);
            Transaction tx(db);
            for (const auto& e : entries)
                writeEntry(db, e);
            tx.commit();
        });
        return true;
    } catch (const std::exception& e) {
        if (error) *error = "cannot write user catalog " + path + ": " + e.what();
        return false;
    }
}

bool removeUserEntry(const std::string& user_path, const std::string& id, std::string* error) {
    const std::string path = resolved(user_path);
    try {
        std::error_code ec;
        if (path.empty() || !fs::exists(path, ec)) {
            if (error) *error = "there is no user catalog at " + path;
            return false;
        }
        const bool removed = retryWhileBusy([&] {
            Database db(path, Database::Mode::read_write_create);
            prepareWritable(db);
            Transaction tx(db);
            const bool gone = deleteEntry(db, id);
            tx.commit();
            return gone;
        });
        if (!removed && error) *error = "the user catalog has no entry \"" + id + "\"";
        return removed;
    } catch (const std::exception& e) {
        if (error) *error = "cannot write user catalog " + path + ": " + e.what();
        return false;
    }
}

}  // namespace infraplan::catalog
