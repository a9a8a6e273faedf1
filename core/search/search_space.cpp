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

void addTraining(const Design& design, const catalog::Model& model, long long devices,
                 const SearchSpaceLimits& limits, SearchSpace& space) {
    const Strategy& base = design.strategy;
    const long long batch = design.workload.global_batch;
    std::vector<int> cps{1};
    if (design.workload.seq_len >= 16384) cps = {1, 2, 4, 8};
    std::vector<int> eps{1};
    if (model.moe) eps = divisorsUpTo(model.moe->experts, 64);

    auto push = [&](Strategy s) {
        if (static_cast<int>(space.candidates.size()) >= limits.max_candidates) {
            space.truncated = true;
            return false;
        }
        space.candidates.push_back(std::move(s));
        return true;
    };

    for (int tp : powersOfTwoUpTo(std::min<long long>(limits.max_tp, devices))) {
        if (model.heads % tp != 0) continue;
        for (int pp : divisorsUpTo(model.layers, devices / tp)) {
            for (int cp : cps) {
                const long long ranks = static_cast<long long>(tp) * pp * cp;
                if (devices % ranks != 0) continue;
                const long long dp = devices / ranks;
                for (int ep : eps) {
                    if ((dp * tp * cp) % ep != 0) continue;
                    for (int mb : {1, 2, 4, 8}) {
                        if (batch % (dp * mb) != 0) continue;
                        for (int zero = 0; zero <= 3; ++zero) {
                            for (Recompute rc :
                                 {Recompute::none, Recompute::selective, Recompute::full}) {
                                for (int v : {1, 2, 4}) {
                                    if (v > 1 && (pp == 1 || (model.layers / pp) % v != 0))
                                        continue;
                                    Strategy s = base;
                                    s.tp = tp;
                                    s.pp = pp;
                                    s.cp = cp;
                                    s.ep = ep;
                                    s.dp = static_cast<int>(dp);
                                    s.microbatch = mb;
                                    s.zero = zero;
                                    s.recompute = rc;
                                    s.sequence_parallel = tp > 1;
                                    s.interleave = v;
                                    s.schedule = v > 1 ? PipelineSchedule::interleaved
                                                       : PipelineSchedule::one_f_one_b;
                                    if (!push(std::move(s))) return;
                                }
                            }
                        }
                    }
                }
            }
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
