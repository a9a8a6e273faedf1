#include "core/search/strategy_text.h"

#include <cstdio>

namespace infraplan {

std::string describeStrategy(const Strategy& s, bool inference) {
    char text[160];
    if (inference)
        std::snprintf(text, sizeof text, "tp=%d pp=%d replicas=%d max_batch=%d", s.tp, s.pp,
                      s.replicas, s.max_batch);
    else
        std::snprintf(text, sizeof text, "tp=%d pp=%d dp=%d cp=%d ep=%d mb=%d zero=%d %s v=%d",
                      s.tp, s.pp, s.dp, s.cp, s.ep, s.microbatch, s.zero, toString(s.recompute),
                      s.interleave);
    return text;
}

}  // namespace infraplan
