#include "catalog/embedded_entries.h"

#include <set>

#include "catalog/entry_batch.h"
#include "catalog/json_limits.h"

namespace infraplan::catalog {
namespace {
using nlohmann::json;

// The comparable part of an entry: where it came from is not a difference in content.
json comparable(const AnyEntry& entry) {
    json j = entryToFlatJson(entry);
    j.erase("origin");
    return j;
}

std::string shortValue(const json& v) {
    if (v.is_null()) return "(none)";
    std::string text = v.is_string() ? v.get<std::string>() : dumpJson(v);
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

}  // namespace

std::vector<std::string> entryDifferences(const json& mine, const json& theirs) {
    std::vector<std::string> out;
    std::set<std::string> keys;
    for (const auto& [k, v] : mine.items())
        keys.insert(k);
    for (const auto& [k, v] : theirs.items())
        keys.insert(k);
    for (const auto& key : keys) {
        const json a = mine.contains(key) ? mine[key] : json();
        const json b = theirs.contains(key) ? theirs[key] : json();
        if (a != b) out.push_back(key + ": " + shortValue(a) + " / " + shortValue(b));
    }
    return out;
}

EmbeddedReport overlayEmbedded(Catalog& catalog, const json& array, const std::string& pointer,
                               Diagnostics& diags, EmbeddedPolicy policy) {
    EmbeddedReport report;
    Diagnostics local;
    auto batch = parseEntriesArray(array, pointer, local, Origin::embedded);
    checkBatch(batch, catalog, local);
    diags.items.insert(diags.items.end(), local.items.begin(), local.items.end());
    if (local.hasErrors()) return report;  // a half-applied set of entries helps nobody

    for (auto& parsed : batch) {
        const std::string id = baseOf(parsed.entry).id;
        const auto existing = findEntry(catalog, id);
        if (!existing) {
            report.added.push_back(id);
            putEntry(catalog, std::move(parsed.entry));
            continue;
        }
        const auto diffs = entryDifferences(comparable(*existing), comparable(parsed.entry));
        if (diffs.empty()) continue;  // identical: keep the local entry and its origin
        report.differing.push_back(id);
        std::string text = "\"" + id + "\" differs from the local catalog (here / in the design): ";
        for (std::size_t i = 0; i < diffs.size(); ++i)
            text += (i ? "; " : "") + diffs[i];
        text += policy == EmbeddedPolicy::use_design ? "; the design's entry is used"
                                                     : "; the local entry is kept";
        diags.warning(parsed.pointer, text);
        if (policy == EmbeddedPolicy::use_design) putEntry(catalog, std::move(parsed.entry));
    }
    return report;
}

json embeddedEntriesFor(const Catalog& catalog, const std::vector<std::string>& ids) {
    std::set<std::string> seen;
    std::vector<std::string> queue(ids.begin(), ids.end());
    std::vector<AnyEntry> found;
    while (!queue.empty()) {
        const std::string id = queue.back();
        queue.pop_back();
        if (!seen.insert(id).second) continue;
        auto entry = findEntry(catalog, id);
        if (!entry) continue;
        for (auto& ref : referencesOf(*entry))
            queue.push_back(std::move(ref.id));
        found.push_back(std::move(*entry));
    }
    std::sort(found.begin(), found.end(),
              [](const AnyEntry& a, const AnyEntry& b) { return baseOf(a).id < baseOf(b).id; });
    json array = json::array();
    for (const auto& e : found) {
        json j = entryToJson(e);
        j.erase("origin");  // decided by whoever opens the file
        j.erase("overrides_builtin");
        array.push_back(std::move(j));
    }
    return array;
}

}  // namespace infraplan::catalog
