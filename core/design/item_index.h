#pragma once
// Items by id, for code that looks up many: Design::findItem walks the whole list, which makes
// a pass over every link or every parent quadratic on a design of 100,000 items.

#include <string_view>
#include <unordered_map>

#include "core/design/design.h"

namespace infraplan {

class ItemIndex {
public:
    // The design must outlive the index and keep its items where they are.
    explicit ItemIndex(const Design& design);

    // The first item with this id (as Design::findItem), or nullptr.
    const Item* find(std::string_view id) const;
    std::size_t size() const { return m_size; }

private:
    std::unordered_map<std::string_view, const Item*> m_byId;
    std::size_t m_size = 0;
};

}  // namespace infraplan
