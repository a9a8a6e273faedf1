#pragma once
// Calibration (docs/planning.md, "Calibration"): fit the efficiency parameters of the design's
// accelerator to what the user measured, by bounded least squares on the relative errors, all
// through evaluate() (no second model). The result is a catalog override of that
// accelerator whose fitted fields say "calibrated from N measurements".

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.h"
#include "catalog/entry_json.h"
#include "core/common/cancel.h"
#include "core/design/design.h"
#include "core/planning/calibration_input.h"

namespace infraplan {

// Which catalog entries a parameter lives in: the design's accelerator, or every scale-up or
// scale-out link entry the design uses (they take the same fitted value).
enum class CalibratedPart : std::uint8_t { accelerator, scaleup_links, scaleout_links };

// One fittable field, with the range a fit may move it in.
struct CalibrationParameterSpec {
    const char* id;  // accelerator: the catalog field name; links: scaleup_/scaleout_ + it
    const char* label;
    double lower;
    double upper;
    double catalog::Accelerator::*field = nullptr;  // part == accelerator
    CalibratedPart part = CalibratedPart::accelerator;
    double catalog::Link::*link_field = nullptr;  // the link parts
    const char* link_field_name = "";             // ... its catalog field name
};
// gemm_efficiency_max, gemm_efficiency_fp8, attention_efficiency, memory_efficiency,
// launch_overhead_us, gemm_half_efficiency_gflop; scaleup_ and scaleout_ collective_efficiency
// and collective_latency_us.
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
    // The override entries (the accelerator and/or links whose fields were fitted), each with
    // the fitted values; empty when refused.
    std::vector<catalog::AnyEntry> calibrated;
    std::vector<std::string> reasons;  // why it was refused
    bool cancelled = false;
    bool ok() const { return !calibrated.empty(); }
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

// "nvidia-h100-sxm, nvlink4": the catalog ids of the calibrated entries, sorted (joinedIds).
std::string calibratedIds(const CalibrationResult& result);

}  // namespace infraplan
