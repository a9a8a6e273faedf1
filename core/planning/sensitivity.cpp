#include "core/planning/sensitivity.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <tuple>

#include "core/evaluate/evaluate.h"
#include "core/planning/used_parts.h"

namespace infraplan {
namespace {

using Apply = std::function<void(Design&, catalog::Catalog&, double factor)>;

struct Input {
    std::string id, label, what;
    Apply apply;
};

// Scales one field of every entry in `ids` (a copy of each, put back into the catalog).
template <class Entry, class Find>
Apply scaleEntries(std::set<std::string> ids, Find find,
                   std::function<void(Entry&, double)> scale) {
    return [ids = std::move(ids), find, scale](Design&, catalog::Catalog& c, double factor) {
        for (const std::string& id : ids)
            if (const Entry* e = find(c, id)) {
                Entry copy = *e;
                scale(copy, factor);
                c.put(std::move(copy));
            }
    };
}

std::vector<Input> hardwareInputs(const Design& design, const UsedParts& used) {
    using catalog::Accelerator;
    using catalog::Link;
    const auto acc = [](const catalog::Catalog& c, const std::string& id) {
        return c.accelerator(id);
    };
    const auto link = [](const catalog::Catalog& c, const std::string& id) { return c.link(id); };
    const auto precision = design.workload.precision;
    const std::string p = toString(precision);
    std::vector<Input> in;
    in.push_back(
        {"peak_flops_" + p, "Peak FLOP/s (" + p + ")", joinedIds(used.accelerators),
         scaleEntries<Accelerator>(used.accelerators, acc, [precision](Accelerator& a, double f) {
             a.peak_tflops[static_cast<std::size_t>(precision)] *= f;
         })});
    in.push_back({"hbm_bandwidth", "HBM bandwidth", joinedIds(used.accelerators),
                  scaleEntries<Accelerator>(used.accelerators, acc, [](Accelerator& a, double f) {
                      a.memory_bw_gb_s *= f;
                  })});
    in.push_back({"hbm_capacity", "HBM capacity", joinedIds(used.accelerators),
                  scaleEntries<Accelerator>(used.accelerators, acc,
                                            [](Accelerator& a, double f) { a.memory_gb *= f; })});
    const Apply scaleupLinks = scaleEntries<Link>(used.scaleup_links, link,
                                                  [](Link& l, double f) { l.bandwidth_gb_s *= f; });
    const Apply scaleupDevices = scaleEntries<Accelerator>(
        used.accelerators, acc, [](Accelerator& a, double f) { a.scaleup_bw_gb_s *= f; });
    in.push_back({"scaleup_bandwidth", "Scale-up bandwidth",
                  joinedIds(used.scaleup_links) + " (and the accelerators' scale-up bandwidth)",
                  [=](Design& d, catalog::Catalog& c, double f) {
                      scaleupLinks(d, c, f);
                      scaleupDevices(d, c, f);
                  }});
    in.push_back({"scaleup_latency", "Scale-up latency", joinedIds(used.scaleup_links),
                  scaleEntries<Link>(used.scaleup_links, link,
                                     [](Link& l, double f) { l.latency_ns *= f; })});
    const Apply nicLinks =
        scaleEntries<Link>(used.nic_links, link, [](Link& l, double f) { l.bandwidth_gb_s *= f; });
    const Apply nicPorts = scaleEntries<catalog::Nic>(
        used.nics, [](const catalog::Catalog& c, const std::string& id) { return c.nic(id); },
        [](catalog::Nic& n, double f) { n.port_gbps *= f; });
    in.push_back({"nic_bandwidth", "NIC bandwidth",
                  joinedIds(used.nic_links) + " (and the NICs' ports)",
                  [=](Design& d, catalog::Catalog& c, double f) {
                      nicLinks(d, c, f);
                      nicPorts(d, c, f);
                  }});
    in.push_back(
        {"nic_latency", "NIC latency", joinedIds(used.nic_links),
         scaleEntries<Link>(used.nic_links, link, [](Link& l, double f) { l.latency_ns *= f; })});
    return in;
}

std::vector<Input> facilityInputs() {
    return {
        {"electricity_price", "Electricity price", "facility.power_price_usd_per_kwh",
         [](Design& d, catalog::Catalog&, double f) { d.facility.power_price_usd_per_kwh *= f; }},
        {"pue", "PUE", "facility.pue",
         [](Design& d, catalog::Catalog&, double f) {
             d.facility.pue = std::max(1.0, d.facility.pue * f);
         }},
        {"utilization", "Utilization", "economics.utilization",
         [](Design& d, catalog::Catalog&, double f) {
             d.economics.utilization = std::min(1.0, d.economics.utilization * f);
         }}};
}

std::optional<double> relative(const std::optional<double>& now,
                               const std::optional<double>& base) {
    if (!now || !base || *base == 0) return std::nullopt;
    return (*now - *base) / *base;
}

Perturbation perturbed(const Input& input, double change, const Design& design,
                       const catalog::Catalog& catalog, const HeadlineMetrics& base,
                       const SensitivityOptions& options) {
    Design d = design;
    catalog::Catalog c = catalog;
    input.apply(d, c, 1 + change);
    EvaluateOptions eo;
    eo.max_devices = options.max_devices;
    eo.cancel = options.cancel;
    Perturbation p;
    p.change = change;
    p.metrics = headlineMetrics(evaluate(d, c, eo));
    p.performance = base.step_time_s ? relative(p.metrics.step_time_s, base.step_time_s)
                                     : relative(p.metrics.goodput_rps, base.goodput_rps);
    p.usd_per_million_tokens =
        relative(p.metrics.usd_per_million_tokens, base.usd_per_million_tokens);
    p.facility_kw = relative(p.metrics.facility_kw, base.facility_kw);
    p.energy_usd_per_year = relative(p.metrics.energy_usd_per_year, base.energy_usd_per_year);
    return p;
}

double magnitude(const std::optional<double>& a, const std::optional<double>& b) {
    return std::max(a ? std::abs(*a) : 0.0, b ? std::abs(*b) : 0.0);
}

// Largest effect on performance first; inputs that leave it alone by their effect on cost,
// then on power.
bool rankedBefore(const InputSensitivity& a, const InputSensitivity& b) {
    const auto key = [](const InputSensitivity& s) {
        return std::make_tuple(
            s.flips_feasibility, s.effect,
            magnitude(s.up.usd_per_million_tokens, s.down.usd_per_million_tokens),
            magnitude(s.up.facility_kw, s.down.facility_kw));
    };
    return key(a) > key(b);
}

}  // namespace

HeadlineMetrics headlineMetrics(const Results& r) {
    HeadlineMetrics m;
    m.feasible = r.feasible;
    if (r.training && r.training->step_time_s > 0) m.step_time_s = r.training->step_time_s;
    if (r.inference) m.goodput_rps = r.inference->goodput_rps;
    if (r.facility) {
        m.usd_per_million_tokens = r.facility->cost.usd_per_million_tokens;
        m.facility_kw = r.facility->power.facility_kw;
        m.energy_usd_per_year = r.facility->cost.opex.energy_usd;
    }
    return m;
}

SensitivityResult analyzeSensitivity(const Design& design, const catalog::Catalog& catalog,
                                     const SensitivityOptions& options) {
    SensitivityResult out;
    out.training = design.workload.mode == WorkloadMode::training;
    EvaluateOptions eo;
    eo.max_devices = options.max_devices;
    eo.cancel = options.cancel;
    const Results base = evaluate(design, catalog, eo);
    out.base = headlineMetrics(base);
    if (!base.training && !base.inference) {
        out.reasons = base.reasons.empty()
                          ? std::vector<std::string>{"the design has no workload results"}
                          : base.reasons;
        out.cancelled = base.cancelled;
        return out;
    }
    std::vector<Input> inputs = hardwareInputs(design, usedParts(design, catalog));
    for (Input& f : facilityInputs())
        inputs.push_back(std::move(f));
    for (const Input& input : inputs) {
        if (isCancelled(options.cancel)) break;
        InputSensitivity s{input.id, input.label, input.what, {}, {}, 0, false};
        s.up = perturbed(input, options.step, design, catalog, out.base, options);
        s.down = perturbed(input, -options.step, design, catalog, out.base, options);
        s.effect = magnitude(s.up.performance, s.down.performance);
        s.flips_feasibility = s.up.metrics.feasible != out.base.feasible ||
                              s.down.metrics.feasible != out.base.feasible;
        out.inputs.push_back(std::move(s));
    }
    out.cancelled = isCancelled(options.cancel);
    std::stable_sort(out.inputs.begin(), out.inputs.end(), rankedBefore);
    return out;
}

}  // namespace infraplan
