#pragma once
// The one place hardware is priced: every part the facility model pays for is charged here,
// with its quantity, unit price and the catalog source of that price. The capex classes
// (compute, network, memory) are the sums of these lines, so a bill of materials built from
// the same ledger adds up to the facility model's capex by construction.

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "catalog/entries.h"

namespace infraplan {

enum class CapexClass : std::uint8_t { compute, network, memory };
const char* toString(CapexClass c);

// One line of the bill: a catalog part of one kind (and, for cables, one length class).
struct PricedPart {
    CapexClass cls = CapexClass::compute;
    std::string kind;     // node | accelerator | nic | switch | memory | cable
    std::string id;       // catalog id
    std::string name;     // catalog name
    std::string variant;  // cables: the length class; "" otherwise
    long long quantity = 0;
    double unit_usd = 0;
    std::string price_source;  // the catalog's source of the price, or how it was derived
    double extendedUsd() const { return unit_usd * static_cast<double>(quantity); }
};

class PriceLedger {
public:
    // Charge `quantity` of `entry` at `unit_usd`. Lines are keyed by entry, kind and variant;
    // `source()` (the price's source) is called once, when a line is first charged.
    template <class SourceFn>
    void charge(CapexClass cls, const catalog::EntryBase& entry, const char* kind, double unit_usd,
                long long quantity, SourceFn&& source, std::uint8_t variant = 0,
                const char* variant_name = "") {
        PricedPart& line = lineFor(cls, entry, kind, variant, variant_name, unit_usd);
        if (line.price_source.empty()) line.price_source = source();
        line.quantity += quantity;
    }

    const std::vector<PricedPart>& lines() const { return m_lines; }

private:
    PricedPart& lineFor(CapexClass cls, const catalog::EntryBase& entry, const char* kind,
                        std::uint8_t variant, const char* variant_name, double unit_usd);
    struct Key {
        const void* entry;
        const char* kind;
        std::uint8_t variant;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const {
            return std::hash<const void*>()(k.entry) ^ (std::hash<const char*>()(k.kind) << 1) ^
                   k.variant;
        }
    };
    std::vector<PricedPart> m_lines;
    std::unordered_map<Key, std::size_t, KeyHash> m_index;
};

// "document (provenance)" for the source of `field` of an entry.
std::string priceSourceOf(const catalog::EntryBase& entry, const std::string& field);

}  // namespace infraplan
