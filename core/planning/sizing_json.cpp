#include "core/planning/sizing_json.h"

#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/results/schema_section.h"
#include "core/results/schema_table.h"

namespace infraplan {
namespace {

nlohmann::json optionalNumber(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json positiveOrNull(double v) {
    return v > 0 ? nlohmann::json(v) : nlohmann::json(nullptr);
}

std::string modelName(const Workload& w) {
    if (const auto* id = std::get_if<std::string>(&w.model)) return *id;
    return std::get<catalog::Model>(w.model).id;
}

nlohmann::json targetJson(const SizingTarget& t) {
    const bool training = t.training();
    return {{"mode", toString(t.workload.mode)},
            {"model", modelName(t.workload)},
            {"deadline_days", training ? nlohmann::json(t.deadline_days) : nlohmann::json()},
            {"request_rate_per_s",
             training ? nlohmann::json() : nlohmann::json(t.workload.traffic.rate_per_s)},
            {"power_budget_mw", positiveOrNull(t.constraints.power_budget_mw)},
            {"budget_usd", positiveOrNull(t.constraints.budget_usd)},
            {"budget_basis", toString(t.constraints.budget_basis)}};
}

nlohmann::json designJson(const SizedDesign& s, int rank, const std::string& file) {
    const bool inference = s.design.workload.mode == WorkloadMode::inference;
    nlohmann::json j = {
        {"rank", rank},
        {"node", s.candidate.node},
        {"vendor", s.vendor},
        {"accelerator", s.accelerator},
        {"nodes", s.candidate.nodes},
        {"devices", s.results.devices},
        {"oversubscription", s.candidate.oversubscription},
        {"cooling", toString(s.cooling)},
        {"strategy", strategyToJson(s.design.strategy, inference)},
        {"days_to_train", optionalNumber(s.days_to_train)},
        {"goodput_rps", optionalNumber(s.goodput_rps)},
        {"replicas",
         s.results.inference ? nlohmann::json(s.results.inference->replicas) : nlohmann::json()},
        {"facility_kw", s.facility_mw * 1000},
        {"facility_capacity_kw", s.facility_capacity_mw * 1000},
        {"capex_usd", s.capex_usd},
        {"tco_usd", s.tco_usd},
        {"usd_per_million_tokens", optionalNumber(s.usd_per_million_tokens)},
        {"tokens_per_s_per_mw", s.tokens_per_s_per_mw},
        {"results", resultsToJson(s.results)}};
    if (!file.empty()) j["design_file"] = file;
    return j;
}

void addDesignFields(std::vector<ResultField>& out) {
    schema_detail::Section d(out, "designs[].", Modes::both);
    d.integer("rank", "Rank", "1 = best by the ranking")
        .text("node", "Node template", "Catalog node template id")
        .text("vendor", "Vendor", "The node template's vendor")
        .text("accelerator", "Accelerator", "Catalog accelerator id")
        .integer("nodes", "Nodes", "Nodes in the cluster")
        .integer("devices", "Devices", "Accelerators in the cluster")
        .number("oversubscription", Unit::none, "Oversubscription",
                "Of the generated fat-tree at its leaves (1 = non-blocking)")
        .text("cooling", "Cooling", "air, rear-door, direct-liquid or immersion")
        .add("strategy", FieldKind::object, Unit::none, "Strategy",
             "The design file's strategy section (docs/design-file.md)")
        .number("days_to_train", Unit::days, "Days to train",
                "Wall days, interruptions included (reliability model)",
                "null for a serving target")
        .number("goodput_rps", Unit::requests_per_s, "Goodput",
                "Highest request rate meeting the SLO", "null for a training target")
        .integer("replicas", "Replicas", "Serving replicas", "null for a training target")
        .number("facility_kw", Unit::kilowatts, "Facility power",
                "Average facility draw under the workload, PUE included (power.facility_kw)")
        .number("facility_capacity_kw", Unit::kilowatts, "Provisioned power",
                "What the site must supply (power.facility_capacity_kw): the power budget "
                "limits this")
        .number("capex_usd", Unit::usd, "Capex", "Purchase cost (cost.capex_usd)")
        .number("tco_usd", Unit::usd, "TCO", "Capex + opex over the lifetime (cost.tco_usd)")
        .number("usd_per_million_tokens", Unit::usd_per_million_tokens, "Cost per M tokens",
                "cost.usd_per_million_tokens", "null when the facility model has none")
        .number("tokens_per_s_per_mw", Unit::none, "Tokens/s per MW",
                "Training tokens/s (or output tokens/s served) per MW of facility draw")
        .add("results", FieldKind::object, Unit::none, "Results",
             "The design's results object (docs/results.md, \"Fields\")")
        .text("design_file", "Design file", "The design file written for it",
              "present with -o DIR");
}

void addSizingFields(std::vector<ResultField>& out) {
    using schema_detail::Section;
    const Modes both = Modes::both;
    Section top(out, "", both);
    top.add("target", FieldKind::object, Unit::none, "Target", "What was sized for")
        .text("rank", "Ranked by", "tco (lowest TCO first), time or tokens-per-mw")
        .text("shard", "Shard", "K/N: the part of the sweep this output holds (1/1 = whole)")
        .integer("top", "Top", "Designs listed at most")
        .integer("candidates", "Clusters",
                 "Clusters in the sweep (node template x size x oversubscription)")
        .integer("searched", "Clusters searched",
                 "Clusters whose strategy was searched (the others exceed the power budget or "
                 "miss the deadline even at peak FLOP/s)")
        .integer("strategies_evaluated", "Strategies", "Strategies evaluated over all searches")
        .number("elapsed_s", Unit::seconds, "Elapsed", "Wall time of the sweep")
        .add("cancelled", FieldKind::flag, Unit::none, "Cancelled", "The sweep was cancelled")
        .add("truncated", FieldKind::flag, Unit::none, "Truncated",
             "The time budget stopped the sweep before every cluster was tried")
        .text("truncation", "Truncation",
              "Which budget stopped it and how far it got; empty if none")
        .add("reasons", FieldKind::texts, Unit::none, "Reasons",
             "Why nothing could be sized (an invalid target); empty otherwise")
        .text("infeasible", "Why none", "Why no design meets the target; empty when some do")
        .add("closest_misses", FieldKind::records, Unit::none, "Closest misses",
             "What `infeasible` is made from, one record per kind the sweep met; merge "
             "combines the shards' into the single run's")
        .add("designs", FieldKind::records, Unit::none, "Designs",
             "The designs that meet the target, best first");
    Section miss(out, "closest_misses[].", both);
    miss.text("kind", "Kind",
              "fastest (fewest days, or most goodput), cheapest_over (met the target over the "
              "dollar budget), smallest_over (least MW over the power budget), largest_at_peak "
              "(fewest days at peak FLOP/s, still too slow) or first_rejection")
        .text("cluster", "Cluster", "The cluster it was (for first_rejection: why refused)")
        .number("value", Unit::none, "Value",
                "Days, requests/s, USD or MW by kind; 0 for first_rejection")
        .integer("candidate", "Candidate", "Its index in the sweep's cluster list");
    Section target(out, "target.", both);
    target.text("mode", "Mode", "training or inference")
        .text("model", "Model", "Catalog model id (or the inline model's id)")
        .number("deadline_days", Unit::days, "Deadline", "Time to train at most",
                "null for a serving target")
        .number("request_rate_per_s", Unit::requests_per_s, "Load",
                "Request rate to carry within the SLO", "null for a training target")
        .number("power_budget_mw", Unit::none, "Power budget (MW)",
                "Provisioned facility power at most, in megawatts", "null when none is set")
        .number("budget_usd", Unit::usd, "Dollar budget", "Capex or TCO at most",
                "null when none is set")
        .text("budget_basis", "Budget basis", "What budget_usd limits: capex or tco");
    addDesignFields(out);
}

}  // namespace

nlohmann::json sizingResultToJson(const SizingResult& result, const SizingTarget& target,
                                  SizingRank rank, const std::vector<std::string>& design_files) {
    nlohmann::json j = {{"target", targetJson(target)},
                        {"rank", toString(rank)},
                        {"shard", result.shard.text()},
                        {"top", result.top},
                        {"candidates", result.candidates},
                        {"searched", result.searched},
                        {"strategies_evaluated", result.strategies_evaluated},
                        {"elapsed_s", result.elapsed_s},
                        {"cancelled", result.cancelled},
                        {"truncated", result.truncated},
                        {"truncation", result.truncation},
                        {"reasons", result.reasons},
                        {"infeasible", result.infeasible},
                        {"closest_misses", missesToJson(result.misses)},
                        {"designs", nlohmann::json::array()}};
    for (std::size_t i = 0; i < result.designs.size(); ++i) {
        const SizedDesign& s = result.designs[i];
        const std::string file = i < design_files.size() ? design_files[i] : std::string();
        j["designs"].push_back(designJson(s, static_cast<int>(i) + 1, file));
    }
    return j;
}

const std::vector<ResultField>& sizingSchema() {
    static const std::vector<ResultField> fields = [] {
        std::vector<ResultField> out;
        addSizingFields(out);
        return out;
    }();
    return fields;
}

std::string sizingSchemaMarkdown() {
    return schemaTableMarkdown(sizingSchema());
}

}  // namespace infraplan
