#pragma once
// One catalog entry of any kind as JSON, the exchange form of import/export, the user
// database, design-embedded entries and `catalog list --json`:
//   {"id", "kind", "name", "vendor", "notes",
//    "source": {"document", "provenance"}, "field_sources": {FIELD: {"document", "provenance"}},
//    ...the kind's fields with units in their names (catalog/entry_fields.h)}
// Models carry the inline model object of docs/design-file.md (nested "moe"/"mla"). The flat form
// (SQL rows, CSV rows) spells those "moe_experts", "mla_kv_lora_rank", and the source as
// "source_document"/"source_provenance"; reading accepts both forms.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"

namespace infraplan::catalog {

// Alternatives in EntryKind order.
using AnyEntry =
    std::variant<Accelerator, MemoryNode, Link, Switch, Nic, NodeTemplate, Model, Default>;

EntryKind kindOf(const AnyEntry& entry);
const EntryBase& baseOf(const AnyEntry& entry);
EntryBase& baseOf(AnyEntry& entry);

// A valid catalog id: lowercase slug of [a-z0-9._+-], starting with a letter or digit.
bool isValidId(const std::string& id);

// Read and validate one entry (nested or flat form). Every problem is recorded with its
// pointer; returns nullopt when there was any error. `origin` is set on the result.
std::optional<AnyEntry> entryFromJson(const nlohmann::json& value, const std::string& pointer,
                                      Diagnostics& diags, Origin origin);

// The nested form, with "origin" and, for overrides, "overrides_builtin": true.
nlohmann::json entryToJson(const AnyEntry& entry);
// The flat form (see above), without origin; "field_sources" stays an object.
nlohmann::json entryToFlatJson(const AnyEntry& entry);

// One reference of an entry to another: the field, the kind it must name, the id it names.
struct EntryReference {
    std::string field;
    EntryKind kind;
    std::string id;
};
std::vector<EntryReference> referencesOf(const AnyEntry& entry);

// Every reference (node -> accelerator, link, switch, nic; accelerator -> link; memory ->
// link) must name an entry of the right kind in `context`.
void checkReferences(const AnyEntry& entry, const Catalog& context, const std::string& pointer,
                     Diagnostics& diags);

void putEntry(Catalog& catalog, AnyEntry entry);
std::optional<AnyEntry> findEntry(const Catalog& catalog, std::string_view id);

// Calls f(const T&) for every entry of the catalog, kind by kind, ids sorted.
template <class F>
void forEachEntry(const Catalog& c, F&& f) {
    for (const auto& [id, e] : c.accelerators())
        f(e);
    for (const auto& [id, e] : c.memoryNodes())
        f(e);
    for (const auto& [id, e] : c.links())
        f(e);
    for (const auto& [id, e] : c.switches())
        f(e);
    for (const auto& [id, e] : c.nics())
        f(e);
    for (const auto& [id, e] : c.nodes())
        f(e);
    for (const auto& [id, e] : c.models())
        f(e);
    for (const auto& [id, e] : c.defaults())
        f(e);
}

// "an accelerator", "a link": a kind name with its article, for messages.
std::string withArticle(const std::string& noun);

// The names of the numeric fields of a kind (flat names), for source checks and listings.
std::vector<std::string> numericFieldNames(EntryKind kind);

}  // namespace infraplan::catalog
