#pragma once
// Catalog entries embedded in a design file (docs/design-file.md, `catalog`): a saved design
// embeds the catalog entries it uses, so that a shared file opens identically on a machine
// whose catalog differs; on open, differences from the local catalog are reported, not
// silently applied.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"

namespace infraplan::catalog {

enum class EmbeddedPolicy : std::uint8_t {
    use_design,  // the design's entry replaces the local one (the file opens as it was saved)
    use_local    // keep the local entry; the design's only fills ids missing locally
};

struct EmbeddedReport {
    std::vector<std::string> added;      // ids the local catalog lacked
    std::vector<std::string> differing;  // ids whose fields differ from the local entry
};

// Overlay a design's "catalog" array (at `pointer`, e.g. "/catalog") onto `catalog`. Invalid
// entries are errors in `diags` and are not applied; every difference from a local entry is
// a warning naming the fields ("tdp_w: 700 here, 750 in the design"). Applied entries get
// origin embedded (and overrides_builtin when they replace one).
EmbeddedReport overlayEmbedded(Catalog& catalog, const nlohmann::json& array,
                               const std::string& pointer, Diagnostics& diags,
                               EmbeddedPolicy policy = EmbeddedPolicy::use_design);

// The "catalog" array for a design that references `ids`: those entries plus everything
// they reference (a node's accelerator, links, switch, NIC), each once, sorted by id. Ids the
// catalog lacks are skipped (the design validator reports them).
nlohmann::json embeddedEntriesFor(const Catalog& catalog, const std::vector<std::string>& ids);

// Field-by-field differences of two entries with the same id, e.g. "tdp_w: 700 / 750".
std::vector<std::string> entryDifferences(const nlohmann::json& mine, const nlohmann::json& theirs);

}  // namespace infraplan::catalog
