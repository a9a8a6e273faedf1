#pragma once
// Listing catalog entries with filters, for the CLI's `catalog list`, the GUI palette and
// exports.

#include <optional>
#include <string>
#include <vector>

#include "catalog/entry_json.h"

namespace infraplan::catalog {

struct EntryFilter {
    std::optional<EntryKind> kind;
    std::string vendor;            // exact, case-insensitive ("" = any)
    std::string text;              // substring of id, name or vendor, case-insensitive
    std::optional<Origin> origin;  // builtin | user | embedded
    std::optional<AcceleratorClass> accelerator_class;  // only accelerators of this class
};

// Matching entries, kinds in EntryKind order, ids sorted within a kind.
std::vector<AnyEntry> findEntries(const Catalog& catalog, const EntryFilter& filter = {});

}  // namespace infraplan::catalog
