#pragma once
// Hardware sizing (docs/planning.md): for each candidate cluster (sizing_candidates.h) the
// strategy search finds its fastest (training) or cheapest-per-token (serving) strategy, the
// facility model prices it under each cooling type, and the complete designs that meet the
// target within the power and dollar budgets are ranked.

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/common/cancel.h"
#include "core/common/shard.h"
#include "core/design/design.h"
#include "core/planning/sizing_candidates.h"
#include "core/planning/sizing_misses.h"
#include "core/planning/sizing_target.h"
#include "core/results/results.h"

namespace infraplan {

enum class SizingRank : std::uint8_t { tco, time, tokens_per_mw };
const char* toString(SizingRank r);
std::optional<SizingRank> sizingRankFromString(const std::string& name);

struct SizingOptions {
    SizingRank rank = SizingRank::tco;
    int top = 10;                     // designs listed
    double time_budget_s = 300;       // the whole sweep; the best found so far is kept
    long long max_strategies = 2000;  // per cluster's strategy search
    int threads = 0;                  // per search; 0 = one per core
    long long max_devices = 1'000'000;
    const CancelToken* cancel = nullptr;
    Shard shard;  // only these clusters of the sweep (--shard K/N); mergeSizingJson joins them
};

// One complete design that meets the target, with the figures it is ranked by.
struct SizedDesign {
    HardwareCandidate candidate;
    std::string vendor;       // the node template's
    std::string accelerator;  // catalog accelerator id
    Cooling cooling = Cooling::air;
    Design design;  // hardware + strategy + facility: evaluates to `results`
    Results results;
    std::optional<double> days_to_train;  // training: wall days (interruptions included)
    std::optional<double> goodput_rps;    // serving: the highest rate meeting the SLO
    double facility_mw = 0;               // average draw, PUE included
    double facility_capacity_mw = 0;      // provisioned: what the power budget limits
    double capex_usd = 0;
    double tco_usd = 0;
    std::optional<double> usd_per_million_tokens;
    double tokens_per_s_per_mw = 0;  // training tokens, or output tokens served, per facility MW
};

struct SizingResult {
    long long candidates = 0;            // clusters in the sweep
    long long searched = 0;              // clusters whose strategy was searched
    long long strategies_evaluated = 0;  // over all searches
    double elapsed_s = 0;
    bool cancelled = false;
    bool truncated = false;
    std::string truncation;            // which budget stopped the sweep, and how far it got
    std::vector<std::string> reasons;  // why nothing could be sized (invalid target, ...)
    std::string infeasible;            // why no design meets the target ("" when some do)
    SizingMisses misses;               // what `infeasible` is made from, for merging shards
    std::vector<SizedDesign> designs;  // best first, at most `top`
    Shard shard;                       // the part of the sweep run
    int top = 10;
};

SizingResult sizeHardware(const SizingTarget& target, const catalog::Catalog& catalog,
                          const SizingOptions& options = {});

// Whether `a` ranks before `b` (ties broken by node template, size, oversubscription, cooling,
// so that the ranking never depends on the order the sweep found them in).
bool ranksBefore(const SizedDesign& a, const SizedDesign& b, SizingRank rank);

}  // namespace infraplan
