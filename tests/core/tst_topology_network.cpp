// The network section of the results: bottleneck text naming the binding tier and the
// oversubscription, the JSON contract, and the end-to-end evaluate() wiring.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "core/topology/network_eval.h"
#include "example_designs.h"

using namespace infraplan;

namespace {
Design oversubscribed() {
    // 84 single-GPU endpoints on two 2:1 leaves; TP fills a leaf, so DP crosses the uplinks.
    auto r = parseDesign(R"({"format":"infraplan-design","version":1,"hardware":{"items":[
        {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm","count":84},
        {"id":"ib","kind":"fabric","topology":"fat-tree","switch":"nvidia-quantum-2-qm9700",
         "link":"ib-ndr-400","oversubscription":2}],
        "links":[{"from":"g","to":"ib","ref":"ib-ndr-400"}]},
        "workload":{"model":"llama3-70b"},"strategy":{"tp":42,"pp":1,"dp":2}})");
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return *r.design;
}
}  // namespace

class TestTopologyNetwork : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bottleneckNamesTierAndOversubscription() {
        const Design d = oversubscribed();
        ExpandResult e = expand(d, catalog::builtinCatalog());
        QVERIFY(e.ok());
        Results results;
        auto model = makeNetworkModel(d, catalog::builtinCatalog(), e.graph, results);
        QVERIFY(model);
        model->cost({Collective::all_reduce, ParallelDim::dp, 1e9});
        // As if the training engine had found 0.31 s of exposed DP traffic in a 1 s step.
        results.training = TrainingResults{};
        results.training->step_time_s = 1.0;
        results.training->breakdown.dp_comm_s = 0.31;
        addNetworkResults(*model, d, results);
        QVERIFY(results.network.has_value());
        QCOMPARE(results.bottlenecks.size(), std::size_t(1));
        const Bottleneck& b = results.bottlenecks.front();
        QCOMPARE(b.phase, std::string("dp gradient reduction"));
        QCOMPARE(b.resource, std::string("leaf-spine"));
        QCOMPARE(b.item_id, std::string("ib"));
        QVERIFY2(b.advice.rfind("DP all-reduce is limited by leaf-to-spine uplinks at 2:1 "
                                "oversubscription (ib/leaf0 -> ib/spine0): 31% of the step",
                                0) == 0,
                 b.advice.c_str());
    }

    void jsonSection() {
        const Design d = oversubscribed();
        ExpandResult e = expand(d, catalog::builtinCatalog());
        Results results;
        auto model = makeNetworkModel(d, catalog::builtinCatalog(), e.graph, results);
        model->cost({Collective::all_reduce, ParallelDim::dp, 1e9});
        addNetworkResults(*model, d, results);
        const nlohmann::json j = resultsToJson(results);
        const auto& n = j.at("network");
        QCOMPARE(n.at("collectives").size(), std::size_t(1));
        QCOMPARE(n.at("collectives")[0].at("binding_tier").get<std::string>(),
                 std::string("leaf-spine"));
        QVERIFY(n.at("links").size() > 0);
        const auto& link = n.at("links")[0];
        for (const char* key : {"link", "from_item", "to_item", "tier", "bytes", "utilization"})
            QVERIFY2(link.contains(key), key);
        bool leafSpine = false;
        for (const auto& t : n.at("tiers"))
            if (t.at("name") == "leaf-spine") {
                leafSpine = true;
                QCOMPARE(t.at("oversubscription").get<double>(), 2.0);
            }
        QVERIFY(leafSpine);
    }

    void evaluateUsesTheFabric() {
        const Results res =
            evaluate(test::example("dgx-h100-training.json"), catalog::builtinCatalog());
        QVERIFY(res.network.has_value());
        QCOMPARE(res.network->vertices, 32LL * 21 + 12);
        bool dp = false;
        for (const NetworkCollective& c : res.network->collectives)
            if (c.name.rfind("dp", 0) == 0) {
                dp = true;
                QCOMPARE(c.binding_tier, std::string("nic"));  // 1:1 rail-optimized: NIC-bound
                QVERIFY(c.time_s > 0 && std::isfinite(c.time_s));
            }
        QVERIFY(dp);
    }

    void disconnectedDevicesFallBack() {
        auto r = parseDesign(R"({"format":"infraplan-design","version":1,"hardware":{"items":[
            {"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":2}],"links":[]},
            "workload":{"model":"llama3-70b"},"strategy":{"tp":8,"pp":2,"dp":1}})");
        QVERIFY(r.ok());
        ExpandResult e = expand(*r.design, catalog::builtinCatalog());
        Results results;
        QVERIFY(!makeNetworkModel(*r.design, catalog::builtinCatalog(), e.graph, results));
        QVERIFY(!results.warnings.empty());
    }
};

QTEST_GUILESS_MAIN(TestTopologyNetwork)
#include "tst_topology_network.moc"
