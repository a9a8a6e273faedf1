#include "core/perf/pipeline_stages.h"

#include <algorithm>

namespace infraplan {

std::vector<StageLoad> stageLoads(const std::vector<int>& split, int leading_dense) {
    std::vector<StageLoad> out;
    out.reserve(split.size());
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

}  // namespace infraplan
