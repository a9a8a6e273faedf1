#include "core/facility/price_ledger.h"

namespace infraplan {

const char* toString(CapexClass c) {
    switch (c) {
        case CapexClass::compute:
            return "compute";
        case CapexClass::network:
            return "network";
        case CapexClass::memory:
            return "memory";
    }
    return "compute";
}

PricedPart& PriceLedger::lineFor(CapexClass cls, const catalog::EntryBase& entry, const char* kind,
                                 std::uint8_t variant, const char* variant_name, double unit_usd) {
    auto [it, inserted] = m_index.try_emplace(Key{&entry, kind, variant}, m_lines.size());
    if (inserted) {
        PricedPart line;
        line.cls = cls;
        line.kind = kind;
        line.id = entry.id;
        line.name = entry.name;
        line.variant = variant_name;
        line.unit_usd = unit_usd;
        m_lines.push_back(std::move(line));
    }
    return m_lines[it->second];
}

std::string priceSourceOf(const catalog::EntryBase& entry, const std::string& field) {
    const catalog::FieldSource& s = entry.sourceOf(field);
    if (s.document.empty()) return std::string("no source (") + toString(s.provenance) + ")";
    return s.document + " (" + toString(s.provenance) + ")";
}

}  // namespace infraplan
