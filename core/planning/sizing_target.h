#pragma once
// What `infraplan-cli size` plans for (docs/planning.md, "The target file"): a training job
// (workload + deadline) or a serving load (workload with a Poisson rate and an SLO), the
// constraints (provisioned facility power, dollars on capex or TCO) and which hardware to try.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

inline constexpr const char* kSizingTargetFormat = "infraplan-sizing-target";

// What a dollar budget limits: the purchase (capex) or purchase + running costs over the
// economics lifetime (tco).
enum class BudgetBasis : std::uint8_t { capex, tco };
const char* toString(BudgetBasis b);
std::optional<BudgetBasis> budgetBasisFromString(const std::string& name);

struct SizingConstraints {
    double power_budget_mw =
        0;                  // provisioned facility power (power.facility_capacity_kw); 0 = none
    double budget_usd = 0;  // 0 = none
    BudgetBasis budget_basis = BudgetBasis::tco;
};

struct SizingFilters {
    std::vector<std::string> vendors;         // empty = every vendor with node templates
    std::vector<std::string> nodes;           // node template ids; empty = all of those vendors'
    std::vector<Cooling> cooling;             // empty = the target's facility.cooling
    std::vector<double> oversubscription{1};  // of the generated fat-tree: 1, 2 or 4
    std::vector<long long> node_counts;       // empty = 1, 2, 3, 4, 6, 8, 12, ... (x2 and x1.5)
    long long max_nodes = 16384;              // node counts above this are not tried
};

struct SizingTarget {
    std::string name;
    Workload workload;  // the design file's workload section
    Strategy strategy;  // fields the search does not vary (flash attention, overlaps, ...)
    Facility facility;  // the site the designs are priced for
    Economics economics;
    double deadline_days = 0;  // training: the time to train must not exceed it
    SizingConstraints constraints;
    SizingFilters candidates;

    bool training() const { return workload.mode == WorkloadMode::training; }
};

struct SizingTargetLoad {
    std::optional<SizingTarget> target;  // set when there was no error
    Diagnostics diagnostics;
};

SizingTargetLoad parseSizingTarget(std::string_view text);
SizingTargetLoad loadSizingTarget(const std::string& path);

// References against the catalog (model, vendors, node templates), by JSON pointer.
Diagnostics checkSizingTarget(const SizingTarget& target, const catalog::Catalog& catalog);

}  // namespace infraplan
