#include "core/facility/facility_defaults.h"

#include <algorithm>
#include <cmath>

namespace infraplan {
namespace {

using P = FacilityParams;

// Sources: the public original named in each string; docs/facility.md §5 gives each one in
// full with its URL. [P] primary, [S] secondary, [M] estimate, [D] derived here from the
// numbers quoted.
std::vector<ParamSpec> makeSpecs() {
    constexpr bool named = false;
    return {
        // --- typed design fields (value filled from design.h's defaults) ---
        {true, "pue", "facility", &P::pue, 0, 1.0, 5.0, "-",
         "Green Grid PUE = facility/IT power. Epoch training-cost-trends: 1.10 hyperscale, 1.25 "
         "other; Uptime Institute 2023 average 1.58; AI specs aim < 1.3 (SemiAnalysis, quoted by "
         "Epoch) [P/S]"},
        {true, "power_price_usd_per_kwh", "facility", &P::power_price_usd_per_kwh, 0, 0, 100,
         "USD/kWh",
         "US industrial average $0.077-0.083/kWh in 2023-25 (EIA, in Epoch training-cost-trends "
         "hardware.py) [P]"},
        {true, "rack_power_limit_kw", "facility", &P::rack_power_limit_kw, 0, 0, 10000, "kW",
         "electrical provisioning per rack position (0 = what the cooling type removes); 4 DGX "
         "H100 at 10.2 kW each (datasheet) = 40.8 kW [D]"},
        {true, "carbon_kg_per_kwh", "facility", &P::carbon_kg_per_kwh, 0, 0, 10, "kgCO2e/kWh",
         "grid carbon intensity; design.h default (US grid average order of magnitude) [M]"},
        {true, "lifetime_years", "economics", &P::lifetime_years, 0, 0.1, 50, "years",
         "GPU server life: Epoch training-cost-trends 5 yr (>=2023), CoreWeave 6 (S-1), Nebius 4 "
         "(bizety.com) [P/S]"},
        {true, "utilization", "economics", &P::utilization, 0, 0.01, 1.0, "-",
         "fraction of hours allocated to jobs: 0.85 training fleets (Meta's research clusters "
         "~80%+, Kokolis et al., arXiv 2410.21680), ~0.6 serving [S/M]"},
        {true, "interest_rate", "economics", &P::interest_rate, 0, 0, 1.0, "1/yr",
         "cost of capital (WACC): CoreWeave effective debt rates 7-15% (Form 10-Q, June 2025, Note "
         "10) [P]"},
        {true, "cloud_price_usd_per_device_hour", "economics", &P::cloud_price_usd_per_device_hour,
         0, 0, 1e4, "USD/h",
         "rent price to compare against; H100 1-year contracts $1.70 (Oct 2025) to $2.35 (Mar "
         "2026) (SemiAnalysis, The Great GPU Shortage) [S]"},
        // --- power ---
        {named, "gpu_power_fraction_training", "facility", &P::gpu_power_fraction_training, 0.90,
         0.05, 1.5, "-",
         "GPU average/TDP in dense training when no engine gives a busy share: an H100 drew 700 W "
         "at 70% MFU (Epoch training-cost-trends energy.py); with the host at 0.5 a DGX H100 "
         "averages 0.73 x 10.2 kW, measured 0.76 (Newkirk et al., arXiv 2506.14551) [P/D]"},
        {named, "gpu_power_fraction_inference", "facility", &P::gpu_power_fraction_inference, 0.60,
         0.05, 1.5, "-",
         "GPU average/TDP serving LLMs: 0.4-0.8 by batch (H100 SXM 267-680 W from batch 1 to 128, "
         "Alice GPU Energy Benchmark) [S]"},
        {named, "gpu_active_power_fraction", "facility", &P::gpu_active_power_fraction, 1.0, 0.05,
         1.5, "-",
         "GPU draw/TDP while busy, scaled by the engines' busy share (compute + memory-bound time "
         "/ step): an H100 drew 700 W at 70% MFU (Epoch training-cost-trends energy.py) [P]"},
        {named, "idle_power_fraction", "facility", &P::idle_power_fraction, 0.12, 0, 1, "-",
         "idle/TDP when the catalog has no idle_w: 0.10-0.15 (H200 SXM 80 W idle of 700 W, Alice "
         "GPU Energy Benchmark) [S]"},
        {named, "host_average_fraction", "facility", &P::host_average_fraction, 0.5, 0, 1.5, "-",
         "host (CPU, DRAM, fans) average/rating, calibrated to a DGX H100 at 76% of its rating "
         "(Newkirk et al.) and 8.4 kW peak (Latif et al., IEEE Access 13, arXiv 2412.08602) [D]"},
        {named, "server_power_ratio", "facility", &P::server_power_ratio, 1.8, 1.0, 5.0, "-",
         "node rating / GPU TDP when a template gives no host power: DGX H100 1.82, DGX A100 2.03, "
         "default 1.8 (Epoch training-cost-trends hardware.py); DGX B200 14.3 / 8 kW = 1.79 [P]"},
        {named, "transient_margin", "facility", &P::transient_margin, 0.0, 0, 2, "-",
         "capacity above nameplate; measured node peaks stay below ratings (8.4 of 10.2 kW, Latif "
         "et al.), while synchronous training swings site power by tens of MW (Llama 3 paper) [P]"},
        {named, "rack_units", "facility", &P::rack_units, 42, 1, 100, "U", "standard 42U rack [M]"},
        {named, "nodes_per_rack", "facility", &P::nodes_per_rack, 0, 0, 1000, "-",
         "0 = as many as space, rack power and cooling allow"},
        {named, "dac_reach_m", "facility", &P::dac_reach_m, 3, 0.5, 10, "m",
         "cabling plan: passive copper DAC reach at 100G-PAM4, up to 3 m (NVIDIA LinkX 100G-PAM4 "
         "product line overview, docs.nvidia.com/networking/display/400g100gpam4ovpub) [P]"},
        {named, "multimode_reach_m", "facility", &P::multimode_reach_m, 50, 1, 500, "m",
         "cabling plan: multimode optics, 50 m maximum reach (NVIDIA LinkX 100G-PAM4 product line "
         "overview, docs.nvidia.com/networking/display/400g100gpam4ovpub) [P]"},
        // --- cooling ---
        {named, "cooling_limit_kw_air", "facility", &P::cooling_limit_kw_air, 40, 1, 10000, "kW",
         "air with contained aisles serves 20-40 kW/rack (Coolnet Power, AI data center cooling "
         "guide) [S]"},
        {named, "cooling_limit_kw_rear_door", "facility", &P::cooling_limit_kw_rear_door, 80, 1,
         10000, "kW",
         "rear-door heat exchanger up to ~80 kW per rack (Heather Technologies, liquid cooling "
         "compared) [S]"},
        {named, "cooling_limit_kw_direct_liquid", "facility", &P::cooling_limit_kw_direct_liquid,
         150, 1, 10000, "kW",
         "direct-to-chip liquid: 100-140 kW per rack in current AI racks (michaelbommarito.com, "
         "rack density); GB200 NVL72 ~120 kW [S]"},
        {named, "cooling_limit_kw_immersion", "facility", &P::cooling_limit_kw_immersion, 200, 1,
         10000, "kW",
         "immersion and hybrid cooling for the densest racks, 200 kW and beyond "
         "(michaelbommarito.com, rack density) [S/M]"},
        {named, "dlc_liquid_fraction", "facility", &P::dlc_liquid_fraction, 0.75, 0, 1, "-",
         "cold plates capture ~70-80% of heat; the rest (NICs, PSUs, storage) is air [M]"},
        {named, "immersion_liquid_fraction", "facility", &P::immersion_liquid_fraction, 0.95, 0, 1,
         "-", "immersion captures 0.95+ of heat [M]"},
        {named, "rear_door_capture_fraction", "facility", &P::rear_door_capture_fraction, 1.0, 0,
         1.5, "-",
         "share of rack heat a rear door moves into water; designed to neutralize the rack [M]"},
        {named, "coolant_delta_t_k", "facility", &P::coolant_delta_t_k, 10, 0.5, 60, "K",
         "secondary loop rise ~10 K: OCP OAI liquid-cooling guidelines size 1.5 L/min per kW at a "
         "rise of 10 C or less (summarized by ProphetStor) [S]"},
        {named, "coolant_cp_kj_per_kg_k", "facility", &P::coolant_cp_kj_per_kg_k, 4.186, 0.5, 10,
         "kJ/(kg K)", "water 4.186; propylene glycol 25% ~3.9 [P]"},
        {named, "coolant_density_kg_per_l", "facility", &P::coolant_density_kg_per_l, 0.997, 0.5, 2,
         "kg/L", "water at 25 C 0.997; propylene glycol 25% ~1.02 [P]"},
        {named, "air_delta_t_k", "facility", &P::air_delta_t_k, 11.1, 1, 50, "K",
         "20 F (11.1 K) rise across the equipment -> ~158 CFM/kW from Q[BTU/h] = 1.08 x CFM x "
         "dT[F] (Coolnet, 120 kW racks) [S]"},
        {named, "air_density_kg_per_m3", "facility", &P::air_density_kg_per_m3, 1.2, 0.5, 2,
         "kg/m3", "air at ~20 C, sea level [P]"},
        {named, "air_cp_kj_per_kg_k", "facility", &P::air_cp_kj_per_kg_k, 1.005, 0.5, 2,
         "kJ/(kg K)", "dry air [P]"},
        {named, "wue_l_per_kwh", "facility", &P::wue_l_per_kwh, 1.8, 0, 20, "L/kWh",
         "site WUE: US data centers ~1.8 L/kWh on site (Shehabi et al., LBNL 2016); dry cooling ~0 "
         "[S]"},
        {named, "pue_electrical", "facility", &P::pue_electrical, 0.07, 0, 2, "-",
         "bottom-up PUE: UPS, transformer, PDU losses / IT [M]"},
        {named, "pue_other", "facility", &P::pue_other, 0.02, 0, 2, "-",
         "bottom-up PUE: lighting, offices / IT [M]"},
        {named, "pue_mech_air", "facility", &P::pue_mech_air, 0.30, 0, 3, "-",
         "bottom-up PUE: chillers, CRAH fans per unit of air-removed heat (Uptime Institute 2023 "
         "average 1.58 minus electrical and other) [M]"},
        {named, "pue_mech_liquid", "facility", &P::pue_mech_liquid, 0.06, 0, 3, "-",
         "bottom-up PUE: pumps and dry/evaporative rejection per unit of liquid-removed heat "
         "(warm-water DLC; Meta's 2022 builds 1.09 overall, quoted by Epoch) [M]"},
        // --- reliability ---
        {named, "gpu_interruptions_per_year", "facility", &P::gpu_interruptions_per_year, 0, 0, 100,
         "1/device-yr",
         "device-caused interruptions per device-year; 0 = gpu_interruption_share x the catalog's "
         "annual_failure_rate. Llama 3 paper Table 5: 58.7% of 1.97e-5 /GPU-h = 0.101/yr [D]"},
        {named, "gpu_interruption_share", "facility", &P::gpu_interruption_share, 0.587, 0, 1, "-",
         "share of the catalog's all-cause annual_failure_rate (Llama 3: 0.173 per H100-year) "
         "caused by the device itself; hosts, NICs and software are added from the design's "
         "counts. Llama 3 paper (arXiv 2407.21783) Table 5: GPU causes 58.7% [P]"},
        {named, "host_interruptions_per_year", "facility", &P::host_interruptions_per_year, 0.152,
         0, 100, "1/node-yr",
         "Llama 3 paper Table 5: host causes (maintenance, SSD, PSU, chassis, IO, CPU, DRAM) 11.0% "
         "of 419 over 2,048 nodes x 1,296 h [D]"},
        {named, "nic_interruptions_per_year", "facility", &P::nic_interruptions_per_year, 0.0175, 0,
         100, "1/NIC-yr",
         "Llama 3 paper Table 5: switch/cable 8.4% + NIC 1.7% of 419 over 16,384 NICs x 1,296 h "
         "[D]"},
        {named, "software_interruptions_per_device_year", "facility",
         &P::software_interruptions_per_device_year, 0.0349, 0, 100, "1/device-yr",
         "Llama 3 paper Table 5: software, NCCL, dependency and unattributed 20.2% of 1.97e-5 "
         "/GPU-h [D]"},
        {named, "checkpoint_stall_s", "facility", &P::checkpoint_stall_s, 30, 0, 1e5, "s",
         "training stall per checkpoint: async 5-30 s, sync 2-5 min [M]"},
        {named, "checkpoint_write_gb_s", "facility", &P::checkpoint_write_gb_s, 0, 0, 1e6, "GB/s",
         "0 = use checkpoint_stall_s; else stall = checkpoint bytes / this bandwidth"},
        {named, "restart_s", "facility", &P::restart_s, 600, 0, 1e6, "s",
         "restart + reload + warm-up per interruption: 10 min; 3-5 min automated [M]"},
        {named, "environment_loss", "facility", &P::environment_loss, 0.015, 0, 0.5, "-",
         "Llama 3 paper: diurnal 1-2% throughput variation from mid-day temperatures through GPU "
         "DVFS [P]"},
        // --- cost ---
        {named, "server_cost_ratio", "economics", &P::server_cost_ratio, 1.64, 1, 5, "-",
         "node price / accelerator prices when a template has no price (Epoch training-cost-trends "
         "hardware.py default 1.64) [P]"},
        {named, "storage_tb_per_device", "economics", &P::storage_tb_per_device, 10, 0, 1e4, "TB",
         "Llama 3 paper: 240 PB Tectonic storage for 16,384 GPUs (14.6 TB/GPU), rounded down as it "
         "is shared [D]"},
        {named, "storage_usd_per_tb", "economics", &P::storage_usd_per_tb, 250, 0, 1e5, "USD/TB",
         "parallel-filesystem flash ~$250k/PB [M]"},
        {named, "facility_capex_usd_per_mw_air", "economics", &P::facility_capex_usd_per_mw_air,
         11e6, 0, 1e9, "USD/MW",
         "build cost per MW of critical IT, standard: $7-15M (Cortex Construct, 2026); $7-12M "
         "(Giga Energy) [S]"},
        {named, "facility_capex_usd_per_mw_liquid", "economics",
         &P::facility_capex_usd_per_mw_liquid, 20e6, 0, 1e9, "USD/MW",
         "AI-optimized liquid-cooled build: $20M+/MW (Giga Energy) [S]; used for direct-liquid and "
         "immersion"},
        {named, "colocation_usd_per_kw_month", "economics", &P::colocation_usd_per_kw_month, 184.06,
         0, 1e5, "USD/kW-month",
         "CBRE North America Data Center Trends H2 2024: primary-market 250-500 kW asking rate "
         "[P]"},
        {named, "network_life_years", "economics", &P::network_life_years, 0, 0, 50, "years",
         "0 = lifetime_years [M]"},
        {named, "storage_life_years", "economics", &P::storage_life_years, 0, 0, 50, "years",
         "0 = lifetime_years [M]"},
        {named, "facility_life_years", "economics", &P::facility_life_years, 15, 1, 100, "years",
         "building and M&E plant 10-20 yr; CoreWeave depreciates data-center equipment over 8-12 "
         "yr, Nebius 3-10 (bizety.com) [S]"},
        {named, "residual_fraction", "economics", &P::residual_fraction, 0, 0, 1, "-",
         "resale value at end of life / price; 0 conservative [M]"},
        {named, "maintenance_fraction_per_year", "economics", &P::maintenance_fraction_per_year,
         0.04, 0, 1, "1/yr",
         "hardware support 8-15%/yr of price, but 3 years come with the purchase: over a 5-yr life "
         "~2/5 x 10% [D]"},
        {named, "facility_upkeep_fraction_per_year", "economics",
         &P::facility_upkeep_fraction_per_year, 0.03, 0, 1, "1/yr",
         "facility maintenance 2-5%/yr of build cost [M]"},
        {named, "insurance_fraction_per_year", "economics", &P::insurance_fraction_per_year, 0.0075,
         0, 1, "1/yr", "insurance 0.75%/yr of capex [M]"},
        {named, "staff_fte_per_1000_devices", "economics", &P::staff_fte_per_1000_devices, 1.0, 0,
         1e4, "FTE", "operations staff per 1,000 accelerators [M]"},
        {named, "staff_usd_per_fte_year", "economics", &P::staff_usd_per_fte_year, 200e3, 0, 1e8,
         "USD/yr", "loaded SRE cost $150-250k [M]"},
        {named, "software_usd_per_device_year", "economics", &P::software_usd_per_device_year, 0, 0,
         1e6, "USD/yr",
         "NVIDIA AI Enterprise $4,500/GPU/yr (NVIDIA Q3 FY2024 earnings call); 0 by default as a "
         "5-year subscription comes with H100 PCIe/NVL and H200 NVL GPUs (NVIDIA Enterprise "
         "Licensing Guide) [P]"},
    };
}

void fillTypedDefaults(FacilityParams& p, const Facility& f, const Economics& e) {
    p.pue = f.pue;
    p.cooling = f.cooling;
    p.power_price_usd_per_kwh = f.power_price_usd_per_kwh;
    p.rack_power_limit_kw = f.rack_power_limit_kw;
    p.carbon_kg_per_kwh = f.carbon_kg_per_kwh;
    p.lifetime_years = e.lifetime_years;
    p.utilization = e.utilization;
    p.interest_rate = e.interest_rate;
    p.cloud_price_usd_per_device_hour = e.cloud_price_usd_per_device_hour;
}

// Named choices that are not numbers.
void readChoices(const nlohmann::json& extra, const std::string& pointer, FacilityParams& p,
                 Diagnostics& diags) {
    if (auto it = extra.find("facility_model"); it != extra.end()) {
        if (*it == "build")
            p.facility_model = FacilityModel::build;
        else if (*it == "colocation")
            p.facility_model = FacilityModel::colocation;
        else
            diags.error(pointer + "/facility_model",
                        "must be one of build, colocation, got " + describeValue(*it));
    }
    if (auto it = extra.find("pue_model"); it != extra.end()) {
        if (*it == "fixed")
            p.pue_model = PueModel::fixed;
        else if (*it == "bottom-up")
            p.pue_model = PueModel::bottom_up;
        else
            diags.error(pointer + "/pue_model",
                        "must be one of fixed, bottom-up, got " + describeValue(*it));
    }
}

// Read the parameters set in one section's `extra`. A parameter is accepted in either
// section (the other one's is read first, so its own section wins); keys that name no
// parameter are kept in the file but reported, since they are most likely typos.
void readExtra(const nlohmann::json& extra, const char* section, bool ownOnly, FacilityParams& p,
               Diagnostics& diags) {
    const std::string pointer = std::string("/") + section;
    if (!extra.is_object()) return;
    if (ownOnly) readChoices(extra, pointer, p, diags);
    for (const ParamSpec& spec : facilityParamSpecs()) {
        if ((std::string(spec.section) == section) != ownOnly) continue;
        auto it = extra.find(spec.name);
        if (it == extra.end()) continue;
        const std::string where = pointer + "/" + spec.name;
        if (!it->is_number() || !std::isfinite(it->get<double>())) {
            diags.error(where, "must be a number, got " + describeValue(*it));
            continue;
        }
        const double v = it->get<double>();
        if (v < spec.min || v > spec.max) {
            diags.error(where, "must be within [" + describeValue(spec.min) + ", " +
                                   describeValue(spec.max) + "], got " + describeValue(*it));
            continue;
        }
        p.*spec.member = v;
    }
    if (!ownOnly) return;
    for (auto it = extra.begin(); it != extra.end(); ++it) {
        const std::string& key = it.key();
        const bool known = key == "facility_model" || key == "pue_model" ||
                           std::any_of(facilityParamSpecs().begin(), facilityParamSpecs().end(),
                                       [&](const ParamSpec& s) { return key == s.name; });
        if (!known)
            diags.warning(pointer + "/" + pointerEscape(key),
                          "not a facility or economics parameter (see docs/facility.md); ignored");
    }
}

}  // namespace

double FacilityParams::coolingLimitKw() const {
    switch (cooling) {
        case Cooling::air:
            return cooling_limit_kw_air;
        case Cooling::rear_door:
            return cooling_limit_kw_rear_door;
        case Cooling::direct_liquid:
            return cooling_limit_kw_direct_liquid;
        case Cooling::immersion:
            return cooling_limit_kw_immersion;
    }
    return cooling_limit_kw_air;
}

double FacilityParams::rackPowerLimitKw() const {
    return rack_power_limit_kw > 0 ? rack_power_limit_kw : coolingLimitKw();
}

double FacilityParams::facilityCapexUsdPerMw() const {
    const bool liquid = cooling == Cooling::direct_liquid || cooling == Cooling::immersion;
    return liquid ? facility_capex_usd_per_mw_liquid : facility_capex_usd_per_mw_air;
}

const std::vector<CatalogDefaultMapping>& catalogDefaultMappings() {
    // Ids of the catalog seed's `default` entries (catalog/seed/60_defaults.json) and the unit
    // factor from the entry's unit to the parameter's.
    static const std::vector<CatalogDefaultMapping> mappings = {
        {"facility-capex-usd-per-mw", "facility_capex_usd_per_mw_air", 1},
        {"facility-capex-dlc-usd-per-mw", "facility_capex_usd_per_mw_liquid", 1},
        {"facility-colocation-usd-per-kw-month", "colocation_usd_per_kw_month", 1},
        {"facility-lifetime-years", "facility_life_years", 1},
        {"facility-maintenance-fraction-per-year", "facility_upkeep_fraction_per_year", 1},
        {"cooling-dlc-liquid-fraction", "dlc_liquid_fraction", 1},
        {"cooling-water-delta-t-k", "coolant_delta_t_k", 1},
        {"cooling-air-delta-t-k", "air_delta_t_k", 1},
        // The seed's 30 kW is the usual air-cooling rule of thumb; NVIDIA's air-cooled DGX H100
        // SuperPOD racks run at 40.8 kW, so the table keeps 40 unless a user sets it.
        {"rack-air-cooled-limit-kw", "cooling_limit_kw_air", 1, false},
        {"power-gpu-training-fraction-of-tdp", "gpu_power_fraction_training", 1},
        {"power-idle-fraction-of-tdp", "idle_power_fraction", 1},
        {"power-host-average-fraction", "host_average_fraction", 1},
        {"power-server-to-chip-tdp-ratio", "server_power_ratio", 1},
        // The seed's 10%/yr is a support contract's rate; purchases include 3 years, so the table
        // keeps the 5-year average of 4%/yr unless a user sets it.
        {"economics-hardware-maintenance-fraction-per-year", "maintenance_fraction_per_year", 1,
         false},
        {"economics-insurance-fraction-per-year", "insurance_fraction_per_year", 1},
        {"economics-server-to-chip-cost-multiplier", "server_cost_ratio", 1},
        {"economics-storage-usd-per-pb", "storage_usd_per_tb", 1e-3},
        {"reliability-restart-minutes", "restart_s", 60},
        {"water-wue-l-per-kwh", "wue_l_per_kwh", 1},
    };
    return mappings;
}

const char* catalogDefaultId(const std::string& param) {
    for (const CatalogDefaultMapping& m : catalogDefaultMappings())
        if (param == m.param) return m.catalog_id;
    return nullptr;
}

const std::vector<ParamSpec>& facilityParamSpecs() {
    static const std::vector<ParamSpec> specs = [] {
        std::vector<ParamSpec> s = makeSpecs();
        // The typed fields' defaults live in design.h; show them in the table.
        FacilityParams typed;
        fillTypedDefaults(typed, Facility{}, Economics{});
        for (ParamSpec& spec : s)
            if (spec.design_field) spec.value = typed.*spec.member;
        return s;
    }();
    return specs;
}

FacilityParams defaultFacilityParams() {
    FacilityParams p;
    for (const ParamSpec& spec : facilityParamSpecs())
        p.*spec.member = spec.value;
    fillTypedDefaults(p, Facility{}, Economics{});
    return p;
}

FacilityParams resolveFacilityParams(const Design& design, const catalog::Catalog& catalog,
                                     Diagnostics& diagnostics) {
    FacilityParams p = defaultFacilityParams();
    // A catalog Default entry (seed, user overlay or embedded) replaces the built-in value of
    // the parameter it maps to; typed design fields are always carried by the design.
    for (const CatalogDefaultMapping& m : catalogDefaultMappings()) {
        const catalog::Default* d = catalog.defaultValue(m.catalog_id);
        if (!d || !std::isfinite(d->value)) continue;
        if (!m.from_seed && d->origin == catalog::Origin::builtin) continue;
        for (const ParamSpec& spec : facilityParamSpecs()) {
            if (std::string(spec.name) != m.param || spec.design_field) continue;
            const double v = d->value * m.factor;
            if (v >= spec.min && v <= spec.max) p.*spec.member = v;
        }
    }
    fillTypedDefaults(p, design.facility, design.economics);
    readExtra(design.economics.extra, "economics", false, p, diagnostics);
    readExtra(design.facility.extra, "facility", false, p, diagnostics);
    readExtra(design.facility.extra, "facility", true, p, diagnostics);
    readExtra(design.economics.extra, "economics", true, p, diagnostics);
    return p;
}

}  // namespace infraplan
