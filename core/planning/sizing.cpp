#include "core/planning/sizing.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <tuple>

#include "catalog/enum_names.h"
#include "core/evaluate/evaluate.h"
#include "core/facility/facility_model.h"
#include "core/perf/transformer.h"
#include "core/planning/sizing_verdict.h"
#include "core/search/objective.h"
#include "core/search/strategy_search.h"

namespace infraplan {
namespace {

constexpr std::array<const char*, 3> kRankNames{"tco", "time", "tokens-per-mw"};
using Clock = std::chrono::steady_clock;

// The strategy space a cluster is searched over: the layouts the scale-up domain can hold and a
// narrowed set of memory options (docs/planning.md), so that a sweep of many clusters stays
// within minutes; `infraplan-cli search` on a sized design explores the whole space.
SearchOptions searchOptionsFor(const SizingTarget& target, const catalog::NodeTemplate& node,
                               const SizingOptions& options, double seconds_left) {
    SearchOptions s;
    s.objective = target.training() ? SearchObjective::time : SearchObjective::cost_per_token;
    s.top = target.training() ? 1 : 5;
    s.threads = options.threads;
    s.max_devices = options.max_devices;
    s.max_candidates = options.max_strategies;
    s.time_budget_s = std::max(0.0, seconds_left);
    s.cancel = options.cancel;
    s.space.max_tp = std::clamp(node.accelerators, 1, 64);
    s.space.max_pp = 16;
    s.space.every_pipeline_degree = true;
    s.space.knobs.microbatches = {1, 2};
    s.space.knobs.zero_stages = {1};
    s.space.knobs.recomputes = {Recompute::selective, Recompute::full};
    s.space.knobs.interleaves = {1};
    s.space.knobs.vary_sequence_parallel = false;
    s.space.knobs.vary_overlaps = false;
    s.space.knobs.vary_offload = false;
    s.space.serving.vary_pools = false;  // each cluster's replicas all serve both phases
    return s;
}

// Days to train if every device ran at its peak FLOP/s the whole time: a cluster that misses
// the deadline even so is not searched.
std::optional<double> peakBoundDays(const SizingTarget& target, const catalog::Catalog& catalog,
                                    const catalog::NodeTemplate& node, long long nodes) {
    const catalog::Model* model = std::holds_alternative<catalog::Model>(target.workload.model)
                                      ? &std::get<catalog::Model>(target.workload.model)
                                      : catalog.model(std::get<std::string>(target.workload.model));
    const catalog::Accelerator* acc = catalog.accelerator(node.accelerator);
    if (!model || !acc) return std::nullopt;
    const double peak = acc->peak(target.workload.precision) * 1e12 * static_cast<double>(nodes) *
                        node.accelerators;
    if (peak <= 0) return std::nullopt;
    const double flopsPerToken =
        3 * forwardFlopsPerToken(*model, static_cast<double>(target.workload.seq_len));
    return flopsPerToken * target.workload.train_tokens / peak / 86400.0;
}

// The provisioned facility power of a cluster, from the facility model alone (it depends on the
// hardware and the site, not on the strategy): clusters over the budget are not searched.
struct Capacity {
    double kw = 0;
    std::vector<std::string> reasons;
};
Capacity provisionedPower(const Design& design, const catalog::Catalog& catalog,
                          const SizingOptions& options) {
    EvaluateOptions eo;
    eo.max_devices = options.max_devices;
    eo.cancel = options.cancel;
    const PreparedDesign prepared = prepareDesign(design, catalog, eo);
    if (!prepared.ok())
        return {0, prepared.base.reasons.empty()
                       ? std::vector<std::string>{"the design is not valid"}
                       : prepared.base.reasons};
    const FacilityEvaluation f =
        evaluateFacility(design, catalog, *prepared.graph,
                         facilityWorkloadFromDesign(design, prepared.base.devices));
    return {f.results.power.facility_capacity_kw, {}};
}

bool acceleratorRacksOverLimit(const Results& r) {
    if (!r.facility) return false;
    return std::any_of(r.facility->power.rack_groups.begin(), r.facility->power.rack_groups.end(),
                       [](const RackGroup& g) { return g.accelerators > 0 && g.over_limit; });
}

SizedDesign sized(const HardwareCandidate& c, Cooling cooling, Design design, Results results,
                  const SizingTarget& target) {
    SizedDesign s;
    s.candidate = c;
    s.cooling = cooling;
    s.design = std::move(design);
    s.results = std::move(results);
    const Results& r = s.results;
    if (r.training) {
        if (auto days = objectiveScore(SearchObjective::time, target.workload, r))
            s.days_to_train = days->value;
    }
    if (r.inference) s.goodput_rps = r.inference->goodput_rps;
    if (r.facility) {
        const FacilityResults& f = *r.facility;
        s.facility_mw = f.power.facility_kw / 1000;
        s.facility_capacity_mw = f.power.facility_capacity_kw / 1000;
        s.capex_usd = f.cost.capex_usd;
        s.tco_usd = f.cost.tco_usd;
        s.usd_per_million_tokens = f.cost.usd_per_million_tokens;
    }
    double tokensPerS = 0;
    if (r.training) tokensPerS = r.training->tokens_per_s;
    if (r.inference) tokensPerS = r.inference->output_tokens_per_s;
    if (s.facility_mw > 0) s.tokens_per_s_per_mw = tokensPerS / s.facility_mw;
    return s;
}

bool meetsLoad(const SearchCandidate& c, const SizingTarget& target) {
    return c.results.inference && c.results.inference->goodput_rps &&
           *c.results.inference->goodput_rps >= target.workload.traffic.rate_per_s;
}

// The strategy a cluster is sized with: the fastest (training) or the cheapest per token that
// carries the load under the SLO (serving; nullptr if none does).
const SearchCandidate* chosenStrategy(const SearchResult& search, const SizingTarget& target) {
    if (search.best.empty()) return nullptr;
    if (target.training()) return &search.best.front();
    for (const SearchCandidate& c : search.best)
        if (meetsLoad(c, target)) return &c;
    return nullptr;
}

class Sweep {
public:
    Sweep(const SizingTarget& target, const catalog::Catalog& catalog, const SizingOptions& options)
        : m_target(target), m_catalog(catalog), m_options(options), m_verdict(target, catalog) {}

    SizingResult run();

private:
    bool outOfTime() const { return Clock::now() >= m_deadline; }
    double secondsLeft() const {
        return std::chrono::duration<double>(m_deadline - Clock::now()).count();
    }
    void sizeCluster(const HardwareCandidate& c);
    void priceUnderEachCooling(const HardwareCandidate& c, const Design& searched,
                               const SearchCandidate& chosen);
    void consider(SizedDesign s);

    const SizingTarget& m_target;
    const catalog::Catalog& m_catalog;
    const SizingOptions& m_options;
    SizingVerdict m_verdict;
    Clock::time_point m_start = Clock::now();
    Clock::time_point m_deadline;
    SizingResult m_result;
    std::vector<SizedDesign> m_designs;
    // Clusters of this template and oversubscription above this many nodes exceed the power
    // budget (power grows with the node count): not even prepared.
    std::map<std::pair<std::string, double>, long long> m_overPower;
};

void Sweep::consider(SizedDesign s) {
    const std::string problem = m_verdict.problemWith(s);
    if (!problem.empty()) return;
    m_designs.push_back(std::move(s));
}

void Sweep::priceUnderEachCooling(const HardwareCandidate& c, const Design& searched,
                                  const SearchCandidate& chosen) {
    std::vector<Cooling> coolings = m_target.candidates.cooling;
    if (coolings.empty()) coolings = {m_target.facility.cooling};
    EvaluateOptions eo;
    eo.max_devices = m_options.max_devices;
    eo.cancel = m_options.cancel;
    for (Cooling cooling : coolings) {
        Design d = searched;
        d.strategy = chosen.strategy;
        d.facility.cooling = cooling;
        Results r =
            cooling == searched.facility.cooling ? chosen.results : evaluate(d, m_catalog, eo);
        if (r.cancelled || !r.feasible) continue;
        if (acceleratorRacksOverLimit(r)) {
            m_verdict.rejected(describeCandidate(c, m_catalog) + ", " + toString(cooling) +
                               ": its racks draw more than the cooling type removes");
            continue;
        }
        SizedDesign s = sized(c, cooling, std::move(d), std::move(r), m_target);
        s.vendor = m_catalog.node(c.node)->vendor;
        s.accelerator = m_catalog.node(c.node)->accelerator;
        consider(std::move(s));
    }
}

void Sweep::sizeCluster(const HardwareCandidate& c) {
    const auto key = std::make_pair(c.node, c.oversubscription);
    if (auto it = m_overPower.find(key); it != m_overPower.end() && c.nodes > it->second) return;
    const catalog::NodeTemplate& node = *m_catalog.node(c.node);
    const Cooling cooling = m_target.candidates.cooling.empty()
                                ? m_target.facility.cooling
                                : m_target.candidates.cooling.front();
    CandidateDesign built = candidateDesign(m_target, c, cooling, m_catalog);
    if (!built.error.empty()) return m_verdict.rejected(built.error);
    if (m_target.constraints.power_budget_mw > 0) {
        const Capacity capacity = provisionedPower(built.design, m_catalog, m_options);
        if (!capacity.reasons.empty())
            return m_verdict.rejected(describeCandidate(c, m_catalog) + ": " +
                                      capacity.reasons.front());
        if (capacity.kw > m_target.constraints.power_budget_mw * 1000) {
            m_overPower[key] = c.nodes - 1;
            return m_verdict.overPower(describeCandidate(c, m_catalog), capacity.kw / 1000);
        }
    }
    if (m_target.training()) {
        const auto bound = peakBoundDays(m_target, m_catalog, node, c.nodes);
        if (!bound) return m_verdict.rejected(node.name + " has no peak FLOP/s at the precision");
        if (*bound > m_target.deadline_days)
            return m_verdict.tooSlowAtPeak(describeCandidate(c, m_catalog), *bound);
    }
    ++m_result.searched;
    const SearchResult search = searchStrategies(
        built.design, m_catalog, searchOptionsFor(m_target, node, m_options, secondsLeft()));
    m_result.strategies_evaluated += search.evaluated;
    m_verdict.searched(describeCandidate(c, m_catalog), search);
    if (search.best.empty())
        return m_verdict.rejected(
            describeCandidate(c, m_catalog) +
            (search.evaluated == 0
                 ? ": no parallel layout divides the global batch over its devices"
                 : ": no strategy tried fits it"));
    if (const SearchCandidate* chosen = chosenStrategy(search, m_target))
        priceUnderEachCooling(c, built.design, *chosen);
}

SizingResult Sweep::run() {
    m_result.shard = m_options.shard;
    m_result.top = std::max(1, m_options.top);
    m_deadline = m_start + std::chrono::duration_cast<Clock::duration>(
                               std::chrono::duration<double>(m_options.time_budget_s));
    const std::vector<HardwareCandidate> candidates = hardwareCandidates(m_target, m_catalog);
    m_result.candidates = static_cast<long long>(candidates.size());
    std::size_t done = 0;
    for (; done < candidates.size(); ++done) {
        if (isCancelled(m_options.cancel) || outOfTime()) break;
        if (!m_options.shard.holds(done)) continue;
        m_verdict.atCandidate(done);
        sizeCluster(candidates[done]);
    }
    m_result.cancelled = isCancelled(m_options.cancel);
    if (done < candidates.size() && !m_result.cancelled) {
        m_result.truncated = true;
        m_result.truncation = "the time budget ran out after " + std::to_string(done) + " of " +
                              std::to_string(candidates.size()) +
                              " clusters; the best designs found so far are listed";
    }
    std::sort(m_designs.begin(), m_designs.end(), [&](const SizedDesign& a, const SizedDesign& b) {
        return ranksBefore(a, b, m_options.rank);
    });
    if (m_designs.empty()) m_result.infeasible = m_verdict.whyNone();
    m_result.misses = m_verdict.misses();
    if (m_designs.size() > static_cast<std::size_t>(std::max(1, m_options.top)))
        m_designs.resize(static_cast<std::size_t>(std::max(1, m_options.top)));
    m_result.designs = std::move(m_designs);
    m_result.elapsed_s = std::chrono::duration<double>(Clock::now() - m_start).count();
    return std::move(m_result);
}

// The figure a rank sorts by, lower first.
double rankKey(const SizedDesign& s, SizingRank rank) {
    switch (rank) {
        case SizingRank::tco:
            return s.tco_usd;
        case SizingRank::time:
            if (s.days_to_train) return *s.days_to_train;
            return s.results.inference ? s.results.inference->e2e_ms.mean : 0;
        case SizingRank::tokens_per_mw:
            return -s.tokens_per_s_per_mw;
    }
    return 0;
}

}  // namespace

const char* toString(SizingRank r) {
    return enumName(kRankNames, r);
}
std::optional<SizingRank> sizingRankFromString(const std::string& name) {
    if (name == "tokens_per_mw") return SizingRank::tokens_per_mw;
    return enumValue<SizingRank>(kRankNames, name);
}

bool ranksBefore(const SizedDesign& a, const SizedDesign& b, SizingRank rank) {
    const double ka = rankKey(a, rank), kb = rankKey(b, rank);
    if (ka != kb) return ka < kb;
    return std::tie(a.candidate.node, a.candidate.nodes, a.candidate.oversubscription, a.cooling) <
           std::tie(b.candidate.node, b.candidate.nodes, b.candidate.oversubscription, b.cooling);
}

SizingResult sizeHardware(const SizingTarget& target, const catalog::Catalog& catalog,
                          const SizingOptions& options) {
    SizingResult result;
    const Diagnostics problems = checkSizingTarget(target, catalog);
    if (problems.hasErrors()) {
        for (const Diagnostic& d : problems.items)
            result.reasons.push_back(d.toString());
        return result;
    }
    if (candidateNodes(target, catalog).empty()) {
        result.reasons.push_back("no node template in the catalog passes the candidate filters");
        return result;
    }
    return Sweep(target, catalog, options).run();
}

}  // namespace infraplan
