#include "core/planning/calibration.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/io/overrides.h"
#include "core/planning/used_parts.h"

namespace infraplan {
namespace {

// What every prediction shares: the measured runs as designs, and the entry being fitted.
struct CalibrationProblem {
    // A working copy of the catalog: each prediction puts the accelerator with its trial
    // parameters into it (copied once, not once per prediction).
    catalog::Catalog catalog;
    catalog::Accelerator accelerator;
    std::vector<const CalibrationParameterSpec*> specs;
    std::vector<Design> runs;  // the design as each measurement ran it
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

catalog::Accelerator withParameters(const CalibrationProblem& p, const Eigen::VectorXd& u) {
    catalog::Accelerator a = p.accelerator;
    for (std::size_t j = 0; j < p.specs.size(); ++j)
        a.*(p.specs[j]->field) = fromUnit(*p.specs[j], u[static_cast<Eigen::Index>(j)]);
    return a;
}

// The predicted value of every measurement; nullopt (and why) when a run has none.
std::optional<Eigen::VectorXd> predictRuns(CalibrationProblem& p, const Eigen::VectorXd& u,
                                           std::string* why) {
    p.catalog.put(withParameters(p, u));
    Eigen::VectorXd out(static_cast<Eigen::Index>(p.runs.size()));
    for (std::size_t i = 0; i < p.runs.size(); ++i) {
        const Measurement& m = (*p.measurements)[i];
        const Results r = evaluate(p.runs[i], p.catalog, p.evaluate_options);
        ++p.evaluations;
        const auto value = m.metric->read(r);
        if (!value) {
            if (why)
                *why = "line " + std::to_string(m.line) + ": " +
                       (r.reasons.empty() ? std::string("the results have no ") + m.metric->id
                                          : r.reasons.front());
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

// The measured runs as designs: the design with each row's assignments applied.
bool buildRuns(const Design& design, const std::vector<Measurement>& measurements,
               CalibrationProblem& p, std::vector<std::string>& reasons) {
    const nlohmann::json document = designToJson(design);
    const bool training = design.workload.mode == WorkloadMode::training;
    for (const Measurement& m : measurements) {
        const std::string where = "line " + std::to_string(m.line) + ": ";
        if (m.metric->training != training) {
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

bool chooseParameters(const CalibrationOptions& options, CalibrationProblem& p,
                      std::vector<std::string>& reasons) {
    const auto& ids = options.fit.empty() ? defaultCalibrationParameters() : options.fit;
    for (const std::string& id : ids) {
        const auto& all = calibrationParameters();
        const auto it = std::find_if(all.begin(), all.end(),
                                     [&](const CalibrationParameterSpec& s) { return id == s.id; });
        if (it == all.end())
            reasons.push_back("no parameter '" + id +
                              "': fit gemm_efficiency_max, gemm_efficiency_fp8, "
                              "attention_efficiency, memory_efficiency, launch_overhead_us or "
                              "gemm_half_efficiency_gflop");
        else if (std::find(p.specs.begin(), p.specs.end(), &*it) == p.specs.end())
            p.specs.push_back(&*it);
    }
    return reasons.empty();
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
        out.parameters.push_back({spec.id, spec.label, p.accelerator.*(spec.field),
                                  fromUnit(spec, u), spec.lower, spec.upper, u <= 0.0 || u >= 1.0});
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
    catalog::Accelerator entry = withParameters(p, end.u);
    const std::string source =
        "calibrated from " + std::to_string(p.runs.size()) + " measurements" +
        (options.measurements_name.empty() ? std::string()
                                           : " (" + options.measurements_name + ")") +
        " by infraplan-cli calibrate";
    for (const auto* spec : p.specs)
        entry.fields[spec->id] = {source, catalog::Provenance::derived};
    entry.overrides_builtin = entry.origin == catalog::Origin::builtin || entry.overrides_builtin;
    entry.origin = catalog::Origin::user;
    out.calibrated = std::move(entry);
}

}  // namespace

const std::vector<CalibrationParameterSpec>& calibrationParameters() {
    using A = catalog::Accelerator;
    static const std::vector<CalibrationParameterSpec> all = {
        {"gemm_efficiency_max", "Large-GEMM efficiency", 0.05, 1.0, &A::gemm_efficiency_max},
        {"gemm_efficiency_fp8", "Large-GEMM efficiency at fp8", 0.05, 1.0, &A::gemm_efficiency_fp8},
        {"attention_efficiency", "Flash-attention efficiency", 0.05, 1.0, &A::attention_efficiency},
        {"memory_efficiency", "Memory-bandwidth efficiency", 0.05, 1.0, &A::memory_efficiency},
        {"launch_overhead_us", "Kernel launch overhead (us)", 0.0, 100.0, &A::launch_overhead_us},
        {"gemm_half_efficiency_gflop", "GEMM size at half efficiency (GFLOP)", 0.001, 100.0,
         &A::gemm_half_efficiency_gflop}};
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
        start.u[static_cast<Eigen::Index>(k)] =
            toUnit(*p.specs[k], p.accelerator.*(p.specs[k]->field));
    std::string why;
    const auto predicted = predictRuns(p, start.u, &why);
    if (!predicted) {
        out.reasons.push_back(why);
        return out;
    }
    start.errors = relativeErrors(*predicted, measured);
    const auto j = jacobian(p, start.u, start.errors, measured);
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

}  // namespace infraplan
