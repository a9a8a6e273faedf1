#pragma once
// The replication structure of a design's items: each item's enclosing group, its total
// instance count, and lowest common ancestors for scoping links. Built once per expansion;
// parents that are missing, not groups, or form a cycle are reported by JSON pointer.

#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/json_reader.h"
#include "core/design/design.h"

namespace infraplan {

class ItemTree {
public:
    // Returns false (with errors in `diagnostics`) when the parent structure is unusable.
    bool build(const Design& design, Diagnostics& diagnostics);

    // Index of the item with this id, or -1.
    int indexOf(const std::string& id) const;
    // Index of the enclosing group, -1 at top level.
    int parentOf(int item) const { return m_parent[static_cast<std::size_t>(item)]; }
    // Instances of the item with every enclosing group applied (saturating).
    long long instances(int item) const { return m_instances[static_cast<std::size_t>(item)]; }
    // Instances of a scope: a group's total instances, or 1 for the root (-1).
    long long scopeInstances(int scope) const { return scope < 0 ? 1 : instances(scope); }
    // The lowest group enclosing both items (-1 = the design's root).
    int commonScope(int a, int b) const;

private:
    std::vector<int> m_parent;
    std::vector<int> m_depth;
    std::vector<long long> m_instances;
    std::unordered_map<std::string, int> m_index;
};

}  // namespace infraplan
