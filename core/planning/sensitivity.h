#pragma once
// Sensitivity (docs/planning.md, "Sensitivity"): the change of a design's headline metrics for
// +/-10% of each hardware and facility input, through the same evaluate() with the input
// changed in a copy of the catalog or the design (no second model), ranked by effect.

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/results/results.h"

namespace infraplan {

// The headline metrics of one evaluation.
struct HeadlineMetrics {
    bool feasible = false;
    std::optional<double> step_time_s;             // training
    std::optional<double> goodput_rps;             // serving
    std::optional<double> usd_per_million_tokens;  // cost.usd_per_million_tokens
    std::optional<double> facility_kw;             // power.facility_kw
    std::optional<double> energy_usd_per_year;     // cost.opex_breakdown.energy_usd
};
HeadlineMetrics headlineMetrics(const Results& results);

// One input moved by `change` (+0.1 or -0.1) and what it did.
struct Perturbation {
    double change = 0;
    HeadlineMetrics metrics;
    // Relative changes against the design as it is; nullopt where either side has no value.
    std::optional<double> performance;  // step time (training) or goodput (serving)
    std::optional<double> usd_per_million_tokens;
    std::optional<double> facility_kw;
    std::optional<double> energy_usd_per_year;
};

struct InputSensitivity {
    std::string input;  // "peak_flops_bf16", "hbm_bandwidth", ... (docs/planning.md)
    std::string label;  // "Peak FLOP/s (bf16)"
    std::string what;   // the catalog entries or design fields it changed
    Perturbation up;    // +10%
    Perturbation down;  // -10%
    double effect = 0;  // the ranking key: the larger |change| of the performance metric
    bool flips_feasibility = false;  // feasible as it is, infeasible at +10% or -10% (or back)
};

struct SensitivityResult {
    HeadlineMetrics base;
    bool training = true;
    std::vector<InputSensitivity> inputs;  // ranked, largest effect first
    std::vector<std::string> reasons;      // why it could not be computed (invalid design, ...)
    bool cancelled = false;
};

struct SensitivityOptions {
    double step = 0.1;  // the relative change of each input
    long long max_devices = 1'000'000;
    const CancelToken* cancel = nullptr;
};

SensitivityResult analyzeSensitivity(const Design& design, const catalog::Catalog& catalog,
                                     const SensitivityOptions& options = {});

}  // namespace infraplan
