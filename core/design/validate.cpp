#include "core/design/validate.h"

#include <map>
#include <set>

#include "core/design/item_index.h"
#include "core/design/pipeline_split.h"
#include "core/design/resolve.h"
#include "core/facility/facility_defaults.h"
#include "core/topology/graph.h"
#include "core/topology/wiring.h"

namespace infraplan {
namespace {

// The catalog kind an item's `ref` must name.
std::optional<catalog::EntryKind> refKindFor(ItemKind kind) {
    switch (kind) {
        case ItemKind::accelerator:
            return catalog::EntryKind::accelerator;
        case ItemKind::memory:
            return catalog::EntryKind::memory;
        case ItemKind::switch_:
            return catalog::EntryKind::switch_;
        case ItemKind::nic:
            return catalog::EntryKind::nic;
        case ItemKind::node:
            return catalog::EntryKind::node;
        case ItemKind::cpu:
        case ItemKind::group:
        case ItemKind::fabric:
            return std::nullopt;
    }
    return std::nullopt;
}

void checkRef(const std::string& pointer, const std::string& ref, catalog::EntryKind expected,
              const catalog::Catalog& catalog, Diagnostics& diags) {
    const auto actual = catalog.kindOf(ref);
    if (!actual) {
        diags.error(pointer, "\"" + ref + "\" is not in the catalog (expected a " +
                                 toString(expected) + ")");
    } else if (*actual != expected) {
        diags.error(pointer, "\"" + ref + "\" is a " + toString(*actual) + ", expected a " +
                                 toString(expected));
    }
}

void checkItems(const Design& design, const ItemIndex& index, const catalog::Catalog& catalog,
                Diagnostics& diags) {
    std::map<std::string, std::size_t> firstIndex;
    const auto& items = design.hardware.items;
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Item& item = items[i];
        const std::string ptr = itemPointer(i);
        auto [it, inserted] = firstIndex.emplace(item.id, i);
        if (!inserted)
            diags.error(ptr + "/id", "duplicate id \"" + item.id + "\" (first used at " +
                                         itemPointer(it->second) + ")");
        if (auto kind = refKindFor(item.kind); kind && !item.ref.empty())
            checkRef(ptr + "/ref", item.ref, *kind, catalog, diags);
        if (item.kind == ItemKind::fabric && item.fabric) {
            if (!item.fabric->switch_ref.empty())
                checkRef(ptr + "/switch", item.fabric->switch_ref, catalog::EntryKind::switch_,
                         catalog, diags);
            if (!item.fabric->link.empty())
                checkRef(ptr + "/link", item.fabric->link, catalog::EntryKind::link, catalog,
                         diags);
        }
        if (!item.parent.empty()) {
            const Item* parent = index.find(item.parent);
            if (!parent)
                diags.error(ptr + "/parent", "names \"" + item.parent + "\", which is not an item");
            else if (parent->kind != ItemKind::group)
                diags.error(ptr + "/parent", "names \"" + item.parent + "\", a " +
                                                 toString(parent->kind) +
                                                 "; only groups contain items");
        }
    }
    // A parent chain longer than the number of items must loop.
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Item* current = &items[i];
        std::size_t steps = 0;
        while (current && !current->parent.empty() && steps <= items.size()) {
            current = index.find(current->parent);
            ++steps;
        }
        if (steps > items.size())
            diags.error(itemPointer(i) + "/parent", "groups contain each other in a cycle");
    }
}

void checkLinks(const Design& design, const ItemIndex& index, const catalog::Catalog& catalog,
                Diagnostics& diags) {
    const auto& links = design.hardware.links;
    for (std::size_t i = 0; i < links.size(); ++i) {
        const DesignLink& link = links[i];
        const std::string ptr = linkPointer(i);
        for (const auto& [key, id] : {std::pair{"from", &link.from}, std::pair{"to", &link.to}}) {
            const Item* end = index.find(*id);
            if (!end)
                diags.error(ptr + "/" + key, "names \"" + *id + "\", which is not an item");
            else if (end->kind == ItemKind::group)
                diags.error(ptr + "/" + key,
                            "names the group \"" + *id + "\"; link the items inside it");
        }
        if (link.from == link.to && !link.from.empty())
            diags.error(ptr, "links \"" + link.from + "\" to itself");
        if (!link.ref.empty())
            checkRef(ptr + "/ref", link.ref, catalog::EntryKind::link, catalog, diags);
    }
}

// An offload target must be a memory item of the design.
void checkMemoryTarget(const Design& design, const char* pointer, const std::string& id,
                       Diagnostics& diags) {
    if (id.empty()) return;
    const Item* target = design.findItem(id);
    if (!target || target->kind != ItemKind::memory)
        diags.error(pointer, "must name a memory item, got \"" + id + "\"");
}

// A pipeline split the strategy sets, by the engine's rules and in its words. The default
// split is not checked here: a pp it cannot serve makes the design infeasible, not invalid.
void checkPipelineSplit(const Design& design, const catalog::Catalog& catalog, Diagnostics& diags) {
    const Strategy& s = design.strategy;
    const PipelineSplit& split = s.pipeline_split;
    if (!setsPipelineSplit(split) || s.pp < 1) return;
    const catalog::Model* model = resolveModel(design, catalog);
    if (!model || model->layers <= 0) return;  // the model's own diagnostics say why
    const StageSplit stages = splitPipelineLayers(split, model->layers, s.pp);
    if (!stages.error.empty()) diags.error(stages.error_at, stages.error);
    const bool ends = split.first_stage_layers >= 0 || split.last_stage_layers >= 0;
    if (!split.layers.empty() && (ends || split.account_for_embedding || split.account_for_loss))
        diags.warning("/strategy/pipeline_layers",
                      "lists every stage: first_stage_layers, last_stage_layers and "
                      "account_for_embedding/loss are ignored");
}

// The strategy's references and settings (its pipeline split is checkPipelineSplit's).
void checkStrategyFields(const Design& design, const catalog::Catalog& catalog,
                         Diagnostics& diags) {
    const Strategy& s = design.strategy;
    checkMemoryTarget(design, "/strategy/kv_offload", s.kv_offload, diags);
    checkMemoryTarget(design, "/strategy/offload/target", s.offload.target, diags);
    checkMemoryTarget(design, "/strategy/near_memory_attention", s.near_memory_attention, diags);
    if (s.speculative && !s.speculative->draft_model.empty())
        checkRef("/strategy/speculative/draft_model", s.speculative->draft_model,
                 catalog::EntryKind::model, catalog, diags);
    if (s.interleave > 1 && s.pp == 1)
        diags.warning("/strategy/interleave",
                      "has no effect without pipeline parallelism (pp = 1)");
}

void checkWorkload(const Design& design, const ItemIndex& index, const catalog::Catalog& catalog,
                   Diagnostics& diags) {
    checkPipelineSplit(design, catalog, diags);
    if (const auto* id = std::get_if<std::string>(&design.workload.model)) {
        if (id->empty())
            diags.error("/workload/model", "is empty; name a catalog model or give a model object");
        else
            checkRef("/workload/model", *id, catalog::EntryKind::model, catalog, diags);
    }
    checkStrategyFields(design, catalog, diags);
    for (auto it = design.layout.begin(); it != design.layout.end(); ++it)
        if (!index.find(it.key()))
            diags.warning("/layout/" + pointerEscape(it.key()),
                          "positions an item that does not exist; it is ignored");
}

// Counted analytically, so an absurd design is refused without allocating anything.
void checkDeviceLimit(const Design& design, const ItemIndex& index, const catalog::Catalog& catalog,
                      long long max_devices, Diagnostics& diags) {
    const long long devices = summarizeDevices(design, catalog).devices;
    if (devices <= max_devices) return;
    std::size_t largest = 0;
    long long largestDevices = -1;
    for (std::size_t i = 0; i < design.hardware.items.size(); ++i) {
        const Item& item = design.hardware.items[i];
        long long n = totalInstances(index, item);
        if (item.kind == ItemKind::node) {
            const auto* node = catalog.node(item.ref);
            n = node ? n * node->accelerators : 0;
        } else if (item.kind != ItemKind::accelerator) {
            continue;
        }
        if (n > largestDevices) {
            largestDevices = n;
            largest = i;
        }
    }
    const std::string count = devices >= (1LL << 62) ? "more than 4e18" : std::to_string(devices);
    diags.error(itemPointer(largest) + "/count",
                "the design expands to " + count + " accelerators; the limit is " +
                    std::to_string(max_devices) + " (raise it with --max-devices)");
}

}  // namespace

Diagnostics validateStrategy(const Design& design, const catalog::Catalog& catalog) {
    Diagnostics diags;
    checkPipelineSplit(design, catalog, diags);
    checkStrategyFields(design, catalog, diags);
    return diags;
}

Diagnostics validateDesign(const Design& design, const catalog::Catalog& catalog,
                           const ValidateOptions& options) {
    Diagnostics diags;
    const ItemIndex index(design);
    checkItems(design, index, catalog, diags);
    checkLinks(design, index, catalog, diags);
    checkWorkload(design, index, catalog, diags);
    resolveFacilityParams(design, catalog, diags);  // named facility/economics parameters
    if (!diags.hasErrors()) checkDeviceLimit(design, index, catalog, options.max_devices, diags);
    if (!diags.hasErrors()) {  // the expansion's own count and limits, as evaluation applies them
        ExpandOptions expand;
        expand.max_devices = options.max_devices;
        const ExpansionCount count = countExpansion(design, catalog, expand);
        diags.items.insert(diags.items.end(), count.diagnostics.items.begin(),
                           count.diagnostics.items.end());
    }
    checkWiring(design, catalog, diags);  // after the count, which an impossible end must not hide
    return diags;
}

}  // namespace infraplan
