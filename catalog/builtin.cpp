#include "catalog/builtin.h"

#include "catalog/embedded_data.h"
#include "catalog/entry_batch.h"
#include "catalog/schema.h"
#include "catalog/store.h"

namespace infraplan::catalog {
namespace {

struct Built {
    Catalog catalog;
    Diagnostics diags;
};

Built build() {
    Built b;
    try {
        Database db(":memory:", Database::Mode::read_write_create);
        db.exec("PRAGMA foreign_keys = ON");
        migrate(db);
        loadSeed(db, b.diags);
        for (auto& entry : readEntries(db, Origin::builtin, b.diags))
            putEntry(b.catalog, std::move(entry));
    } catch (const SqlError& e) {
        b.diags.error("", std::string("built-in catalog: ") + e.what());
    }
    return b;
}

const Built& built() {
    static const Built b = build();
    return b;
}

}  // namespace

void loadSeed(Database& db, Diagnostics& diags) {
    std::vector<ParsedEntry> all;
    for (const auto& file : seedFiles()) {
        Diagnostics file_diags;
        auto entries = parseEntriesJson(file.text, file_diags, Origin::builtin);
        for (auto& d : file_diags.items)
            d.pointer = std::string(file.name) + d.pointer;
        diags.items.insert(diags.items.end(), file_diags.items.begin(), file_diags.items.end());
        for (auto& e : entries) {
            e.pointer = std::string(file.name) + e.pointer;
            all.push_back(std::move(e));
        }
    }
    checkBatch(all, Catalog{}, diags);
    Transaction tx(db);
    for (const auto& e : all)
        writeEntry(db, e.entry);
    tx.commit();
}

const Catalog& builtinCatalog() {
    return built().catalog;
}
const Diagnostics& builtinDiagnostics() {
    return built().diags;
}

}  // namespace infraplan::catalog
