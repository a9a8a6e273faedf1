// Hardware sizing: the target file's messages name their place, the sweep's clusters step as
// documented, the acceptance targets (Llama 3 70B pre-training under 20 MW from two vendors;
// a serving SLO) return complete designs that evaluate to the figures they were ranked by,
// an unreachable target says why, and every key of the JSON output is described.
#include <QFile>
#include <QtTest>

#include <set>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/planning/sizing.h"
#include "core/planning/sizing_json.h"
#include "core/results/results_json.h"
#include "docs_table.h"
#include "emitted_keys.h"
#include "tests/support/test_paths.h"

using namespace infraplan;

namespace {

nlohmann::json targetJson(const char* file) {
    QFile f(QString::fromUtf8(test::sourceDir()) + QStringLiteral("/resources/targets/") +
            QString::fromUtf8(file));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", file);
    return nlohmann::json::parse(f.readAll().toStdString());
}

SizingTarget parsed(const nlohmann::json& j) {
    SizingTargetLoad load = parseSizingTarget(j.dump());
    if (!load.target) qFatal("target does not load: %s", load.diagnostics.toString().c_str());
    return *load.target;
}

// Small sweeps: two clusters, a few dozen strategies each (the run time of the suite).
SizingOptions quick() {
    SizingOptions o;
    o.max_strategies = 200;
    o.time_budget_s = 600;
    return o;
}

// The acceptance sweep: 512 nodes (4,096 devices) of an NVIDIA, an AMD and an Intel template.
const SizingResult& pretraining() {
    static const SizingResult result = [] {
        nlohmann::json j = targetJson("llama3-70b-pretraining.json");
        j["candidates"] = {
            {"nodes", {"nvidia-dgx-h100", "amd-mi300x-platform", "intel-gaudi3-server"}},
            {"node_counts", {512}},
            {"cooling", {"air"}}};
        return sizeHardware(parsed(j), catalog::builtinCatalog(), quick());
    }();
    return result;
}

bool hasError(const SizingTargetLoad& load, const std::string& pointer) {
    for (const Diagnostic& d : load.diagnostics.items)
        if (d.pointer == pointer && d.severity == Diagnostic::Severity::error) return true;
    return false;
}

}  // namespace

class TestSizing : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void targetMessagesNameTheirPlace() {
        nlohmann::json j = targetJson("llama3-70b-pretraining.json");
        j["workload"].erase("deadline_days");
        j["candidates"]["oversubscription"] = {3};
        j["constraints"]["power_budget_mw"] = -1;
        j["workload"]["seq_len"] = "long";
        j["surprise"] = 1;
        const SizingTargetLoad load = parseSizingTarget(j.dump());
        QVERIFY(!load.target);
        QVERIFY(hasError(load, "/workload/deadline_days"));
        QVERIFY(hasError(load, "/candidates/oversubscription/0"));
        QVERIFY(hasError(load, "/constraints/power_budget_mw"));
        QVERIFY(hasError(load, "/workload/seq_len"));  // the design reader's own message
        QVERIFY(hasError(load, "/surprise"));
        QVERIFY(!parseSizingTarget("{").target);
    }

    void catalogReferencesAreChecked() {
        nlohmann::json j = targetJson("llama3-70b-pretraining.json");
        j["candidates"] = {{"nodes", {"nvidia-dgx-h100", "no-such-node"}}, {"vendors", {"Acme"}}};
        j["workload"]["model"] = "no-such-model";
        const Diagnostics d = checkSizingTarget(parsed(j), catalog::builtinCatalog());
        QCOMPARE(d.errorCount(), std::size_t{3});
        const std::string text = d.toString();
        QVERIFY(text.find("/candidates/nodes/1") != std::string::npos);
        QVERIFY(text.find("/candidates/vendors/0") != std::string::npos);
        QVERIFY(text.find("/workload/model") != std::string::npos);
        const SizingResult r = sizeHardware(parsed(j), catalog::builtinCatalog(), quick());
        QCOMPARE(r.reasons.size(), std::size_t{3});
        QVERIFY(r.designs.empty());
    }

    void clustersStepAndInterleaveVendors() {
        SizingFilters f;
        f.max_nodes = 50;
        QCOMPARE(candidateNodeCounts(f),
                 (std::vector<long long>{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48}));
        nlohmann::json j = targetJson("llama3-70b-pretraining.json");
        j["candidates"] = {{"nodes", {"nvidia-dgx-h100", "amd-mi300x-platform"}},
                           {"node_counts", {8, 4}},
                           {"oversubscription", {1, 2}}};
        const auto c = hardwareCandidates(parsed(j), catalog::builtinCatalog());
        QCOMPARE(c.size(), std::size_t{8});
        QCOMPARE(c[0].nodes, 4LL);  // smallest first, every template at each size
        QCOMPARE(c[3].nodes, 4LL);
        QVERIFY(c[0].node != c[2].node);
        QCOMPARE(c[1].oversubscription, 2.0);
        QCOMPARE(c[4].nodes, 8LL);
    }

    void candidateDesignIsValidWithAGeneratedFabric() {
        const SizingTarget t = parsed(targetJson("llama3-70b-pretraining.json"));
        const catalog::Catalog& catalog = catalog::builtinCatalog();
        for (const char* node : {"nvidia-dgx-h100", "amd-mi300x-platform", "intel-gaudi3-server"}) {
            const CandidateDesign d = candidateDesign(t, {node, 64, 2}, Cooling::air, catalog);
            QVERIFY2(d.error.empty(), d.error.c_str());
            const PreparedDesign p = prepareDesign(d.design, catalog);
            QVERIFY2(p.ok(), node);
            QCOMPARE(p.base.devices, 512LL);
            QCOMPARE(d.design.hardware.items[1].fabric->oversubscription, 2.0);
        }
        QCOMPARE(fabricSwitchFor(catalog, "ib-ndr-400"), std::string("nvidia-quantum-2-qm9700"));
        QCOMPARE(fabricSwitchFor(catalog, "no-such-link"), std::string());
    }

    // Acceptance: Llama 3 70B, 15T tokens in 90 days under 20 MW, from two vendors, with costs;
    // each design evaluates on its own to the figures it was ranked by.
    void pretrainingUnderTwentyMegawattsFromTwoVendors() {
        const SizingResult& r = pretraining();
        QVERIFY2(r.infeasible.empty(), r.infeasible.c_str());
        std::set<std::string> vendors;
        for (const SizedDesign& s : r.designs) {
            vendors.insert(s.vendor);
            QVERIFY(s.days_to_train && *s.days_to_train <= 90);
            QVERIFY(s.facility_capacity_mw > 0 && s.facility_capacity_mw <= 20);
            QVERIFY(s.capex_usd > 0 && s.tco_usd > s.capex_usd && s.tco_usd <= 2e9);
            QVERIFY(s.usd_per_million_tokens && *s.usd_per_million_tokens > 0);
            const Results again = evaluate(s.design, catalog::builtinCatalog());
            QVERIFY(again.feasible && again.training && again.facility);
            QCOMPARE(again.training->step_time_s, s.results.training->step_time_s);
            QCOMPARE(again.facility->cost.tco_usd, s.tco_usd);
            QCOMPARE(again.facility->power.facility_capacity_kw, s.facility_capacity_mw * 1000);
        }
        QVERIFY(vendors.size() >= 2);
        for (std::size_t i = 1; i < r.designs.size(); ++i)  // ranked by TCO
            QVERIFY(r.designs[i - 1].tco_usd <= r.designs[i].tco_usd);
    }

    void servingTargetReturnsReplicasAndCostPerToken() {
        nlohmann::json j = targetJson("llama3-70b-serving.json");
        j["candidates"] = {{"nodes", {"nvidia-dgx-h100"}}, {"node_counts", {1, 2}}};
        j["workload"]["requests"] = 300;  // a short simulated stream: the suite's run time
        const SizingResult r = sizeHardware(parsed(j), catalog::builtinCatalog(), quick());
        QVERIFY2(!r.designs.empty(), r.infeasible.c_str());
        const SizedDesign& best = r.designs.front();
        QVERIFY(best.results.inference && best.results.inference->replicas > 0);
        QVERIFY(best.goodput_rps && *best.goodput_rps >= 12);
        QVERIFY(best.usd_per_million_tokens && *best.usd_per_million_tokens > 0);
    }

    void unreachableTargetSaysWhy() {
        nlohmann::json j = targetJson("llama3-70b-pretraining.json");
        j["candidates"] = {{"nodes", {"nvidia-dgx-h100"}}, {"node_counts", {16}}};
        SizingResult r = sizeHardware(parsed(j), catalog::builtinCatalog(), quick());
        QVERIFY(r.designs.empty());
        QCOMPARE(r.searched, 0LL);  // 128 GPUs cannot make it even at peak: not searched
        QVERIFY2(r.infeasible.find("no candidate meets 90 days under 20 MW") == 0,
                 r.infeasible.c_str());
        QVERIFY2(r.infeasible.find("even at peak") != std::string::npos, r.infeasible.c_str());

        j["constraints"]["power_budget_mw"] = 1;
        j["candidates"]["node_counts"] = {384};
        r = sizeHardware(parsed(j), catalog::builtinCatalog(), quick());
        QVERIFY(r.designs.empty());
        QVERIFY2(r.infeasible.find("MW provisioned") != std::string::npos, r.infeasible.c_str());
    }

    // Every key the JSON output has is described, every description is used, and
    // docs/results.md lists them.
    void everyEmittedKeyIsDescribed() {
        std::set<std::string> described;
        for (const ResultField& f : sizingSchema())
            described.insert(f.key);
        const nlohmann::json j =
            sizingResultToJson(pretraining(), parsed(targetJson("llama3-70b-pretraining.json")),
                               SizingRank::tco, {"a.json", "b.json"});
        const std::set<std::string> emitted =
            test::emittedKeys(j, {"designs[].strategy", "designs[].results"});
        for (const std::string& key : emitted)
            QVERIFY2(described.contains(key), ("not in the sizing schema: " + key).c_str());
        for (const std::string& key : described)
            QVERIFY2(emitted.contains(key), ("never emitted: " + key).c_str());
        for (const nlohmann::json& d : j["designs"])
            QCOMPARE(
                d["results"],
                resultsToJson(pretraining().designs.at(d["rank"].get<std::size_t>() - 1).results));

        const auto table = test::resultsDocTable("sizing schema");
        QVERIFY2(table, "docs/results.md: the sizing table's markers are missing");
        QCOMPARE(*table, sizingSchemaMarkdown());
    }
};

QTEST_MAIN(TestSizing)
#include "tst_sizing.moc"
