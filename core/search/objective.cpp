#include "core/search/objective.h"

#include <cmath>

#include "core/search/strategy_search.h"

namespace infraplan {
namespace {

std::optional<Score> finite(double value, const char* unit) {
    if (!std::isfinite(value) || value <= 0) return std::nullopt;
    return Score{value, unit};
}

std::optional<Score> trainingScore(SearchObjective objective, const Workload& workload,
                                   const Results& r) {
    const TrainingResults& t = *r.training;
    if (t.tokens_per_s <= 0) return std::nullopt;
    const auto* facility = r.facility ? &*r.facility : nullptr;
    switch (objective) {
        case SearchObjective::time:
            if (workload.train_tokens > 0) {
                if (facility && facility->reliability && facility->reliability->wall_days)
                    return finite(*facility->reliability->wall_days, "days to train");
                return finite(t.time_to_train_days, "days to train");
            }
            return finite(t.step_time_s, "seconds per step");
        case SearchObjective::cost:
            if (facility && facility->cost.training_run_usd)
                return finite(*facility->cost.training_run_usd, "USD per training run");
            [[fallthrough]];
        case SearchObjective::cost_per_token:
            // The facility model's figure (whole cluster, interruptions included): the one the
            // dashboard and the report show.
            if (facility && facility->cost.usd_per_million_tokens &&
                *facility->cost.usd_per_million_tokens > 0)
                return finite(*facility->cost.usd_per_million_tokens,
                              "USD per million training tokens");
            return finite(double(t.devices_used) / t.tokens_per_s * 1e6,
                          "device-seconds per million tokens");
        case SearchObjective::energy:
            if (facility && facility->energy.joules_per_token)
                return finite(*facility->energy.joules_per_token, "joules per token");
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<Score> inferenceScore(SearchObjective objective, const Results& r) {
    const InferenceResults& i = *r.inference;
    const auto* facility = r.facility ? &*r.facility : nullptr;
    switch (objective) {
        case SearchObjective::time:
            return finite(i.e2e_ms.mean, "mean request latency (ms)");
        case SearchObjective::cost:
        case SearchObjective::cost_per_token:
            if (facility && facility->cost.usd_per_million_tokens)
                return finite(*facility->cost.usd_per_million_tokens, "USD per million tokens");
            if (i.output_tokens_per_s <= 0) return std::nullopt;
            return finite(double(r.devices) / i.output_tokens_per_s * 1e6,
                          "device-seconds per million output tokens");
        case SearchObjective::energy:
            if (facility && facility->energy.joules_per_token)
                return finite(*facility->energy.joules_per_token, "joules per output token");
            return std::nullopt;
    }
    return std::nullopt;
}

}  // namespace

std::optional<Score> objectiveScore(SearchObjective objective, const Workload& workload,
                                    const Results& results) {
    if (!results.feasible) return std::nullopt;
    if (results.training) return trainingScore(objective, workload, results);
    if (results.inference) return inferenceScore(objective, results);
    return std::nullopt;
}

}  // namespace infraplan
