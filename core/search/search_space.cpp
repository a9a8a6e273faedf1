#include "core/search/search_space.h"

#include <algorithm>
#include <cmath>
#include <optional>

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

// Every (tp, pp, cp, ep, dp) that divides the model and fills the devices exactly.
std::vector<SearchLayout> trainingLayouts(const Design& design, const catalog::Model& model,
                                          long long devices, const SearchSpaceLimits& limits) {
    // Context parallelism pays from 8K tokens up (MLPerf's Llama 3.1 405B runs cp 2 at 8,192).
    std::vector<int> cps{1};
    if (design.workload.seq_len >= 8192) cps = {1, 2, 4, 8};
    std::vector<int> eps{1};
    if (model.moe) eps = divisorsUpTo(model.moe->experts, 64);
    std::vector<SearchLayout> layouts;
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

std::vector<int> microbatchSizes(const SearchLayout& l, long long batch,
                                 const TrainingKnobChoices& choices) {
    if (l.dp <= 0 || batch % l.dp != 0) return {};
    const long long local = batch / l.dp;
    if (choices.microbatches.empty()) return divisorsUpTo(local, local);
    std::vector<int> out;
    for (int mb : choices.microbatches)
        if (mb > 0 && local % mb == 0) out.push_back(mb);
    return out;
}

// Interleave factors for a micro-batch size, of those chosen (all when none is): 1, and
// (pp > 1) those dividing the layers per stage whose schedule is valid (micro-batches a
// multiple of pp).
std::vector<int> interleaveFactors(const SearchLayout& l, long long layers, long long batch, int mb,
                                   const TrainingKnobChoices& choices) {
    const bool oneChosen = choices.interleaves.empty() ||
                           std::find(choices.interleaves.begin(), choices.interleaves.end(), 1) !=
                               choices.interleaves.end();
    std::vector<int> out;
    if (oneChosen) out.push_back(1);
    if (l.pp <= 1) return out;
    const long long microBatches = batch / (l.dp * mb);
    if (microBatches % l.pp != 0) return out;
    const long long perStage = layers / l.pp;
    const std::vector<int> all =
        choices.interleaves.empty() ? divisorsUpTo(perStage, perStage) : choices.interleaves;
    for (int v : all)
        if (v > 1 && perStage % v == 0) out.push_back(v);
    return out;
}

std::vector<TrainingOffload> offloadChoices(const Design& design, bool vary) {
    std::vector<TrainingOffload> out{vary ? TrainingOffload{} : design.strategy.offload};
    if (!vary) return out;
    for (const Item& item : design.hardware.items) {
        if (item.kind != ItemKind::memory) continue;
        out.push_back({item.id, true, false, false});
        out.push_back({item.id, true, true, false});
        out.push_back({item.id, true, true, true});
    }
    return out;
}

std::vector<signed char> onOff(bool vary, bool applies) {
    if (!vary || !applies) return {-1};
    return {0, 1};
}

// The knob radices of one layout. The interleave list depends on the micro-batch size, so a
// layout with several valid lists is split into one block per micro-batch size.
void addLayoutBlocks(const SearchLayout& l, const Design& design, const catalog::Model& model,
                     const SearchSpaceLimits& limits, std::vector<SearchSpace::LayoutBlock>& out) {
    const TrainingKnobChoices& k = limits.knobs;
    const long long batch = design.workload.global_batch;
    const std::vector<TrainingOffload> offloads = offloadChoices(design, k.vary_offload);
    for (int mb : microbatchSizes(l, batch, k)) {
        SearchSpace::LayoutBlock b;
        b.layout = l;
        b.microbatch = mb;
        b.interleaves = interleaveFactors(l, model.layers, batch, mb, k);
        b.zero_stages = k.zero_stages;
        b.recomputes = k.recomputes;
        b.sequence_parallel = onOff(k.vary_sequence_parallel, l.tp > 1);
        b.overlap_tp = onOff(k.vary_overlaps, l.tp > 1);
        b.overlap_dp = onOff(k.vary_overlaps, l.dp > 1);
        b.offloads = offloads;
        b.count = b.interleaves.size() * b.zero_stages.size() * b.recomputes.size() *
                  b.sequence_parallel.size() * b.overlap_tp.size() * b.overlap_dp.size() *
                  b.offloads.size();
        if (b.count > 0) out.push_back(std::move(b));
    }
}

// Expert-parallel degrees for serving: powers of two dividing the TP group (the engine models
// EP inside it) and the experts; the design's own degree for a dense model.
std::vector<int> servingExpertDegrees(const catalog::Model& model, int tp, int designEp) {
    if (!model.moe || model.moe->experts <= 0) return {designEp};
    std::vector<int> out;
    for (int ep : powersOfTwoUpTo(tp))
        if (model.moe->experts % ep == 0) out.push_back(ep);
    return out;
}

// How the replicas serve: all mixed (no disaggregation), or split into a prefill and a decode
// pool at k/steps of the replicas, steps = min(replicas, 8): every split up to 8 replicas, else
// seven an eighth apart (steps more than one replica apart round to distinct splits), so a
// large cluster does not multiply the space by its size.
std::vector<std::optional<Disaggregation>> replicaSplits(int replicas, bool vary) {
    std::vector<std::optional<Disaggregation>> out{std::nullopt};
    if (!vary) return out;
    const int steps = std::min(replicas, 8);
    for (int k = 1; k < steps; ++k) {
        const int prefill = static_cast<int>(std::lround(double(replicas) * k / steps));
        out.push_back(Disaggregation{prefill, replicas - prefill});
    }
    return out;
}

// Speculative settings: off, or the design's draft model proposing 2, 4, 6 or 8 tokens per
// verification (its acceptance rate is a property of the draft/target pair and the data, so it
// is kept). Without a draft model in the design there is nothing to vary.
std::vector<std::optional<SpeculativeOptions>> speculativeSettings(const Strategy& base,
                                                                   bool vary) {
    if (!base.speculative || !vary) return {base.speculative};
    std::vector<std::optional<SpeculativeOptions>> out{std::nullopt};
    for (int tokens : {2, 4, 6, 8}) {
        SpeculativeOptions spec = *base.speculative;
        spec.draft_tokens = tokens;
        out.push_back(spec);
    }
    return out;
}

// The serving layouts: tp (dividing the heads), pp 1, 2 or 4 (dividing the layers), ep, and how
// the replicas that fill the devices are pooled.
std::vector<Strategy> servingLayouts(const Design& design, const catalog::Model& model,
                                     long long devices, const SearchSpaceLimits& limits) {
    std::vector<Strategy> out;
    for (int tp : powersOfTwoUpTo(std::min<long long>(limits.max_tp, devices))) {
        if (model.heads % tp != 0) continue;
        for (int pp : {1, 2, 4}) {
            if (model.layers % pp != 0 || devices < static_cast<long long>(tp) * pp) continue;
            const int replicas = static_cast<int>(devices / (static_cast<long long>(tp) * pp));
            for (int ep : servingExpertDegrees(model, tp, design.strategy.ep))
                for (const auto& split : replicaSplits(replicas, limits.serving.vary_pools)) {
                    Strategy s = design.strategy;
                    s.tp = tp;
                    s.pp = pp;
                    s.ep = ep;
                    s.replicas = split ? 0 : replicas;
                    s.disaggregated = split;
                    out.push_back(std::move(s));
                }
        }
    }
    return out;
}

// Each serving layout with each speculative setting and max batch 16 to 256.
std::vector<Strategy> inferenceCandidates(const Design& design, const catalog::Model& model,
                                          long long devices, const SearchSpaceLimits& limits) {
    std::vector<Strategy> out;
    const auto speculative = speculativeSettings(design.strategy, limits.serving.vary_speculative);
    for (const Strategy& layout : servingLayouts(design, model, devices, limits))
        for (const auto& spec : speculative)
            for (int maxBatch : {16, 32, 64, 128, 256}) {
                Strategy s = layout;
                s.speculative = spec;
                s.max_batch = maxBatch;
                out.push_back(std::move(s));
            }
    return out;
}

// Digit `radix`-ary of `rest`, least significant first.
std::size_t takeDigit(std::size_t& rest, std::size_t radix) {
    const std::size_t digit = rest % radix;
    rest /= radix;
    return digit;
}

}  // namespace

SearchSpace::SearchSpace(const Design& design, const catalog::Model& model, long long devices,
                         const SearchSpaceLimits& limits)
    : m_base(design.strategy) {
    if (devices <= 0 || model.layers <= 0 || model.heads <= 0) return;
    if (design.workload.mode == WorkloadMode::training) {
        for (const SearchLayout& l : trainingLayouts(design, model, devices, limits))
            addLayoutBlocks(l, design, model, limits, m_layouts);
        std::size_t next = 0;
        for (LayoutBlock& b : m_layouts) {
            b.first = next;
            next += b.count;
        }
        m_whole = static_cast<long long>(next);
    } else {
        m_inference = inferenceCandidates(design, model, devices, limits);
        m_whole = static_cast<long long>(m_inference.size());
    }
    m_size = static_cast<std::size_t>(std::clamp<long long>(m_whole, 0, limits.max_candidates));
}

std::size_t SearchSpace::blockOf(std::size_t index) const {
    const auto it =
        std::upper_bound(m_layouts.begin(), m_layouts.end(), index,
                         [](std::size_t i, const LayoutBlock& b) { return i < b.first; });
    return static_cast<std::size_t>(it - m_layouts.begin()) - 1;
}

std::vector<std::size_t> SearchSpace::layoutStarts() const {
    std::vector<std::size_t> starts;
    for (std::size_t b = 0; b < m_layouts.size() && m_layouts[b].first < m_size; ++b)
        if (b == 0 || !(m_layouts[b].layout == m_layouts[b - 1].layout))
            starts.push_back(m_layouts[b].first);
    return starts;
}

Strategy SearchSpace::at(std::size_t index) const {
    if (m_layouts.empty()) return m_inference.at(index);
    const LayoutBlock& b = m_layouts[blockOf(index)];
    std::size_t rest = index - b.first;
    // Innermost first: the cheap knobs vary fastest, so a layout's candidates are contiguous.
    const TrainingOffload& offload = b.offloads[takeDigit(rest, b.offloads.size())];
    const signed char overlapDp = b.overlap_dp[takeDigit(rest, b.overlap_dp.size())];
    const signed char overlapTp = b.overlap_tp[takeDigit(rest, b.overlap_tp.size())];
    const signed char sp = b.sequence_parallel[takeDigit(rest, b.sequence_parallel.size())];
    const Recompute recompute = b.recomputes[takeDigit(rest, b.recomputes.size())];
    const int zero = b.zero_stages[takeDigit(rest, b.zero_stages.size())];
    const int interleave = b.interleaves[takeDigit(rest, b.interleaves.size())];

    Strategy s = m_base;
    const SearchLayout& l = b.layout;
    if (l.pp != s.pp) s.pipeline_split = splitRulesOnly(s.pipeline_split);
    s.tp = l.tp;
    s.pp = l.pp;
    s.cp = l.cp;
    s.ep = l.ep;
    s.dp = static_cast<int>(l.dp);
    s.microbatch = b.microbatch;
    s.zero = zero;
    s.recompute = recompute;
    s.sequence_parallel = sp < 0 ? l.tp > 1 : sp == 1;
    if (overlapTp >= 0) s.overlap_tp = overlapTp == 1;
    if (overlapDp >= 0) s.overlap_dp = overlapDp == 1;
    s.offload = offload;
    s.interleave = interleave;
    s.schedule = interleave > 1 ? PipelineSchedule::interleaved : PipelineSchedule::one_f_one_b;
    return s;
}

}  // namespace infraplan
