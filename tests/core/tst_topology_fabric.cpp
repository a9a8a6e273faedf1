// Fabric generators: switch and cable counts of fat-trees (2 and 3 tiers, oversubscribed),
// rail fabrics, tori with and without wraparound, dragonfly and full mesh, counted by hand.
#include <QtTest>

#include <functional>
#include <map>

#include "catalog/catalog.h"
#include "core/io/design_json.h"
#include "core/topology/graph.h"

using namespace infraplan;

namespace {
// `endpoints` H100s, each with one NDR cable to a fabric with the given JSON parameters.
ExpandResult expandFabric(long long endpoints, const std::string& fabric) {
    const std::string text = R"({"format":"infraplan-design","version":1,"hardware":{"items":[
        {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm","count":)" +
                             std::to_string(endpoints) + R"(},
        {"id":"f","kind":"fabric","switch":"nvidia-quantum-2-qm9700","link":"ib-ndr-400",)" +
                             fabric + R"(}],
        "links":[{"from":"g","to":"f","ref":"ib-ndr-400"}]},"workload":{"model":"x"}})";
    auto r = parseDesign(text);
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return expand(*r.design, catalog::builtinCatalog());
}

std::map<int, int> switchesByTier(const Graph& g) {
    std::map<int, int> n;
    for (const Vertex& v : g.vertices)
        if (v.kind == VertexKind::switch_) ++n[v.tier];
    return n;
}

// Cables (lanes) between switches of tier a and tier b.
long long cablesBetween(const Graph& g, int a, int b) {
    long long n = 0;
    for (const Edge& e : g.edges) {
        const Vertex& x = g.vertices[e.a];
        const Vertex& y = g.vertices[e.b];
        if (x.kind != VertexKind::switch_ || y.kind != VertexKind::switch_) continue;
        if ((x.tier == a && y.tier == b) || (x.tier == b && y.tier == a)) n += e.lanes;
    }
    return n;
}

long long switchEdges(const Graph& g) {
    long long n = 0;
    for (const Edge& e : g.edges)
        n += g.vertices[e.a].kind == VertexKind::switch_ &&
             g.vertices[e.b].kind == VertexKind::switch_;
    return n;
}

// Connected components among the accelerators, through the fabric.
int components(const Graph& g) {
    std::vector<int> parent(g.vertices.size());
    std::iota(parent.begin(), parent.end(), 0);
    std::function<int(int)> find = [&](int x) {
        return parent[x] == x ? x : parent[x] = find(parent[x]);
    };
    for (const Edge& e : g.edges)
        parent[find(int(e.a))] = find(int(e.b));
    std::set<int> roots;
    for (std::uint32_t a : g.accelerators)
        roots.insert(find(int(a)));
    return int(roots.size());
}
}  // namespace

class TestTopologyFabric : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fatTreeTwoTiers() {
        // Radix 64 at 1:1: 32 down / 32 up. 128 endpoints -> 4 leaves, 4*32/64 = 2 spines.
        const ExpandResult r = expandFabric(128, R"("topology":"fat-tree","tiers":2)");
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(r.graph), (std::map<int, int>{{1, 4}, {2, 2}}));
        QCOMPARE(cablesBetween(r.graph, 1, 2), 4LL * 32);
        QCOMPARE(switchEdges(r.graph), 4LL * 2);  // every leaf to every spine, 16 cables each
        QCOMPARE(components(r.graph), 1);
    }

    void oversubscribedLeaves() {
        // 2:1 at radix 64: 42 down, 21 up. 168 endpoints -> 4 full leaves, 84 uplinks.
        const ExpandResult r =
            expandFabric(168, R"("topology":"fat-tree","tiers":2,"oversubscription":2)");
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(r.graph), (std::map<int, int>{{1, 4}, {2, 2}}));
        QCOMPARE(cablesBetween(r.graph, 1, 2), 4LL * 21);
    }

    void singleSwitchWhenItFits() {
        const ExpandResult r = expandFabric(20, R"("topology":"fat-tree")");
        QCOMPARE(switchesByTier(r.graph), (std::map<int, int>{{1, 1}}));
    }

    void fatTreeThreeTiers() {
        // 2048 endpoints: 64 leaves; 3 tiers: pods of 32 leaves with 32 aggregation switches
        // each (2 pods), 32 core planes of ceil(2*32/64) = 1 core.
        const ExpandResult r = expandFabric(2048, R"("topology":"fat-tree","tiers":3)");
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(r.graph), (std::map<int, int>{{1, 64}, {2, 64}, {3, 32}}));
        QCOMPARE(cablesBetween(r.graph, 1, 2), 64LL * 32);
        QCOMPARE(cablesBetween(r.graph, 2, 3), 64LL * 32);
        QCOMPARE(components(r.graph), 1);
        // Too many leaves for 2 tiers: 4096 endpoints -> 128 leaves need 64 spines > 32 uplinks.
        const ExpandResult big = expandFabric(4096, R"("topology":"fat-tree","tiers":2)");
        QVERIFY(big.ok());
        QCOMPARE(switchesByTier(big.graph).at(3), 32 * 2);  // 4 pods: 32 planes x 2 cores
        QVERIFY(big.diagnostics.toString().find("core tier") != std::string::npos);
    }

    void railFabrics() {
        // 4 DGX (8 NICs each), 8 rails: rail-optimized has 8 leaves under shared spines;
        // rail-only has 8 separate single-switch networks.
        auto dgx = [](const std::string& topology) {
            std::string text = R"({"format":"infraplan-design","version":1,
                "hardware":{"items":[{"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":4},
                {"id":"f","kind":"fabric","switch":"nvidia-quantum-2-qm9700","link":"ib-ndr-400",
                 "rails":8,"topology":"TOPOLOGY"}],
                "links":[{"from":"n","to":"f","ref":"ib-ndr-400","count":8}]},
                "workload":{"model":"x"}})";
            text.replace(text.find("TOPOLOGY"), 8, topology);
            auto r = parseDesign(text);
            if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
            return expand(*r.design, catalog::builtinCatalog());
        };
        const ExpandResult opt = dgx("rail-optimized");
        QVERIFY2(opt.ok(), opt.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(opt.graph).at(1), 8);
        QCOMPARE(switchesByTier(opt.graph).at(2), 4);  // 8 * 32 / 64
        const ExpandResult only = dgx("rail-only");
        QVERIFY2(only.ok(), only.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(only.graph), (std::map<int, int>{{0, 16}, {1, 8}}));
        QCOMPARE(switchEdges(only.graph), 0LL);
        // Each leaf holds exactly one rail: all its NICs have the same part number.
        for (const Graph* g : {&opt.graph, &only.graph}) {
            std::map<std::uint32_t, std::set<int>> railsPerLeaf;
            for (const Edge& e : g->edges)
                if (g->vertices[e.a].kind == VertexKind::nic && g->vertices[e.b].tier == 1)
                    railsPerLeaf[e.b].insert(g->vertices[e.a].part);
            QCOMPARE(railsPerLeaf.size(), std::size_t(8));
            for (const auto& [leaf, rails] : railsPerLeaf)
                QCOMPARE(rails.size(), std::size_t(1));
        }
    }

    void torus() {
        // 4x4 with wraparound: every router has 4 neighbours -> 32 links; without: 2*4*3 = 24.
        const ExpandResult wrap = expandFabric(16, R"("topology":"torus","dims":[4,4])");
        QVERIFY2(wrap.ok(), wrap.diagnostics.toString().c_str());
        QCOMPARE(switchEdges(wrap.graph), 32LL);
        const ExpandResult mesh =
            expandFabric(16, R"("topology":"torus","dims":[4,4],"wraparound":false)");
        QCOMPARE(switchEdges(mesh.graph), 24LL);
        // 3D 2x2x2: a 2-ring's wraparound is the same cable, so 4 links per dimension.
        QCOMPARE(switchEdges(expandFabric(8, R"("topology":"torus","dims":[2,2,2])").graph), 12LL);
        // More endpoints than positions is an error naming the dims.
        const ExpandResult over = expandFabric(17, R"("topology":"torus","dims":[4,4])");
        QVERIFY(!over.ok());
        QCOMPARE(QString::fromStdString(over.diagnostics.items.front().pointer),
                 QString("/hardware/items/1/dims"));
    }

    void dragonflyAndFullMesh() {
        // Radix 64: p = 16 terminals per router, groups of a = 32 routers, all-to-all inside.
        const ExpandResult df = expandFabric(1024, R"("topology":"dragonfly")");
        QVERIFY2(df.ok(), df.diagnostics.toString().c_str());
        QCOMPARE(switchesByTier(df.graph).at(1), 64);  // 1024 / 16 routers in 2 groups
        QCOMPARE(switchEdges(df.graph), 2LL * (32 * 31 / 2) + 1);
        QCOMPARE(components(df.graph), 1);
        const ExpandResult mesh = expandFabric(5, R"("topology":"full-mesh")");
        QVERIFY2(mesh.ok(), mesh.diagnostics.toString().c_str());
        QCOMPARE(switchEdges(mesh.graph), 10LL);
    }
};

QTEST_GUILESS_MAIN(TestTopologyFabric)
#include "tst_topology_fabric.moc"
