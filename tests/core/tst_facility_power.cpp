// Power roll-up over expanded designs, racks and their warnings, checked by hand (issue 7).
#include <QtTest>

#include <cmath>
#include <set>

#include "core/facility/facility_model.h"
#include "core/facility/power.h"
#include "facility_test_catalog.h"

using namespace infraplan;
using namespace facility_test;

namespace {

Graph expanded(const Design& d, const catalog::Catalog& c) {
    ExpandResult r = expand(d, c);
    if (!r.ok()) qFatal("%s", r.diagnostics.toString().c_str());
    return std::move(r.graph);
}

bool anyWarningHas(const std::vector<std::string>& warnings, const std::string& text) {
    for (const std::string& w : warnings)
        if (w.find(text) != std::string::npos) return true;
    return false;
}

bool near(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(1.0, std::abs(b));
}

}  // namespace

class TestFacilityPower : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void dgx32NameplateIsSumOfParts() {
        const catalog::Catalog cat = makeCatalog();
        const Design d = dgx32();
        const Graph g = expanded(d, cat);
        // Fabric switches and cables come from the generator: count them, price them by hand.
        long long switches = 0, cableLanes = 0;
        for (const Vertex& v : g.vertices)
            if (v.kind == VertexKind::switch_ && d.hardware.items[v.item].kind == ItemKind::fabric)
                ++switches;
        for (const Edge& e : g.edges)
            if (d.hardware.items[e.item].kind == ItemKind::fabric) cableLanes += e.lanes;
        QVERIFY(switches >= 1);
        QVERIFY(cableLanes >= 256);  // at least one NDR cable per NIC
        // Per DGX: 8 x 700 W GPUs + 4,400 W host + 8 x 25 W NICs = 10,200 W (its rating).
        const double nodesW = 32 * (8 * 700.0 + 4400 + 8 * 25);
        QCOMPARE(nodesW, 326400.0);
        const double expectedW = nodesW + switches * 1720.0 + cableLanes * 2 * 9.0;

        std::vector<std::string> warnings;
        FacilityWorkload w;
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(d, cat, diags);
        const PowerRollup r = rollUpPower(d, cat, g, p, w, warnings);
        QVERIFY(near(r.power.it_nameplate_kw * 1000, expectedW));
        QVERIFY(near(r.power.it_capacity_kw, r.power.it_nameplate_kw));  // default margin 0
        QCOMPARE(r.tally.accelerators, 256LL);
        QCOMPARE(r.tally.nodes, 32LL);
        QCOMPARE(r.tally.nics, 256LL);

        // Average: GPUs at idle + (0.9 x 700 - idle) = 630 W, host at half its rating.
        const double avgNodesW = 32 * (8 * 630.0 + 0.5 * 4400 + 8 * 25);
        const double expectedAvgW = avgNodesW + switches * 1720.0 + cableLanes * 2 * 9.0;
        QVERIFY(near(r.power.it_kw * 1000, expectedAvgW));
        // Node average 7.44 kW = 73% of the 10.2 kW rating (Newkirk: 76%, ref §2.2).
        QVERIFY(near(avgNodesW / 32, 7440));
        QVERIFY(near(r.power.facility_kw, r.power.it_kw * d.facility.pue));
        // The parts add up to the total.
        const PowerResults& pw = r.power;
        QVERIFY(near(pw.accelerators_kw + pw.hosts_kw + pw.nics_kw + pw.switches_kw + pw.optics_kw +
                         pw.memory_kw + pw.other_kw,
                     pw.it_kw));
    }

    void idleDevicesDrawIdlePower() {
        const catalog::Catalog cat = makeCatalog();
        const Design d = dgx32();
        const Graph g = expanded(d, cat);
        const FacilityParams p = defaultFacilityParams();
        std::vector<std::string> warnings;
        FacilityWorkload all, half;
        half.devices_used = 128;
        const PowerRollup a = rollUpPower(d, cat, g, p, all, warnings);
        const PowerRollup b = rollUpPower(d, cat, g, p, half, warnings);
        // 128 GPUs drop from 630 W to their 70 W idle.
        QVERIFY(near((a.power.it_kw - b.power.it_kw) * 1000, 128 * (630.0 - 70.0)));
        QCOMPARE(b.tally.accelerators_used, 128LL);
        QVERIFY(near(b.power.it_nameplate_kw, a.power.it_nameplate_kw));
        // An engine's busy share of 0.5: halfway between idle and the active draw (TDP).
        FacilityWorkload busyHalf;
        busyHalf.busy_fraction = 0.5;
        const PowerRollup c = rollUpPower(d, cat, g, p, busyHalf, warnings);
        QVERIFY(near(c.power.accelerators_kw * 1000, 256 * (70 + (700.0 - 70) * 0.5)));
    }

    // The hardware described once (what a strategy search keeps) serves every workload: the
    // used devices' draw by hand, the racks' averages adding up to the IT average, the same
    // figures as describing it afresh (evaluate()), and search detail without the texts.
    void hardwareDescribedOnceServesEveryWorkload() {
        const catalog::Catalog cat = makeCatalog();
        const Design d = dgx32(R"({"cooling": "rear-door", "rack_power_limit_kw": 45})");
        const Graph g = expanded(d, cat);
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(d, cat, diags);
        const FacilityHardware hw = describeFacilityHardware(d, cat, g, p);
        FacilityWorkload some;
        some.devices_used = 37;  // not a whole node nor a whole rack
        some.busy_fraction = 0.3;
        some.training_ideal_s = 20 * 86400.0;
        some.output_tokens_per_s = 1e6;
        const FacilityEvaluation reused = evaluateFacility(hw, some);
        const PowerResults& pw = reused.results.power;
        // 37 GPUs at 70 + (700 - 70) x 0.3 = 259 W, the other 219 idle at 70 W.
        QVERIFY(near(pw.accelerators_kw * 1000, 37 * 259.0 + 219 * 70.0));
        QVERIFY(near(reused.used_accelerator_w, 259.0));
        double racksKw = 0;
        long long deviceRackKinds = 0;
        for (const RackGroup& rg : pw.rack_groups) {
            racksKw += rg.average_kw * static_cast<double>(rg.racks);
            if (rg.accelerators > 0) ++deviceRackKinds;
        }
        QVERIFY(near(racksKw, pw.it_kw));
        QCOMPARE(deviceRackKinds, 3LL);  // 32 GPUs a rack: all used, 5 used, all idle

        FacilityWorkload all, busy;
        busy.busy_fraction = 0.8;
        for (const FacilityWorkload& w : {all, some, busy}) {
            const FacilityEvaluation fresh = evaluateFacility(d, cat, g, w);
            const FacilityEvaluation once = evaluateFacility(hw, w);
            const FacilityEvaluation search = evaluateFacility(hw, w, FacilityDetail::search);
            for (const FacilityEvaluation* e : {&once, &search}) {
                QCOMPARE(e->results.power.it_kw, fresh.results.power.it_kw);
                QCOMPARE(e->results.power.facility_kw, fresh.results.power.facility_kw);
                QCOMPARE(e->results.cost.annual_cost_usd, fresh.results.cost.annual_cost_usd);
                QCOMPARE(e->results.cost.usd_per_million_tokens.value_or(-1),
                         fresh.results.cost.usd_per_million_tokens.value_or(-1));
                QCOMPARE(e->results.energy.joules_per_token.value_or(-1),
                         fresh.results.energy.joules_per_token.value_or(-1));
                QCOMPARE(e->used_accelerator_w, fresh.used_accelerator_w);
            }
            QCOMPARE(once.results.power.rack_groups.size(), fresh.results.power.rack_groups.size());
            QCOMPARE(once.warnings, fresh.warnings);
            QVERIFY(search.results.power.rack_groups.empty());
            QVERIFY(search.warnings.empty());
        }
    }

    void racksPackedBySpaceAndPower() {
        const catalog::Catalog cat = makeCatalog();
        // 45 kW rack positions on rear-door cooling: 4 DGX (8U, ~10.3 kW with NIC optics) fit.
        const Design d = dgx32(R"({"cooling": "rear-door", "rack_power_limit_kw": 45})");
        const Graph g = expanded(d, cat);
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(d, cat, diags);
        std::vector<std::string> warnings;
        const PowerRollup r = rollUpPower(d, cat, g, p, FacilityWorkload{}, warnings);
        long long dgxRacks = 0;
        for (const RackGroup& rg : r.power.rack_groups)
            if (rg.name.find("'dgx'") != std::string::npos) {
                dgxRacks += rg.racks;
                QCOMPARE(rg.accelerators, 32LL);
                QVERIFY(rg.nameplate_kw > 40.8 && rg.nameplate_kw < 45);
                QVERIFY(!rg.over_limit);
            }
        QCOMPARE(dgxRacks, 8LL);
        QVERIFY2(!anyWarningHas(warnings, "rack"), warnings.empty() ? "" : warnings[0].c_str());
        // On air (40 kW by default) only 3 fit per rack: 11 racks, still no warning.
        const Design air = dgx32(R"({"cooling": "air", "rack_power_limit_kw": 45})");
        warnings.clear();
        const FacilityParams pa = resolveFacilityParams(air, cat, diags);
        const PowerRollup ra = rollUpPower(air, cat, g, pa, FacilityWorkload{}, warnings);
        dgxRacks = 0;
        for (const RackGroup& rg : ra.power.rack_groups)
            if (rg.name.find("'dgx'") != std::string::npos) dgxRacks += rg.racks;
        QCOMPARE(dgxRacks, 11LL);
        QVERIFY(!anyWarningHas(warnings, "rack"));
    }

    void rackGroupsFromTheDesign() {
        const catalog::Catalog cat = makeCatalog();
        const Design d = parse(R"("hardware": {"items": [
            {"id": "row", "kind": "group", "role": "rack", "count": 8},
            {"id": "dgx", "kind": "node", "ref": "nvidia-dgx-h100", "count": 4, "parent": "row"}]},
          "workload": {"model": "gpt3-175b"},
          "facility": {"cooling": "air", "rack_power_limit_kw": 40})");
        const Graph g = expanded(d, cat);
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(d, cat, diags);
        std::vector<std::string> warnings;
        const PowerRollup r = rollUpPower(d, cat, g, p, FacilityWorkload{}, warnings);
        QCOMPARE(r.power.rack_groups.size(), std::size_t(1));
        const RackGroup& rg = r.power.rack_groups[0];
        QCOMPARE(rg.racks, 8LL);
        QCOMPARE(rg.accelerators, 32LL);
        QCOMPARE(rg.name, std::string("rack group 'row'"));
        QVERIFY(near(rg.nameplate_kw, 40.8));  // 4 x 10.2 kW, as NVIDIA's 4-per-rack guidance
        QVERIFY(rg.over_limit);
        QVERIFY(anyWarningHas(warnings, "air cooling removes per rack"));
        QVERIFY(anyWarningHas(warnings, "rack power limit of 40.0 kW"));
    }

    // Rows of one source (a full and a partial rack of the same nodes) have distinct names, and
    // each rack warning names its own row.
    void rowsOfOneSourceHaveDistinctNames() {
        const catalog::Catalog cat = makeCatalog();
        // 20 DGX a rack: one rack of 20 (204 kW) and one of 12 (122 kW), both over 40 kW.
        const Design d =
            dgx32(R"({"cooling": "air", "rack_power_limit_kw": 40, "nodes_per_rack": 20})");
        const Graph g = expanded(d, cat);
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(d, cat, diags);
        std::vector<std::string> warnings;
        const PowerRollup r = rollUpPower(d, cat, g, p, FacilityWorkload{}, warnings);
        std::vector<std::string> dgxNames;
        std::set<std::string> names;
        for (const RackGroup& rg : r.power.rack_groups) {
            QVERIFY2(names.insert(rg.name).second, rg.name.c_str());
            if (rg.name.find("'dgx'") != std::string::npos) dgxNames.push_back(rg.name);
        }
        // Heaviest first: #1 is the full rack.
        QCOMPARE(dgxNames,
                 (std::vector<std::string>{"'dgx' (20 per rack) #1", "'dgx' (20 per rack) #2"}));
        QCOMPARE(r.power.rack_groups[0].accelerators, 160LL);
        for (const std::string& name : dgxNames)
            QVERIFY2(anyWarningHas(warnings, "1 rack of " + name + " draw up to"), name.c_str());
    }

    void rack130kWWarnsOnAirNotOnLiquid() {
        const catalog::Catalog cat = makeCatalog();
        const std::string hw = R"("hardware": {"items": [
            {"id": "nvl", "kind": "node", "ref": "test-nvl72", "count": 2}]},
          "workload": {"model": "gpt3-175b"}, )";
        for (const char* cooling : {"air", "direct-liquid"}) {
            const Design d = parse(hw + R"("facility": {"cooling": ")" + cooling +
                                   R"(", "rack_power_limit_kw": 140})");
            const Graph g = expanded(d, cat);
            const FacilityEvaluation ev = evaluateFacility(d, cat, g, FacilityWorkload{});
            QVERIFY(near(ev.results.power.max_rack_kw, 130));
            QCOMPARE(ev.results.power.racks, 2LL);
            const bool warned = anyWarningHas(ev.warnings, "130.0 kW");
            if (std::string(cooling) == "air") {
                QVERIFY2(warned, "a 130 kW rack on air cooling must be warned about");
                QVERIFY(anyWarningHas(ev.warnings, "more than air cooling removes per rack"));
            } else {
                QVERIFY2(!warned, ev.warnings.empty() ? "" : ev.warnings[0].c_str());
                // Liquid carries 75% of the heat: 2 x 130 kW x 0.75 at 10 K.
                const double lpm = 2 * 130 * 0.75 / (4.186 * 10) / 0.997 * 60;
                QVERIFY(near(ev.results.cooling.coolant_lpm, lpm, 1e-6));
            }
        }
    }

    void rackLimitZeroFollowsCooling() {
        // rack_power_limit_kw = 0: the rack is provisioned for what its cooling removes.
        const catalog::Catalog cat = makeCatalog();
        Design d = parse(R"("hardware": {"items": [
            {"id": "nvl", "kind": "node", "ref": "test-nvl72", "count": 1}]},
          "workload": {"model": "gpt3-175b"}, "facility": {"cooling": "direct-liquid"})");
        d.facility.rack_power_limit_kw = 0;
        const Graph g = expanded(d, cat);
        FacilityEvaluation ev = evaluateFacility(d, cat, g, FacilityWorkload{});
        QVERIFY2(ev.warnings.empty(), ev.warnings.empty() ? "" : ev.warnings[0].c_str());
        QCOMPARE(ev.results.power.rack_groups.at(0).limit_kw, 150.0);
        d.facility.cooling = Cooling::air;
        ev = evaluateFacility(d, cat, g, FacilityWorkload{});
        QVERIFY(anyWarningHas(ev.warnings, "more than air cooling removes per rack (40.0 kW"));
    }

    void bottomUpPueFavoursLiquid() {
        FacilityParams p = defaultFacilityParams();
        p.pue_model = PueModel::bottom_up;
        const double air = bottomUpPue(p, 0);
        const double dlc = bottomUpPue(p, p.dlc_liquid_fraction);
        QVERIFY(near(air, 1 + 0.07 + 0.02 + 0.30));
        QVERIFY(dlc < air && dlc > 1.0);
    }

    void emptyGraphGivesZerosNotNaN() {
        const Design d = parse(R"("hardware": {"items": []}, "workload": {"model": "x"})");
        const FacilityEvaluation ev =
            evaluateFacility(d, catalog::Catalog{}, Graph{}, FacilityWorkload{});
        QCOMPARE(ev.results.power.it_kw, 0.0);
        QCOMPARE(ev.results.cost.usd_per_device_hour, 0.0);
        QVERIFY(std::isfinite(ev.results.reliability->ettr));
    }
};

QTEST_GUILESS_MAIN(TestFacilityPower)
#include "tst_facility_power.moc"
