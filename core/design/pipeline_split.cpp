#include "core/design/pipeline_split.h"

#include <algorithm>
#include <numeric>

namespace infraplan {
namespace {

// `units` over `stages` as evenly as they go; the stages left over take one more, middle
// stages first (the first holds the embedding, the last the LM head and the loss), then the
// first, then the last.
std::vector<int> balanced(int units, int stages) {
    std::vector<int> out(static_cast<std::size_t>(stages), units / stages);
    int extra = units % stages;
    const auto give = [&](int stage) {
        if (extra == 0) return;
        ++out[static_cast<std::size_t>(stage)];
        --extra;
    };
    for (int i = 1; i + 1 < stages; ++i)
        give(i);
    give(0);
    if (stages > 1) give(stages - 1);
    return out;
}

StageSplit fail(std::string at, std::string why) {
    StageSplit s;
    s.error_at = std::move(at);
    s.error = std::move(why);
    return s;
}

StageSplit explicitList(const std::vector<int>& list, int layers, int pp) {
    if (static_cast<int>(list.size()) != pp)
        return fail("/strategy/pipeline_layers", "lists " + std::to_string(long(list.size())) +
                                                     " stages; /strategy/pp is " +
                                                     std::to_string(pp));
    const long long sum = std::accumulate(list.begin(), list.end(), 0LL);
    if (sum != layers)
        return fail("/strategy/pipeline_layers", "adds up to " + std::to_string(sum) +
                                                     " layers; the model has " +
                                                     std::to_string(layers));
    return {list, "as strategy.pipeline_layers lists", "", "", false};
}

// Megatron-Core's num_layers_in_first/last_pipeline_stage: the given ends, the other layers
// spread over the middle stages (Megatron requires them to divide; here they are balanced).
StageSplit firstLast(const PipelineSplit& s, int layers, int pp) {
    const int first = s.first_stage_layers, last = s.last_stage_layers;
    const std::string at =
        first >= 0 ? "/strategy/first_stage_layers" : "/strategy/last_stage_layers";
    if (s.account_for_embedding || s.account_for_loss)
        return fail(at,
                    "cannot be combined with account_for_embedding or account_for_loss "
                    "(Megatron-Core refuses it too)");
    if (pp < 2) return fail(at, "needs pipeline parallelism (pp of 2 or more)");
    const int fixed = std::max(0, first) + std::max(0, last);
    const int free = pp - (first >= 0) - (last >= 0);
    if (fixed > layers || (free == 0 && fixed != layers))
        return fail(at, "puts " + std::to_string(fixed) +
                            " layers on the end stages, which do not fit the model's " +
                            std::to_string(layers) + " layers over pp=" + std::to_string(pp));
    std::vector<int> out;
    if (free > 0) {
        const std::vector<int> middle = balanced(layers - fixed, free);
        out.assign(middle.begin(), middle.end());
    }
    if (first >= 0) out.insert(out.begin(), first);
    if (last >= 0) out.push_back(last);
    return {out, "first/last stage layers as the strategy sets them", "", "", false};
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
        return fail("/strategy/pp", std::to_string(pp) + " is more stages than the model's " +
                                        std::to_string(layers) +
                                        " layers with the embedding and loss counted");
    return {out, "embedding and loss counted as layers (Megatron-Core)", "", "", false};
}

}  // namespace

bool StageSplit::even() const {
    return std::adjacent_find(layers.begin(), layers.end(), std::not_equal_to<>()) == layers.end();
}

std::string StageSplit::errorText() const {
    return error.empty() ? std::string() : error_at + ": " + error;
}

bool setsPipelineSplit(const PipelineSplit& s) {
    return !s.layers.empty() || s.first_stage_layers >= 0 || s.last_stage_layers >= 0 ||
           s.account_for_embedding || s.account_for_loss;
}

StageSplit splitPipelineLayers(const PipelineSplit& s, int layers, int pp) {
    if (pp < 1 || layers < 0) return fail("/strategy/pp", "must be at least 1");
    if (!s.layers.empty()) return explicitList(s.layers, layers, pp);
    if (s.first_stage_layers >= 0 || s.last_stage_layers >= 0) return firstLast(s, layers, pp);
    if (s.account_for_embedding || s.account_for_loss)
        return accounted(layers, pp, s.account_for_embedding, s.account_for_loss);
    // Default rule: even when pp divides the layers; else Megatron-Core/NeMo's split with the
    // embedding and the loss counted as layers when that divides; else balanced.
    if (layers % pp == 0) return {balanced(layers, pp), "even", "", "", false};
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
        return fail("/strategy/pp", std::to_string(pp) + " is more stages than the model's " +
                                        std::to_string(layers) + " layers");
    return out;
}

std::string describeSplit(const std::vector<int>& split) {
    std::string out = "[";
    for (std::size_t i = 0; i < split.size();) {
        std::size_t j = i;
        while (j < split.size() && split[j] == split[i])
            ++j;
        if (i > 0) out += ", ";
        out += std::to_string(split[i]);
        if (j - i > 1) out += " x " + std::to_string(long(j - i));
        i = j;
    }
    return out + "]";
}

}  // namespace infraplan
