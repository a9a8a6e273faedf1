#include "core/planning/sizing_target.h"

#include <array>
#include <set>

#include "catalog/enum_names.h"
#include "catalog/json_limits.h"
#include "core/io/design_json.h"

namespace infraplan {
namespace {

constexpr std::array<const char*, 2> kBudgetBasisNames{"capex", "tco"};
constexpr std::size_t kMaxTargetBytes = 1u << 20;
constexpr int kMaxTargetDepth = 32;

// The design-file sections of the target (workload, strategy, facility, economics) read by the
// design reader itself: a skeleton design around them keeps their JSON pointers, so messages
// name the place in the target file. `deadline_days` is the target's own and is taken out.
void readDesignSections(const nlohmann::json& root, SizingTarget& target, Diagnostics& diags) {
    nlohmann::json skeleton = {{"format", kDesignFormatName},
                               {"version", kDesignFormatVersion},
                               {"hardware", {{"items", nlohmann::json::array()}}}};
    for (const char* section : {"workload", "strategy", "facility", "economics"})
        if (root.contains(section)) skeleton[section] = root[section];
    if (skeleton.contains("workload") && skeleton["workload"].is_object())
        skeleton["workload"].erase("deadline_days");
    LoadResult read = designFromJson(skeleton);
    for (const Diagnostic& d : read.diagnostics.items)
        diags.items.push_back(d);
    if (!read.design) return;
    target.workload = read.design->workload;
    target.strategy = read.design->strategy;
    target.facility = read.design->facility;
    target.economics = read.design->economics;
}

void readDeadline(const nlohmann::json& root, SizingTarget& target, Diagnostics& diags) {
    const nlohmann::json* workload = root.contains("workload") ? &root["workload"] : nullptr;
    if (!workload || !workload->is_object()) {
        diags.error("/workload", "required: the training job or serving load to size for");
        return;
    }
    if (!target.training()) {
        if (workload->contains("deadline_days"))
            diags.error("/workload/deadline_days", "applies to a training workload only");
        if (target.workload.traffic.mode != TrafficMode::poisson ||
            target.workload.traffic.rate_per_s <= 0)
            diags.error("/workload/traffic",
                        "a serving target needs a Poisson load: mode \"poisson\" and rate_per_s");
        if (target.workload.slo.ttft_ms <= 0 && target.workload.slo.tpot_ms <= 0)
            diags.error("/workload/slo", "a serving target needs an SLO: ttft_ms and/or tpot_ms");
        return;
    }
    ObjectReader w(*workload, "/workload", diags);
    w.number("deadline_days", target.deadline_days, 1e-3, 36500, true);
    if (target.workload.train_tokens <= 0)
        diags.error("/workload/train_tokens", "required: the tokens to train on");
}

void readConstraints(ObjectReader& root, SizingConstraints& c, Diagnostics& diags) {
    const nlohmann::json* raw = root.raw("constraints");
    if (!raw) return;
    ObjectReader r(*raw, "/constraints", diags);
    r.number("power_budget_mw", c.power_budget_mw, 1e-3, 1e5);
    r.number("budget_usd", c.budget_usd, 1, 1e13);
    r.enumeration("budget_basis", c.budget_basis, budgetBasisFromString, "capex, tco");
    if (r.has("budget_basis") && !r.has("budget_usd"))
        diags.error("/constraints/budget_basis", "says what budget_usd limits: set budget_usd");
    const nlohmann::json unknown = r.unknown();
    for (const auto& [key, value] : unknown.items())
        diags.error("/constraints/" + pointerEscape(key), "unknown constraint");
}

// A list of values read one by one: `read(element, pointer)` records its own errors.
template <class Read>
void readList(ObjectReader& r, const std::string& key, Read read) {
    const nlohmann::json* raw = r.raw(key);
    if (!raw) return;
    if (!raw->is_array() || raw->empty()) {
        r.diagnostics().error(r.pointerTo(key),
                              "must be a non-empty array, got " + describeValue(*raw));
        return;
    }
    for (std::size_t i = 0; i < raw->size(); ++i)
        read((*raw)[i], r.pointerTo(key) + "/" + std::to_string(i));
}

void readFilters(ObjectReader& root, SizingFilters& f, Diagnostics& diags) {
    const nlohmann::json* raw = root.raw("candidates");
    if (!raw) return;
    ObjectReader r(*raw, "/candidates", diags);
    auto text = [&](std::vector<std::string>& out) {
        return [&](const nlohmann::json& v, const std::string& at) {
            if (v.is_string() && !v.get<std::string>().empty())
                out.push_back(v.get<std::string>());
            else
                diags.error(at, "must be a non-empty string, got " + describeValue(v));
        };
    };
    readList(r, "vendors", text(f.vendors));
    readList(r, "nodes", text(f.nodes));
    readList(r, "cooling", [&](const nlohmann::json& v, const std::string& at) {
        const auto c = v.is_string() ? coolingFromString(v.get<std::string>()) : std::nullopt;
        if (c)
            f.cooling.push_back(*c);
        else
            diags.error(at, "must be one of air, rear-door, direct-liquid, immersion, got " +
                                describeValue(v));
    });
    if (r.has("oversubscription")) f.oversubscription.clear();
    readList(r, "oversubscription", [&](const nlohmann::json& v, const std::string& at) {
        if (v.is_number() && (v == 1 || v == 2 || v == 4))
            f.oversubscription.push_back(v.get<double>());
        else
            diags.error(at, "must be 1, 2 or 4, got " + describeValue(v));
    });
    readList(r, "node_counts", [&](const nlohmann::json& v, const std::string& at) {
        if (v.is_number_integer() && v.get<long long>() >= 1 && v.get<long long>() <= 1'000'000)
            f.node_counts.push_back(v.get<long long>());
        else
            diags.error(
                at, "must be a whole number of nodes from 1 to 1,000,000, got " + describeValue(v));
    });
    r.integer("max_nodes", f.max_nodes, 1, 1'000'000);
    const nlohmann::json unknown = r.unknown();
    for (const auto& [key, value] : unknown.items())
        diags.error("/candidates/" + pointerEscape(key), "unknown candidate filter");
}

}  // namespace

const char* toString(BudgetBasis b) {
    return enumName(kBudgetBasisNames, b);
}
std::optional<BudgetBasis> budgetBasisFromString(const std::string& name) {
    return enumValue<BudgetBasis>(kBudgetBasisNames, name);
}

SizingTargetLoad parseSizingTarget(std::string_view text) {
    SizingTargetLoad out;
    std::string error;
    const auto json = parseJsonGuarded(text, kMaxTargetBytes, kMaxTargetDepth, &error);
    if (!json) {
        out.diagnostics.error("", error);
        return out;
    }
    ObjectReader root(*json, "", out.diagnostics);
    if (!root.valid()) return out;
    std::string format;
    root.string("format", format, true);
    if (!format.empty() && format != kSizingTargetFormat)
        out.diagnostics.error("/format", std::string("must be \"") + kSizingTargetFormat +
                                             "\", got \"" + format + "\"");
    long long version = 1;
    root.integer("version", version, 1, 1, true);
    SizingTarget target;
    root.string("name", target.name);
    for (const char* section : {"workload", "strategy", "facility", "economics"})
        root.raw(section);
    readDesignSections(*json, target, out.diagnostics);
    if (root.has("workload"))
        readDeadline(*json, target, out.diagnostics);
    else
        out.diagnostics.error("/workload",
                              "required: the training job or serving load to size for");
    readConstraints(root, target.constraints, out.diagnostics);
    readFilters(root, target.candidates, out.diagnostics);
    const nlohmann::json unknown = root.unknown();
    for (const auto& [key, value] : unknown.items())
        out.diagnostics.error("/" + pointerEscape(key), "unknown field of a sizing target");
    if (!out.diagnostics.hasErrors()) out.target = std::move(target);
    return out;
}

SizingTargetLoad loadSizingTarget(const std::string& path) {
    std::string error;
    const auto text = readTextFile(path, kMaxTargetBytes, &error);
    if (!text) {
        SizingTargetLoad out;
        out.diagnostics.error("", error);
        return out;
    }
    return parseSizingTarget(*text);
}

Diagnostics checkSizingTarget(const SizingTarget& target, const catalog::Catalog& catalog) {
    Diagnostics diags;
    if (const auto* id = std::get_if<std::string>(&target.workload.model);
        id && !catalog.model(*id))
        diags.error("/workload/model", "no model '" + *id + "' in the catalog");
    std::set<std::string> vendors;
    for (const auto& [id, node] : catalog.nodes())
        vendors.insert(node.vendor);
    for (std::size_t i = 0; i < target.candidates.vendors.size(); ++i)
        if (!vendors.contains(target.candidates.vendors[i]))
            diags.error(
                "/candidates/vendors/" + std::to_string(i),
                "no node template of vendor '" + target.candidates.vendors[i] + "' in the catalog");
    for (std::size_t i = 0; i < target.candidates.nodes.size(); ++i)
        if (!catalog.node(target.candidates.nodes[i]))
            diags.error("/candidates/nodes/" + std::to_string(i),
                        "no node template '" + target.candidates.nodes[i] + "' in the catalog");
    return diags;
}

}  // namespace infraplan
