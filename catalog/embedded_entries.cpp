#include "catalog/embedded_entries.h"

#include <iomanip>
#include <set>
#include <sstream>

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
    const std::string text = fieldValueText(v);
    return text.size() > 60 ? text.substr(0, 57) + "..." : text;
}

}  // namespace

std::string fieldValueText(const json& v) {
    if (v.is_null()) return "(none)";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_float()) {
        std::ostringstream os;
        os << std::setprecision(12) << v.get<double>();  // 700, not 700.0; no 15-digit noise
        return os.str();
    }
    return dumpJson(v);  // never throws on bytes that are not UTF-8
}

std::vector<FieldDifference> entryDifferences(const json& file, const json& local) {
    std::vector<FieldDifference> out;
    std::set<std::string> keys;
    for (const auto& [k, v] : file.items())
        keys.insert(k);
    for (const auto& [k, v] : local.items())
        keys.insert(k);
    for (const auto& key : keys) {
        json a = file.contains(key) ? file[key] : json();
        json b = local.contains(key) ? local[key] : json();
        if (a != b) out.push_back({key, std::move(a), std::move(b)});
    }
    return out;
}

std::string describeDifference(const FieldDifference& d) {
    return d.field + ": file " + shortValue(d.file_value) + ", local " + shortValue(d.local_value);
}

std::string describeDifferences(const EntryDifference& d) {
    std::string text = "\"" + d.id + "\" differs from the local catalog: ";
    for (std::size_t i = 0; i < d.fields.size(); ++i)
        text += (i ? "; " : "") + describeDifference(d.fields[i]);
    return text;
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
        report.entries.push_back(parsed.entry);
        const std::string id = baseOf(parsed.entry).id;
        const auto existing = findEntry(catalog, id);
        if (!existing) {
            report.added.push_back(id);
            putEntry(catalog, std::move(parsed.entry));
            continue;
        }
        auto fields = entryDifferences(comparable(parsed.entry), comparable(*existing));
        if (fields.empty()) continue;  // identical: keep the local entry and its origin
        report.differing.push_back({id, parsed.pointer, std::move(fields)});
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
