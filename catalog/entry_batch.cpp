#include "catalog/entry_batch.h"

#include <charconv>
#include <map>
#include <set>

#include "catalog/csv.h"
#include "catalog/json_limits.h"

namespace infraplan::catalog {
namespace {
using nlohmann::json;

// Columns whose cells are numbers (or booleans) in a CSV file; everything else is text.
const std::set<std::string>& numericColumns() {
    static const std::set<std::string> names = [] {
        std::set<std::string> s;
        for (int k = 0; k <= static_cast<int>(EntryKind::default_); ++k)
            for (const auto& n : numericFieldNames(static_cast<EntryKind>(k)))
                s.insert(n);
        return s;
    }();
    return names;
}

json csvValue(const std::string& column, const std::string& cell) {
    if (column == "tied_embeddings") {
        if (cell == "true" || cell == "1") return true;
        if (cell == "false" || cell == "0") return false;
        return cell;
    }
    if (!numericColumns().count(column)) return cell;
    double value = 0;
    const char* end = cell.data() + cell.size();
    auto [ptr, ec] = std::from_chars(cell.data(), end, value);
    if (ec != std::errc() || ptr != end) return cell;  // reported as "must be a number"
    if (cell.find_first_of(".eEnN") == std::string::npos && value >= -9e15 && value <= 9e15)
        return static_cast<long long>(value);
    return value;
}

}  // namespace

std::vector<ParsedEntry> parseEntriesArray(const json& array, const std::string& pointer,
                                           Diagnostics& diags, Origin origin) {
    std::vector<ParsedEntry> out;
    if (!array.is_array()) {
        diags.error(pointer, "must be an array of catalog entries, got " + describeValue(array));
        return out;
    }
    for (std::size_t i = 0; i < array.size(); ++i) {
        const std::string p = pointer + "/" + std::to_string(i);
        if (auto entry = entryFromJson(array[i], p, diags, origin))
            out.push_back({std::move(*entry), p});
    }
    return out;
}

std::vector<ParsedEntry> parseEntriesJson(std::string_view text, Diagnostics& diags,
                                          Origin origin) {
    std::string error;
    auto document = parseJsonGuarded(text, kMaxCatalogBytes, kMaxCatalogDepth, &error);
    if (!document) {
        diags.error("", error);
        return {};
    }
    if (document->is_array()) return parseEntriesArray(*document, "", diags, origin);
    ObjectReader r(*document, "", diags);
    if (!r.valid()) return {};
    std::string format;
    r.string("format", format);
    if (r.has("format") && format != "infraplan-catalog")
        diags.error("/format", "must be \"infraplan-catalog\", got \"" + format + "\"");
    int version = 1;
    r.integer("version", version, 1, 1000);
    if (version > 1)
        diags.error("/version", "catalog files of version " + std::to_string(version) +
                                    " are newer than this build reads (1)");
    r.raw("description");
    const json* entries = r.raw("entries");
    if (!entries) {
        r.requireKey("entries");
        return {};
    }
    const nlohmann::json unread = r.unknown();  // items() must not outlive it
    for (const auto& [key, v] : unread.items())
        diags.warning(r.pointerTo(key), "unknown field ignored");
    return parseEntriesArray(*entries, "/entries", diags, origin);
}

std::vector<ParsedEntry> parseEntriesCsv(std::string_view text, Diagnostics& diags, Origin origin) {
    std::vector<ParsedEntry> out;
    if (text.size() > kMaxCatalogBytes) {
        diags.error("", "file is larger than " + formatBytes(kMaxCatalogBytes));
        return out;
    }
    std::string error;
    auto rows = parseCsv(text, &error);
    if (!rows) {
        diags.error("", error);
        return out;
    }
    if (rows->empty()) {
        diags.error("", "the file is empty (expected a header row of field names)");
        return out;
    }
    const std::vector<std::string>& header = rows->front().cells;
    std::set<std::string> seen;
    for (const auto& name : header)
        if (!seen.insert(name).second)
            diags.error("line 1", "column \"" + name + "\" appears twice");
    for (std::size_t r = 1; r < rows->size(); ++r) {
        const CsvRow& row = (*rows)[r];
        const std::string p = "line " + std::to_string(row.line);
        if (row.cells.size() > header.size()) {
            diags.error(p, "has " + std::to_string(row.cells.size()) + " cells, the header has " +
                               std::to_string(header.size()));
            continue;
        }
        json object = json::object();
        for (std::size_t c = 0; c < row.cells.size(); ++c)
            if (!row.cells[c].empty()) object[header[c]] = csvValue(header[c], row.cells[c]);
        if (auto entry = entryFromJson(object, p, diags, origin))
            out.push_back({std::move(*entry), p});
    }
    return out;
}

void checkBatch(const std::vector<ParsedEntry>& batch, const Catalog& context, Diagnostics& diags) {
    Catalog joined = context;
    std::map<std::string, std::string> first;  // id -> pointer of its first row
    for (const auto& parsed : batch) {
        const std::string& id = baseOf(parsed.entry).id;
        auto [it, inserted] = first.emplace(id, parsed.pointer);
        if (!inserted)
            diags.error(parsed.pointer + "/id",
                        "\"" + id + "\" appears twice (first at " + it->second + ")");
        const auto existing = context.kindOf(id);
        if (existing && *existing != kindOf(parsed.entry))
            diags.error(parsed.pointer + "/id", "\"" + id + "\" is already " +
                                                    withArticle(toString(*existing)) +
                                                    " of the catalog");
        putEntry(joined, parsed.entry);
    }
    for (const auto& parsed : batch)
        checkReferences(parsed.entry, joined, parsed.pointer, diags);
}

}  // namespace infraplan::catalog
