// Wiring rules from the catalog (issue #16 item 5): which link kinds an end takes, the lanes
// a new link gets, impossible ends refused with their JSON pointer, odd ones warned about, and
// disconnected accelerator islands named, infeasible when a parallel group would cross them.
#include <QtTest>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/topology/wiring.h"
#include "tests/core/example_designs.h"

using namespace infraplan;

namespace {

const catalog::Catalog& cat() {
    return catalog::builtinCatalog();
}

Design parse(const std::string& hardware) {
    return test::designWithHardware(hardware, "llama2-7b");
}

// A DGX H100 (or `a`) linked to a part (`b`) with `ref` and `count` lanes.
Design pair(const std::string& a, const std::string& b, const std::string& ref, int count) {
    return parse(R"({"items":[)" + a + "," + b + R"(],
        "links":[{"from":"a","to":"b","ref":")" +
                 ref + R"(","count":)" + std::to_string(count) + "}]}");
}

const std::string kDgx = R"({"id":"a","kind":"node","ref":"nvidia-dgx-h100"})";
const std::string kChip = R"({"id":"a","kind":"accelerator","ref":"nvidia-h100-sxm"})";
const std::string kLeaf = R"({"id":"b","kind":"switch","ref":"nvidia-quantum-2-qm9700"})";
const std::string kDgxB = R"({"id":"b","kind":"node","ref":"nvidia-dgx-h100"})";

bool has(const Diagnostics& d, Diagnostic::Severity severity, const std::string& pointer,
         const std::string& text) {
    for (const auto& item : d.items)
        if (item.severity == severity && item.pointer == pointer &&
            item.message.find(text) != std::string::npos)
            return true;
    return false;
}

bool hasError(const Diagnostics& d, const std::string& pointer, const std::string& text) {
    return has(d, Diagnostic::Severity::error, pointer, text);
}

bool hasWarning(const Diagnostics& d, const std::string& pointer, const std::string& text) {
    return has(d, Diagnostic::Severity::warning, pointer, text);
}

Item item(const std::string& id, ItemKind kind, const std::string& ref) {
    Item it;
    it.id = id;
    it.kind = kind;
    it.ref = ref;
    return it;
}

// Four groups of one DGX H100 each, nothing linking the groups, under `strategy`; `wired`:
// each node wired to its own leaf with its 8 NDR ports.
Design islands(const std::string& mode, const std::string& strategy, bool wired) {
    std::string items, links;
    for (int g = 1; g <= 4; ++g) {
        const std::string n = std::to_string(g), sep = g > 1 ? "," : "";
        items += sep + R"({"id":"g)" + n + R"(","kind":"group"},
            {"id":"n)" +
                 n + R"(","kind":"node","ref":"nvidia-dgx-h100","parent":"g)" + n +
                 R"("},{"id":"leaf)" + n +
                 R"(","kind":"switch","ref":"nvidia-quantum-2-qm9700","parent":"g)" + n + "\"}";
        links += sep + R"({"from":"n)" + n + R"(","to":"leaf)" + n +
                 R"(","ref":"ib-ndr-400","count":8})";
    }
    LoadResult r =
        parseDesign(R"({"format":"infraplan-design","version":1,"hardware":{"items":[)" + items +
                    "],\"links\":[" + (wired ? links : "") + R"(]},"workload":{"mode":")" + mode +
                    R"(","model":"llama2-7b","global_batch":64},"strategy":)" + strategy + "}");
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return *r.design;
}

std::string mentioning(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& s : lines)
        if (s.find(text) != std::string::npos) return s;
    return {};
}

}  // namespace

class TestWiring : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // The issue's first case: a bare chip has no NDR port, whatever the node at the other end.
    void aBareChipLinkedToANodeWithNdrIsAnError() {
        const Diagnostics d = validateDesign(pair(kChip, kDgxB, "ib-ndr-400", 1), cat());
        QVERIFY2(hasError(d, "/hardware/links/0/from", "has no ib-ndr-400 port"),
                 d.toString().c_str());
        QVERIFY2(!hasError(d, "/hardware/links/0/to", ""), d.toString().c_str());
        QVERIFY(!evaluate(pair(kChip, kDgxB, "ib-ndr-400", 1), cat()).feasible);
    }

    void linkKindsNoEndTakesAreErrors_data() {
        QTest::addColumn<QString>("a");
        QTest::addColumn<QString>("b");
        QTest::addColumn<QString>("ref");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message");
        QTest::newRow("NVLink into a node's NICs")
            << QString::fromStdString(kDgx) << QString::fromStdString(kLeaf) << "nvlink-4"
            << "/hardware/links/0/from"
            << "links are inside the template";
        QTest::newRow("NVLink into an InfiniBand switch")
            << QString::fromStdString(kChip) << QString::fromStdString(kLeaf) << "nvlink-4"
            << "/hardware/links/0/to"
            << "takes no scale-up link";
        QTest::newRow("another NVLink generation on an H100")
            << QString::fromStdString(kChip)
            << R"({"id":"b","kind":"switch","ref":"nvidia-nvswitch-gen2"})"
            << "nvlink-3"
            << "/hardware/links/0/from"
            << "scale-up ports are nvlink-4";
        QTest::newRow("NDR from chip to chip")
            << QString::fromStdString(kChip)
            << R"({"id":"b","kind":"accelerator","ref":"nvidia-h100-sxm"})"
            << "ib-ndr-400"
            << "/hardware/links/0/to"
            << "has no ib-ndr-400 port";
        QTest::newRow("NVLink into a NIC") << QString::fromStdString(kChip)
                                           << R"({"id":"b","kind":"nic","ref":"nvidia-connectx-7"})"
                                           << "nvlink-4"
                                           << "/hardware/links/0/to"
                                           << "NIC takes scale-out links";
    }
    void linkKindsNoEndTakesAreErrors() {
        QFETCH(QString, a);
        QFETCH(QString, b);
        QFETCH(QString, ref);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const Diagnostics d =
            validateDesign(pair(a.toStdString(), b.toStdString(), ref.toStdString(), 1), cat());
        QVERIFY2(hasError(d, pointer.toStdString(), message.toStdString()), d.toString().c_str());
    }

    // A DGX H100 has 8 single-port ConnectX-7: a ninth lane has no socket, one lane leaves 7
    // ports unwired (the issue's second case).
    void lanesAgainstANodesNicPorts() {
        const Diagnostics over = validateDesign(pair(kDgx, kLeaf, "ib-ndr-400", 9), cat());
        QVERIFY2(hasError(over, "/hardware/links/0/count", "has 8 NIC ports"),
                 over.toString().c_str());
        const Diagnostics exact = validateDesign(pair(kDgx, kLeaf, "ib-ndr-400", 8), cat());
        QVERIFY2(exact.items.empty(), exact.toString().c_str());
        const Diagnostics one = validateDesign(pair(kDgx, kLeaf, "ib-ndr-400", 1), cat());
        QVERIFY2(!one.hasErrors(), one.toString().c_str());
        QVERIFY2(
            hasWarning(one, "/hardware/links/0/count",
                       "1 lane, but a nvidia-dgx-h100 has 8 NIC ports; the other 7 stay unwired"),
            one.toString().c_str());
    }

    void oddButPossibleWiringIsAWarning() {
        // HDR cables on NDR NICs run at 200 Gb/s.
        const Diagnostics hdr = validateDesign(pair(kDgx, kLeaf, "ib-hdr-200", 8), cat());
        QVERIFY2(!hdr.hasErrors(), hdr.toString().c_str());
        QVERIFY2(hasWarning(hdr, "/hardware/links/0/from", "400 Gb/s"), hdr.toString().c_str());
        // A single-GPU endpoint on a switch stands for a GPU with its NIC: modelled, but said.
        const Diagnostics chip = validateDesign(pair(kChip, kLeaf, "ib-ndr-400", 1), cat());
        QVERIFY2(!chip.hasErrors(), chip.toString().c_str());
        QVERIFY2(hasWarning(chip, "/hardware/links/0/from", "one NIC port per chip"),
                 chip.toString().c_str());
    }

    void lanesDefaultFromPorts() {
        const Item dgx = item("dgx", ItemKind::node, "nvidia-dgx-h100");
        const Item leaf = item("leaf", ItemKind::switch_, "nvidia-quantum-2-qm9700");
        const Item h100 = item("gpu", ItemKind::accelerator, "nvidia-h100-sxm");
        const Item nvsw = item("nvsw", ItemKind::switch_, "nvidia-nvswitch-gen3");
        const Item nic = item("nic", ItemKind::nic, "nvidia-connectx-7");
        QCOMPARE(suggestLinkKind(dgx, leaf, cat()), std::string("ib-ndr-400"));
        QCOMPARE(defaultLanes(dgx, leaf, "ib-ndr-400", cat()), 8LL);
        QCOMPARE(defaultLanes(leaf, dgx, "ib-ndr-400", cat()), 8LL);
        QCOMPARE(suggestLinkKind(h100, nvsw, cat()), std::string("nvlink-4"));
        QCOMPARE(defaultLanes(h100, nvsw, "nvlink-4", cat()), 18LL);                // 450 / 25 GB/s
        QCOMPARE(suggestLinkKind(h100, nic, cat()), std::string("pcie-gen5-x16"));  // 400 Gb/s
        QCOMPARE(defaultLanes(nic, leaf, "ib-ndr-400", cat()), 1LL);
        QCOMPARE(defaultLanes(leaf, leaf, "ib-ndr-400", cat()), 1LL);
        // The A100 node's NIC link is HDR: its kind follows the node, not the switch.
        const Item a100 = item("a100", ItemKind::node, "nvidia-dgx-a100-80gb");
        QCOMPARE(suggestLinkKind(a100, leaf, cat()), std::string("ib-hdr-200"));
    }

    // Unknown items, refs, groups and self-links never crash and leave the verdict to the
    // reference checks.
    void badInputIsLeftToTheReferenceChecks() {
        const Design d = parse(R"({"items":[
            {"id":"a","kind":"node","ref":"no-such-node"},
            {"id":"g","kind":"group"}],
            "links":[{"from":"a","to":"missing","ref":"ib-ndr-400"},
                     {"from":"a","to":"g","ref":"no-such-link"},
                     {"from":"a","to":"a","ref":"ib-ndr-400"}]})");
        Diagnostics wiring;
        checkWiring(d, cat(), wiring);
        QVERIFY2(wiring.items.empty(), wiring.toString().c_str());
        QVERIFY(validateDesign(d, cat()).hasErrors());
        const Item unknown = item("x", ItemKind::switch_, "no-such-switch");
        QCOMPARE(defaultLanes(unknown, unknown, "no-such-link", cat()), 1LL);
        QCOMPARE(fitEnd(unknown, unknown, "ib-ndr-400", cat()).fit, EndFit::fits);
    }

    // The issue's third case: four wired groups with no link between them, one training job.
    void islandsAcrossATrainingJobAreInfeasible() {
        const Results r = evaluate(islands("training", R"({"tp":8})", true), cat());
        QVERIFY(!r.feasible);
        const std::string reason = mentioning(r.reasons, "islands");
        QVERIFY2(reason.find("4 islands with no link between them") != std::string::npos,
                 reason.c_str());
        for (const char* name :
             {"island 1: g1/n1", "island 2: g2/n2", "island 3: g3/n3", "island 4: g4/n4"})
            QVERIFY2(reason.find(name) != std::string::npos, reason.c_str());
        QVERIFY2(reason.find("the DP collectives cannot span them") != std::string::npos,
                 reason.c_str());
    }

    // Served replicas that each fit one island run independently: a warning, not a refusal.
    void servedReplicasOnIslandsAreAWarning() {
        const Results r = evaluate(islands("inference", R"({"tp":8})", true), cat());
        const std::string warning = mentioning(r.warnings, "islands");
        QVERIFY2(warning.find("serve independently") != std::string::npos, warning.c_str());
        QVERIFY(mentioning(r.reasons, "islands").empty());
        // Unless they need each other: TP 16 groups would span two nodes.
        const Results tp16 = evaluate(islands("inference", R"({"tp":16})", true), cat());
        QVERIFY2(mentioning(tp16.reasons, "the TP collectives cannot span them") != "",
                 mentioning(tp16.reasons, "islands").c_str());
    }

    // A design that draws no link at all is a sketch the per-tier estimate completes: its
    // islands are named in a warning, not refused.
    void anUnwiredSketchNamesItsIslands() {
        const Results r = evaluate(islands("training", R"({"tp":8})", false), cat());
        QVERIFY(mentioning(r.reasons, "islands").empty());
        const std::string warning = mentioning(r.warnings, "islands");
        QVERIFY2(warning.find("island 4: g4/n4") != std::string::npos &&
                     warning.find("no link is drawn") != std::string::npos,
                 warning.c_str());
    }

    // A box of accelerators drawn as one item without links keeps its per-tier scale-up: the
    // devices of one node are one island, however little is drawn inside it.
    void anUndrawnBoxIsOneIsland() {
        Design d = parse(R"({"items":[
            {"id":"gpus","kind":"accelerator","ref":"nvidia-h100-sxm","count":8}]})");
        d.strategy.tp = 8;
        const Results r = evaluate(d, cat());
        QVERIFY(r.feasible);
        for (const std::string& s : r.warnings)
            QVERIFY2(s.find("islands") == std::string::npos, s.c_str());
    }

    // The shipped designs keep validating without an error.
    void examplesAndTemplatesStayValid() {
        for (const char* path :
             {"resources/examples/dgx-h100-training.json", "resources/examples/hand-drawn-cxl.json",
              "resources/examples/llama3-70b-inference.json",
              "resources/templates/2-gb200-nvl72.json", "resources/templates/3-mi300x-cluster.json",
              "resources/templates/6-llama3-70b-inference.json",
              "resources/templates/7-cxl-memory-pool.json"}) {
            const Diagnostics d = validateDesign(test::repositoryDesign(path), cat());
            QVERIFY2(!d.hasErrors(), (std::string(path) + ":\n" + d.toString()).c_str());
        }
    }

    // Every end of every template's links fits its part: the GB200 NVL72 template drew an
    // XDR800 fabric for racks whose ConnectX-7 ports run at 400 Gb/s, and warned about itself.
    void templatesWireEachEndAsItsPartAllows() {
        const QDir dir(QString::fromStdString(test::repositoryPath("resources/templates")));
        const QStringList names = dir.entryList({QStringLiteral("*.json")});
        QCOMPARE(names.size(), 7);
        for (const QString& name : names) {
            const std::string path = "resources/templates/" + name.toStdString();
            const Results r = evaluate(test::repositoryDesign(path), cat());
            QVERIFY2(r.feasible, path.c_str());
            for (const std::string& w : r.warnings) {
                const bool atAnEnd =
                    w.rfind("/hardware/links/", 0) == 0 &&
                    (w.find("/from:") != std::string::npos || w.find("/to:") != std::string::npos);
                QVERIFY2(!atAnEnd, (path + ": " + w).c_str());
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestWiring)
#include "tst_wiring.moc"
