// Which way each results field improves comes from the results schema, one direction per
// numeric field, stated wherever the unit cannot tell; the compare rows mark B better or worse
// by it (a longer mean time between interruptions is better, a different checkpoint interval
// neither).
#include <QtTest>

#include "core/io/results_table.h"
#include "core/results/schema.h"

using namespace infraplan;

namespace {

bool isNumeric(const ResultField& field) {
    return field.kind == FieldKind::number || field.kind == FieldKind::integer;
}

const ComparisonRow& rowOf(const std::vector<ComparisonRow>& rows, const std::string& path) {
    for (const ComparisonRow& row : rows)
        if (row.path == path) return row;
    throw std::out_of_range("no compare row " + path);
}

}  // namespace

class TestResultsDirections : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void chosenFieldsGoTheRightWay() {
        QCOMPARE(betterDirection("reliability.job_mtbi_h"), Better::higher);
        QCOMPARE(betterDirection("training.step_time_s"), Better::lower);
        QCOMPARE(betterDirection("training.mfu"), Better::higher);
        QCOMPARE(betterDirection("cost.tco_usd"), Better::lower);
        QCOMPARE(betterDirection("devices"), Better::neither);
        QCOMPARE(betterDirection("reliability.checkpoint_interval_s"), Better::neither);
        QCOMPARE(betterDirection("reliability.interruptions_per_hour"), Better::lower);
        QCOMPARE(betterDirection("inference.request_rate_per_s"), Better::neither);
        QCOMPARE(betterDirection("inference.slo_attainment"), Better::higher);
        QCOMPARE(betterDirection("inference.ttft_ms.p99"), Better::lower);
        QCOMPARE(betterDirection("inventory.peak_tflops.bf16"), Better::neither);
        QCOMPARE(betterDirection("network.links.3.utilization"), Better::neither);
        QCOMPARE(betterDirection("no.such.key"), Better::neither);
        QCOMPARE(betterDirection("feasible"), Better::neither);  // a flag has none
    }

    // Every number of the results says which way it improves, and where its unit cannot tell
    // (or nothing numeric can: flags, text, containers), the schema did not guess.
    void everyNumberHasADirection() {
        for (const ResultField& f : resultsSchema()) {
            if (!isNumeric(f)) {
                QVERIFY2(!f.better, (f.key + ": a direction on a non-number").c_str());
                continue;
            }
            QVERIFY2(f.better.has_value(),
                     (f.key + ": no direction; its unit (" + std::string(unitName(f.unit)) +
                      ") cannot tell, so the schema must state lower, higher or neither")
                         .c_str());
        }
    }

    // The units that cannot tell give no default, so a field of theirs cannot go unstated.
    void ambiguousUnitsGiveNoDefault() {
        for (Unit unit :
             {Unit::none, Unit::fraction, Unit::count, Unit::hours, Unit::bytes, Unit::gigabytes,
              Unit::gigabytes_per_s, Unit::flop, Unit::tflop_per_s, Unit::per_hour})
            QVERIFY2(!betterByUnit(unit), std::string(unitName(unit)).c_str());
        QCOMPARE(betterByUnit(Unit::usd), Better::lower);
        QCOMPARE(betterByUnit(Unit::tokens_per_s), Better::higher);
    }

    void fieldsAgainstTheirUnitSayNeither() {
        for (const char* key : {"reliability.checkpoint_interval_s", "power.per_rack[].limit_kw",
                                "cost.cloud_usd_per_device_hour", "training.device_power_w",
                                "inference.request_rate_per_s"}) {
            const ResultField& f = resultField(key);
            QVERIFY2(betterByUnit(f.unit).has_value(), key);  // the unit alone would mark it
            QCOMPARE(f.better, std::optional<Better>(Better::neither));
        }
    }

    void verdictsFollowTheDirection() {
        QCOMPARE(compareVerdict("reliability.job_mtbi_h", 100, 150), Verdict::better);
        QCOMPARE(compareVerdict("reliability.job_mtbi_h", 150, 100), Verdict::worse);
        QCOMPARE(compareVerdict("reliability.checkpoint_interval_s", 600, 300), Verdict::none);
        QCOMPARE(compareVerdict("training.step_time_s", 2, 1), Verdict::better);
        QCOMPARE(compareVerdict("training.step_time_s", 1, 1), Verdict::none);
        QCOMPARE(compareVerdict("inference.requests_rejected", 0, 3), Verdict::worse);
        QCOMPARE(compareVerdict("devices", 8, 16), Verdict::none);
    }

    void compareRowsCarryTheVerdict() {
        const nlohmann::json a = {{"devices", 8},
                                  {"reliability",
                                   {{"job_mtbi_h", 20.0},
                                    {"checkpoint_interval_s", 600.0},
                                    {"interruptions_per_hour", 0.05}}}};
        const nlohmann::json b = {{"devices", 16},
                                  {"reliability",
                                   {{"job_mtbi_h", 40.0},
                                    {"checkpoint_interval_s", 900.0},
                                    {"interruptions_per_hour", 0.025}}}};
        const auto rows = compareResults(a, b);
        QCOMPARE(rowOf(rows, "reliability.job_mtbi_h").verdict, Verdict::better);
        QCOMPARE(rowOf(rows, "reliability.interruptions_per_hour").verdict, Verdict::better);
        QCOMPARE(rowOf(rows, "reliability.checkpoint_interval_s").verdict, Verdict::none);
        QCOMPARE(rowOf(rows, "devices").verdict, Verdict::none);
        const auto worse = compareResults(b, a);
        QCOMPARE(rowOf(worse, "reliability.job_mtbi_h").verdict, Verdict::worse);

        const std::string text = comparisonToText("A", "B", rows);
        auto lineOf = [&](const std::string& key) {
            const auto at = text.find(key);
            return text.substr(at, text.find('\n', at) - at);
        };
        QVERIFY(lineOf("reliability.job_mtbi_h").ends_with("better"));
        QVERIFY(lineOf("reliability.checkpoint_interval_s").ends_with("%"));  // change, no verdict
        const nlohmann::json json = comparisonToJson("A", "B", rows);
        for (const auto& m : json["metrics"]) {
            if (m["metric"] == "reliability.job_mtbi_h") QVERIFY(m["verdict"] == "better");
            if (m["metric"] == "reliability.checkpoint_interval_s") QVERIFY(!m.contains("verdict"));
        }
    }
};

QTEST_GUILESS_MAIN(TestResultsDirections)
#include "tst_results_directions.moc"
