#include "app/cli/design_loading.h"

#include <iostream>

#include "app/cli/cli_checks.h"

#include "catalog/embedded_entries.h"
#include "catalog/user_catalog.h"
#include "core/io/design_load.h"

namespace infraplan::cli {

// The built-in catalog overlaid by the user's; problems with the user file are reported and
// leave the built-in catalog working.
catalog::Catalog cliCatalog(const CliGlobals& globals) {
    std::vector<std::string> messages;
    catalog::Catalog catalog = catalog::loadCatalog(globals.user_catalog, &messages);
    for (const std::string& m : messages)
        std::cerr << "catalog: " << m << "\n";
    return catalog;
}

std::optional<LoadedDesign> loadValidDesign(const std::string& path, const DesignArgs& args,
                                            const CliGlobals& globals,
                                            const catalog::Catalog& local) {
    DesignLoadOptions options;
    options.read.overrides = args.overrides;
    options.validate.max_devices = args.max_devices;
    options.embedded = embeddedChoiceFromString(args.embedded).value_or(EmbeddedChoice::keep_file);
    options.user_catalog = globals.user_catalog;
    DesignLoad load = loadDesignForEvaluation(path, local, options);
    const Diagnostics problems = load.allDiagnostics();
    if (!load.valid()) {
        std::cerr << path << ": invalid design\n" << problems.toString();
        return std::nullopt;
    }
    Diagnostics notes = embeddedDifferenceNotes(load);
    notes.items.insert(notes.items.end(), problems.items.begin(), problems.items.end());
    if (!notes.items.empty()) std::cerr << path << ":\n" << notes.toString();
    for (const std::string& id : load.imported)
        std::cerr << path << ": imported \"" << id << "\" into the user catalog\n";
    return LoadedDesign{std::move(*load.design), std::move(load.catalog)};
}

std::optional<ExpandedDesign> loadExpandedDesign(const DesignArgs& args,
                                                 const CliGlobals& globals) {
    auto loaded = loadValidDesign(args.paths.front(), args, globals, cliCatalog(globals));
    if (!loaded) return std::nullopt;
    ExpandOptions options;
    options.max_devices = args.max_devices;
    ExpandResult expanded = expand(loaded->design, *loaded->catalog, options);
    if (!expanded.ok()) {
        std::cerr << expanded.diagnostics.toString();
        return std::nullopt;
    }
    return ExpandedDesign{std::move(*loaded), std::move(expanded.graph)};
}

// A subcommand with the options every design subcommand shares (--set, --max-devices).
CLI::App* designSubcommand(CLI::App& app, const char* name, const char* description,
                           DesignArgs& args, bool overrides) {
    CLI::App* cmd = app.add_subcommand(name, description);
    if (overrides)
        cmd->add_option("--set", args.overrides,
                        "Override one field before evaluating: PATH=VALUE (e.g. strategy.tp=4); "
                        "repeat --set for more fields")
            ->expected(1)  // one assignment per --set, so DESIGN after it stays DESIGN
            ->allow_extra_args(false)
            ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)
            ->check(assignment());
    cmd->add_option("--max-devices", args.max_devices, "Refuse designs with more accelerators")
        ->check(wholeNumberBetween(1, kMaxDevicesLimit));
    cmd->add_option("--embedded", args.embedded,
                    "Where the design's embedded catalog entries differ from the local catalog: "
                    "use the file's (file, the default), the local ones (local), or import the "
                    "file's into the user catalog (import)")
        ->check(CLI::IsMember({"file", "local", "import"}));
    return cmd;
}

}  // namespace infraplan::cli
