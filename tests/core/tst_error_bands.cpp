// The error bands (core/accuracy/error_bands.h): hand-computed bands from made-up residuals
// (whole range, middle 80%, held-out rows first, the fallbacks and their caveats), the
// compiled-in residual files, and the bands an evaluation carries into its JSON, its text and
// the likely range of a figure.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "core/accuracy/error_bands.h"
#include "core/evaluate/evaluate.h"
#include "core/io/text_report.h"
#include "core/results/likely_range.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

ValidatedResidual run(const std::string& device, double residual, long long devices = 64,
                      const std::string& split = "test", const std::string& vendor = "NVIDIA") {
    return {"r" + std::to_string(residual),
            split,
            "fam-" + device,
            device,
            vendor,
            "step_time_s",
            devices,
            false,
            residual};
}

AccuracyRegime regime(const std::string& device, long long devices = 64,
                      const std::string& vendor = "NVIDIA") {
    return {device, "Dev " + device, vendor, devices, false};
}

ErrorBand band(const AccuracyRegime& r, const std::vector<ValidatedResidual>& residuals) {
    const auto b = errorBand("training.step_time_s", "step_time_s", r, residuals);
    if (!b) throw std::runtime_error("no band");
    return *b;
}

}  // namespace

class TestErrorBands : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // A range wholly below or above its figure says why, in every output that prints it.
    void aRangeMissingItsFigureSaysWhy() {
        auto resultsWith = [](double low, double high) {
            return nlohmann::json{{"training", {{"step_time_s", 10.0}}},
                                  {"error_bands",
                                   {{{"metric", "training.step_time_s"},
                                     {"low_factor", low},
                                     {"high_factor", high},
                                     {"validated", true}}}}};
        };
        const std::string high = likelyRangeText(resultsWith(0.8, 0.9), "training.step_time_s");
        QVERIFY2(high.find("reads high") != std::string::npos, high.c_str());
        const std::string low = likelyRangeText(resultsWith(1.1, 1.3), "training.step_time_s");
        QVERIFY2(low.find("reads low") != std::string::npos, low.c_str());
        const std::string around = likelyRangeText(resultsWith(0.9, 1.1), "training.step_time_s");
        QVERIFY2(around.find("reads") == std::string::npos, around.c_str());
        QVERIFY2(around.find("likely") == 0, around.c_str());
        // A band no published run covers says only that: it rests on no runs like the design.
        nlohmann::json unvalidated = resultsWith(0.8, 0.9);
        unvalidated["error_bands"][0]["validated"] = false;
        const std::string plain = likelyRangeText(unvalidated, "training.step_time_s");
        QVERIFY2(plain.find("reads") == std::string::npos, plain.c_str());
    }
    // Three runs predicted 10% fast, exact and 25% slow: the measured value is the prediction
    // / (1 + residual), so between prediction / 1.25 and prediction / 0.9.
    void fewRunsSpanTheirWholeRange() {
        const ErrorBand b = band(regime("x"), {run("x", -0.1), run("x", 0.0), run("x", 0.25)});
        QCOMPARE(b.low_factor, 1 / 1.25);
        QCOMPARE(b.high_factor, 1 / 0.9);
        QCOMPARE(b.runs, 3);
        QVERIFY(b.validated);
        QVERIFY(b.caveat.empty());
        QCOMPARE(b.basis, std::string("every one of 3 published runs on Dev x (fam-x)"));
    }

    // Eleven runs at 0, 1, ..., 10 %: the 10th and 90th percentiles are 1% and 9%.
    void manyRunsGiveTheirMiddleEightyPercent() {
        std::vector<ValidatedResidual> runs;
        for (int i = 0; i <= 10; ++i)
            runs.push_back(run("x", i / 100.0));
        const ErrorBand b = band(regime("x"), runs);
        QVERIFY(std::abs(b.low_factor - 1 / 1.09) < 1e-12);
        QVERIFY(std::abs(b.high_factor - 1 / 1.01) < 1e-12);
        QVERIFY(b.basis.starts_with("the middle 80% of 11 published runs"));
    }

    // Held-out rows speak for the accelerator when there are three; the fitted ones otherwise.
    void heldOutRunsFirst() {
        std::vector<ValidatedResidual> runs = {run("x", 0.0), run("x", 0.01), run("x", 0.02),
                                               run("x", 0.5, 64, "fit")};
        QCOMPARE(band(regime("x"), runs).runs, 3);
        runs.erase(runs.begin());
        const ErrorBand b = band(regime("x"), runs);
        QCOMPARE(b.runs, 3);
        QCOMPARE(b.low_factor, 1 / 1.5);
        QVERIFY(b.validated);
    }

    // Fewer than three runs on the accelerator: its vendor's runs (else every run) set the
    // band, not validated, saying how many runs the accelerator has.
    void fewOwnRunsFallBackAndSaySo() {
        const std::vector<ValidatedResidual> runs = {run("x", 1.2), run("y", 0.1), run("z", -0.2),
                                                     run("w", 0.3, 64, "test", "Other")};
        const ErrorBand vendor = band(regime("x"), runs);
        QCOMPARE(vendor.runs, 3);
        QVERIFY(!vendor.validated);
        QCOMPARE(vendor.caveat, std::string("only 1 published run on Dev x"));
        QVERIFY(vendor.basis.find("NVIDIA accelerators") != std::string::npos);
        QCOMPARE(vendor.low_factor, 1 / 2.2);  // the accelerator's own run stays in the band
        const ErrorBand all = band(regime("v", 64, "Nobody"), runs);
        QCOMPARE(all.runs, 4);
        QCOMPARE(all.caveat, std::string("no published run on Dev v"));
        QVERIFY(all.basis.find("all accelerators") != std::string::npos);
    }

    void scaleAndMixtureOfExpertsBeyondTheRuns() {
        const std::vector<ValidatedResidual> runs = {run("x", 0.0, 512), run("x", 0.1, 1024),
                                                     run("x", 0.2, 256)};
        QVERIFY(band(regime("x", 2048), runs).validated);
        const ErrorBand far = band(regime("x", 2049), runs);
        QVERIFY(!far.validated);
        QCOMPARE(far.caveat,
                 std::string("2,049 accelerators, beyond twice the largest run (1,024)"));
        AccuracyRegime moe = regime("x");
        moe.moe = true;
        QCOMPARE(band(moe, runs).caveat,
                 std::string("a mixture of experts, and none of these runs was one"));
    }

    void noRunOfTheMetricNoBand() {
        QVERIFY(!errorBand("inference.tpot_ms", "tpot_ms", regime("x"), {run("x", 0.1)}));
    }

    // The compiled-in files: both read, every run a known metric with a plausible residual,
    // and the format round-trips.
    void compiledInResidualsReadAndRoundTrip() {
        const auto& all = validatedResiduals();
        QVERIFY(all.size() >= 100);
        for (const ValidatedResidual& r : all) {
            QVERIFY2(r.residual > -1 && r.residual < 10, r.id.c_str());
            QVERIFY2(r.metric == "step_time_s" || r.metric == "ttft_ms" || r.metric == "tpot_ms" ||
                         r.metric == "output_tokens_per_s",
                     r.id.c_str());
        }
        std::string error;
        const auto again = parseResiduals(residualsCsv(all), &error);
        QVERIFY2(error.empty(), error.c_str());
        QCOMPARE(again.size(), all.size());
        QCOMPARE(again.back().id, all.back().id);
        QVERIFY(std::abs(again.back().residual - all.back().residual) < 1e-4);
    }

    void malformedResidualsRefusedWithTheLine() {
        std::string error;
        QVERIFY(parseResiduals("id,split\nx,test\n", &error).empty());
        QVERIFY(error.find("no column") != std::string::npos);
        const std::string header = "id,split,family,device,vendor,metric,devices,moe,residual\n";
        QVERIFY(parseResiduals(header + "a,test,f,d,v,step_time_s,8,0,nan\n", &error).empty());
        QVERIFY2(error.find("line 2") != std::string::npos, error.c_str());
        QVERIFY(parseResiduals(header + "a,test,f,d,v,step_time_s,8,0,-1\n", &error).empty());
    }

    // The H100 example: its step time carries the band of the published H100 SXM runs, in the
    // JSON, as a likely range and in the CLI text.
    void anEvaluationCarriesItsBands() {
        const Design design = test::example("dgx-h100-training.json");
        const Results r = evaluate(design, catalog::builtinCatalog());
        QVERIFY(r.feasible && r.training);
        QVERIFY(!r.error_bands.empty());
        const ErrorBand& step = r.error_bands.front();
        QCOMPARE(step.metric, std::string("training.step_time_s"));
        int h100Runs = 0;
        for (const ValidatedResidual& v : validatedResiduals())
            h100Runs +=
                v.device == "nvidia-h100-sxm" && v.metric == "step_time_s" && v.split == "test";
        QCOMPARE(step.runs, h100Runs);
        QVERIFY(step.low_factor < step.high_factor);

        const nlohmann::json j = resultsToJson(r);
        QCOMPARE(j["error_bands"][0]["metric"].get<std::string>(), step.metric);
        const auto range = likelyRange(j, "training.step_time_s");
        QVERIFY(range);
        QCOMPARE(range->low, r.training->step_time_s * step.low_factor);
        QCOMPARE(range->high, r.training->step_time_s * step.high_factor);
        QVERIFY(!likelyRange(j, "training.mfu"));
        const std::string text = formatResultsText("x", j);
        QVERIFY2(text.find("step_time_s: ") != std::string::npos &&
                     text.find(likelyRangeText(j, "training.step_time_s")) != std::string::npos,
                 text.c_str());
    }

    // A latency band covers every statistic of it, and only it.
    void aLatencyBandCoversItsStatistics() {
        const Results r =
            evaluate(test::example("llama3-70b-inference.json"), catalog::builtinCatalog());
        QVERIFY(r.feasible && r.inference);
        const nlohmann::json j = resultsToJson(r);
        const auto p99 = likelyRange(j, "inference.ttft_ms.p99");
        QVERIFY(p99);
        QCOMPARE(p99->basis(), likelyRange(j, "inference.ttft_ms.mean")->basis());
        nlohmann::json renamed = j;
        for (auto& b : renamed["error_bands"])
            if (b["metric"] == "inference.ttft_ms") b["metric"] = "inference.ttft_m";
        QVERIFY(!likelyRange(renamed, "inference.ttft_ms.p99"));
    }

    void anInfeasibleDesignHasNoBands() {
        Design design = test::example("dgx-h100-training.json");
        design.strategy.tp = 3;  // 8 GPUs per node, heads not divisible: refused
        const Results r = evaluate(design, catalog::builtinCatalog());
        QVERIFY(!r.feasible);
        QVERIFY(r.error_bands.empty());
        QVERIFY(resultsToJson(r)["error_bands"].empty());
    }
};

QTEST_GUILESS_MAIN(TestErrorBands)
#include "tst_error_bands.moc"
