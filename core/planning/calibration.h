#pragma once
// Calibration (docs/planning.md, "Calibration"): fit the efficiency parameters of the design's
// accelerator to what the user measured, by bounded least squares on the relative errors, all
// through evaluate() (no second model). The result is a catalog override of that
// accelerator whose fitted fields say "calibrated from N measurements".

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/planning/calibration_input.h"

namespace infraplan {

// One fittable field of an accelerator entry, with the range a fit may move it in.
struct CalibrationParameterSpec {
    const char* id;  // the catalog field name
    const char* label;
    double lower;
    double upper;
    double catalog::Accelerator::*field;
};
// gemm_efficiency_max, memory_efficiency, launch_overhead_us, gemm_half_efficiency_gflop.
const std::vector<CalibrationParameterSpec>& calibrationParameters();
// The parameters fitted when the user names none.
const std::vector<std::string>& defaultCalibrationParameters();

struct FittedParameter {
    std::string id;
    std::string label;
    double before = 0;  // the catalog's value
    double after = 0;   // the fitted value
    double lower = 0;
    double upper = 0;
    bool at_bound = false;  // the fit wanted to go past a bound
};

struct CalibratedRow {
    int line = 0;
    std::string metric;
    std::string note;
    double measured = 0;
    double before = 0;  // predicted with the catalog's values
    double after = 0;   // predicted with the fitted values
};

struct CalibrationResult {
    std::string accelerator;  // the catalog id calibrated
    std::vector<FittedParameter> parameters;
    std::vector<CalibratedRow> rows;
    // Root mean square and largest |relative error| over the rows, before and after.
    double rms_before = 0, rms_after = 0, max_before = 0, max_after = 0;
    int iterations = 0;
    int evaluations = 0;
    std::optional<catalog::Accelerator> calibrated;  // the override entry (nullopt if refused)
    std::vector<std::string> reasons;                // why it was refused
    bool cancelled = false;
    bool ok() const { return calibrated.has_value(); }
};

struct CalibrationOptions {
    std::vector<std::string> fit;        // parameter ids; empty = the defaults
    std::string measurements_name = "";  // the file's name, for the entry's source
    int max_iterations = 40;
    long long max_devices = 1'000'000;
    const CancelToken* cancel = nullptr;
};

CalibrationResult calibrate(const Design& design, const catalog::Catalog& catalog,
                            const std::vector<Measurement>& measurements,
                            const CalibrationOptions& options = {});

}  // namespace infraplan
