#pragma once
// Self-contained designs: the catalog entries a design uses, written into its `catalog` array
// so that it evaluates the same on a machine whose catalog lacks them or differs
// (docs/design-file.md, "catalog"). The GUI's save and `infraplan-cli embed` both use this.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"

namespace infraplan {

// The catalog ids a design names: its items' parts, fabric switches and cables, its links, the
// workload's model (when given by id) and the speculative draft model; and the facility
// model's `default` entries that are not the built-in ones (a user's or an embedded value).
std::vector<std::string> catalogIdsUsedBy(const Design& design, const catalog::Catalog& catalog);

// Sets design.catalog to the entries it uses, with everything they reference (a node's
// accelerator, links, switches, NICs), taken from `catalog`.
void embedCatalogEntries(Design& design, const catalog::Catalog& catalog);

}  // namespace infraplan
