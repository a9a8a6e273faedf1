// Hand computations for the facility and economics formulas (issue 7 acceptance): CRF, cost per
// device-hour identity, coolant flow, Young/Daly, ETTR, and the parameter table's overrides.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

#include "core/facility/cooling.h"
#include "core/facility/facility_defaults.h"
#include "core/facility/reliability.h"
#include "core/facility/tco.h"
#include "tests/support/test_paths.h"

using namespace infraplan;

class TestFacilityFormulas : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void capitalRecoveryFactor_data() {
        QTest::addColumn<double>("rate");
        QTest::addColumn<double>("years");
        QTest::addColumn<double>("expected");
        // r(1+r)^n/((1+r)^n-1) by hand: 1.08^5 = 1.4693281
        QTest::newRow("8%, 5 yr") << 0.08 << 5.0 << 0.08 * 1.4693281 / 0.4693281;
        // 1.10^5 = 1.61051 -> 0.161051/0.61051
        QTest::newRow("10%, 5 yr") << 0.10 << 5.0 << 0.161051 / 0.61051;
        QTest::newRow("0%, 4 yr is straight-line") << 0.0 << 4.0 << 0.25;
        QTest::newRow("8%, 1 yr repays capital plus interest") << 0.08 << 1.0 << 1.08;
    }
    void capitalRecoveryFactor() {
        QFETCH(double, rate);
        QFETCH(double, years);
        QFETCH(double, expected);
        QVERIFY(std::abs(infraplan::capitalRecoveryFactor(rate, years) - expected) < 1e-6);
    }

    void crfGuardsBadInput() {
        QCOMPARE(infraplan::capitalRecoveryFactor(0.08, 0), 0.0);
        QCOMPARE(infraplan::capitalRecoveryFactor(0.08, -3), 0.0);
        QCOMPARE(annualizedCapital(-5, 0.08, 5, 0), 0.0);
    }

    void residualLowersAnnualCost() {
        // 100 at 8% over 5 yr with 20 back at the end: 100*CRF - 20*r/((1+r)^n-1)
        const double expected = 100 * 0.08 * 1.4693281 / 0.4693281 - 20 * 0.08 / 0.4693281;
        QVERIFY(std::abs(annualizedCapital(100, 0.08, 5, 0.2) - expected) < 1e-6);
        QCOMPARE(annualizedCapital(100, 0.0, 5, 0.2), 16.0);
    }

    void costPerDeviceHourTimesHoursIsAnnualCost() {
        FacilityParams p = defaultFacilityParams();
        HardwareTally tally;
        tally.compute_usd = 64 * 40000.0;
        tally.network_usd = 64 * 4000.0;
        PowerResults power;
        power.it_kw = 80;
        power.it_idle_kw = 30;
        power.it_capacity_kw = 100;
        power.it_nameplate_kw = 100;
        power.pue = 1.3;
        power.facility_kw = 104;
        CostInputs in;
        in.tally = &tally;
        in.power = &power;
        in.devices = 64;
        in.devices_used = 64;
        CostResults cost;
        EnergyResults energy;
        computeCost(p, in, cost, energy);
        QVERIFY(cost.usd_per_device_hour > 0);
        const double annual = cost.usd_per_device_hour * 64 * 8760 * p.utilization;
        QVERIFY(std::abs(annual - cost.annual_cost_usd) < 1e-6 * cost.annual_cost_usd);
        QVERIFY(std::abs(cost.annual_cost_usd - cost.annualized_capex_usd -
                         cost.opex_usd_per_year) < 1e-6);
        // Energy: (u x 80 + (1-u) x 30) kW x 1.3 x 8760 h x price.
        const double kwh = (p.utilization * 80 + (1 - p.utilization) * 30) * 1.3 * 8760;
        QVERIFY(std::abs(cost.opex.energy_usd - kwh * p.power_price_usd_per_kwh) < 1e-6);
        // Facility capex: 0.1 MW x $/MW (air build).
        QCOMPARE(cost.capex.facility_usd, 0.1 * p.facility_capex_usd_per_mw_air);
    }

    void colocationReplacesFacilityCapex() {
        FacilityParams p = defaultFacilityParams();
        p.facility_model = FacilityModel::colocation;
        PowerResults power;
        power.it_capacity_kw = 100;
        power.pue = 1.3;
        CostInputs in;
        in.power = &power;
        in.devices = 8;
        CostResults cost;
        EnergyResults energy;
        computeCost(p, in, cost, energy);
        QCOMPARE(cost.capex.facility_usd, 0.0);
        QCOMPARE(cost.opex.colocation_usd, 100 * p.colocation_usd_per_kw_month * 12);
    }

    void perMillionTokens() {
        FacilityParams p = defaultFacilityParams();
        HardwareTally tally;
        tally.compute_usd = 1e6;
        PowerResults power;
        power.pue = 1.2;
        power.facility_kw = 12;
        CostInputs in;
        in.tally = &tally;
        in.power = &power;
        in.devices = 8;
        in.output_tokens_per_s = 8000;
        CostResults cost;
        EnergyResults energy;
        computeCost(p, in, cost, energy);
        QVERIFY(cost.usd_per_million_tokens.has_value());
        // $/h of the whole design x 1e6 / (tok/s x 3600)
        const double expected = cost.usd_per_device_hour * 8 * 1e6 / (8000 * 3600.0);
        QVERIFY(std::abs(*cost.usd_per_million_tokens - expected) < 1e-9);
        QVERIFY(std::abs(*energy.joules_per_token - 12000.0 / 8000) < 1e-12);
    }

    void coolantFlow() {
        // 120 kW of water at dT 10 K: 120 / (4.186 x 10) = 2.8667 kg/s = 172.0 L/min at 1 kg/L.
        const double lpm = coolantLitersPerMinute(120, 10, 4.186, 1.0);
        QVERIFY(std::abs(lpm - 120.0 / 41.86 * 60) < 1e-9);
        QVERIFY(std::abs(lpm - 172.0) < 0.1);
        // PG25 (cp 3.9, 1.02 kg/L) at 10 K: ~1.51 L/min per kW (OCP ~1.5).
        QVERIFY(std::abs(coolantLitersPerMinute(1, 10, 3.9, 1.02) - 1.508) < 0.01);
        QCOMPARE(coolantLitersPerMinute(100, 0, 4.186, 1), 0.0);
    }

    void airflow() {
        // 1 kW at 11.1 K: 1 / (1.2 x 1.005 x 11.1) m3/s = 0.0747 m3/s = 158 CFM (ref: 158 at 20 F)
        QVERIFY(std::abs(airflowCfm(1, 11.1, 1.2, 1.005) - 158.3) < 0.5);
    }

    void coolingSplitByType() {
        FacilityParams p = defaultFacilityParams();
        p.cooling = Cooling::direct_liquid;
        CoolingResults c = computeCooling(p, 100, 120, 1e6);
        QCOMPARE(c.liquid_heat_kw, 120 * p.dlc_liquid_fraction);
        QVERIFY(std::abs(c.air_heat_kw - 120 * (1 - p.dlc_liquid_fraction)) < 1e-9);
        QVERIFY(std::abs(c.refrigeration_tons - 120 / 3.517) < 1e-9);
        QVERIFY(std::abs(c.water_m3_per_year - 1e6 * p.wue_l_per_kwh / 1000) < 1e-9);
        p.cooling = Cooling::air;
        c = computeCooling(p, 100, 120, 0);
        QCOMPARE(c.coolant_lpm, 0.0);
        QCOMPARE(c.air_heat_kw, 120.0);
    }

    void youngDalyInterval() {
        // Young: sqrt(2 C M); C = 30 s, M = 3 h = 10800 s -> sqrt(648000) = 804.98 s
        QVERIFY(std::abs(youngIntervalS(30, 10800) - std::sqrt(2.0 * 30 * 10800)) < 1e-9);
        QVERIFY(std::abs(youngIntervalS(30, 10800) - 804.98) < 0.01);
        // Daly's higher-order form is ~Young - C when C << M (785 s here) ...
        const double daly = dalyIntervalS(30, 10800);
        QVERIFY(std::abs(daly - (804.98 - 30)) / 804.98 < 0.02);
        // ... and matches the reference example: M = 24 h, C = 5 min -> ~117 min (Young 120).
        QVERIFY(std::abs(dalyIntervalS(300, 86400) / 60 - 117) < 1.5);
        QCOMPARE(dalyIntervalS(500, 100), 100.0);  // C >= 2M: checkpoint every MTBI
    }

    void ettrMatchesLlama3() {
        // Ref §5.3: M = 3 h, C = 10 s, R = 10 min -> tau ~7.7 min, ETTR ~0.90 (Llama 3 > 90%).
        const double m = 3 * 3600.0;
        const double tau = youngIntervalS(10, m);
        QVERIFY(std::abs(tau / 60 - 7.7) < 0.1);
        const double ettr = effectiveTrainingTimeRatio(tau, 10, 600, m);
        const double firstOrder = 1 - 10 / tau - tau / (2 * m) - 600 / m;
        QVERIFY(std::abs(ettr - firstOrder) < 0.01);
        QVERIFY(ettr > 0.88 && ettr < 0.92);
        // Failures faster than restarts never give NaN or a negative ratio.
        const double worst = effectiveTrainingTimeRatio(dalyIntervalS(60, 30), 60, 600, 30);
        QVERIFY(worst >= 0 && worst < 0.01);
    }

    void interruptionRateReproducesLlama3() {
        // 16,384 H100 in 2,048 nodes with 8 NICs each: 419 unexpected interruptions in 54 days
        // (0.323/h, MTBI 3.09 h) from the all-cause 1.97e-5 per GPU-hour (0.173 per year).
        FacilityParams p = defaultFacilityParams();
        ReliabilityInputs in;
        in.devices = 16384;
        in.nodes = 2048;
        in.nics = 16384;
        in.device_failures_per_year = 16384 * 1.9733e-5 * 8760;
        in.ideal_s = 54 * 86400.0 * 0.9;
        ReliabilityResults r = computeReliability(p, in);
        QVERIFY(std::abs(r.interruptions_per_hour - 419.0 / (54 * 24)) < 0.01);
        QVERIFY(std::abs(r.job_mtbi_h - 3.09) < 0.1);
        QVERIFY(r.ettr > 0.85 && r.ettr < 0.95);
        QVERIFY(r.wall_days && std::abs(*r.wall_days * r.ettr - 54 * 0.9) < 1e-9);
    }

    void parametersOverrideByName() {
        Design d;
        d.facility.extra = {{"dlc_liquid_fraction", 0.8}, {"facility_model", "colocation"}};
        d.economics.extra = {{"storage_tb_per_device", 2}};
        d.facility.pue = 1.1;
        Diagnostics diags;
        FacilityParams p = resolveFacilityParams(d, catalog::Catalog{}, diags);
        QVERIFY2(!diags.hasErrors(), diags.toString().c_str());
        QCOMPARE(p.dlc_liquid_fraction, 0.8);
        QCOMPARE(p.storage_tb_per_device, 2.0);
        QCOMPARE(p.pue, 1.1);
        QVERIFY(p.facility_model == FacilityModel::colocation);
    }

    void parameterInTheOtherSectionOrMisspelt() {
        Design d;
        d.facility.extra = {{"storage_tb_per_device", 3}, {"dlc_liquid_fractoin", 0.8}};
        Diagnostics diags;
        FacilityParams p = resolveFacilityParams(d, catalog::Catalog{}, diags);
        QVERIFY(!diags.hasErrors());
        QCOMPARE(p.storage_tb_per_device, 3.0);  // an economics parameter, accepted here too
        QCOMPARE(diags.items.size(), std::size_t{1});
        QCOMPARE(diags.items[0].pointer, std::string("/facility/dlc_liquid_fractoin"));
    }

    void invalidParametersAreReportedByPointer() {
        Design d;
        d.facility.extra = {
            {"dlc_liquid_fraction", 3.0}, {"coolant_delta_t_k", "warm"}, {"pue_model", "guess"}};
        Diagnostics diags;
        FacilityParams p = resolveFacilityParams(d, catalog::Catalog{}, diags);
        QCOMPARE(diags.errorCount(), std::size_t{3});
        const std::string text = diags.toString();
        QVERIFY(text.find("/facility/dlc_liquid_fraction") != std::string::npos);
        QVERIFY(text.find("/facility/coolant_delta_t_k") != std::string::npos);
        QVERIFY(text.find("/facility/pue_model") != std::string::npos);
        QCOMPARE(p.dlc_liquid_fraction, defaultFacilityParams().dlc_liquid_fraction);
    }

    void catalogDefaultReplacesBuiltin() {
        catalog::Catalog cat;
        catalog::Default d;
        d.id = "water-wue-l-per-kwh";
        d.value = 0.3;
        cat.put(d);
        d.id = "economics-storage-usd-per-pb";  // converted to $/TB
        d.value = 300000;
        cat.put(d);
        Diagnostics diags;
        const FacilityParams p = resolveFacilityParams(Design{}, cat, diags);
        QCOMPARE(p.wue_l_per_kwh, 0.3);
        QCOMPARE(p.storage_usd_per_tb, 300.0);
        for (const CatalogDefaultMapping& m : catalogDefaultMappings()) {
            bool found = false;
            for (const ParamSpec& spec : facilityParamSpecs())
                found |= spec.name == std::string(m.param);
            QVERIFY2(found, m.param);
        }
    }

    void docsListEveryParameter() {
        std::ifstream in(std::string(test::sourceDir()) + "/docs/facility.md");
        QVERIFY(in.good());
        std::stringstream text;
        text << in.rdbuf();
        for (const ParamSpec& s : facilityParamSpecs())
            QVERIFY2(text.str().find("| `" + std::string(s.name) + "` |") != std::string::npos,
                     s.name);
    }

    void everyParameterHasASourceAndSaneDefault() {
        const FacilityParams p = defaultFacilityParams();
        for (const ParamSpec& s : facilityParamSpecs()) {
            QVERIFY2(std::string(s.source).size() > 5, s.name);
            QVERIFY2(p.*s.member >= s.min && p.*s.member <= s.max, s.name);
        }
    }
};

QTEST_GUILESS_MAIN(TestFacilityFormulas)
#include "tst_facility_formulas.moc"
