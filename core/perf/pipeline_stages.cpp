#include "core/perf/pipeline_stages.h"

#include <algorithm>
#include <numeric>

namespace infraplan {
namespace {

std::string str(long long v) {
    return std::to_string(v);
}

// `units` over `stages` as evenly as they go; the stages left over take one more, middle
// stages first (the first holds the embedding, the last the LM head and the loss), then the
// first, then the last.
std::vector<int> balanced(int units, int stages) {
    std::vector<int> out(static_cast<std::size_t>(stages), units / stages);
    int extra = units % stages;
    std::vector<int> order;
    for (int i = 1; i + 1 < stages; ++i)
        order.push_back(i);
    order.push_back(0);
    if (stages > 1) order.push_back(stages - 1);
    for (int i : order) {
        if (extra == 0) break;
        ++out[static_cast<std::size_t>(i)];
        --extra;
    }
    return out;
}

StageSplit fail(std::string why) {
    StageSplit s;
    s.error = std::move(why);
    return s;
}

StageSplit explicitList(const std::vector<int>& list, int layers, int pp) {
    if (static_cast<int>(list.size()) != pp)
        return fail("strategy.pipeline_layers lists " + str(long(list.size())) + " stages; pp is " +
                    str(pp));
    const long long sum = std::accumulate(list.begin(), list.end(), 0LL);
    if (sum != layers)
        return fail("strategy.pipeline_layers adds up to " + str(sum) + " layers; the model has " +
                    str(layers));
    return {list, "as strategy.pipeline_layers lists", ""};
}

// Megatron-Core's num_layers_in_first/last_pipeline_stage: the given ends, the other layers
// spread over the middle stages (Megatron requires them to divide; here they are balanced).
StageSplit firstLast(const PipelineSplit& s, int layers, int pp) {
    if (s.account_for_embedding || s.account_for_loss)
        return fail(
            "strategy: first_stage_layers/last_stage_layers cannot be combined with "
            "account_for_embedding/account_for_loss (Megatron-Core refuses it too)");
    if (pp < 2) return fail("strategy.first_stage_layers/last_stage_layers need pp of 2 or more");
    const int first = s.first_stage_layers, last = s.last_stage_layers;
    const int fixed = std::max(0, first) + std::max(0, last);
    const int free = pp - (first >= 0) - (last >= 0);
    if (fixed > layers || (free == 0 && fixed != layers))
        return fail("strategy: first_stage_layers + last_stage_layers = " + str(fixed) +
                    " do not fit the model's " + str(layers) + " layers over pp=" + str(pp));
    std::vector<int> out;
    if (free > 0) {
        const std::vector<int> middle = balanced(layers - fixed, free);
        out.assign(middle.begin(), middle.end());
    }
    if (first >= 0) out.insert(out.begin(), first);
    if (last >= 0) out.push_back(last);
    return {out, "first/last stage layers as the strategy sets them", ""};
}

// Megatron-Core's account_for_embedding/loss_in_pipeline_split: the embedding and the loss
// count as one layer each, the units are split evenly and the first (last) stage holds one
// transformer layer fewer.
StageSplit accounted(int layers, int pp, bool embedding, bool loss) {
    const int units = layers + embedding + loss;
    std::vector<int> out = balanced(units, pp);
    if (embedding) --out.front();
    if (loss) --out.back();
    if (std::any_of(out.begin(), out.end(), [](int n) { return n < 0; }))
        return fail("strategy: pp=" + str(pp) + " is more stages than the model's " + str(layers) +
                    " layers with the embedding and loss counted");
    return {out, "embedding and loss counted as layers (Megatron-Core)", ""};
}

}  // namespace

bool StageSplit::even() const {
    return std::adjacent_find(layers.begin(), layers.end(), std::not_equal_to<>()) == layers.end();
}

StageSplit splitPipelineLayers(const PipelineSplit& s, int layers, int pp) {
    if (pp < 1 || layers < 0) return fail("strategy.pp must be at least 1");
    if (!s.layers.empty()) return explicitList(s.layers, layers, pp);
    if (s.first_stage_layers >= 0 || s.last_stage_layers >= 0) return firstLast(s, layers, pp);
    if (s.account_for_embedding || s.account_for_loss)
        return accounted(layers, pp, s.account_for_embedding, s.account_for_loss);
    // Default rule: even when pp divides the layers; else Megatron-Core/NeMo's split with the
    // embedding and the loss counted as layers when that divides; else balanced.
    if (layers % pp == 0) return {balanced(layers, pp), "even", ""};
    if (pp > 1 && (layers + 2) % pp == 0) {
        StageSplit out = accounted(layers, pp, true, true);
        out.rule = "by default, " + out.rule;
        out.by_default = true;
        return out;
    }
    StageSplit out;
    out.layers = balanced(layers, pp);
    out.rule = "by default, balanced with the extra layers on the middle stages";
    out.by_default = true;
    if (std::any_of(out.layers.begin(), out.layers.end(), [](int n) { return n == 0; }))
        return fail("pp=" + str(pp) + " is more stages than the model's " + str(layers) +
                    " layers");
    return out;
}

std::vector<StageLoad> stageLoads(const std::vector<int>& split, int leading_dense) {
    std::vector<StageLoad> out;
    int start = 0;
    for (std::size_t i = 0; i < split.size(); ++i) {
        StageLoad st;
        const int n = std::max(0, split[i]);
        st.dense_layers = std::clamp(leading_dense - start, 0, n);
        st.moe_layers = n - st.dense_layers;
        st.first = i == 0;
        st.last = i + 1 == split.size();
        out.push_back(st);
        start += n;
    }
    return out;
}

std::string describeSplit(const std::vector<int>& split) {
    std::string out = "[";
    for (std::size_t i = 0; i < split.size();) {
        std::size_t j = i;
        while (j < split.size() && split[j] == split[i])
            ++j;
        if (i > 0) out += ", ";
        out += str(split[i]);
        if (j - i > 1) out += " x " + str(long(j - i));
        i = j;
    }
    return out + "]";
}

}  // namespace infraplan
