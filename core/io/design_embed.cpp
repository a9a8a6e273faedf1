#include "core/io/design_embed.h"

#include "catalog/embedded_entries.h"
#include "core/facility/facility_defaults.h"

namespace infraplan {

std::vector<std::string> catalogIdsUsedBy(const Design& design, const catalog::Catalog& catalog) {
    std::vector<std::string> ids;
    auto add = [&](const std::string& id) {
        if (!id.empty()) ids.push_back(id);
    };
    for (const Item& item : design.hardware.items) {
        add(item.ref);
        if (item.fabric) {
            add(item.fabric->switch_ref);
            add(item.fabric->link);
        }
    }
    for (const DesignLink& link : design.hardware.links)
        add(link.ref);
    if (const auto* model = std::get_if<std::string>(&design.workload.model)) add(*model);
    if (design.strategy.speculative) add(design.strategy.speculative->draft_model);
    // Built-in defaults are the same wherever this build runs; others travel with the design.
    for (const CatalogDefaultMapping& m : catalogDefaultMappings()) {
        const catalog::Default* d = catalog.defaultValue(m.catalog_id);
        if (d && d->origin != catalog::Origin::builtin) add(d->id);
    }
    // The file's catalog serves its variants too ("H200 instead" needs the H200's entry).
    for (const Design& variant : design.variants)
        for (const std::string& id : catalogIdsUsedBy(variant, catalog))
            add(id);
    return ids;
}

void embedCatalogEntries(Design& design, const catalog::Catalog& catalog) {
    design.catalog = catalog::embeddedEntriesFor(catalog, catalogIdsUsedBy(design, catalog));
}

}  // namespace infraplan
