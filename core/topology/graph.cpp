#include "core/topology/graph.h"

#include <algorithm>

namespace infraplan {

// A design names a handful of catalog ids; expansion interns each once per item, node
// instance or fabric, so a linear scan is all it needs.
RefId Graph::internRef(const std::string& catalogId) {
    const auto it = std::find(refs.begin(), refs.end(), catalogId);
    if (it != refs.end()) return static_cast<RefId>(it - refs.begin());
    refs.push_back(catalogId);
    return static_cast<RefId>(refs.size() - 1);
}

}  // namespace infraplan
