// The facility sections through evaluate() and the results JSON (docs/results.md names), on the
// example designs with the built-in catalog: present, finite, and consistent with each other.
#include <QtTest>

#include <cmath>

#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

double number(const nlohmann::json& j, const char* section, const char* key) {
    if (!j.contains(section) || !j[section].contains(key) || !j[section][key].is_number())
        qFatal("missing %s.%s", section, key);
    const double v = j[section][key].get<double>();
    if (!std::isfinite(v) || v < 0) qFatal("%s.%s = %g", section, key, v);
    return v;
}

}  // namespace

class TestFacilityEvaluate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void trainingDesignHasEveryFacilityField() {
        const Design d = test::example("dgx-h100-training.json");
        const nlohmann::json j = resultsToJson(evaluate(d, catalog::builtinCatalog()));
        for (const char* key : {"it_kw", "it_nameplate_kw", "facility_kw", "max_rack_kw"})
            QVERIFY(number(j, "power", key) > 0);
        QVERIFY(number(j, "cooling", "heat_kw") > 0);
        number(j, "cooling", "coolant_lpm");  // 0 on air cooling
        for (const char* key : {"capex_usd", "opex_usd_per_year", "tco_usd", "usd_per_device_hour",
                                "training_run_usd"})
            QVERIFY(number(j, "cost", key) > 0);
        QVERIFY(number(j, "energy", "training_run_mwh") > 0);
        QVERIFY(j["power"]["per_rack"].is_array() && !j["power"]["per_rack"].empty());
        QVERIFY(j["cost"].contains("capex_breakdown") && j["cost"].contains("opex_breakdown"));

        // The run: every device for the ETTR-stretched wall time, at the cost per device-hour.
        const double wallH = number(j, "reliability", "wall_days") * 24;
        const double devices = j["devices"].get<double>();
        QVERIFY(std::abs(number(j, "cost", "training_run_usd") -
                         number(j, "cost", "usd_per_device_hour") * devices * wallH) <
                1e-6 * wallH);
        QVERIFY(std::abs(number(j, "energy", "training_run_mwh") -
                         number(j, "power", "facility_kw") * wallH / 1000) < 1e-9 * wallH);
        const double ideal = number(j, "reliability", "ideal_days");
        QVERIFY(std::abs(ideal - j["training"]["time_to_train_days"].get<double>()) < 1e-9);
        QVERIFY(number(j, "reliability", "ettr") < 1 && wallH / 24 > ideal);
        // Per million tokens trained: the cluster's cost per hour over the tokens it trains in
        // an hour, interruptions included.
        const double trained_per_s =
            j["training"]["tokens_per_s"].get<double>() * number(j, "reliability", "ettr");
        const double perMtok =
            number(j, "cost", "usd_per_device_hour") * devices * 1e6 / (3600 * trained_per_s);
        QVERIFY(std::abs(number(j, "cost", "usd_per_million_tokens") - perMtok) < 1e-9 * perMtok);
        // The facility draws more than the nameplate never, and at least the IT power.
        QVERIFY(number(j, "power", "it_kw") <= number(j, "power", "it_nameplate_kw"));
        QVERIFY(number(j, "power", "facility_kw") > number(j, "power", "it_kw"));
    }

    void inferenceDesignHasCostPerToken() {
        Design d = test::example("llama3-70b-inference.json");
        d.workload.extra["requests"] = 300;  // keep the serving simulation short
        const nlohmann::json j = resultsToJson(evaluate(d, catalog::builtinCatalog()));
        const double perMtok = number(j, "cost", "usd_per_million_tokens");
        QVERIFY(perMtok > 0);
        QVERIFY(!j.contains("reliability"));
        QVERIFY(number(j, "energy", "joules_per_token") > 0);
    }

    void badFacilityParameterIsAReason() {
        Design d = test::example("dgx-h100-training.json");
        d.facility.extra["wue_l_per_kwh"] = -1;
        const Results r = evaluate(d, catalog::builtinCatalog());
        QVERIFY(!r.feasible);
        QVERIFY(!r.reasons.empty() &&
                r.reasons.back().find("/facility/wue_l_per_kwh") != std::string::npos);
        // `validate` refuses it too (invalid input, exit 1), naming the field.
        const Diagnostics diags = validateDesign(d, catalog::builtinCatalog());
        QVERIFY(diags.hasErrors());
        QVERIFY(diags.toString().find("/facility/wue_l_per_kwh") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestFacilityEvaluate)
#include "tst_facility_evaluate.moc"
