#include "core/planning/calibration_json.h"

#include "catalog/entry_json.h"
#include "core/results/schema_section.h"
#include "core/results/schema_table.h"

namespace infraplan {
namespace {

std::vector<ResultField> calibrationFields() {
    std::vector<ResultField> out;
    schema_detail::Section top(out, "", Modes::both);
    top.text("accelerator", "Accelerator", "The catalog id of the entry fitted",
             "empty when refused")
        .add("parameters", FieldKind::records, Unit::none, "Parameters", "The fields fitted")
        .add("rows", FieldKind::records, Unit::none, "Measurements",
             "Each measurement with its prediction before and after")
        .number("rms_error_before", Unit::fraction, "RMS error before",
                "Root mean square of the relative errors with the catalog's values")
        .number("rms_error_after", Unit::fraction, "RMS error after",
                "The same with the fitted values")
        .number("max_error_before", Unit::fraction, "Largest error before",
                "The largest |relative error| with the catalog's values")
        .number("max_error_after", Unit::fraction, "Largest error after",
                "The same with the fitted values")
        .integer("iterations", "Iterations", "Levenberg-Marquardt steps taken")
        .integer("evaluations", "Evaluations", "Design evaluations the fit ran")
        .add("entries", FieldKind::records, Unit::none, "Calibrated entries",
             "The entries fitted (the accelerator and/or the design's scale-up or scale-out "
             "links) as catalog entries (docs/catalog.md) with the fitted values, ready for "
             "`catalog import`; empty when refused")
        .add("reasons", FieldKind::texts, Unit::none, "Reasons",
             "Why the fit was refused (underdetermined, a run that does not evaluate); empty "
             "otherwise")
        .add("cancelled", FieldKind::flag, Unit::none, "Cancelled", "Stopped early");
    schema_detail::Section p(out, "parameters[].", Modes::both);
    p.text("id", "Parameter", "The catalog field (docs/planning.md, \"Calibration\")")
        .text("label", "Label", "What people call it")
        .number("before", Unit::none, "Before", "The catalog's value")
        .number("after", Unit::none, "After", "The fitted value")
        .number("lower", Unit::none, "Lower bound", "The least value the fit may take")
        .number("upper", Unit::none, "Upper bound", "The largest value the fit may take")
        .add("at_bound", FieldKind::flag, Unit::none, "At a bound",
             "The fit stopped on a bound: the measurements want a value outside the range");
    schema_detail::Section r(out, "rows[].", Modes::both);
    r.integer("line", "Line", "The measurement's line in the CSV")
        .text("metric", "Metric",
              "step_time_s, tokens_per_s, ttft_ms, tpot_ms, output_tokens_per_s or "
              "bus_bandwidth_gb_s")
        .text("note", "Note", "The row's note column", "empty when none")
        .number("measured", Unit::none, "Measured", "In the metric's unit")
        .number("before", Unit::none, "Predicted before", "With the catalog's values")
        .number("after", Unit::none, "Predicted after", "With the fitted values");
    return out;
}

}  // namespace

nlohmann::json calibrationToJson(const CalibrationResult& result) {
    nlohmann::json j = {
        {"accelerator", result.accelerator},   {"parameters", nlohmann::json::array()},
        {"rows", nlohmann::json::array()},     {"rms_error_before", result.rms_before},
        {"rms_error_after", result.rms_after}, {"max_error_before", result.max_before},
        {"max_error_after", result.max_after}, {"iterations", result.iterations},
        {"evaluations", result.evaluations},   {"entries", nlohmann::json::array()},
        {"reasons", result.reasons},           {"cancelled", result.cancelled}};
    for (const catalog::AnyEntry& entry : result.calibrated)
        j["entries"].push_back(catalog::entryToJson(entry));
    for (const FittedParameter& f : result.parameters)
        j["parameters"].push_back({{"id", f.id},
                                   {"label", f.label},
                                   {"before", f.before},
                                   {"after", f.after},
                                   {"lower", f.lower},
                                   {"upper", f.upper},
                                   {"at_bound", f.at_bound}});
    for (const CalibratedRow& row : result.rows)
        j["rows"].push_back({{"line", row.line},
                             {"metric", row.metric},
                             {"note", row.note},
                             {"measured", row.measured},
                             {"before", row.before},
                             {"after", row.after}});
    return j;
}

const std::vector<ResultField>& calibrationSchema() {
    static const std::vector<ResultField> all = calibrationFields();
    return all;
}

std::string calibrationSchemaMarkdown() {
    return schemaTableMarkdown(calibrationSchema());
}

}  // namespace infraplan
