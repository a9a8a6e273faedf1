#include "core/evaluate/evaluate.h"

#include "core/perf/inference_engine.h"

namespace infraplan {

Results evaluate(const Design& design, const catalog::Catalog& catalog,
                 const EvaluateOptions& /*options*/) {
    Results results;
    if (design.workload.mode == WorkloadMode::inference)
        evaluateInference(design, catalog, nullptr, results);
    return results;
}

}  // namespace infraplan
