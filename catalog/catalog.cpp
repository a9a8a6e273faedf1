#include "catalog/catalog.h"

#include <array>
#include <atomic>

#include "catalog/enum_names.h"

namespace infraplan::catalog {
namespace {
constexpr std::array<const char*, 8> kEntryKindNames{"accelerator", "memory", "link",  "switch",
                                                     "nic",         "node",   "model", "default"};
}  // namespace

const char* toString(EntryKind k) {
    return enumName(kEntryKindNames, k);
}
std::optional<EntryKind> entryKindFromString(const std::string& name) {
    return enumValue<EntryKind>(kEntryKindNames, name);
}

std::optional<EntryKind> Catalog::kindOf(std::string_view id) const {
    if (accelerator(id)) return EntryKind::accelerator;
    if (memory(id)) return EntryKind::memory;
    if (link(id)) return EntryKind::link;
    if (switchEntry(id)) return EntryKind::switch_;
    if (nic(id)) return EntryKind::nic;
    if (node(id)) return EntryKind::node;
    if (model(id)) return EntryKind::model;
    if (defaultValue(id)) return EntryKind::default_;
    return std::nullopt;
}

const EntryBase* Catalog::entry(std::string_view id) const {
    if (auto* e = accelerator(id)) return e;
    if (auto* e = memory(id)) return e;
    if (auto* e = link(id)) return e;
    if (auto* e = switchEntry(id)) return e;
    if (auto* e = nic(id)) return e;
    if (auto* e = node(id)) return e;
    if (auto* e = model(id)) return e;
    if (auto* e = defaultValue(id)) return e;
    return nullptr;
}

std::uint64_t Catalog::nextRevision() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}

std::size_t Catalog::size() const {
    return m_accelerators.size() + m_memory.size() + m_links.size() + m_switches.size() +
           m_nics.size() + m_nodes.size() + m_models.size() + m_defaults.size();
}

}  // namespace infraplan::catalog
