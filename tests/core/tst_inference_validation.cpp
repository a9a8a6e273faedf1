// Fidelity against published serving measurements: every row of
// tests/data/validation/serving.csv (TensorRT-LLM, vLLM on ROCm and Intel Gaudi results on
// NVIDIA, AMD and Intel devices; sources in each row, the set in docs/inference-engine.md) is
// evaluated as a design on its catalog node template through evaluate(), printed with its
// error, and summarized per split, vendor, metric and family.
// Asserted: the fit rows (the TensorRT-LLM 2023 tables the engine was built on) hold their
// median; on the test rows, each vendor's median and worst row stay within the bounds the
// engine meets today (docs/inference-engine.md), so a regression fails. The issue's
// acceptance figures (median <= 10%, every row <= 30%, batch-1 TPOT <= 15%) are printed with
// whether they are met.

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>

#include "core/evaluate/evaluate.h"
#include "serving_cases.h"

using namespace infraplan;
using validation::ServingCase;

namespace {

struct RowError {
    const ServingCase* c = nullptr;
    double predicted = 0;
    double error = 0;  // predicted / measured - 1
};

// The row's metric in `r`: latencies as the mean over requests (batch-1 rows: every request
// alike; the online rows publish means), throughput of the replicas the row measured.
double predictedValue(const ServingCase& c, const InferenceResults& in) {
    if (c.metric == "ttft_ms") return in.ttft_ms.mean;
    if (c.metric == "tpot_ms") return in.tpot_ms.mean;
    if (c.metric == "output_tokens_per_s") return in.output_tokens_per_s;
    if (c.metric == "output_tokens_per_s_per_gpu")
        return in.output_tokens_per_s / std::max(1, c.tp * c.replicas);
    return 0;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    if (v.empty()) return 0;
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

double worst(const std::vector<double>& v) {
    return v.empty() ? 0 : *std::max_element(v.begin(), v.end());
}

bool batchOneTpot(const ServingCase& c) {
    return c.metric == "tpot_ms" && c.traffic == "batch" && c.batch == 1;
}

// Evaluates every row; a row the engine cannot evaluate fails the test with the reason.
std::vector<RowError> evaluateRows(const std::vector<ServingCase>& cases) {
    const catalog::Catalog& catalog = catalog::builtinCatalog();
    std::vector<RowError> rows;
    qInfo("%-42s %-6s %-5s %-28s %10s %10s %8s", "id", "vendor", "split", "metric", "measured",
          "predicted", "error");
    for (const ServingCase& c : cases) {
        const Results r = evaluate(validation::servingDesign(c), catalog);
        const std::string why = r.reasons.empty() ? "no inference results" : r.reasons[0];
        if (!QTest::qVerify(r.feasible && r.inference, "feasible", (c.id + ": " + why).c_str(),
                            __FILE__, __LINE__))
            return {};
        const double predicted = predictedValue(c, *r.inference);
        if (!QTest::qVerify(predicted > 0 && std::isfinite(predicted), "predicted > 0",
                            (c.id + ": metric " + c.metric).c_str(), __FILE__, __LINE__))
            return {};
        const RowError row{&c, predicted, predicted / c.value - 1};
        qInfo("%-42s %-6s %-5s %-28s %10.1f %10.1f %+7.1f%%", c.id.c_str(), c.vendor.c_str(),
              c.split.c_str(), c.metric.c_str(), c.value, predicted, 100 * row.error);
        rows.push_back(row);
    }
    return rows;
}

// |error| of the rows of `split` grouped by `key` (all rows under "all").
template <typename Key>
std::map<std::string, std::vector<double>> groupErrors(const std::vector<RowError>& rows,
                                                       const std::string& split, Key key) {
    std::map<std::string, std::vector<double>> groups;
    for (const RowError& row : rows) {
        if (row.c->split != split) continue;
        groups[key(*row.c)].push_back(std::abs(row.error));
    }
    return groups;
}

void printGroups(const char* title, const std::map<std::string, std::vector<double>>& groups) {
    for (const auto& [name, errors] : groups)
        qInfo("  %-6s %-28s rows %3zu  median |error| %5.1f%%  worst %5.1f%%", title, name.c_str(),
              errors.size(), 100 * median(errors), 100 * worst(errors));
}

void printSummaries(const std::vector<RowError>& rows) {
    for (const char* split : {"fit", "test"}) {
        qInfo("split %s:", split);
        printGroups("all", groupErrors(rows, split, [](const ServingCase&) { return "all"; }));
        printGroups("vendor",
                    groupErrors(rows, split, [](const ServingCase& c) { return c.vendor; }));
        printGroups("metric",
                    groupErrors(rows, split, [](const ServingCase& c) { return c.metric; }));
        printGroups("family",
                    groupErrors(rows, split, [](const ServingCase& c) { return c.family; }));
    }
}

// The acceptance figures on the test rows, printed with whether each is met (not
// asserted: the bounds the engine meets today are, per vendor, in TestInferenceValidation).
void printAcceptance(const std::vector<RowError>& rows) {
    std::vector<double> all, tpot;
    for (const RowError& row : rows) {
        if (row.c->split != "test") continue;
        all.push_back(std::abs(row.error));
        if (batchOneTpot(*row.c)) tpot.push_back(std::abs(row.error));
    }
    const auto met = [](bool ok) { return ok ? "met" : "NOT met"; };
    qInfo(
        "acceptance (test rows): median |error| %.1f%% (<= 10%%: %s); worst %.1f%% (every row "
        "<= 30%%: %s); batch-1 TPOT worst %.1f%% over %zu rows (<= 15%%: %s)",
        100 * median(all), met(median(all) <= 0.10), 100 * worst(all), met(worst(all) <= 0.30),
        100 * worst(tpot), tpot.size(), met(!tpot.empty() && worst(tpot) <= 0.15));
}

// Bounds the engine meets on the test rows today, per vendor: {median, worst} |error|.
struct Bound {
    double median = 0;
    double worst = 0;
};

const std::map<std::string, Bound>& testBounds() {
    static const std::map<std::string, Bound> bounds = {
        {"NVIDIA", {0.20, 1.35}},  // worst: Mixtral fp8 static batch on TRT-LLM v0.9 (MoE GEMMs)
        {"AMD", {0.30, 0.55}},     // worst: batch-1 TPOT (runtime overhead)
        {"Intel", {0.15, 1.50}},   // worst: Gaudi2 TP8 2048-token TTFT (all-reduce on the mesh)
    };
    return bounds;
}

}  // namespace

class TestInferenceValidation : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() {
        std::string error;
        m_cases = validation::loadServingCases(error);
        QVERIFY2(error.empty(), error.c_str());
        m_rows = evaluateRows(m_cases);
        QCOMPARE(m_rows.size(), m_cases.size());
        printSummaries(m_rows);
        printAcceptance(m_rows);
    }

    void theSetCoversThreeVendorsAndBothRegimes() {
        std::map<std::string, int> vendors;
        int testRows = 0, latency = 0, load = 0;
        for (const ServingCase& c : m_cases) {
            if (c.split != "test") continue;
            ++testRows;
            ++vendors[c.vendor];
            if (c.traffic == "batch" && c.batch == 1)
                ++latency;
            else
                ++load;
        }
        QVERIFY2(testRows >= 30, "serving.csv: fewer than 30 test rows");
        QVERIFY2(vendors.size() >= 3, "serving.csv: test rows from fewer than 3 vendors");
        QVERIFY2(latency >= 5 && load >= 5, "serving.csv: needs batch-1 and at-load rows");
    }

    // The TensorRT-LLM 2023 tables (v0.5/v0.6) the engine's step model was built on.
    void fitRowsHoldTheirMedian() {
        const auto fit = groupErrors(m_rows, "fit", [](const ServingCase&) { return "all"; });
        QVERIFY(fit.count("all"));
        QVERIFY2(median(fit.at("all")) <= 0.12, "fit rows: median |error| above 12%");
        QVERIFY2(worst(fit.at("all")) <= 0.45, "fit rows: a row off by more than 45%");
    }

    void testRowsWithinTheBoundsMetToday() {
        const auto byVendor =
            groupErrors(m_rows, "test", [](const ServingCase& c) { return c.vendor; });
        for (const auto& [vendor, errors] : byVendor) {
            const auto bound = testBounds().find(vendor);
            QVERIFY2(bound != testBounds().end(), ("no bound for vendor " + vendor).c_str());
            QVERIFY2(median(errors) <= bound->second.median,
                     (vendor + ": median |error| above its bound").c_str());
            QVERIFY2(worst(errors) <= bound->second.worst,
                     (vendor + ": a row beyond its bound").c_str());
        }
    }

private:
    std::vector<ServingCase> m_cases;
    std::vector<RowError> m_rows;
};

QTEST_GUILESS_MAIN(TestInferenceValidation)
#include "tst_inference_validation.moc"
