// The flow-level comm model against closed forms: ring all-reduce on a non-blocking fat-tree,
// 2:1 oversubscription, rail alignment, torus wraparound, direct collectives on a full mesh,
// and the hand-drawn example's link loads worked out by hand.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/io/design_json.h"
#include "core/topology/flow_comm_model.h"
#include "example_designs.h"

using namespace infraplan;

namespace {
Design parseDesignText(const std::string& hardware, const std::string& strategy) {
    auto r = parseDesign(R"({"format":"infraplan-design","version":1,"hardware":)" + hardware +
                         R"(,"workload":{"model":"llama3-70b"},"strategy":)" + strategy + "}");
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return *r.design;
}

// `n` single-GPU endpoints, one NDR cable each, on a fabric with the given parameters.
std::string endpoints(long long n, const std::string& fabric) {
    return R"({"items":[{"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm","count":)" +
           std::to_string(n) + R"(},
        {"id":"f","kind":"fabric","switch":"nvidia-quantum-2-qm9700","link":"ib-ndr-400",)" +
           fabric + R"(}], "links":[{"from":"g","to":"f","ref":"ib-ndr-400"}]})";
}

FlowModelOptions ideal() {  // full link rate, no software latency: the closed forms exactly
    FlowModelOptions o;
    o.efficiency.scaleup = o.efficiency.scaleout = 1;
    o.efficiency.scaleup_step_latency_s = o.efficiency.scaleout_step_latency_s = 0;
    return o;
}

struct Model {
    Design design;
    std::unique_ptr<FlowCommModel> comm;
};

Model build(const Design& d, const FlowModelOptions& o = ideal()) {
    Model m{d, nullptr};
    ExpandResult r = expand(m.design, catalog::builtinCatalog());
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    m.comm = std::make_unique<FlowCommModel>(std::make_shared<const Graph>(std::move(r.graph)),
                                             m.design, catalog::builtinCatalog(), o);
    return m;
}

// The network report of one collective issued once.
NetworkResults reportOf(const FlowCommModel& comm, const CollectiveRequest& request) {
    const std::vector<IssuedCollective> issued{{request, comm.cost(request), 1}};
    return comm.network(issued);
}

double tierLoad(const FlowCommModel& comm, const Eigen::VectorXd& loads, const char* tier) {
    const LinkLabels labels(comm.graph(), Design{});
    double bytes = 0;
    for (Eigen::Index d = 0; d < loads.size(); ++d)
        if (std::string(labels.tier(static_cast<std::uint32_t>(d / 2))) == tier) bytes += loads[d];
    return bytes;
}

constexpr double kNdr_b_s = 50e9;  // ib-ndr-400 per direction
}  // namespace

class TestTopologyComm : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void ringAllReduceOnNonBlockingFatTree() {
        const int n = 64;
        const double S = 1e9;
        const Model m = build(parseDesignText(endpoints(n, R"("topology":"fat-tree")"),
                                              R"({"tp":1,"pp":1,"dp":64})"));
        const CollectiveRequest ar{Collective::all_reduce, ParallelDim::dp, S};
        const CollectiveCost c = m.comm->cost(ar);
        // 2(n-1)/n * S / beta: every rank's cable carries one ring neighbour's traffic.
        QCOMPARE(c.bandwidth_time_s, 2.0 * (n - 1) / n * S / kNdr_b_s);
        QCOMPARE(reportOf(*m.comm, ar).collectives.front().algorithm, std::string("ring"));
        QCOMPARE(c.binding_tier, std::string("nic"));
        // Latency: 2(n-1) steps of the longest neighbour path (GPU-leaf-spine-leaf-GPU: four
        // cables, three switches) plus the software step latency.
        FlowModelOptions real = ideal();
        real.efficiency.scaleout_step_latency_s = 4e-6;
        const Model lm = build(m.design, real);
        const auto* link = catalog::builtinCatalog().link("ib-ndr-400");
        const auto* sw = catalog::builtinCatalog().switchEntry("nvidia-quantum-2-qm9700");
        const double alpha = (4 * link->latency_ns + 3 * sw->latency_ns) * 1e-9 + 4e-6;
        // (A large message, so the ring still beats the tree's fewer steps.)
        const double L = 1e10;
        const CollectiveCost lc = lm.comm->cost({Collective::all_reduce, ParallelDim::dp, L});
        QVERIFY(std::abs(lc.latency_time_s - 2 * (n - 1) * alpha) < 1e-12);
        QVERIFY(std::abs(lc.time_s - (2.0 * (n - 1) / n * L / kNdr_b_s + 2 * (n - 1) * alpha)) <
                1e-12);
    }

    // A search's layouts share one fabric (router, bandwidths, remembered routes): each
    // layout's comm model over it costs and loads the links exactly as a model of its own,
    // whichever layout asked first and however often.
    void layoutsOverOneFabricMatchTheirOwnModels() {
        const std::string hardware = endpoints(64, R"("topology":"fat-tree")");
        const Design wide = parseDesignText(hardware, R"({"tp":8,"pp":1,"dp":8})");
        const Design deep = parseDesignText(hardware, R"({"tp":8,"pp":2,"dp":4})");
        ExpandResult r = expand(wide, catalog::builtinCatalog());
        QVERIFY(r.ok());
        const auto graph = std::make_shared<const Graph>(std::move(r.graph));
        const auto fabric =
            std::make_shared<const FlowFabric>(graph, wide, catalog::builtinCatalog(), ideal());
        const CollectiveRequest asks[] = {{Collective::all_reduce, ParallelDim::dp, 1e9},
                                          {Collective::all_reduce, ParallelDim::tp, 3e8},
                                          {Collective::send_recv, ParallelDim::pp, 2e7}};
        for (int round = 0; round < 2; ++round)
            for (const Design* d : {&deep, &wide}) {
                const FlowCommModel shared(fabric, *d);
                const FlowCommModel own(graph, *d, catalog::builtinCatalog(), ideal());
                for (const CollectiveRequest& ask : asks) {
                    const CollectiveCost a = shared.cost(ask), b = own.cost(ask);
                    QCOMPARE(a.time_s, b.time_s);
                    QCOMPARE(a.binding_link, b.binding_link);
                    QVERIFY(shared.linkLoads(ask) == own.linkLoads(ask));
                }
            }
    }

    void smallMessagesPickTheTree() {
        const Model m = build(parseDesignText(endpoints(64, R"("topology":"fat-tree")"),
                                              R"({"tp":1,"pp":1,"dp":64})"),
                              FlowModelOptions{});
        const CollectiveRequest small{Collective::all_reduce, ParallelDim::dp, 1024};
        const CollectiveRequest large{Collective::all_reduce, ParallelDim::dp, 1e10};
        QCOMPARE(reportOf(*m.comm, small).collectives.front().algorithm, std::string("tree"));
        QCOMPARE(reportOf(*m.comm, large).collectives.front().algorithm, std::string("ring"));
        // The report lists what was issued, not what was asked before: asking about the large
        // message leaves the small one's report as it was.
        QCOMPARE(reportOf(*m.comm, small).collectives.front().algorithm, std::string("tree"));
    }

    void oversubscriptionDoublesCrossLeafAllReduce() {
        // Two full leaves; TP fills a leaf, so each DP pair (rank i, rank i + leaf size) is
        // split across the leaves and every DP flow takes an uplink. 1:1 at radix 64: 32 down,
        // 32 up; 2:1: 42 down, 21 up -> twice the bytes per uplink cable.
        const double S = 1e9;
        const Model flat = build(parseDesignText(endpoints(64, R"("topology":"fat-tree")"),
                                                 R"({"tp":32,"pp":1,"dp":2})"));
        const Model over =
            build(parseDesignText(endpoints(84, R"("topology":"fat-tree","oversubscription":2)"),
                                  R"({"tp":42,"pp":1,"dp":2})"));
        const CollectiveRequest ar{Collective::all_reduce, ParallelDim::dp, S};
        const CollectiveCost a = flat.comm->cost(ar);
        const CollectiveCost b = over.comm->cost(ar);
        QCOMPARE(a.bandwidth_time_s, S / kNdr_b_s);  // n = 2: 2(n-1)/n = 1
        QCOMPARE(b.bandwidth_time_s, 2 * S / kNdr_b_s);
        QCOMPARE(b.binding_tier, std::string("leaf-spine"));
        const NetworkResults net = reportOf(*over.comm, ar);
        bool found = false;
        for (const NetworkTier& t : net.tiers)
            if (t.name == "leaf-spine") {
                found = true;
                QCOMPARE(t.oversubscription, 2.0);
                QVERIFY(t.max_utilization > 0.999 && t.max_utilization <= 1.0);
            }
        QVERIFY(found);
    }

    void railAlignment() {
        // 4 DGX on a rail-optimized fabric (one leaf per rail), every rank sending S to its
        // ring neighbour. Aligned (TP=8 inside a node, DP across nodes): GPU k of node n to
        // GPU k of node n+1 over NIC k and the rail-k leaf: 32 flows x (NIC->leaf, leaf->NIC)
        // and nothing on NVLink. Flat (DP=32, node-major): 28 flows stay in their node
        // (NVSwitch: GPU->switch, switch->GPU) and 4 cross from GPU7 to GPU0 of the next node,
        // which NCCL's PXN routes over NVLink to GPU0 first, to stay on rail 0: 32 NVLink
        // traversals x 2, 4 x 2 on NIC cables and on PCIe. No spine traffic in either.
        const std::string hw = R"({"items":[
            {"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":4},
            {"id":"f","kind":"fabric","topology":"rail-optimized","switch":"nvidia-quantum-2-qm9700",
             "link":"ib-ndr-400","rails":8}],
            "links":[{"from":"n","to":"f","ref":"ib-ndr-400","count":8}]})";
        const double S = 1e9;
        const CollectiveRequest send{Collective::send_recv, ParallelDim::dp, S};
        const Model aligned = build(parseDesignText(hw, R"({"tp":8,"pp":1,"dp":4})"));
        const Eigen::VectorXd a = aligned.comm->linkLoads(send);
        QCOMPARE(tierLoad(*aligned.comm, a, "scale-up"), 0.0);
        QCOMPARE(tierLoad(*aligned.comm, a, "nic"), 32 * 2 * S);
        QCOMPARE(tierLoad(*aligned.comm, a, "pcie"), 32 * 2 * S);
        QCOMPARE(tierLoad(*aligned.comm, a, "leaf-spine"), 0.0);
        const Model flat = build(parseDesignText(hw, R"({"tp":1,"pp":1,"dp":32})"));
        const Eigen::VectorXd f = flat.comm->linkLoads(send);
        QCOMPARE(tierLoad(*flat.comm, f, "scale-up"), 32 * 2 * S);
        QCOMPARE(tierLoad(*flat.comm, f, "nic"), 4 * 2 * S);
        QCOMPARE(tierLoad(*flat.comm, f, "pcie"), 4 * 2 * S);
        QCOMPARE(tierLoad(*flat.comm, f, "leaf-spine"), 0.0);
        // For an all-reduce the flat group goes hierarchical: NVLink reduce-scatter, a
        // rail-aligned ring of S/8 across nodes, NVLink all-gather.
        QCOMPARE(reportOf(*flat.comm, {Collective::all_reduce, ParallelDim::dp, S})
                     .collectives.front()
                     .algorithm,
                 std::string("hierarchical"));
    }

    void torusWraparound() {
        // 8 endpoints on a 1-D torus (ring of routers). Uniform all-to-all: each directed
        // router link carries 1+2+3 flows plus half of the 4-hop ones = 8 with wraparound;
        // without it the middle link carries all 4x4 flows from one half to the other = 16.
        const double S = 8e9;  // S/n = 1 GB per pair
        const Model wrap = build(parseDesignText(endpoints(8, R"("topology":"torus","dims":[8])"),
                                                 R"({"tp":1,"pp":1,"dp":8})"));
        const Model mesh = build(
            parseDesignText(endpoints(8, R"("topology":"torus","dims":[8],"wraparound":false)"),
                            R"({"tp":1,"pp":1,"dp":8})"));
        const CollectiveRequest a2a{Collective::all_to_all, ParallelDim::dp, S};
        QCOMPARE(wrap.comm->cost(a2a).bandwidth_time_s, 8 * 1e9 / kNdr_b_s);
        QCOMPARE(mesh.comm->cost(a2a).bandwidth_time_s, 16 * 1e9 / kNdr_b_s);
        // The ring all-reduce uses each link in one direction either way; the mesh's
        // wrap-around flow needs 7 router hops instead of 1, so only latency grows.
        const CollectiveRequest ar{Collective::all_reduce, ParallelDim::dp, 1e9};
        QCOMPARE(wrap.comm->cost(ar).bandwidth_time_s, mesh.comm->cost(ar).bandwidth_time_s);
    }

    // On a node's full mesh (Gaudi 2: 262.5 GB/s per device over seven peers, 37.5 GB/s a
    // pair) a TP collective sends each peer its shard over that peer's own link, as HCCL and
    // RCCL do: the ring's 2(n-1)/n S over one link becomes 2 S/n over each. Behind NVSwitch the
    // two load a device's uplinks alike, and the ring stays.
    void fullMeshCollectivesRunDirect() {
        const double S = 8e8, pair = 262.5e9 / 7;
        const Model mesh = build(parseDesignText(
            R"({"items":[{"id":"n","kind":"node","ref":"intel-gaudi2-server","count":1}]})",
            R"({"tp":8,"pp":1,"dp":1})"));
        const CollectiveRequest ar{Collective::all_reduce, ParallelDim::tp, S};
        const CollectiveCost c = mesh.comm->cost(ar);
        QVERIFY(std::abs(c.bandwidth_time_s - 2 * (S / 8) / pair) < 1e-12);
        QCOMPARE(reportOf(*mesh.comm, ar).collectives.front().algorithm, std::string("direct"));
        const CollectiveCost rs = mesh.comm->cost({Collective::reduce_scatter, ParallelDim::tp, S});
        QVERIFY(std::abs(rs.bandwidth_time_s - (S / 8) / pair) < 1e-12);

        const Model dgx = build(parseDesignText(
            R"({"items":[{"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":1}]})",
            R"({"tp":8,"pp":1,"dp":1})"));
        QCOMPARE(reportOf(*dgx.comm, ar).collectives.front().algorithm, std::string("ring"));
    }

    void handDrawnLinkLoads() {
        // hand-drawn-cxl.json: tp=4 (one server), pp=2 (rank r -> r + 4: GPU i of server 0 to
        // GPU i of server 1). NIC i of server s is NIC 4s+i overall, on leaf (4s+i) mod 2, so
        // both ends of every PP flow hang off the same leaf: GPU -PCIe-> NIC -NDR-> leaf
        // -NDR-> NIC -PCIe-> GPU, four links with S each, nothing on the spine.
        const Model m = build(test::example("hand-drawn-cxl.json"));
        const double S = 1e9;
        const CollectiveRequest pp{Collective::send_recv, ParallelDim::pp, S};
        const Eigen::VectorXd loads = m.comm->linkLoads(pp);
        QCOMPARE(tierLoad(*m.comm, loads, "pcie"), 4 * 2 * S);  // 4 flows, GPU->NIC, NIC->GPU
        QCOMPARE(tierLoad(*m.comm, loads, "nic"), 4 * 2 * S);   // NIC->leaf, leaf->NIC
        QCOMPARE(tierLoad(*m.comm, loads, "leaf-spine"), 0.0);
        QCOMPARE(tierLoad(*m.comm, loads, "scale-up"), 0.0);
        const CollectiveCost c = m.comm->cost(pp);
        QCOMPARE(c.bandwidth_time_s, S / kNdr_b_s);  // the NDR cable (50) is slower than PCIe (63)
        QCOMPARE(c.binding_tier, std::string("nic"));
        // TP all-reduce: ring over the NVSwitch, 1.5 S per GPU through 18 NVLinks (450 GB/s).
        const CollectiveCost tp = m.comm->cost({Collective::all_reduce, ParallelDim::tp, S});
        QCOMPARE(tp.bandwidth_time_s, 1.5 * S / 450e9);
        QCOMPARE(tp.binding_tier, std::string("scale-up"));
        QVERIFY(tp.binding_link.find("gpu[") == 0 || tp.binding_link.find("nvsw") == 0);
    }

    void memoryPoolAsOffloadTarget() {
        // hand-drawn-cxl.json: the CXL pool hangs off both hosts (one CXL 2.0 link each, 63
        // GB/s); each server's 4 GPUs reach their host over PCIe. All 8 streaming at once:
        // 4 GPUs share a host's CXL link -> 63/4 GB/s each, 126 GB/s in all (the pool's media
        // does 256). Latency: PCIe 300 + CXL 250 + media 350 ns.
        const Model m = build(test::example("hand-drawn-cxl.json"));
        const std::vector<NetworkMemoryTier> tiers = m.comm->memoryTiers();
        QCOMPARE(tiers.size(), std::size_t(1));
        const NetworkMemoryTier& pool = tiers.front();
        QCOMPARE(pool.item, std::string("pool"));
        QCOMPARE(pool.per_device_bandwidth_gb_s, 63.0 / 4);
        QCOMPARE(pool.aggregate_bandwidth_gb_s, 2 * 63.0);
        QCOMPARE(pool.unreachable_devices, 0LL);
        QCOMPARE(pool.latency_ns, 300.0 + 250 + 350);
        QVERIFY2(pool.binding.find("host") == 0, pool.binding.c_str());
    }

    void memoryPoolBehindACxlSwitch() {
        // Template 7: 4 servers x 8 GPUs; each host has 2 CXL 2.0 lanes to one CXL switch that
        // holds two pools. Only the hosts lead there (not the NICs): all 32 GPUs reach both
        // pools, 8 GPUs share their host's 2 x 63 GB/s -> 15.75 GB/s each.
        const Model m = build(test::templateDesign("7-cxl-memory-pool.json"));
        const std::vector<NetworkMemoryTier> tiers = m.comm->memoryTiers();
        QCOMPARE(tiers.size(), std::size_t(1));
        QCOMPARE(tiers.front().unreachable_devices, 0LL);
        QCOMPARE(tiers.front().per_device_bandwidth_gb_s, 2 * 63.0 / 8);
        QVERIFY2(tiers.front().binding.find("host") == 0, tiers.front().binding.c_str());
    }

    void concurrentCollectivesShareLinks() {
        // TP and PP of the hand-drawn example do not share a link; two PP transfers at once
        // double the load on the same cables.
        const Model m = build(test::example("hand-drawn-cxl.json"));
        const CollectiveRequest pp{Collective::send_recv, ParallelDim::pp, 1e9};
        const CollectiveRequest tp{Collective::all_reduce, ParallelDim::tp, 1e9};
        const std::vector<CollectiveRequest> both{pp, tp}, twice{pp, pp};
        QCOMPARE(m.comm->concurrentCost(both).bandwidth_time_s,
                 std::max(m.comm->cost(pp).bandwidth_time_s, m.comm->cost(tp).bandwidth_time_s));
        QCOMPARE(m.comm->concurrentCost(twice).bandwidth_time_s,
                 2 * m.comm->cost(pp).bandwidth_time_s);
    }

    void placementWarnsAndRefuses() {
        const std::string hw = R"({"items":[
            {"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":2}],"links":[]})";
        const Model spans = build(parseDesignText(hw, R"({"tp":16,"pp":1,"dp":1})"));
        bool warned = false;
        for (const auto& w : spans.comm->warnings())
            warned |= w.find("spans 2 nodes") != std::string::npos;
        QVERIFY(warned);
        const Model tooMany = build(parseDesignText(hw, R"({"tp":8,"pp":1,"dp":4})"));
        QVERIFY(!tooMany.comm->placement().valid());
        const CollectiveCost c = tooMany.comm->cost({Collective::all_reduce, ParallelDim::dp, 1e9});
        QCOMPARE(c.time_s, 0.0);
        // Two DGX without any scale-out link: DP flows have no path, reported, never NaN.
        const Model cut = build(parseDesignText(hw, R"({"tp":8,"pp":1,"dp":2})"));
        const CollectiveRequest dp{Collective::all_reduce, ParallelDim::dp, 1e9};
        const CollectiveCost d = cut.comm->cost(dp);
        QVERIFY(std::isfinite(d.time_s));
        const auto noPath = [](const std::vector<std::string>& warnings) {
            bool found = false;
            for (const auto& w : warnings)
                found |= w.find("no path") != std::string::npos;
            return found;
        };
        QVERIFY(!noPath(cut.comm->warnings()));  // asking records nothing
        QVERIFY(noPath(reportOf(*cut.comm, dp).warnings));
    }
};

QTEST_GUILESS_MAIN(TestTopologyComm)
#include "tst_topology_comm.moc"
