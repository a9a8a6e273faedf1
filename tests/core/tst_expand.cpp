// expand(): replication, node templates, link pairing, limits and error pointers, checked
// against graphs counted by hand.
#include <QtTest>

#include <map>

#include "catalog/catalog.h"
#include "core/io/design_json.h"
#include "core/topology/graph.h"
#include "example_designs.h"

using namespace infraplan;

namespace {
Design parse(const std::string& hardware) {
    return test::designWithHardware(hardware, "llama3-70b");
}

bool hasError(const ExpandResult& r, const std::string& pointer, const std::string& text = {}) {
    for (const auto& d : r.diagnostics.items)
        if (d.severity == Diagnostic::Severity::error && d.pointer == pointer &&
            d.message.find(text) != std::string::npos)
            return true;
    return false;
}

int countKind(const Graph& g, VertexKind k) {
    int n = 0;
    for (const auto& v : g.vertices)
        n += v.kind == k ? 1 : 0;
    return n;
}

std::map<int, int> edgesPerDesignLink(const Graph& g) {
    std::map<int, int> n;
    for (const auto& e : g.edges)
        ++n[e.design_link];
    return n;
}
}  // namespace

class TestExpand : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void handDrawnMatchesHandCount() {
        const Design d = test::example("hand-drawn-cxl.json");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        const Graph& g = r.graph;
        // 2 servers x (4 GPUs + 1 NVSwitch + 4 NICs + 1 host) + pool + 2 leaves + spine.
        QCOMPARE(g.vertices.size(), std::size_t(24));
        QCOMPARE(countKind(g, VertexKind::accelerator), 8);
        QCOMPARE(countKind(g, VertexKind::switch_), 5);
        QCOMPARE(countKind(g, VertexKind::nic), 8);
        QCOMPARE(countKind(g, VertexKind::cpu), 2);
        QCOMPARE(countKind(g, VertexKind::memory), 1);
        QCOMPARE(g.accelerators.size(), std::size_t(8));
        // gpu-nvsw star 2x4, gpu-nic 2x4 one-to-one, gpu-host star 2x4, host-pool star 2,
        // nic-leaf 8 striped over 2, leaf-spine star 2.
        const std::map<int, int> expected{{0, 8}, {1, 8}, {2, 8}, {3, 2}, {4, 8}, {5, 2}};
        QCOMPARE(edgesPerDesignLink(g), expected);
        QCOMPARE(g.edges.size(), std::size_t(36));
        for (const Edge& e : g.edges) {
            if (e.design_link == 0) QCOMPARE(e.bandwidth_gb_s, 18 * 25.0);  // 18 NVLink4 lanes
            if (e.design_link == 5) QCOMPARE(e.bandwidth_gb_s, 4 * 50.0);   // 4 NDR cables
            if (e.design_link == 4) {
                // NIC instance i (0..7 over both servers) lands on leaf i mod 2.
                const Vertex& nic = g.vertices[e.a];
                const Vertex& leaf = g.vertices[e.b];
                QCOMPARE(nic.kind, VertexKind::nic);
                QCOMPARE(leaf.instance, nic.instance % 2);
            }
            if (e.design_link == 1) {  // the same server's GPU i and NIC i
                QCOMPARE(g.vertices[e.a].instance, g.vertices[e.b].instance);
            }
        }
        for (const Vertex& v : g.vertices) {
            if (v.kind != VertexKind::switch_) continue;
            const std::string& id = d.hardware.items[v.item].id;
            const int tier = id == "nvsw" ? 0 : (id == "leaf" ? 1 : 2);
            QCOMPARE(v.tier, tier);
        }
    }

    void linksStayInsideTheirReplica() {
        const Design d = test::example("hand-drawn-cxl.json");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        const Graph& g = r.graph;
        // GPU instances 0-3 are server 0; their NVSwitch must be server 0's (instance 0).
        for (const Edge& e : g.edges)
            if (e.design_link == 0)
                QCOMPARE(g.vertices[e.b].instance, g.vertices[e.a].instance / 4);
    }

    void dgxClusterExpands() {
        const Design d = test::example("dgx-h100-training.json");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        const Graph& g = r.graph;
        // Per DGX: 8 GPUs, 4 NVSwitches, 8 NICs, 1 host = 21. Rail-optimized fabric of radix
        // 64 at 1:1: 32 down + 32 up per leaf, one leaf per rail (32 NICs each) = 8 leaves,
        // 8 x 32 uplinks / 64 ports = 4 spines, each leaf with 8 cables to every spine.
        QCOMPARE(g.vertices.size(), std::size_t(32 * 21 + 8 + 4));
        QCOMPARE(g.accelerators.size(), std::size_t(256));
        QCOMPARE(g.nodes, 32LL);
        // Per DGX: 8x4 NVLink + 8 NIC PCIe + 8 host PCIe = 48; 8 NIC cables per DGX; 8x4
        // leaf-spine bundles.
        QCOMPARE(g.edges.size(), std::size_t(32 * 48 + 32 * 8 + 8 * 4));
        int nvlink = 0, cables = 0, uplinks = 0;
        for (const Edge& e : g.edges) {
            if (e.design_link == 0) {
                ++cables;
                QCOMPARE(e.bandwidth_gb_s, 50.0);
                QCOMPARE(g.vertices[e.a].kind, VertexKind::nic);
                // Rail r (the NIC's position in its DGX) lands on leaf r.
                QCOMPARE(int(e.b - 32 * 21), g.vertices[e.a].part - 12);
            } else if (g.vertices[e.a].tier == 1 && g.vertices[e.b].tier == 2) {
                ++uplinks;
                QCOMPARE(e.lanes, 8u);
                QCOMPARE(e.bandwidth_gb_s, 8 * 50.0);
            } else if (g.vertices[e.b].kind == VertexKind::switch_ && g.vertices[e.b].tier == 0) {
                ++nvlink;
                QCOMPARE(e.bandwidth_gb_s, 450.0 / 4);  // 18 NVLinks spread over 4 NVSwitches
            }
        }
        QCOMPARE(nvlink, 32 * 32);
        QCOMPARE(cables, 256);
        QCOMPARE(uplinks, 32);
    }

    void nodeLanesSpreadOverNics() {
        // 2 lanes per node onto 8 NICs: NICs 0 and 1 only; 8 lanes: 1 per NIC. (16 lanes
        // would need 2 ports per single-port ConnectX-7: refused, tests/core/tst_wiring.cpp.)
        const Design d = parse(R"({"items":[
            {"id":"n","kind":"node","ref":"nvidia-dgx-h100","count":2},
            {"id":"s","kind":"switch","ref":"nvidia-quantum-2-qm9700"}],
            "links":[{"from":"n","to":"s","ref":"ib-ndr-400","count":2},
                     {"from":"n","to":"s","ref":"ib-ndr-400","count":8}]})");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        const std::map<int, int> perLink = edgesPerDesignLink(r.graph);
        QCOMPARE(perLink.at(0), 2 * 2);
        QCOMPARE(perLink.at(1), 2 * 8);
        for (const Edge& e : r.graph.edges) {
            if (e.design_link == 0) QVERIFY(r.graph.vertices[e.a].part - 12 < 2);  // NIC 0, 1
            if (e.design_link == 1) QCOMPARE(e.lanes, 1u);
        }
    }

    void sixteenThousandGpus() {
        const Design d = parse(R"({"items":[
            {"id":"dgx","kind":"node","ref":"nvidia-dgx-h100","count":2048},
            {"id":"ib","kind":"fabric","topology":"rail-optimized",
             "switch":"nvidia-quantum-2-qm9700","link":"ib-ndr-400","rails":8}],
            "links":[{"from":"dgx","to":"ib","ref":"ib-ndr-400","count":8}]})");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
        QCOMPARE(r.graph.accelerators.size(), std::size_t(16384));
    }

    void directScaleUpTopologies() {
        // One node of 8 devices per topology: edges inside = scale-up + 8 host + 0 NIC links.
        using catalog::ScaleUpTopology;
        struct Case {
            ScaleUpTopology topology;
            int scaleupEdges;
            double perLink_gb_s;
        };
        const Case cases[] = {{ScaleUpTopology::full_mesh, 28, 450.0 / 7},  // MI300X-style
                              {ScaleUpTopology::ring, 8, 450.0 / 2},
                              {ScaleUpTopology::torus, 12, 450.0 / 3},  // 2x4: 2 + 1 neighbours
                              {ScaleUpTopology::pcie, 0, 0}};
        for (const Case& c : cases) {
            catalog::Catalog cat = catalog::builtinCatalog();
            catalog::NodeTemplate node = *cat.node("nvidia-dgx-h100");
            node.id = "test-node";
            node.scaleup_topology = c.topology;
            node.nics = 0;
            cat.put(node);
            const ExpandResult r =
                expand(parse(R"({"items":[{"id":"n","kind":"node","ref":"test-node"}]})"), cat);
            QVERIFY2(r.ok(), r.diagnostics.toString().c_str());
            QCOMPARE(r.graph.vertices.size(), std::size_t(8 + 1));
            int scaleup = 0;
            for (const Edge& e : r.graph.edges) {
                if (r.graph.vertices[e.b].kind == VertexKind::cpu) continue;
                ++scaleup;
                QCOMPARE(e.bandwidth_gb_s, c.perLink_gb_s);
            }
            QCOMPARE(scaleup, c.scaleupEdges);
            QCOMPARE(r.graph.edges.size(), std::size_t(c.scaleupEdges + 8));
        }
    }

    void refusesPastTheDeviceLimit() {
        const Design d = parse(R"({"items":[
            {"id":"pod","kind":"group","count":1000},
            {"id":"dgx","kind":"node","ref":"nvidia-dgx-h100","count":200,"parent":"pod"}],
            "links":[]})");
        const ExpandResult r = expand(d, catalog::builtinCatalog());
        QVERIFY(!r.ok());
        QVERIFY(hasError(r, "/hardware", "1,600,000 devices"));
        QVERIFY(hasError(r, "/hardware", "1,000,000"));
        QVERIFY(r.graph.vertices.empty());
        QVERIFY(r.graph.vertices.capacity() == 0);

        ExpandOptions small;
        small.max_devices = 100;
        QVERIFY(hasError(
            expand(test::example("dgx-h100-training.json"), catalog::builtinCatalog(), small),
            "/hardware", "256 devices; the limit is 100"));
        // Absurd counts saturate instead of overflowing, and are refused as well.
        const Design huge = parse(R"({"items":[
            {"id":"a","kind":"group","count":1000000000},
            {"id":"b","kind":"group","count":1000000000,"parent":"a"},
            {"id":"m","kind":"memory","ref":"generic-cxl-pool-1tb","count":1000000000,"parent":"b"}],
            "links":[]})");
        QVERIFY(hasError(expand(huge, catalog::builtinCatalog()), "/hardware/items/2/count",
                         "graph vertices"));
    }

    void errorsNameTheirPlace() {
        const auto& cat = catalog::builtinCatalog();
        QVERIFY(hasError(
            expand(parse(R"({"items":[{"id":"g","kind":"accelerator","ref":"nope"}]})"), cat),
            "/hardware/items/0/ref", "nope"));
        QVERIFY(hasError(expand(parse(R"({"items":[
            {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm"}],
            "links":[{"from":"g","to":"ghost","ref":"nvlink-4"}]})"),
                                cat),
                         "/hardware/links/0/to", "ghost"));
        QVERIFY(hasError(expand(parse(R"({"items":[
            {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm"},
            {"id":"h","kind":"accelerator","ref":"nvidia-h100-sxm"}],
            "links":[{"from":"g","to":"h","ref":"no-such-link"}]})"),
                                cat),
                         "/hardware/links/0/ref"));
        QVERIFY(hasError(expand(parse(R"({"items":[
            {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm"},
            {"id":"h","kind":"accelerator","ref":"nvidia-h100-sxm","parent":"g"}]})"),
                                cat),
                         "/hardware/items/1/parent", "not a group"));
        QVERIFY(hasError(expand(parse(R"({"items":[
            {"id":"a","kind":"group","parent":"b"},
            {"id":"b","kind":"group","parent":"a"}]})"),
                                cat),
                         "/hardware/items/0/parent", "cycle"));
        QVERIFY(hasError(expand(parse(R"({"items":[
            {"id":"g","kind":"accelerator","ref":"nvidia-h100-sxm","count":3},
            {"id":"s","kind":"switch","ref":"nvidia-quantum-2-qm9700","count":2}],
            "links":[{"from":"g","to":"s","ref":"ib-ndr-400"}]})"),
                                cat),
                         "/hardware/links/0", "cannot pair 3 'g' with 2 's'"));
    }
};

QTEST_GUILESS_MAIN(TestExpand)
#include "tst_expand.moc"
