// libFuzzer target: catalog files as `catalog import` reads them: a JSON catalog, a CSV file
// or a Hugging Face config.json (the first byte picks the reader, the rest is the file). What
// is accepted must survive a round trip through the writers and read back the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "catalog/catalog.h"
#include "catalog/entry_batch.h"
#include "catalog/hf_config.h"
#include "catalog/import_export.h"
#include "catalog/json_limits.h"

namespace {
using namespace infraplan;
using namespace infraplan::catalog;

std::vector<ParsedEntry> readHfConfig(std::string_view text, Diagnostics& diags) {
    std::string error;
    const auto document = parseJsonGuarded(text, kMaxCatalogBytes, kMaxCatalogDepth, &error);
    if (!document || !looksLikeHfConfig(*document)) return {};
    const nlohmann::json entry =
        modelEntryFromHfConfig(*document, "fuzzed-model", "config.json", diags);
    std::vector<ParsedEntry> out;
    if (entry.is_null()) return out;
    if (auto parsed = entryFromJson(entry, "", diags, Origin::user))
        out.push_back({std::move(*parsed), ""});
    return out;
}

// Accepted entries written as JSON and CSV must read back without a single problem.
void checkRoundTrip(const std::vector<ParsedEntry>& batch) {
    std::vector<AnyEntry> entries;
    for (const auto& parsed : batch)
        entries.push_back(parsed.entry);
    Diagnostics json_diags;
    const auto from_json = parseEntriesJson(entriesToJsonText(entries), json_diags, Origin::user);
    Diagnostics csv_diags;
    const auto from_csv = parseEntriesCsv(entriesToCsvText(entries), csv_diags, Origin::user);
    if (json_diags.hasErrors() || from_json.size() != entries.size()) std::abort();
    if (csv_diags.hasErrors() || from_csv.size() != entries.size()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) return 0;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    Diagnostics diags;
    std::vector<ParsedEntry> batch;
    switch (data[0] % 3) {
        case 0:
            batch = parseEntriesJson(text, diags, Origin::user);
            break;
        case 1:
            batch = parseEntriesCsv(text, diags, Origin::user);
            break;
        default:
            batch = readHfConfig(text, diags);
            break;
    }
    checkBatch(batch, builtinCatalog(), diags);
    (void)diags.toString();
    if (!diags.hasErrors() && !batch.empty()) checkRoundTrip(batch);
    return 0;
}
