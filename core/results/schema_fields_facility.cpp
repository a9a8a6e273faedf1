// The results contract: what the facility model owns (power, cooling, reliability, cost,
// energy; docs/facility.md derives every figure).
#include "core/results/schema_section.h"

namespace infraplan::schema_detail {
namespace {

using K = FieldKind;
using U = Unit;
using B = Better;

constexpr const char* kFacilityRan =
    "when the engines ran: the design is valid and its hardware expands (also for an "
    "infeasible plan)";
constexpr const char* kTrainTokens = "when the workload sets train_tokens";
constexpr const char* kCloudPrice = "when economics.cloud_price_usd_per_device_hour is set";

void power(std::vector<ResultField>& f) {
    Section s(f, "power", Modes::both);
    s.add("", K::object, U::none, "Power", "IT and facility power, average and provisioned",
          kFacilityRan);
    Section p(f, "power.", Modes::both);
    p.number("it_kw", U::kilowatts, "IT power", "Average IT draw under the workload");
    p.number("it_nameplate_kw", U::kilowatts, "IT nameplate", "Sum of the parts' ratings");
    p.number("it_capacity_kw", U::kilowatts, "IT capacity",
             "Nameplate × (1 + transient margin): what is provisioned");
    p.number("it_idle_kw", U::kilowatts, "IT idle power", "Every device idle");
    p.number("facility_kw", U::kilowatts, "Facility power", "Average, with PUE");
    p.number("facility_capacity_kw", U::kilowatts, "Facility capacity", "IT capacity with PUE");
    p.number("pue", U::none, B::lower, "PUE",
             "The PUE used: the design's, or bottom-up from the cooling");
    p.number("max_rack_kw", U::kilowatts, "Highest rack", "Highest rack nameplate");
    p.integer("racks", B::neither, "Racks", "Racks the design fills");
    p.number("kw_per_device_average", U::kilowatts, "Power per device",
             "facility_kw / accelerators (all-in, average)");
    p.number("kw_per_device_capacity", U::kilowatts, "Provisioned power per device",
             "facility_capacity_kw / accelerators (all-in, sizing)");
    p.add("breakdown_kw", K::object, U::none, "IT power by part", "Average IT kW by part");
    Section b(f, "power.breakdown_kw.", Modes::both);
    b.number("accelerators", U::kilowatts, "Accelerators", "Accelerators at their load");
    b.number("hosts", U::kilowatts, "Hosts",
             "Node hosts: what a node draws beyond its accelerators");
    b.number("nics", U::kilowatts, "NICs", "Network interface cards");
    b.number("switches", U::kilowatts, "Switches", "Switches");
    b.number("optics", U::kilowatts, "Optics", "Transceivers of the links");
    b.number("memory", U::kilowatts, "Memory pools", "Memory items (CXL or HBM pools)");
    b.number("other", U::kilowatts, "Other", "CPUs drawn as items");
    p.add("per_rack", K::records, U::none, "Racks",
          "Racks of one kind per row (same source, same load)");
    Section r(f, "power.per_rack[].", Modes::both);
    r.text("name", "Rack group",
           "What the racks hold, unique in the list (rows of one source are numbered), e.g. "
           "\"'dgx' (4 per rack) #2\" or \"rack group 'row'\"");
    r.integer("racks", B::neither, "Racks", "Racks of this kind");
    r.integer("accelerators", B::neither, "Accelerators per rack", "Accelerators per rack");
    r.number("nameplate_kw", U::kilowatts, "Nameplate per rack", "Sum of the parts' ratings");
    r.number("average_kw", U::kilowatts, "Average per rack", "Under the workload");
    r.number("limit_kw", U::kilowatts, B::neither, "Limit per rack",
             "The binding limit: rack power or the cooling type's");
    r.add("over_limit", K::flag, U::none, "Over the limit", "Nameplate above the limit");
}

void cooling(std::vector<ResultField>& f) {
    Section s(f, "cooling", Modes::both);
    s.add("", K::object, U::none, "Cooling", "The heat to remove and how it leaves", kFacilityRan);
    Section c(f, "cooling.", Modes::both);
    c.text("type", "Cooling", "air, rear-door, direct-liquid or immersion");
    c.number("heat_kw", U::kilowatts, "Heat", "Average heat to remove (all IT power becomes heat)");
    c.number("design_heat_kw", U::kilowatts, "Design heat",
             "At IT capacity: what the plant is sized for");
    c.number("liquid_heat_kw", U::kilowatts, B::neither, "Liquid heat",
             "Design heat carried away by liquid at the rack");
    c.number("air_heat_kw", U::kilowatts, B::neither, "Air heat",
             "Design heat carried by air through the equipment");
    c.number("coolant_lpm", U::litres_per_minute, B::neither, "Coolant flow",
             "Liquid flow at the design heat and the coolant's temperature rise");
    c.number("air_cfm", U::cubic_feet_per_minute, B::neither, "Air flow",
             "Air flow through the equipment at the design heat");
    c.number("refrigeration_tons", U::refrigeration_tons, B::lower, "Refrigeration",
             "Design heat in tons of refrigeration");
    c.number("water_m3_per_year", U::cubic_metres_per_year, "Site water",
             "WUE × IT energy per year");
}

void reliability(std::vector<ResultField>& f) {
    Section s(f, "reliability", Modes::training);
    s.add("", K::object, U::none, "Reliability",
          "Interruptions of the training job and the checkpointing that bounds their cost",
          kFacilityRan);
    Section r(f, "reliability.", Modes::training);
    r.number("interruptions_per_hour", U::per_hour, B::lower, "Interruption rate",
             "Job interruptions per hour, from the failure rates of the parts in use");
    r.number("job_mtbi_h", U::hours, B::higher, "Mean time between interruptions", "1 / rate");
    r.number("checkpoint_s", U::seconds, "Checkpoint stall", "Stall per checkpoint");
    r.number("restart_s", U::seconds, "Restart", "Lost per interruption besides redone work");
    r.number("checkpoint_interval_s", U::seconds, B::neither, "Checkpoint interval",
             "Young/Daly optimum");
    r.number("ettr", U::fraction, B::higher, "ETTR",
             "Effective training time ratio: share of wall-clock time spent on useful training");
    r.number("ideal_days", U::days, "Time to train", "Without interruptions", kTrainTokens);
    r.number("wall_days", U::days, "Wall-clock with interruptions", "ideal_days / ETTR",
             kTrainTokens);
    r.number("interruptions_per_run", U::none, B::lower, "Interruptions per run",
             "Expected interruptions over the wall-clock run", kTrainTokens);
}

void cost(std::vector<ResultField>& f) {
    Section s(f, "cost", Modes::both);
    s.add("", K::object, U::none, "Cost", "Capital and operating cost, TCO and unit prices",
          kFacilityRan);
    Section c(f, "cost.", Modes::both);
    c.number("capex_usd", U::usd, "Capital cost",
             "Hardware, network, storage, memory, facility build");
    c.number("annualized_capex_usd", U::usd_per_year, "Annualized capital",
             "Capex × capital recovery factor, per class and life");
    c.number("opex_usd_per_year", U::usd_per_year, "Operating cost", "Sum of opex_breakdown");
    c.number("annual_cost_usd", U::usd_per_year, "Annual cost", "Annualized capex + opex");
    c.number("tco_usd", U::usd, "Total cost of ownership", "Annual cost × lifetime (undiscounted)");
    c.number("usd_per_device_hour", U::usd_per_hour, "Cost per GPU-hour",
             "Annual cost / (devices × 8,760 h × utilization): owned, all-in");
    c.number("usd_per_installed_device_hour", U::usd_per_hour, "Cost per installed GPU-hour",
             "Annual cost / (devices × 8,760 h): the basis of published TCO tiers");
    Section training(f, "cost.", Modes::training);
    training.number("training_run_usd", U::usd, "Training run cost",
                    "Cluster cost per hour × wall-clock run (interruptions included)",
                    kTrainTokens);
    c.number("usd_per_million_tokens", U::usd_per_million_tokens, "Cost per million tokens",
             "Cluster cost per hour / tokens per hour (trained, or output tokens within the SLO)",
             "when the tokens per second are above zero");
    c.number("cloud_usd_per_device_hour", U::usd_per_hour, B::neither, "Rent per GPU-hour",
             "The design's cloud price", kCloudPrice);
    training.number("cloud_training_run_usd", U::usd, "Training run rented",
                    "Cloud price × devices used × wall-clock run",
                    "when both train_tokens and a cloud price are set");
    c.number("own_vs_rent_ratio", U::none, B::lower, "Own vs rent",
             "Owned / rented cost per device-hour", kCloudPrice);
    c.add("capex_breakdown", K::object, U::none, "Capital cost by class", "Capex by class");
    Section x(f, "cost.capex_breakdown.", Modes::both);
    x.number("compute_usd", U::usd, "Compute", "Nodes (accelerators, hosts, in-node NICs)");
    x.number("network_usd", U::usd, "Network", "Switches, NICs outside nodes, optics and cables");
    x.number("storage_usd", U::usd, "Storage", "Storage per device × devices, at the price per TB");
    x.number("memory_usd", U::usd, "Memory pools", "Memory nodes (CXL or HBM pools)");
    x.number("facility_usd", U::usd, "Facility",
             "Build cost: IT capacity × the price per MW (0 under colocation)");
    c.add("opex_breakdown", K::object, U::none, "Operating cost by line", "Opex per year by line");
    Section o(f, "cost.opex_breakdown.", Modes::both);
    o.number("energy_usd", U::usd_per_year, "Energy", "Facility energy at the power price");
    o.number("colocation_usd", U::usd_per_year, "Colocation", "Per kW-month of IT capacity");
    o.number("maintenance_usd", U::usd_per_year, "Maintenance", "Share of hardware capex");
    o.number("facility_upkeep_usd", U::usd_per_year, "Facility upkeep", "Share of facility capex");
    o.number("insurance_usd", U::usd_per_year, "Insurance", "Share of capex");
    o.number("staff_usd", U::usd_per_year, "Staff", "Operations staff per 1,000 devices");
    o.number("software_usd", U::usd_per_year, "Software", "Software licences per device");
}

void energy(std::vector<ResultField>& f) {
    Section s(f, "energy", Modes::both);
    s.add("", K::object, U::none, "Energy", "Facility energy and emissions", kFacilityRan);
    Section e(f, "energy.", Modes::both);
    e.number("annual_mwh", U::megawatt_hours, "Annual energy",
             "Facility energy over a year at the utilization");
    e.number("annual_co2_t", U::tonnes_co2, "Annual emissions",
             "Annual energy × grid carbon intensity");
    Section training(f, "energy.", Modes::training);
    training.number("training_run_mwh", U::megawatt_hours, "Training run energy",
                    "Facility energy of one run (wall-clock)", kTrainTokens);
    training.number("training_run_co2_t", U::tonnes_co2, "Training run emissions",
                    "Run energy × grid carbon intensity", kTrainTokens);
    e.number("joules_per_token", U::joules_per_token, "Energy per token",
             "Facility power / tokens per second", "when the tokens per second are above zero");
}

}  // namespace

void addFacilityFields(std::vector<ResultField>& f) {
    power(f);
    cooling(f);
    reliability(f);
    cost(f);
    energy(f);
}

}  // namespace infraplan::schema_detail
