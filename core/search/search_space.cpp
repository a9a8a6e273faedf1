#include "core/search/search_space.h"

#include <algorithm>

namespace infraplan {
namespace {

std::vector<int> divisorsUpTo(long long n, long long limit) {
    std::vector<int> out;
    for (long long d = 1; d <= std::min(n, limit); ++d)
        if (n % d == 0) out.push_back(static_cast<int>(d));
    return out;
}

std::vector<int> powersOfTwoUpTo(long long limit) {
    std::vector<int> out;
    for (long long p = 1; p <= limit; p *= 2)
        out.push_back(static_cast<int>(p));
    return out;
}

// Pipeline degrees to try: those that divide the layers, and powers of two that do not
// (their stages split unevenly by the engine's default rule, docs/training-engine.md); or
// every degree up to the limit when asked.
std::vector<int> pipelineDegrees(long long layers, long long limit, bool every) {
    if (every) {
        std::vector<int> all;
        for (long long p = 1; p <= std::min(layers, limit); ++p)
            all.push_back(static_cast<int>(p));
        return all;
    }
    std::vector<int> out = divisorsUpTo(layers, limit);
    for (int p : powersOfTwoUpTo(std::min(layers, limit)))
        if (layers % p != 0) out.push_back(p);
    return out;
}

struct Layout {
    int tp, pp, cp, ep;
    long long dp;
};

// Every (tp, pp, cp, ep, dp) that divides the model and fills the devices exactly.
std::vector<Layout> trainingLayouts(const Design& design, const catalog::Model& model,
                                    long long devices, const SearchSpaceLimits& limits) {
    std::vector<int> cps{1};
    if (design.workload.seq_len >= 16384) cps = {1, 2, 4, 8};
    std::vector<int> eps{1};
    if (model.moe) eps = divisorsUpTo(model.moe->experts, 64);
    std::vector<Layout> layouts;
    for (int tp : powersOfTwoUpTo(std::min<long long>(limits.max_tp, devices))) {
        if (model.heads % tp != 0) continue;
        for (int pp :
             pipelineDegrees(model.layers, std::min<long long>(devices / tp, limits.max_pp),
                             limits.every_pipeline_degree)) {
            for (int cp : cps) {
                const long long ranks = static_cast<long long>(tp) * pp * cp;
                if (devices % ranks != 0) continue;
                const long long dp = devices / ranks;
                for (int ep : eps)
                    if ((dp * tp * cp) % ep == 0) layouts.push_back({tp, pp, cp, ep, dp});
            }
        }
    }
    return layouts;
}

// A design's explicit stage layer counts hold for its own pp only; at another pp the
// candidate keeps the rules (embedding and loss counted as layers) and splits by them.
PipelineSplit splitRulesOnly(const PipelineSplit& split) {
    PipelineSplit rules;
    rules.account_for_embedding = split.account_for_embedding;
    rules.account_for_loss = split.account_for_loss;
    return rules;
}

// The options that trade memory for time, for one layout.
struct Knobs {
    int microbatch, zero, interleave;
    Recompute recompute;
};

std::vector<Knobs> trainingKnobs(const Layout& l, const catalog::Model& model, long long batch,
                                 const TrainingKnobChoices& choices) {
    std::vector<Knobs> knobs;
    for (int mb : choices.microbatches) {
        if (batch % (l.dp * mb) != 0) continue;
        for (int zero : choices.zero_stages)
            for (Recompute rc : choices.recomputes)
                for (int v : choices.interleaves)
                    if (v == 1 || (l.pp > 1 && (model.layers / l.pp) % v == 0))
                        knobs.push_back({mb, zero, v, rc});
    }
    return knobs;
}

void addTraining(const Design& design, const catalog::Model& model, long long devices,
                 const SearchSpaceLimits& limits, SearchSpace& space) {
    for (const Layout& l : trainingLayouts(design, model, devices, limits)) {
        for (const Knobs& k : trainingKnobs(l, model, design.workload.global_batch, limits.knobs)) {
            if (static_cast<int>(space.candidates.size()) >= limits.max_candidates) {
                space.truncated = true;
                return;
            }
            Strategy s = design.strategy;
            if (l.pp != s.pp) s.pipeline_split = splitRulesOnly(s.pipeline_split);
            s.tp = l.tp;
            s.pp = l.pp;
            s.cp = l.cp;
            s.ep = l.ep;
            s.dp = static_cast<int>(l.dp);
            s.microbatch = k.microbatch;
            s.zero = k.zero;
            s.recompute = k.recompute;
            s.sequence_parallel = l.tp > 1;
            s.interleave = k.interleave;
            s.schedule =
                k.interleave > 1 ? PipelineSchedule::interleaved : PipelineSchedule::one_f_one_b;
            space.candidates.push_back(std::move(s));
        }
    }
}

void addInference(const Design& design, const catalog::Model& model, long long devices,
                  const SearchSpaceLimits& limits, SearchSpace& space) {
    const Strategy& base = design.strategy;
    for (int tp : powersOfTwoUpTo(std::min<long long>(limits.max_tp, devices))) {
        if (model.heads % tp != 0) continue;
        for (int pp : {1, 2, 4}) {
            if (model.layers % pp != 0 || devices < static_cast<long long>(tp) * pp) continue;
            for (int maxBatch : {16, 32, 64, 128, 256}) {
                Strategy s = base;
                s.tp = tp;
                s.pp = pp;
                s.replicas = static_cast<int>(devices / (static_cast<long long>(tp) * pp));
                s.max_batch = maxBatch;
                s.disaggregated.reset();
                space.candidates.push_back(std::move(s));
            }
        }
    }
}

}  // namespace

SearchSpace enumerateStrategies(const Design& design, const catalog::Model& model,
                                long long devices, const SearchSpaceLimits& limits) {
    SearchSpace space;
    if (devices <= 0 || model.layers <= 0 || model.heads <= 0) return space;
    if (design.workload.mode == WorkloadMode::training)
        addTraining(design, model, devices, limits, space);
    else
        addInference(design, model, devices, limits, space);
    return space;
}

}  // namespace infraplan
