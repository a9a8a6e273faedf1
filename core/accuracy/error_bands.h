#pragma once
// The honest error band of each headline figure (docs/results.md, `error_bands`): the spread
// of the engine's residuals on published runs in the design's regime (its accelerator, its
// scale, dense or mixture of experts), read as where the measured value is likely to fall.
//
// The regime's runs: the residuals measured on the design's own accelerator (held-out "test"
// rows when there are at least three, else every row on it). With ten runs or more the band is
// their middle 80% (10th to 90th percentile), with three to nine their whole range. With fewer
// than three on the accelerator, the runs of its vendor (or, failing that, of every vendor) are
// added and the band spans them all, marked not validated, as is a design beyond twice the
// largest run or a mixture of experts where no run was one.

#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/accuracy/validated_residuals.h"
#include "core/design/design.h"
#include "core/results/results.h"

namespace infraplan {

// What the bands are chosen by.
struct AccuracyRegime {
    std::string device;       // catalog accelerator id
    std::string device_name;  // for the basis text: "NVIDIA H100 SXM"
    std::string vendor;
    long long devices = 0;  // training: accelerators used; serving: one replica's tp x pp
    bool moe = false;
};

// The band of one residual metric ("step_time_s", "ttft_ms"...) for `regime`, labelled with the
// results key it covers; nullopt when no run measured that metric.
std::optional<ErrorBand> errorBand(const std::string& resultKey, const std::string& measured,
                                   const AccuracyRegime& regime,
                                   const std::vector<ValidatedResidual>& residuals);

// The bands of a feasible evaluation's headline figures (none for an infeasible one, one
// without a workload section, or a design without an accelerator the catalog knows).
std::vector<ErrorBand> errorBands(const Results& results, const Design& design,
                                  const catalog::Catalog& catalog);

}  // namespace infraplan
