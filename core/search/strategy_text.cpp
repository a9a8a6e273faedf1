#include "core/search/strategy_text.h"

#include <cstdio>

namespace infraplan {

std::string describeStrategy(const Strategy& s, bool inference) {
    char text[160];
    if (inference) {
        if (s.disaggregated)
            std::snprintf(text, sizeof text, "tp=%d pp=%d ep=%d prefill=%d decode=%d max_batch=%d",
                          s.tp, s.pp, s.ep, s.disaggregated->prefill_replicas,
                          s.disaggregated->decode_replicas, s.max_batch);
        else
            std::snprintf(text, sizeof text, "tp=%d pp=%d ep=%d replicas=%d max_batch=%d", s.tp,
                          s.pp, s.ep, s.replicas, s.max_batch);
        std::string out = text;
        if (s.speculative) out += " draft=" + std::to_string(s.speculative->draft_tokens);
        return out;
    }
    std::snprintf(text, sizeof text, "tp=%d pp=%d dp=%d cp=%d ep=%d mb=%d zero=%d %s v=%d", s.tp,
                  s.pp, s.dp, s.cp, s.ep, s.microbatch, s.zero, toString(s.recompute),
                  s.interleave);
    // The switches the search varies too, named only where they differ from the usual, so
    // that two listed strategies never read alike.
    std::string out = text;
    if (s.tp > 1 && s.sequence_parallel) out += " sp";
    if (s.tp > 1 && s.overlap_tp) out += " overlap-tp";
    if (s.dp > 1 && !s.overlap_dp) out += " no-overlap-dp";
    if (s.offload.active()) out += " offload=" + s.offload.target;
    return out;
}

}  // namespace infraplan
