#pragma once
// The strategies worth trying for a design: every parallel layout that divides the model and
// the devices, times the options that trade memory or overlap for time. The space is never
// materialised: a candidate is an index in a mixed-radix space (layout, then the knobs of that
// layout), decoded on demand, so a space of millions costs a few kilobytes.

#include <cstddef>
#include <vector>

#include "catalog/entries.h"
#include "core/design/design.h"

namespace infraplan {

// The memory/schedule options a training search varies for each layout. The defaults are the
// whole set; hardware sizing narrows them so that a sweep over many clusters stays short.
struct TrainingKnobChoices {
    std::vector<int> microbatches;  // empty = every size dividing the local batch (batch / dp)
    std::vector<int> zero_stages{0, 1, 2, 3};
    std::vector<Recompute> recomputes{Recompute::none, Recompute::selective, Recompute::full};
    // Empty = every factor dividing the layers per stage (pp > 1) whose schedule is valid
    // (micro-batches a multiple of pp).
    std::vector<int> interleaves;
    // Off: sequence parallelism on whenever tp > 1 (not searched).
    bool vary_sequence_parallel = true;
    // Off: the design's overlap_tp and overlap_dp (not searched).
    bool vary_overlaps = true;
    // Off: the design's offload (not searched). On: nothing offloaded, or the optimizer state,
    // optimizer + weights, or optimizer + weights + activations to each memory item.
    bool vary_offload = true;
};

// What a serving search varies besides tp, pp, ep and the max batch.
struct ServingKnobChoices {
    // Off: every replica serves both phases (the design's disaggregation is dropped).
    bool vary_pools = true;
    // Off: the design's speculative decoding, as it is.
    bool vary_speculative = true;
};

struct SearchSpaceLimits {
    int max_tp = 64;         // tensor parallelism beyond a scale-up domain rarely pays
    int max_pp = 1'000'000;  // pipeline degrees above this are not tried
    // Every pipeline degree up to max_pp (uneven stages by the default rule), not only the
    // divisors of the layers and powers of two: a cluster of 3 x 2^k devices then still
    // divides a power-of-two batch (pp 3, 6, 12).
    bool every_pipeline_degree = false;
    long long max_candidates = 5'000'000;  // the space is cut here (reported as truncated)
    TrainingKnobChoices knobs;
    ServingKnobChoices serving;
};

// The parallel layout of a candidate: what the placement and the comm model depend on.
struct SearchLayout {
    int tp = 1, pp = 1, cp = 1, ep = 1;
    long long dp = 1;
    bool operator==(const SearchLayout&) const = default;
};

class SearchSpace {
public:
    SearchSpace() = default;
    // Training: tp (dividing heads), pp (dividing layers, plus powers of two), cp (long
    // sequences), ep (MoE), dp = devices / (tp·pp·cp), then the knobs. Inference: tp, pp,
    // ep (MoE, inside the TP group), the replicas filling the devices, mixed or split into
    // prefill and decode pools, speculative draft length (when the design has a draft model),
    // max batch. Fields not varied keep the design's values.
    SearchSpace(const Design& design, const catalog::Model& model, long long devices,
                const SearchSpaceLimits& limits = {});

    std::size_t size() const { return m_size; }  // candidates searched (at most the limit)
    long long whole() const { return m_whole; }  // candidates in the whole space
    bool truncated() const { return static_cast<long long>(m_size) < m_whole; }
    // Candidate `index` (< size()) as a strategy.
    Strategy at(std::size_t index) const;
    // The first index of each layout's stretch of candidates, in order (training; empty for
    // inference): a worker that takes a whole stretch builds that layout's comm model once.
    std::vector<std::size_t> layoutStarts() const;

    struct LayoutBlock;  // a layout, one micro-batch size and the radices of the other knobs
private:
    std::size_t blockOf(std::size_t index) const;

    Strategy m_base;
    std::vector<LayoutBlock> m_layouts;  // training; in index order
    std::vector<Strategy> m_inference;   // inference: small, listed
    std::size_t m_size = 0;
    long long m_whole = 0;
};

struct SearchSpace::LayoutBlock {
    SearchLayout layout;
    int microbatch = 1;
    std::vector<int> interleaves;
    std::vector<int> zero_stages;
    std::vector<Recompute> recomputes;
    std::vector<signed char> sequence_parallel, overlap_tp, overlap_dp;  // 0/1; -1 = design's
    std::vector<TrainingOffload> offloads;
    std::size_t first = 0;  // index of its first candidate
    std::size_t count = 0;
};

}  // namespace infraplan
