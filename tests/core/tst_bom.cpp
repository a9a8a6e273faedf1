// The bill of materials and the cabling plan on every example and template: BOM CSV totals equal
// the facility model's capex classes, cables and optics equal the expanded graph's links, and
// the cabling plan has one NetBox cable-import row per cable with no port used twice.
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <map>
#include <set>
#include <sstream>

#include "catalog/builtin.h"
#include "catalog/csv.h"
#include "core/evaluate/evaluate.h"
#include "core/facility/bom.h"
#include "core/io/design_json.h"
#include "core/results/results_json.h"
#include "example_designs.h"

using namespace infraplan;

namespace {

std::vector<std::string> repositoryDesigns() {
    std::vector<std::string> out;
    for (const char* folder : {"resources/examples", "resources/templates"})
        for (const auto& entry : std::filesystem::directory_iterator(test::repositoryPath(folder)))
            if (entry.path().extension() == ".json")
                out.push_back(std::string(folder) + "/" + entry.path().filename().string());
    std::sort(out.begin(), out.end());
    return out;
}

CsvTable table(const std::string& text) {
    std::string error;
    auto t = parseCsvTable(text, &error);
    if (!t) qFatal("CSV does not parse: %s", error.c_str());
    return *t;
}

double cellNumber(const CsvTable& t, const CsvRow& row, const char* column) {
    return std::stod(t.cell(row, column));
}

// Every cable the facility model counts: lanes of catalog links outside node templates.
long long graphCables(const Design& d, const Graph& g) {
    long long lanes = 0;
    for (const Edge& e : g.edges)
        if (cableLink(e, d.hardware.items, g, catalog::builtinCatalog()))
            lanes += std::max<std::uint32_t>(1, e.lanes);
    return lanes;
}

}  // namespace

class TestBom : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void designs_data() {
        QTest::addColumn<QString>("path");
        const auto paths = repositoryDesigns();
        QVERIFY(paths.size() >= 11);  // 4 examples, 7 templates
        for (const std::string& p : paths)
            QTest::newRow(p.c_str()) << QString::fromStdString(p);
    }

    void designs() {
        QFETCH(QString, path);
        const Design d = test::repositoryDesign(path.toStdString());
        const catalog::Catalog& cat = catalog::builtinCatalog();
        const nlohmann::json results = resultsToJson(evaluate(d, cat));
        const nlohmann::json& capex = results.at("cost").at("capex_breakdown");
        const ExpandResult expanded = expand(d, cat);
        QVERIFY(expanded.ok());
        const Bom bom = buildBom(d, cat, expanded.graph);

        std::ostringstream csv;
        writeBomCsv(bom, csv);
        const CsvTable t = table(csv.str());
        std::map<std::string, double> lines, totals;
        long long cables = 0, optics = 0, betweenRacks = 0;
        for (const CsvRow& row : t.rows) {
            const std::string cls = t.cell(row, "class"), kind = t.cell(row, "kind");
            const double extended = cellNumber(t, row, "extended_price_usd");
            if (kind == "total") {
                totals[cls] = extended;
                continue;
            }
            lines[cls] += extended;
            const long long quantity = std::stoll(t.cell(row, "quantity"));
            if (kind == "cable") cables += quantity;
            if (kind == "cable" && t.cell(row, "length_class") == "between racks")
                betweenRacks += quantity;
            if (kind == "optics") optics += quantity;
            if (kind != "ports-used" && kind != "ports-free" && kind != "optics")
                QVERIFY2(!t.cell(row, "price_source").empty(), t.cell(row, "catalog_id").c_str());
        }
        const char* classes[][2] = {
            {"compute", "compute_usd"}, {"network", "network_usd"}, {"memory", "memory_usd"}};
        for (const auto& [cls, key] : classes) {
            const double expected = capex.at(key).get<double>();
            // Cents in the CSV: each line and the total are rounded to 0.01.
            const double tolerance =
                0.005 * (static_cast<double>(t.rows.size()) + 1) + 1e-9 * expected;
            QVERIFY2(std::abs(totals[cls] - expected) <= 0.006 + 1e-9 * expected, cls);
            QVERIFY2(std::abs(lines[cls] - expected) <= tolerance, cls);
        }
        QVERIFY(capex.at("compute_usd").get<double>() > 0);
        QCOMPARE(cables, graphCables(d, expanded.graph));
        QCOMPARE(cables, bom.cables);
        QCOMPARE(optics, 2 * cables);  // every cable is priced as its optics, in-rack too
        QVERIFY(betweenRacks <= cables);
        QCOMPARE(optics, bom.optics);

        std::ostringstream plan;
        const long long rows = writeCablingCsv(bom, d, cat, expanded.graph, plan);
        const CsvTable p = table(plan.str());
        QCOMPARE(rows, cables);
        QCOMPARE(static_cast<long long>(p.rows.size()), cables);
        const std::vector<std::string> netbox{
            "side_a_device", "side_a_type", "side_a_name", "side_b_device", "side_b_type",
            "side_b_name",   "type",        "status",      "label",         "description"};
        QCOMPARE(p.header, netbox);
        std::set<std::pair<std::string, std::string>> ports;
        for (const CsvRow& row : p.rows) {
            for (const char* side : {"a", "b"}) {
                const std::string s(side);
                QCOMPARE(p.cell(row, "side_" + s + "_type"), std::string("dcim.interface"));
                const auto port = std::make_pair(p.cell(row, "side_" + s + "_device"),
                                                 p.cell(row, "side_" + s + "_name"));
                QVERIFY2(ports.insert(port).second, (port.first + " " + port.second).c_str());
            }
            const std::string type = p.cell(row, "type");
            QCOMPARE(type, std::string("mmf"));
        }
    }

    // A rack of two nodes and their switch: the in-rack cables are named for what their price
    // and power cover (the catalog link's optics: cost_usd per cable, power_w_per_port per end),
    // within a passive DAC's reach.
    void inRackCablesAreTheOpticsTheyArePricedAndPoweredAs() {
        const auto loaded = parseDesign(R"({"format": "infraplan-design", "version": 1,
            "hardware": {"items": [
                {"id": "rack", "kind": "group", "role": "rack"},
                {"id": "dgx", "kind": "node", "ref": "nvidia-dgx-h100", "count": 2,
                 "parent": "rack"},
                {"id": "leaf", "kind": "switch", "ref": "nvidia-quantum-2-qm9700",
                 "parent": "rack"}],
              "links": [{"from": "dgx", "to": "leaf", "ref": "ib-ndr-400", "count": 8}]},
            "workload": {"mode": "training", "model": "llama2-7b", "global_batch": 16},
            "strategy": {"tp": 8, "pp": 1}})");
        QVERIFY2(loaded.ok(), loaded.diagnostics.toString().c_str());
        const Design& d = *loaded.design;
        const catalog::Catalog& cat = catalog::builtinCatalog();
        const catalog::Link& link = *cat.link("ib-ndr-400");
        const ExpandResult expanded = expand(d, cat);
        QVERIFY(expanded.ok());
        const Bom bom = buildBom(d, cat, expanded.graph);
        const PricedPart* inRack = nullptr;
        for (const PricedPart& p : bom.parts)
            if (p.kind == "cable") {
                QCOMPARE(p.variant, std::string(toString(LengthClass::in_rack)));
                inRack = &p;
            }
        QVERIFY(inRack);
        QCOMPARE(inRack->quantity, 16LL);
        QCOMPARE(inRack->unit_usd, link.cost_usd);  // optics + cable, by the catalog
        QCOMPARE(opticsOf(*inRack, bom.params), 2 * inRack->quantity);
        const CableMedia media = cableMediaOf(*inRack, bom.params);
        QVERIFY2(std::string(media.name).find("transceiver at each end") != std::string::npos,
                 media.name);
        QVERIFY2(std::string(media.name).find("DAC reach") != std::string::npos, media.name);
        QCOMPARE(media.reach_m, bom.params.dac_reach_m);
        // Powered as those optics: a transceiver at each end of each cable.
        const Results r = evaluate(d, cat);
        QVERIFY(r.facility);
        QCOMPARE(r.facility->power.optics_kw,
                 2.0 * static_cast<double>(inRack->quantity) * link.power_w_per_port / 1000.0);

        std::ostringstream plan;
        QCOMPARE(writeCablingCsv(bom, d, cat, expanded.graph, plan), 16LL);
        const CsvTable p = table(plan.str());
        const std::string description = p.cell(p.rows.front(), "description");
        QVERIFY2(description.find("in-rack (rack 1)") != std::string::npos, description.c_str());
        QVERIFY2(description.find("transceiver at each end") != std::string::npos,
                 description.c_str());
        QCOMPARE(p.cell(p.rows.front(), "type"), std::string("mmf"));
    }

    // Switch ports: every cable end on a switch is a used port, never more than it has.
    void switchPortsUsedAndFree() {
        const Design d = test::example("dgx-h100-training.json");
        const ExpandResult expanded = expand(d, catalog::builtinCatalog());
        const Bom bom = buildBom(d, catalog::builtinCatalog(), expanded.graph);
        QVERIFY(!bom.switch_ports.empty());
        for (const SwitchPorts& s : bom.switch_ports) {
            QVERIFY(s.switches > 0);
            QVERIFY(s.used > 0);
            QVERIFY(s.used <= s.ports);
            QCOMPARE(s.freePorts(), s.ports - s.used);
        }
    }
};

QTEST_GUILESS_MAIN(TestBom)
#include "tst_bom.moc"
