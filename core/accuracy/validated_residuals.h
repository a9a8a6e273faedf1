#pragma once
// The engine's residuals on the published runs of the validation set
// (tests/data/validation/training.csv and serving.csv): predicted / measured - 1 per run, as
// the engines stand. Compiled in from core/accuracy/data/residuals-*.csv; the validation tests
// (tst_training_validation, tst_inference_validation) fail when a file no longer matches the
// engine and rewrite it on request (INFRAPLAN_WRITE_RESIDUALS=<path>). The error bands
// (error_bands.h) are drawn from them.

#include <string>
#include <string_view>
#include <vector>

#include "catalog/embedded_data.h"

namespace infraplan {

struct ValidatedResidual {
    std::string id;      // the validation row's id
    std::string split;   // "fit" (constants were fitted on it) or "test"
    std::string family;  // the publication: "mlperf-nvidia", "torchtitan-2024", ...
    std::string device;  // catalog accelerator id
    std::string vendor;  // catalog vendor: "NVIDIA", "AMD", "Intel", ...
    // What was measured: "step_time_s" (training), "ttft_ms", "tpot_ms" or
    // "output_tokens_per_s" (serving; per-GPU throughput is the same ratio).
    std::string metric;
    // The parallel group it ran on: all accelerators of a training run; the model-parallel
    // group (tp x pp) of one serving replica.
    long long devices = 0;
    bool moe = false;
    double residual = 0;  // predicted / measured - 1
};

// Every residual of the compiled-in files, parsed once. A file that does not parse adds nothing
// (no bands from it): a build defect the validation tests catch.
const std::vector<ValidatedResidual>& validatedResiduals();

// The file format, both ways: a header line, then one row per residual.
std::vector<ValidatedResidual> parseResiduals(std::string_view text, std::string* error);
std::string residualsCsv(const std::vector<ValidatedResidual>& residuals);

}  // namespace infraplan

namespace infraplan::catalog {
// core/accuracy/data/*.csv, compiled in (core/CMakeLists.txt).
const std::vector<EmbeddedFile>& validatedResidualFiles();
}  // namespace infraplan::catalog
