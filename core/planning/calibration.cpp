#include "core/planning/calibration.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <set>

#include "core/comm/collective_efficiency.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/io/overrides.h"
#include "core/planning/used_parts.h"
#include "core/topology/network_eval.h"

namespace infraplan {
namespace {

// What every prediction shares: the measured runs as designs, and the entry being fitted.
struct CalibrationProblem {
    // A working copy of the catalog: each prediction puts the entries with their trial
    // parameters into it (copied once, not once per prediction).
    catalog::Catalog catalog;
    catalog::Accelerator accelerator;
    std::vector<catalog::Link> scaleup_links, scaleout_links;  // as the catalog has them
    std::vector<const CalibrationParameterSpec*> specs;
    std::vector<Design> runs;  // the design as each measurement ran it
    // Collective runs: the expanded hardware (null for the other rows).
    std::vector<std::shared_ptr<const Graph>> graphs;
    const std::vector<Measurement>* measurements = nullptr;
    EvaluateOptions evaluate_options;
    int evaluations = 0;
};

double fromUnit(const CalibrationParameterSpec& spec, double u) {
    return spec.lower + u * (spec.upper - spec.lower);
}

double toUnit(const CalibrationParameterSpec& spec, double value) {
    return std::clamp((value - spec.lower) / (spec.upper - spec.lower), 0.0, 1.0);
}

const std::vector<catalog::Link>& linksOf(const CalibrationProblem& p, CalibratedPart part) {
    return part == CalibratedPart::scaleup_links ? p.scaleup_links : p.scaleout_links;
}

// The value the catalog gives a parameter now: a link's own figure, else its class default.
double catalogValue(const CalibrationProblem& p, const CalibrationParameterSpec& spec) {
    if (spec.part == CalibratedPart::accelerator) return p.accelerator.*(spec.field);
    const bool up = spec.part == CalibratedPart::scaleup_links;
    const auto& links = linksOf(p, spec.part);
    const catalog::Link* link = links.empty() ? nullptr : &links.front();
    return spec.link_field == &catalog::Link::collective_efficiency ? achievedFraction(link, up)
                                                                    : stepLatency(link, up) * 1e6;
}

// The entries with the parameters at `u`: the accelerator, then the fitted link entries.
std::vector<catalog::AnyEntry> withParameters(const CalibrationProblem& p,
                                              const Eigen::VectorXd& u) {
    catalog::Accelerator a = p.accelerator;
    std::vector<catalog::Link> up = p.scaleup_links, out = p.scaleout_links;
    bool accelerator = false, upFitted = false, outFitted = false;
    for (std::size_t j = 0; j < p.specs.size(); ++j) {
        const CalibrationParameterSpec& spec = *p.specs[j];
        const double value = fromUnit(spec, u[static_cast<Eigen::Index>(j)]);
        if (spec.part == CalibratedPart::accelerator) {
            a.*(spec.field) = value;
            accelerator = true;
            continue;
        }
        const bool isUp = spec.part == CalibratedPart::scaleup_links;
        (isUp ? upFitted : outFitted) = true;
        for (catalog::Link& link : isUp ? up : out)
            link.*(spec.link_field) = value;
    }
    std::vector<catalog::AnyEntry> entries;
    if (accelerator) entries.emplace_back(std::move(a));
    if (upFitted) entries.insert(entries.end(), up.begin(), up.end());
    if (outFitted) entries.insert(entries.end(), out.begin(), out.end());
    return entries;
}

void putEntries(catalog::Catalog& catalog, const std::vector<catalog::AnyEntry>& entries) {
    for (const catalog::AnyEntry& entry : entries)
        std::visit([&](const auto& e) { catalog.put(e); }, entry);
}

// nccl-tests' bus bandwidth (GB/s) of a collective run as the flow-level model predicts it:
// the run's design places one group on its first `ranks` devices (busbw = S / t times
// 2(n-1)/n for all-reduce, (n-1)/n for the others: nccl-tests doc/PERFORMANCE.md).
std::optional<double> predictBusBandwidth(const CalibrationProblem& p, std::size_t i,
                                          std::string& why) {
    const CollectiveRun& run = *(*p.measurements)[i].collective;
    const NetworkModel network =
        makeNetworkModel(p.runs[i], p.catalog, p.graphs[i], p.evaluate_options.cancel);
    if (!network.model) {
        why = network.warning
                  ? *network.warning
                  : "the hardware has fewer than " + std::to_string(run.ranks) + " devices";
        return std::nullopt;
    }
    const CollectiveCost cost = network.model->cost({run.op, ParallelDim::tp, run.bytes});
    if (!(cost.time_s > 0)) {
        why = "the collective takes no time on this hardware";
        return std::nullopt;
    }
    const double n = static_cast<double>(run.ranks);
    const double factor = run.op == Collective::all_reduce ? 2 * (n - 1) / n : (n - 1) / n;
    return run.bytes / cost.time_s * factor / 1e9;
}

std::optional<double> predictRun(CalibrationProblem& p, std::size_t i, std::string& why) {
    const Measurement& m = (*p.measurements)[i];
    ++p.evaluations;
    if (m.collective) return predictBusBandwidth(p, i, why);
    const Results r = evaluate(p.runs[i], p.catalog, p.evaluate_options);
    const auto value = m.metric->read(r);
    if (!value)
        why = r.reasons.empty() ? std::string("the results have no ") + m.metric->id
                                : r.reasons.front();
    return value;
}

// The predicted value of every measurement; nullopt (and why) when a run has none.
std::optional<Eigen::VectorXd> predictRuns(CalibrationProblem& p, const Eigen::VectorXd& u,
                                           std::string* why) {
    putEntries(p.catalog, withParameters(p, u));
    Eigen::VectorXd out(static_cast<Eigen::Index>(p.runs.size()));
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        std::string reason;
        const auto value = predictRun(p, i, reason);
        if (!value) {
            if (why) *why = "line " + std::to_string((*p.measurements)[i].line) + ": " + reason;
            return std::nullopt;
        }
        out[static_cast<Eigen::Index>(i)] = *value;
    }
    return out;
}

Eigen::VectorXd measuredValues(const std::vector<Measurement>& measurements) {
    Eigen::VectorXd v(static_cast<Eigen::Index>(measurements.size()));
    for (std::size_t i = 0; i < measurements.size(); ++i)
        v[static_cast<Eigen::Index>(i)] = measurements[i].value;
    return v;
}

// Relative errors: what the fit drives to zero.
Eigen::VectorXd relativeErrors(const Eigen::VectorXd& predicted, const Eigen::VectorXd& measured) {
    return predicted.cwiseQuotient(measured).array() - 1.0;
}

// Forward differences in the unit box (backward at the upper edge).
std::optional<Eigen::MatrixXd> jacobian(CalibrationProblem& p, const Eigen::VectorXd& u,
                                        const Eigen::VectorXd& errors,
                                        const Eigen::VectorXd& measured) {
    constexpr double kStep = 1e-4;
    Eigen::MatrixXd j(errors.size(), u.size());
    for (Eigen::Index k = 0; k < u.size(); ++k) {
        Eigen::VectorXd moved = u;
        const double h = u[k] + kStep <= 1.0 ? kStep : -kStep;
        moved[k] += h;
        const auto predicted = predictRuns(p, moved, nullptr);
        if (!predicted) return std::nullopt;
        j.col(k) = (relativeErrors(*predicted, measured) - errors) / h;
    }
    return j;
}

// Refuses a fit the measurements cannot determine, naming the parameters at fault.
std::vector<std::string> identifiability(const CalibrationProblem& p, const Eigen::MatrixXd& j) {
    std::vector<std::string> reasons;
    const auto k = static_cast<Eigen::Index>(p.specs.size());
    if (j.rows() < k)
        reasons.push_back("underdetermined: " + std::to_string(j.rows()) + " measurement(s) for " +
                          std::to_string(k) + " parameters; add measurements or fit fewer (--fit)");
    Eigen::MatrixXd scaled = j;
    for (Eigen::Index c = 0; c < k; ++c) {
        const double norm = j.col(c).norm();
        if (norm < 1e-7)
            reasons.push_back(std::string("underdetermined: no measurement depends on ") +
                              p.specs[static_cast<std::size_t>(c)]->id + "; leave it out (--fit)");
        else
            scaled.col(c) /= norm;
    }
    if (!reasons.empty()) return reasons;
    Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(scaled);
    qr.setThreshold(1e-6);
    if (qr.rank() < k)
        reasons.push_back(
            "underdetermined: these measurements move the parameters together and "
            "cannot tell them apart; measure runs that differ more (micro-batch, "
            "TP, sequence length) or fit fewer (--fit)");
    return reasons;
}

struct FitState {
    Eigen::VectorXd u;
    Eigen::VectorXd errors;
    int iterations = 0;
};

// One Levenberg-Marquardt step from `s`, damping raised until the error falls; false when no
// damping makes it fall (a minimum within the bounds, or one on a bound).
bool improveOnce(CalibrationProblem& p, FitState& s, const Eigen::MatrixXd& j,
                 const Eigen::VectorXd& measured, double& damping) {
    const Eigen::MatrixXd a = j.transpose() * j;
    const Eigen::VectorXd g = j.transpose() * s.errors;
    const double cost = s.errors.squaredNorm();
    for (int attempt = 0; attempt < 12; ++attempt) {
        Eigen::MatrixXd m = a;
        m.diagonal() += damping * a.diagonal().cwiseMax(1e-12);
        const Eigen::VectorXd next = (s.u - m.ldlt().solve(g)).cwiseMax(0.0).cwiseMin(1.0);
        const auto predicted = predictRuns(p, next, nullptr);
        if (predicted) {
            const Eigen::VectorXd errors = relativeErrors(*predicted, measured);
            if (errors.squaredNorm() < cost) {
                s.u = next;
                s.errors = errors;
                damping = std::max(damping / 3, 1e-9);
                return true;
            }
        }
        damping *= 4;
    }
    return false;
}

void fitWithinBounds(CalibrationProblem& p, FitState& s, const Eigen::VectorXd& measured,
                     const CalibrationOptions& options) {
    double damping = 1e-3;
    while (s.iterations < options.max_iterations && !isCancelled(options.cancel)) {
        const auto j = jacobian(p, s.u, s.errors, measured);
        if (!j) return;
        const double cost = s.errors.squaredNorm();
        const Eigen::VectorXd before = s.u;
        ++s.iterations;
        if (!improveOnce(p, s, *j, measured, damping)) return;
        if (cost - s.errors.squaredNorm() < 1e-14 * std::max(cost, 1e-30) ||
            (s.u - before).norm() < 1e-10)
            return;
    }
}

// A collective run's design: one group of `ranks` devices (the first, in rank order) runs
// the collective alone, as nccl-tests does; its expanded hardware is kept for the predictions.
bool prepareCollectiveRun(Design& run, const CollectiveRun& collective, const std::string& where,
                          CalibrationProblem& p, std::vector<std::string>& reasons) {
    run.strategy.tp = static_cast<int>(collective.ranks);
    run.strategy.pp = run.strategy.cp = run.strategy.ep = run.strategy.dp = 1;
    run.strategy.placement = "tp-first";
    const PreparedDesign prepared = prepareDesign(run, p.catalog, p.evaluate_options);
    if (!prepared.graph) {
        reasons.push_back(where + (prepared.base.reasons.empty() ? "the hardware does not expand"
                                                                 : prepared.base.reasons.front()));
        return false;
    }
    if (prepared.base.devices < collective.ranks) {
        reasons.push_back(where + "ranks: " + std::to_string(collective.ranks) +
                          " GPUs, but the design has " + std::to_string(prepared.base.devices));
        return false;
    }
    p.graphs.back() = prepared.graph;
    return true;
}

// The measured runs as designs: the design with each row's assignments applied.
bool buildRuns(const Design& design, const std::vector<Measurement>& measurements,
               CalibrationProblem& p, std::vector<std::string>& reasons) {
    const nlohmann::json document = designToJson(design);
    const bool training = design.workload.mode == WorkloadMode::training;
    for (const Measurement& m : measurements) {
        const std::string where = "line " + std::to_string(m.line) + ": ";
        if (!m.collective && m.metric->training != training) {
            reasons.push_back(where + m.metric->id + " is a " +
                              (m.metric->training ? "training" : "serving") +
                              " metric and the design is " + (training ? "training" : "serving"));
            continue;
        }
        nlohmann::json run = document;
        Diagnostics diags;
        for (const std::string& assignment : m.assignments)
            applyOverride(run, assignment, diags, 1u << 20, 64);
        LoadResult load = diags.hasErrors() ? LoadResult{} : designFromJson(run);
        if (diags.hasErrors() || !load.ok()) {
            const Diagnostics& shown = diags.hasErrors() ? diags : load.diagnostics;
            reasons.push_back(where + shown.toString());
            continue;
        }
        p.runs.push_back(std::move(*load.design));
        p.graphs.emplace_back();
        if (m.collective) prepareCollectiveRun(p.runs.back(), *m.collective, where, p, reasons);
    }
    return reasons.empty();
}

// The single accelerator type the design uses: calibration fits one entry.
const catalog::Accelerator* calibratedAccelerator(const Design& design,
                                                  const catalog::Catalog& catalog,
                                                  std::vector<std::string>& reasons) {
    const UsedParts used = usedParts(design, catalog);
    if (used.accelerators.size() != 1) {
        reasons.push_back(used.accelerators.empty()
                              ? "the design has no accelerator from the catalog"
                              : "the design uses " + std::to_string(used.accelerators.size()) +
                                    " accelerator types (" + joinedIds(used.accelerators) +
                                    "); calibration fits one");
        return nullptr;
    }
    return catalog.accelerator(*used.accelerators.begin());
}

// The link entries a link parameter is fitted into.
void collectUsedLinks(const Design& design, const catalog::Catalog& catalog,
                      CalibrationProblem& p) {
    const UsedParts used = usedParts(design, catalog);
    for (const std::string& id : used.scaleup_links)
        if (const catalog::Link* link = catalog.link(id)) p.scaleup_links.push_back(*link);
    for (const std::string& id : used.nic_links)
        if (const catalog::Link* link = catalog.link(id)) p.scaleout_links.push_back(*link);
}

bool chooseParameters(const CalibrationOptions& options, CalibrationProblem& p,
                      std::vector<std::string>& reasons) {
    const auto& ids = options.fit.empty() ? defaultCalibrationParameters() : options.fit;
    for (const std::string& id : ids) {
        const auto& all = calibrationParameters();
        const auto it = std::find_if(all.begin(), all.end(),
                                     [&](const CalibrationParameterSpec& s) { return id == s.id; });
        if (it == all.end()) {
            std::string known;
            for (const CalibrationParameterSpec& spec : all)
                known += (known.empty() ? "" : ", ") + std::string(spec.id);
            reasons.push_back("no parameter '" + id + "': fit " + known);
        } else if (it->part != CalibratedPart::accelerator && linksOf(p, it->part).empty()) {
            reasons.push_back(
                std::string("cannot fit ") + it->id + ": the design uses no " +
                (it->part == CalibratedPart::scaleup_links ? "scale-up" : "scale-out") +
                " link from the catalog");
        } else if (std::find(p.specs.begin(), p.specs.end(), &*it) == p.specs.end())
            p.specs.push_back(&*it);
    }
    return reasons.empty();
}

// The catalog field a parameter sets: an accelerator parameter is named after its field.
std::string catalogFieldOf(const CalibrationParameterSpec& spec) {
    return spec.part == CalibratedPart::accelerator ? spec.id : spec.link_field_name;
}

double rmsOf(const Eigen::VectorXd& errors) {
    return std::sqrt(errors.squaredNorm() / static_cast<double>(errors.size()));
}

void reportFit(const CalibrationProblem& p, const FitState& start, const FitState& end,
               const Eigen::VectorXd& measured, const CalibrationOptions& options,
               CalibrationResult& out) {
    for (std::size_t k = 0; k < p.specs.size(); ++k) {
        const auto& spec = *p.specs[k];
        const double u = end.u[static_cast<Eigen::Index>(k)];
        out.parameters.push_back({spec.id, spec.label, catalogValue(p, spec), fromUnit(spec, u),
                                  spec.lower, spec.upper, u <= 0.0 || u >= 1.0});
    }
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        const auto ii = static_cast<Eigen::Index>(i);
        const Measurement& m = (*p.measurements)[i];
        out.rows.push_back({m.line, m.metric->id, m.note, m.value,
                            measured[ii] * (1 + start.errors[ii]),
                            measured[ii] * (1 + end.errors[ii])});
    }
    out.rms_before = rmsOf(start.errors);
    out.rms_after = rmsOf(end.errors);
    out.max_before = start.errors.cwiseAbs().maxCoeff();
    out.max_after = end.errors.cwiseAbs().maxCoeff();
    out.iterations = end.iterations;
    const std::string source =
        "calibrated from " + std::to_string(p.runs.size()) + " measurements" +
        (options.measurements_name.empty() ? std::string()
                                           : " (" + options.measurements_name + ")") +
        " by infraplan-cli calibrate";
    out.calibrated = withParameters(p, end.u);
    for (catalog::AnyEntry& any : out.calibrated)
        std::visit(
            [&](auto& entry) {
                const bool isAccelerator =
                    std::is_same_v<std::decay_t<decltype(entry)>, catalog::Accelerator>;
                for (const auto* spec : p.specs)
                    if ((spec->part == CalibratedPart::accelerator) == isAccelerator)
                        entry.fields[catalogFieldOf(*spec)] = {source,
                                                               catalog::Provenance::derived};
                entry.overrides_builtin =
                    entry.origin == catalog::Origin::builtin || entry.overrides_builtin;
                entry.origin = catalog::Origin::user;
            },
            any);
}

CalibrationParameterSpec linkParameter(const char* id, const char* label, double lower,
                                       double upper, CalibratedPart part,
                                       double catalog::Link::*field, const char* field_name) {
    return {id, label, lower, upper, nullptr, part, field, field_name};
}

}  // namespace

const std::vector<CalibrationParameterSpec>& calibrationParameters() {
    using A = catalog::Accelerator;
    using L = catalog::Link;
    static const std::vector<CalibrationParameterSpec> all = {
        {"gemm_efficiency_max", "Large-GEMM efficiency", 0.05, 1.0, &A::gemm_efficiency_max},
        {"gemm_efficiency_fp8", "Large-GEMM efficiency at fp8", 0.05, 1.0, &A::gemm_efficiency_fp8},
        {"attention_efficiency", "Flash-attention efficiency", 0.05, 1.0, &A::attention_efficiency},
        {"memory_efficiency", "Memory-bandwidth efficiency", 0.05, 1.0, &A::memory_efficiency},
        {"launch_overhead_us", "Kernel launch overhead (us)", 0.0, 100.0, &A::launch_overhead_us},
        {"gemm_half_efficiency_gflop", "GEMM size at half efficiency (GFLOP)", 0.001, 100.0,
         &A::gemm_half_efficiency_gflop},
        linkParameter("scaleup_collective_efficiency", "Scale-up collective efficiency", 0.05, 1.0,
                      CalibratedPart::scaleup_links, &L::collective_efficiency,
                      "collective_efficiency"),
        linkParameter("scaleout_collective_efficiency", "Scale-out collective efficiency", 0.05,
                      1.0, CalibratedPart::scaleout_links, &L::collective_efficiency,
                      "collective_efficiency"),
        linkParameter("scaleup_collective_latency_us", "Scale-up step latency (us)", 0.0, 100.0,
                      CalibratedPart::scaleup_links, &L::collective_latency_us,
                      "collective_latency_us"),
        linkParameter("scaleout_collective_latency_us", "Scale-out step latency (us)", 0.0, 100.0,
                      CalibratedPart::scaleout_links, &L::collective_latency_us,
                      "collective_latency_us")};
    return all;
}

const std::vector<std::string>& defaultCalibrationParameters() {
    static const std::vector<std::string> ids = {"gemm_efficiency_max", "memory_efficiency"};
    return ids;
}

CalibrationResult calibrate(const Design& design, const catalog::Catalog& catalog,
                            const std::vector<Measurement>& measurements,
                            const CalibrationOptions& options) {
    CalibrationResult out;
    CalibrationProblem p;
    p.catalog = catalog;
    p.measurements = &measurements;
    p.evaluate_options.max_devices = options.max_devices;
    p.evaluate_options.cancel = options.cancel;
    const auto* accelerator = calibratedAccelerator(design, catalog, out.reasons);
    collectUsedLinks(design, catalog, p);
    if (measurements.empty()) out.reasons.push_back("no measurements to fit");
    if (!accelerator || !chooseParameters(options, p, out.reasons) ||
        !buildRuns(design, measurements, p, out.reasons) || !out.reasons.empty())
        return out;
    out.accelerator = accelerator->id;
    p.accelerator = *accelerator;
    const Eigen::VectorXd measured = measuredValues(measurements);
    FitState start;
    start.u.resize(static_cast<Eigen::Index>(p.specs.size()));
    for (std::size_t k = 0; k < p.specs.size(); ++k)
        start.u[static_cast<Eigen::Index>(k)] = toUnit(*p.specs[k], catalogValue(p, *p.specs[k]));
    std::string why;
    const auto predicted = predictRuns(p, start.u, &why);
    // A cancel makes the evaluations fail: say cancelled, not that the predictions failed.
    out.cancelled = isCancelled(options.cancel);
    if (out.cancelled) return out;
    if (!predicted) {
        out.reasons.push_back(why);
        return out;
    }
    start.errors = relativeErrors(*predicted, measured);
    const auto j = jacobian(p, start.u, start.errors, measured);
    out.cancelled = isCancelled(options.cancel);
    if (out.cancelled) return out;
    out.reasons = j ? identifiability(p, *j)
                    : std::vector<std::string>{
                          "a measured run has no prediction near the "
                          "catalog's values"};
    if (!out.reasons.empty()) return out;
    FitState end = start;
    fitWithinBounds(p, end, measured, options);
    out.cancelled = isCancelled(options.cancel);
    out.evaluations = p.evaluations;
    if (out.cancelled) return out;
    reportFit(p, start, end, measured, options, out);
    return out;
}

std::string calibratedIds(const CalibrationResult& result) {
    std::set<std::string> ids;
    for (const catalog::AnyEntry& entry : result.calibrated)
        ids.insert(catalog::baseOf(entry).id);
    return joinedIds(ids);
}

}  // namespace infraplan
