#pragma once
// Catalog entries embedded in a design file (docs/design-file.md, `catalog`): a saved design
// embeds the catalog entries it uses, so that a shared file opens identically on a machine
// whose catalog differs; on open, differences from the local catalog are reported, not
// silently applied.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/entry_json.h"
#include "catalog/json_reader.h"

namespace infraplan::catalog {

enum class EmbeddedPolicy : std::uint8_t {
    use_design,  // the design's entry replaces the local one (the file opens as it was saved)
    use_local    // keep the local entry; the design's only fills ids missing locally
};

// One field whose value in the design's embedded entry differs from the local catalog's.
struct FieldDifference {
    std::string field;           // flat field name (catalog/entry_json.h), e.g. "tdp_w"
    nlohmann::json file_value;   // the design file's (null = not given)
    nlohmann::json local_value;  // the local catalog's (null = not given)
};

// An embedded entry whose id the local catalog has with other content.
struct EntryDifference {
    std::string id;
    std::string pointer;  // where the entry sits in the design, e.g. "/catalog/3"
    std::vector<FieldDifference> fields;
};

struct EmbeddedReport {
    std::vector<std::string> added;          // ids the local catalog lacked
    std::vector<EntryDifference> differing;  // ids whose fields differ from the local entry
    std::vector<AnyEntry> entries;           // the valid embedded entries as read (for import)
};

// Overlay a design's "catalog" array (at `pointer`, e.g. "/catalog") onto `catalog`. Invalid
// entries are errors in `diags` and nothing is applied; every difference from a local entry is
// reported field by field in the returned report (the caller decides how to tell the user).
// Applied entries get origin embedded (and overrides_builtin when they replace one).
EmbeddedReport overlayEmbedded(Catalog& catalog, const nlohmann::json& array,
                               const std::string& pointer, Diagnostics& diags,
                               EmbeddedPolicy policy = EmbeddedPolicy::use_design);

// The "catalog" array for a design that references `ids`: those entries plus everything
// they reference (a node's accelerator, links, switch, NIC), each once, sorted by id. Ids the
// catalog lacks are skipped (the design validator reports them).
nlohmann::json embeddedEntriesFor(const Catalog& catalog, const std::vector<std::string>& ids);

// Field-by-field differences of two flat entries (entryToFlatJson) with the same id.
std::vector<FieldDifference> entryDifferences(const nlohmann::json& file,
                                              const nlohmann::json& local);

// A field's value as people read it: 700 rather than 700.0, text unquoted, "(none)" for null.
std::string fieldValueText(const nlohmann::json& value);
// "tdp_w: file 750, local 700" (long values shortened).
std::string describeDifference(const FieldDifference& difference);
// "\"gpu\" differs from the local catalog: tdp_w: file 750, local 700; memory_gb: ..."
std::string describeDifferences(const EntryDifference& difference);

}  // namespace infraplan::catalog
