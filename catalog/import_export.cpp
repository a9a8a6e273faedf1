#include "catalog/import_export.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/ascii_case.h"
#include "catalog/csv.h"
#include "catalog/entry_batch.h"
#include "catalog/file_io.h"
#include "catalog/hf_config.h"
#include "catalog/json_limits.h"
#include "catalog/schema.h"
#include "catalog/store.h"
#include "catalog/user_catalog.h"
#include "catalog/utf8.h"

namespace infraplan::catalog {
namespace {

constexpr const char* kNotHfConfig =
    "is not a Hugging Face config.json (it needs num_hidden_layers, n_layer or model_type)";
namespace fs = std::filesystem;
using nlohmann::json;

std::optional<std::string> readText(const std::string& path, Diagnostics& diags) {
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (ec) {
        diags.error("", "cannot read " + path + ": " + ec.message());
        return std::nullopt;
    }
    if (size > kMaxCatalogBytes) {
        diags.error("", path + " is " + formatBytes(size) + "; the limit is " +
                            formatBytes(kMaxCatalogBytes));
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in && !in.eof()) {
        diags.error("", "cannot read " + path);
        return std::nullopt;
    }
    return text.str();
}

std::vector<ParsedEntry> readJsonFile(const std::string& path, const std::string& text,
                                      const ImportOptions& options, Diagnostics& diags) {
    std::string error;
    auto document = parseJsonGuarded(text, kMaxCatalogBytes, kMaxCatalogDepth, &error);
    if (!document) {
        diags.error("", error);
        return {};
    }
    if (!looksLikeHfConfig(*document)) {
        if (!options.hf_config_only) return parseEntriesJson(text, diags, Origin::user);
        diags.error("", kNotHfConfig);
        return {};
    }
    const std::string file_name = fs::path(path).filename().string();
    if (!isValidUtf8(file_name)) {
        // The name becomes the entry's source; stored bytes must be text (rename the file).
        diags.error("", "the file name \"" + toValidUtf8(file_name) + "\" is not UTF-8 text (" +
                            describeInvalidUtf8(file_name) + "); rename the file to import it");
        return {};
    }
    std::string id = options.model_id;
    if (id.empty()) {
        auto name = document->find("_name_or_path");
        id = slugify(name != document->end() && name->is_string() ? name->get<std::string>()
                                                                  : fs::path(path).stem().string());
    }
    if (id.empty() || id == "config") id = "imported-model";
    json entry = modelEntryFromHfConfig(*document, id, file_name, diags);
    if (entry.is_null()) return {};
    std::vector<ParsedEntry> out;
    if (auto parsed = entryFromJson(entry, "", diags, Origin::user))
        out.push_back({std::move(*parsed), "(config.json)"});
    return out;
}

std::vector<ParsedEntry> readSqliteFile(const std::string& path, Diagnostics& diags) {
    std::vector<ParsedEntry> out;
    std::error_code ec;
    if (const auto size = fs::file_size(path, ec); ec) {
        diags.error("", "cannot read " + path + ": " + ec.message());
        return out;
    } else if (size > kMaxCatalogBytes) {
        diags.error("", path + " is " + formatBytes(size) + "; the limit is " +
                            formatBytes(kMaxCatalogBytes));
        return out;
    }
    try {
        Database db(path, Database::Mode::read_only);
        if (db.userVersion() > latestSchemaVersion()) {
            diags.error("", path + " was written by a newer infraplan (schema " +
                                std::to_string(db.userVersion()) + ")");
            return out;
        }
        // SELECT * reads any schema version: columns a version lacks are simply absent.
        for (auto& e : readEntries(db, Origin::user, diags)) {
            std::string pointer = std::string("/") + toString(kindOf(e)) + "/" + baseOf(e).id;
            out.push_back({std::move(e), std::move(pointer)});
        }
    } catch (const std::exception& e) {
        diags.error("", "cannot read " + path + " as a catalog database: " + e.what());
    }
    return out;
}

std::string cellText(const json& v) {
    if (v.is_null()) return "";
    if (v.is_string()) return v.get<std::string>();
    if (v.is_object() && v.empty()) return "";
    return dumpJson(v);
}

bool writeSqliteFile(const std::vector<AnyEntry>& entries, const std::string& path,
                     std::string* error) {
    const auto temp = createTempFileBeside(path, error);
    if (!temp) return false;
    try {
        {
            Database db(*temp, Database::Mode::read_write_create);
            db.exec("PRAGMA foreign_keys = ON");  // rollback journal: one self-contained file
            migrate(db);
            Transaction tx(db);
            for (const auto& e : entries)
                writeEntry(db, e);
            tx.commit();
        }
        return replaceFile(*temp, path, error);
    } catch (const std::exception& e) {
        std::error_code ec;
        fs::remove(*temp, ec);
        if (error) *error = "cannot write " + path + ": " + e.what();
        return false;
    }
}

}  // namespace

std::optional<CatalogFileFormat> catalogFormatOf(const std::string& path) {
    const std::string ext = asciiLower(fs::path(path).extension().string());
    if (ext == ".json") return CatalogFileFormat::json;
    if (ext == ".csv") return CatalogFileFormat::csv;
    if (ext == ".sqlite" || ext == ".sqlite3" || ext == ".db") return CatalogFileFormat::sqlite;
    return std::nullopt;
}

ImportReport readCatalogFile(const std::string& path, const Catalog& context,
                             const ImportOptions& options, std::vector<AnyEntry>* entries) {
    ImportReport report;
    const auto format = catalogFormatOf(path);
    if (!format) {
        report.diags.error("", path + ": unknown file type (use .json, .csv or .sqlite)");
        return report;
    }
    if (options.hf_config_only && *format != CatalogFileFormat::json) {
        report.diags.error("", kNotHfConfig);
        return report;
    }
    std::vector<ParsedEntry> batch;
    if (*format == CatalogFileFormat::sqlite) {
        batch = readSqliteFile(path, report.diags);
    } else if (auto text = readText(path, report.diags)) {
        batch = *format == CatalogFileFormat::csv
                    ? parseEntriesCsv(*text, report.diags, Origin::user)
                    : readJsonFile(path, *text, options, report.diags);
    }
    if (batch.empty() && !report.diags.hasErrors())
        report.diags.error("", path + " holds no catalog entries");
    checkBatch(batch, context, report.diags);
    report.ok = !report.diags.hasErrors();
    for (auto& parsed : batch) {
        report.ids.push_back(baseOf(parsed.entry).id);
        if (report.ok && entries) entries->push_back(std::move(parsed.entry));
    }
    return report;
}

ImportReport importIntoUserCatalog(const std::string& path, const std::string& user_path,
                                   const ImportOptions& options) {
    std::vector<std::string> messages;
    const Catalog current = loadCatalog(user_path, &messages);
    std::vector<AnyEntry> entries;
    ImportReport report = readCatalogFile(path, current, options, &entries);
    if (!report.ok) return report;
    std::string error;
    if (!writeUserEntries(user_path, entries, &error)) {
        report.ok = false;
        report.diags.error("", error);
    }
    return report;
}

std::string entriesToJsonText(const std::vector<AnyEntry>& entries) {
    json doc = {{"format", "infraplan-catalog"}, {"version", 1}, {"entries", json::array()}};
    for (const auto& e : entries)
        doc["entries"].push_back(entryToJson(e));
    return dumpJson(doc, 2) + "\n";
}

std::string entriesToCsvText(const std::vector<AnyEntry>& entries) {
    const std::vector<std::string> head{"id", "kind", "name", "vendor", "notes"};
    const std::vector<std::string> tail{"source_document", "source_provenance", "field_sources"};
    std::vector<json> rows;
    std::vector<std::string> columns = head;
    for (const auto& e : entries) {
        rows.push_back(entryToFlatJson(e));
        for (const auto& [key, value] : rows.back().items()) {
            const bool fixed = std::find(head.begin(), head.end(), key) != head.end() ||
                               std::find(tail.begin(), tail.end(), key) != tail.end();
            if (!fixed && std::find(columns.begin(), columns.end(), key) == columns.end())
                columns.push_back(key);
        }
    }
    columns.insert(columns.end(), tail.begin(), tail.end());
    std::string out;
    for (std::size_t c = 0; c < columns.size(); ++c)
        out += (c ? "," : "") + csvCell(columns[c]);
    out += "\n";
    for (const auto& row : rows) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            auto it = row.find(columns[c]);
            out += (c ? "," : "") + csvCell(it == row.end() ? "" : cellText(*it));
        }
        out += "\n";
    }
    return out;
}

bool exportEntries(const std::vector<AnyEntry>& entries, const std::string& path,
                   std::string* error) {
    const auto format = catalogFormatOf(path);
    if (!format) {
        if (error) *error = path + ": unknown file type (use .json, .csv or .sqlite)";
        return false;
    }
    switch (*format) {
        case CatalogFileFormat::json:
            return writeFileAtomically(path, entriesToJsonText(entries), error);
        case CatalogFileFormat::csv:
            return writeFileAtomically(path, entriesToCsvText(entries), error);
        case CatalogFileFormat::sqlite:
            return writeSqliteFile(entries, path, error);
    }
    return false;
}

}  // namespace infraplan::catalog
