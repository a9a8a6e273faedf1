#include "catalog/query.h"

#include <algorithm>
#include <cctype>

#include "catalog/ascii_case.h"

namespace infraplan::catalog {
namespace {

bool matches(const AnyEntry& entry, const EntryFilter& f, const std::string& text) {
    const EntryBase& b = baseOf(entry);
    if (f.kind && kindOf(entry) != *f.kind) return false;
    if (f.origin && b.origin != *f.origin) return false;
    if (!f.vendor.empty() && asciiLower(b.vendor) != asciiLower(f.vendor)) return false;
    if (f.accelerator_class) {
        const auto* a = std::get_if<Accelerator>(&entry);
        if (!a || a->cls != *f.accelerator_class) return false;
    }
    if (text.empty()) return true;
    for (const std::string* s : {&b.id, &b.name, &b.vendor})
        if (asciiLower(*s).find(text) != std::string::npos) return true;
    return false;
}

}  // namespace

std::vector<AnyEntry> findEntries(const Catalog& catalog, const EntryFilter& filter) {
    const std::string text = asciiLower(filter.text);
    std::vector<AnyEntry> out;
    forEachEntry(catalog, [&](const auto& e) {
        AnyEntry entry = e;
        if (matches(entry, filter, text)) out.push_back(std::move(entry));
    });
    return out;
}

}  // namespace infraplan::catalog
