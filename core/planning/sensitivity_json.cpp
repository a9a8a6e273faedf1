#include "core/planning/sensitivity_json.h"

#include "core/results/schema_section.h"
#include "core/results/schema_table.h"

namespace infraplan {
namespace {

nlohmann::json value(const std::optional<double>& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json metricsJson(const HeadlineMetrics& m) {
    return {{"feasible", m.feasible},
            {"step_time_s", value(m.step_time_s)},
            {"goodput_rps", value(m.goodput_rps)},
            {"usd_per_million_tokens", value(m.usd_per_million_tokens)},
            {"facility_kw", value(m.facility_kw)},
            {"energy_usd_per_year", value(m.energy_usd_per_year)}};
}

nlohmann::json perturbationJson(const Perturbation& p) {
    nlohmann::json j = metricsJson(p.metrics);
    j["change"] = p.change;
    j["relative"] = {{"performance", value(p.performance)},
                     {"usd_per_million_tokens", value(p.usd_per_million_tokens)},
                     {"facility_kw", value(p.facility_kw)},
                     {"energy_usd_per_year", value(p.energy_usd_per_year)}};
    return j;
}

void addMetricFields(schema_detail::Section& s) {
    s.add("feasible", FieldKind::flag, Unit::none, "Feasible", "The design is feasible")
        .number("step_time_s", Unit::seconds, "Step time", "training.step_time_s",
                "null for serving, or when infeasible")
        .number("goodput_rps", Unit::requests_per_s, "Goodput", "inference.goodput_rps",
                "null for training, or when the goodput search has no value")
        .number("usd_per_million_tokens", Unit::usd_per_million_tokens, "Cost per M tokens",
                "cost.usd_per_million_tokens", "null when the facility model has none")
        .number("facility_kw", Unit::kilowatts, "Facility power", "power.facility_kw",
                "null for an invalid design")
        .number("energy_usd_per_year", Unit::usd_per_year, "Power cost",
                "Electricity per year (cost.opex_breakdown.energy_usd)",
                "null for an invalid design");
}

void addPerturbationFields(std::vector<ResultField>& out, const std::string& side,
                           const std::string& sign) {
    schema_detail::Section s(out, "inputs[]." + side + ".", Modes::both);
    s.number("change", Unit::fraction, "Change", "The input's relative change (" + sign + ")");
    addMetricFields(s);
    s.add("relative", FieldKind::object, Unit::none, "Relative change",
          "Each metric's relative change against the design as it is");
    schema_detail::Section r(out, "inputs[]." + side + ".relative.", Modes::both);
    r.number("performance", Unit::fraction, "Performance",
             "Step time (training) or goodput (serving)", "null where either side has none")
        .number("usd_per_million_tokens", Unit::fraction, "Cost per M tokens",
                "Of cost.usd_per_million_tokens", "null where either side has none")
        .number("facility_kw", Unit::fraction, "Facility power", "Of power.facility_kw",
                "null where either side has none")
        .number("energy_usd_per_year", Unit::fraction, "Power cost", "Of the electricity per year",
                "null where either side has none");
}

std::vector<ResultField> fields() {
    std::vector<ResultField> out;
    schema_detail::Section top(out, "", Modes::both);
    top.text("mode", "Mode", "training or inference")
        .number("step", Unit::fraction, "Step", "Each input's relative change, up and down")
        .add("base", FieldKind::object, Unit::none, "Base", "The design's metrics as it is")
        .add("inputs", FieldKind::records, Unit::none, "Inputs", "Largest effect first")
        .add("reasons", FieldKind::texts, Unit::none, "Reasons",
             "Why no sensitivity could be computed; empty otherwise")
        .add("cancelled", FieldKind::flag, Unit::none, "Cancelled", "Stopped early");
    schema_detail::Section base(out, "base.", Modes::both);
    addMetricFields(base);
    schema_detail::Section in(out, "inputs[].", Modes::both);
    in.text("input", "Input", "Its id (docs/planning.md, \"Sensitivity\")")
        .text("label", "Label", "What people call it")
        .text("what", "Changed", "The catalog entries or design fields it changed")
        .number("effect", Unit::fraction, "Effect",
                "The larger relative change of step time or goodput, at +10% or -10%")
        .add("flips_feasibility", FieldKind::flag, Unit::none, "Flips feasibility",
             "Feasible as it is and not at +10% or -10%, or the other way round")
        .add("up", FieldKind::object, Unit::none, "Up", "The metrics with the input raised")
        .add("down", FieldKind::object, Unit::none, "Down", "The metrics with the input lowered");
    addPerturbationFields(out, "up", "+");
    addPerturbationFields(out, "down", "-");
    return out;
}

}  // namespace

nlohmann::json sensitivityToJson(const SensitivityResult& result, double step) {
    nlohmann::json j = {{"mode", result.training ? "training" : "inference"},
                        {"step", step},
                        {"base", metricsJson(result.base)},
                        {"inputs", nlohmann::json::array()},
                        {"reasons", result.reasons},
                        {"cancelled", result.cancelled}};
    for (const InputSensitivity& s : result.inputs)
        j["inputs"].push_back({{"input", s.input},
                               {"label", s.label},
                               {"what", s.what},
                               {"effect", s.effect},
                               {"flips_feasibility", s.flips_feasibility},
                               {"up", perturbationJson(s.up)},
                               {"down", perturbationJson(s.down)}});
    return j;
}

const std::vector<ResultField>& sensitivitySchema() {
    static const std::vector<ResultField> all = fields();
    return all;
}

std::string sensitivitySchemaMarkdown() {
    return schemaTableMarkdown(sensitivitySchema());
}

}  // namespace infraplan
