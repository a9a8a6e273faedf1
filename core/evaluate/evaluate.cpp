#include "core/evaluate/evaluate.h"

namespace infraplan {

Results evaluate(const Design& /*design*/, const catalog::Catalog& /*catalog*/,
                 const EvaluateOptions& /*options*/) {
    Results results;
    return results;
}

}  // namespace infraplan
