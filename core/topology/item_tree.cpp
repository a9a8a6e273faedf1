#include "core/topology/item_tree.h"

#include "core/topology/checked_count.h"

namespace infraplan {
namespace {
std::string itemPointer(std::size_t i) {
    return "/hardware/items/" + std::to_string(i);
}
}  // namespace

bool ItemTree::build(const Design& design, Diagnostics& diagnostics) {
    const auto& items = design.hardware.items;
    const std::size_t n = items.size();
    m_parent.assign(n, -1);
    m_depth.assign(n, 0);
    m_instances.assign(n, 0);
    m_index.clear();
    bool ok = true;
    for (std::size_t i = 0; i < n; ++i) {
        if (!m_index.emplace(items[i].id, static_cast<int>(i)).second) {
            diagnostics.error(itemPointer(i) + "/id", "duplicate item id '" + items[i].id + "'");
            ok = false;
        }
        if (items[i].count < 0) {
            diagnostics.error(itemPointer(i) + "/count",
                              "count must not be negative, got " + std::to_string(items[i].count));
            ok = false;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& parent = items[i].parent;
        if (parent.empty()) continue;
        auto it = m_index.find(parent);
        if (it == m_index.end()) {
            diagnostics.error(itemPointer(i) + "/parent", "no item with id '" + parent + "'");
            ok = false;
        } else if (items[static_cast<std::size_t>(it->second)].kind != ItemKind::group) {
            diagnostics.error(itemPointer(i) + "/parent",
                              "'" + parent + "' is a " +
                                  toString(items[static_cast<std::size_t>(it->second)].kind) +
                                  ", not a group");
            ok = false;
        } else {
            m_parent[i] = it->second;
        }
    }
    if (!ok) return false;
    // Depths and instances by walking up; a walk longer than the item count is a cycle.
    for (std::size_t i = 0; i < n; ++i) {
        long long instances = items[i].count;
        int depth = 0;
        for (int p = m_parent[i]; p >= 0; p = m_parent[static_cast<std::size_t>(p)]) {
            if (static_cast<std::size_t>(++depth) > n) {
                diagnostics.error(itemPointer(i) + "/parent",
                                  "the parent chain of '" + items[i].id + "' forms a cycle");
                return false;
            }
            instances = checkedMultiply(instances, items[static_cast<std::size_t>(p)].count);
        }
        m_depth[i] = depth;
        m_instances[i] = instances;
    }
    return true;
}

int ItemTree::indexOf(const std::string& id) const {
    auto it = m_index.find(id);
    return it == m_index.end() ? -1 : it->second;
}

int ItemTree::commonScope(int a, int b) const {
    // Scopes are groups; start from each item's enclosing group.
    a = parentOf(a);
    b = parentOf(b);
    auto depth = [&](int x) { return x < 0 ? -1 : m_depth[static_cast<std::size_t>(x)]; };
    while (depth(a) > depth(b))
        a = parentOf(a);
    while (depth(b) > depth(a))
        b = parentOf(b);
    while (a != b) {
        a = parentOf(a);
        b = parentOf(b);
    }
    return a;
}

}  // namespace infraplan
