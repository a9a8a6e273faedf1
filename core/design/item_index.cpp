#include "core/design/item_index.h"

namespace infraplan {

ItemIndex::ItemIndex(const Design& design) : m_size(design.hardware.items.size()) {
    m_byId.reserve(m_size);
    for (const Item& item : design.hardware.items)
        m_byId.emplace(item.id, &item);  // first wins
}

const Item* ItemIndex::find(std::string_view id) const {
    const auto it = m_byId.find(id);
    return it == m_byId.end() ? nullptr : it->second;
}

}  // namespace infraplan
