#include "app/cli/catalog_command.h"

#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "catalog/entry_json.h"
#include "catalog/file_io.h"
#include "catalog/import_export.h"
#include "catalog/json_limits.h"
#include "catalog/query.h"
#include "catalog/user_catalog.h"

namespace infraplan::cli {
namespace {
using nlohmann::json;
using namespace infraplan::catalog;

struct CatalogArgs {
    std::string kind;
    std::string vendor;
    std::string search;
    bool json = false;
    std::string id;
    std::string file;
    std::string model_id;
    bool user_only = false;
};

EntryFilter filterOf(const CatalogArgs& args) {
    EntryFilter filter;
    if (!args.kind.empty()) filter.kind = entryKindFromString(args.kind);
    filter.vendor = args.vendor;
    filter.text = args.search;
    return filter;
}

std::string originLabel(const EntryBase& e) {
    if (e.origin == Origin::builtin) return "built-in";
    return std::string(toString(e.origin)) + (e.overrides_builtin ? ", overrides built-in" : "");
}

std::string valueText(const json& v) {
    if (v.is_string()) return v.get<std::string>();
    if (v.is_number_float()) {
        std::ostringstream s;
        s << std::setprecision(6) << v.get<double>();
        return s.str();
    }
    return dumpJson(v);
}

// The few figures that identify an entry at a glance in `catalog list`.
std::string keyFigures(const AnyEntry& entry) {
    static const std::map<EntryKind, std::vector<const char*>> kKeys{
        {EntryKind::accelerator,
         {"class", "peak_bf16_tflops", "memory_gb", "memory_bw_gb_s", "tdp_w"}},
        {EntryKind::memory, {"type", "capacity_gb", "bandwidth_gb_s", "compute_tflops"}},
        {EntryKind::link, {"class", "bandwidth_gb_s"}},
        {EntryKind::switch_, {"class", "radix", "port_gbps"}},
        {EntryKind::nic, {"port_gbps", "ports"}},
        {EntryKind::node, {"accelerator", "accelerators", "max_power_w"}},
        {EntryKind::model, {"layers", "hidden", "published_params_b"}},
        {EntryKind::default_, {"value", "unit"}},
    };
    const json flat = entryToFlatJson(entry);
    std::string out;
    for (const char* key : kKeys.at(kindOf(entry))) {
        auto it = flat.find(key);
        if (it == flat.end() || it->is_null()) continue;
        out += std::string(out.empty() ? "" : "  ") + key + "=" + valueText(*it);
    }
    return out;
}

void list(const CliGlobals& globals, const CatalogArgs& args, int& exit_code) {
    const Catalog catalog = cliCatalog(globals);
    const auto entries = findEntries(catalog, filterOf(args));
    if (args.json) {
        json array = json::array();
        for (const auto& e : entries)
            array.push_back(entryToJson(e));
        std::cout << dumpJson(array, 2) << "\n";
    } else {
        for (const auto& e : entries) {
            const EntryBase& b = baseOf(e);
            std::cout << std::left << std::setw(34) << b.id << " " << std::setw(12)
                      << toString(kindOf(e)) << " " << keyFigures(e);
            if (b.origin != Origin::builtin) std::cout << "  [" << originLabel(b) << "]";
            std::cout << "\n";
        }
    }
    exit_code = kExitOk;
}

void show(const CliGlobals& globals, const CatalogArgs& args, int& exit_code) {
    const Catalog catalog = cliCatalog(globals);
    const auto entry = findEntry(catalog, args.id);
    if (!entry) {
        std::cerr << "infraplan-cli: no catalog entry \"" << args.id
                  << "\" (see 'infraplan-cli catalog list')\n";
        exit_code = kExitInvalid;
        return;
    }
    exit_code = kExitOk;
    if (args.json) {
        std::cout << dumpJson(entryToJson(*entry), 2) << "\n";
        return;
    }
    const EntryBase& b = baseOf(*entry);
    std::cout << b.id << " (" << toString(kindOf(*entry)) << ", " << originLabel(b) << ")\n";
    std::cout << "  source: [" << toString(b.source.provenance) << "] " << b.source.document
              << "\n";
    const json flat = entryToFlatJson(*entry);
    for (const auto& [key, value] : flat.items()) {
        if (key == "id" || key == "kind" || key == "field_sources" || key.rfind("source_", 0) == 0)
            continue;
        if (value.is_null() || (value.is_string() && value.get<std::string>().empty())) continue;
        std::cout << "  " << std::left << std::setw(28) << key << valueText(value);
        if (auto it = b.fields.find(key); it != b.fields.end())
            std::cout << "   [" << toString(it->second.provenance) << "] " << it->second.document;
        std::cout << "\n";
    }
}

std::string userCatalogPath(const CliGlobals& globals) {
    return globals.user_catalog.empty() ? defaultUserCatalogPath() : globals.user_catalog;
}

void importFile(const CliGlobals& globals, const CatalogArgs& args, int& exit_code) {
    if (sameFile(args.file, userCatalogPath(globals))) {
        std::cerr << "infraplan-cli catalog import: " << args.file
                  << " is the user catalog itself; its entries are already in the catalog\n";
        exit_code = kExitUsage;
        return;
    }
    ImportOptions options;
    options.model_id = args.model_id;
    const ImportReport report = importIntoUserCatalog(args.file, globals.user_catalog, options);
    if (!report.ok) {
        std::cerr << args.file << ": not imported, nothing was written\n"
                  << report.diags.toString();
        exit_code = kExitInvalid;
        return;
    }
    if (!report.diags.items.empty()) std::cerr << args.file << ":\n" << report.diags.toString();
    const std::string where = userCatalogPath(globals);
    std::cout << "imported " << report.ids.size() << " entr"
              << (report.ids.size() == 1 ? "y" : "ies") << " into " << where << ":";
    for (const auto& id : report.ids)
        std::cout << " " << id;
    std::cout << "\n";
    exit_code = kExitOk;
}

void exportFile(const CliGlobals& globals, const CatalogArgs& args, int& exit_code) {
    if (outputOverwritesInput("catalog export", args.file, {userCatalogPath(globals)})) {
        exit_code = kExitUsage;
        return;
    }
    const Catalog catalog = cliCatalog(globals);
    auto entries = findEntries(catalog, filterOf(args));
    if (args.user_only)
        std::erase_if(entries,
                      [](const AnyEntry& e) { return baseOf(e).origin == Origin::builtin; });
    std::string error;
    if (!exportEntries(entries, args.file, &error)) {
        std::cerr << "infraplan-cli: " << error << "\n";
        exit_code = kExitInvalid;
        return;
    }
    std::cout << "exported " << entries.size() << " entries to " << args.file << "\n";
    exit_code = kExitOk;
}

void removeEntry(const CliGlobals& globals, const CatalogArgs& args, int& exit_code) {
    std::string error;
    if (!removeUserEntry(globals.user_catalog, args.id, &error)) {
        std::cerr << "infraplan-cli: " << error << "\n";
        exit_code = kExitInvalid;
        return;
    }
    std::cout << "removed " << args.id << " from the user catalog\n";
    exit_code = kExitOk;
}

}  // namespace

void addCatalogCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<CatalogArgs>();
    CLI::App* cmd = app.add_subcommand("catalog", "List, show, import and export catalog entries");
    cmd->require_subcommand(1);
    const std::vector<std::string> kinds{"accelerator", "memory", "link",  "switch",
                                         "nic",         "node",   "model", "default"};

    CLI::App* list_cmd = cmd->add_subcommand("list", "List catalog entries (built-in + user)");
    list_cmd->add_option("--kind", args->kind, "Only entries of this kind")
        ->check(CLI::IsMember(kinds));
    list_cmd->add_option("--vendor", args->vendor, "Only entries of this vendor");
    list_cmd->add_option("--search", args->search,
                         "Only entries whose id, name or vendor "
                         "contains this text");
    list_cmd->add_flag("--json", args->json, "Print a JSON array of entries with their sources");
    list_cmd->callback([&globals, &exit_code, args] { list(globals, *args, exit_code); });

    CLI::App* show_cmd =
        cmd->add_subcommand("show", "Show one entry with the source of each figure");
    show_cmd->add_option("ID", args->id, "Catalog id")->required();
    show_cmd->add_flag("--json", args->json, "Print the entry as JSON");
    show_cmd->callback([&globals, &exit_code, args] { show(globals, *args, exit_code); });

    CLI::App* import_cmd = cmd->add_subcommand(
        "import",
        "Add entries from FILE (.json, .csv, .sqlite or a Hugging Face config.json) to "
        "the user catalog; a file with any bad row is refused as a whole");
    import_cmd->add_option("FILE", args->file, "File to import")->required();
    import_cmd->add_option("--id", args->model_id, "Catalog id for an imported config.json");
    import_cmd->callback([&globals, &exit_code, args] { importFile(globals, *args, exit_code); });

    CLI::App* export_cmd =
        cmd->add_subcommand("export", "Write the catalog to FILE (.json, .csv or .sqlite)");
    export_cmd->add_option("FILE", args->file, "Output file")->required();
    export_cmd->add_option("--kind", args->kind, "Only entries of this kind")
        ->check(CLI::IsMember(kinds));
    export_cmd->add_flag("--user-only", args->user_only, "Only the user's entries");
    export_cmd->callback([&globals, &exit_code, args] { exportFile(globals, *args, exit_code); });

    CLI::App* remove_cmd = cmd->add_subcommand("remove", "Remove an entry from the user catalog");
    remove_cmd->add_option("ID", args->id, "Catalog id")->required();
    remove_cmd->callback([&globals, &exit_code, args] { removeEntry(globals, *args, exit_code); });
}

}  // namespace infraplan::cli
