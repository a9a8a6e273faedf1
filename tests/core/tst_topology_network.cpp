// The network section of the results: bottleneck text naming the binding tier and the
// oversubscription, the JSON contract, and the end-to-end evaluate() wiring.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/evaluate/bottlenecks.h"
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

std::shared_ptr<const Graph> expanded(const Design& d) {
    ExpandResult e = expand(d, catalog::builtinCatalog());
    if (!e.ok()) qFatal("%s", e.diagnostics.toString().c_str());
    return std::make_shared<const Graph>(std::move(e.graph));
}

// One DP all-reduce of 1 GB, issued once per step.
std::vector<IssuedCollective> oneDpAllReduce(const FlowCommModel& model) {
    const CollectiveRequest ar{Collective::all_reduce, ParallelDim::dp, 1e9};
    return {{ar, model.cost(ar), 1}};
}
}  // namespace

class TestTopologyNetwork : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void bottleneckNamesTierAndOversubscription() {
        const Design d = oversubscribed();
        const NetworkModel network =
            makeNetworkModel(d, catalog::builtinCatalog(), expanded(d), nullptr);
        QVERIFY(network.model);
        const NetworkResults net = evaluateNetwork(*network.model, oneDpAllReduce(*network.model));
        // As if the training engine had found 0.31 s of exposed DP traffic in a 1 s step.
        const std::vector<Bottleneck> engine{
            {"leaf-spine", BottleneckPhase::dp_comm, 0.31, 0, "the engine's advice", ""}};
        const std::vector<Bottleneck> list =
            buildBottlenecks(engine, &net, {}, d, catalog::builtinCatalog());
        QCOMPARE(list.size(), std::size_t(1));
        const Bottleneck& b = list.front();
        QCOMPARE(b.phase, BottleneckPhase::dp_comm);
        QCOMPARE(nlohmann::json(b.phase).get<std::string>(), std::string("dp gradient reduction"));
        QCOMPARE(b.resource, std::string("leaf-spine"));
        QCOMPARE(b.item_id, std::string("ib"));
        QVERIFY(b.utilization > 0.99);
        QVERIFY2(b.advice.rfind("DP all-reduce is limited by leaf-to-spine uplinks at 2:1 "
                                "oversubscription (ib/leaf0 -> ib/spine0): 31% of the step",
                                0) == 0,
                 b.advice.c_str());
        // Below 5% of the step the engine's own advice stays, pointing at the device item.
        const std::vector<Bottleneck> small = buildBottlenecks(
            {{"nic", BottleneckPhase::dp_comm, 0.04, 0, "the engine's advice", ""}}, &net, {}, d,
            catalog::builtinCatalog());
        QCOMPARE(small.front().advice, std::string("the engine's advice"));
        QCOMPARE(small.front().item_id, std::string("ib"));  // a NIC tier: the fabric item
    }

    void jsonSection() {
        const Design d = oversubscribed();
        const NetworkModel network =
            makeNetworkModel(d, catalog::builtinCatalog(), expanded(d), nullptr);
        Results results;
        results.network = evaluateNetwork(*network.model, oneDpAllReduce(*network.model));
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
            if (c.dim == ParallelDim::dp) {
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
        const NetworkModel network =
            makeNetworkModel(*r.design, catalog::builtinCatalog(), expanded(*r.design), nullptr);
        QVERIFY(!network.model);
        QVERIFY(network.warning.has_value());
    }
};

QTEST_GUILESS_MAIN(TestTopologyNetwork)
#include "tst_topology_network.moc"
