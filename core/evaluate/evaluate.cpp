#include "core/evaluate/evaluate.h"

#include "core/design/resolve.h"
#include "core/perf/training_engine.h"
#include "core/perf/inference_engine.h"

namespace infraplan {

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& /*options*/) {
    Results results;
    results.devices = summarizeDevices(design, catalog).devices;
    if (design.workload.mode == WorkloadMode::training) evaluateTraining(design, catalog, results);
    if (design.workload.mode == WorkloadMode::inference)
        evaluateInference(design, catalog, nullptr, results);
    return results;
}

}  // namespace infraplan
