#include "app/cli/design_loading.h"

#include <iostream>

#include "app/cli/cli_checks.h"

#include "catalog/embedded_entries.h"
#include "catalog/user_catalog.h"
#include "core/design/validate.h"
#include "core/io/design_json.h"

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

// Load, apply --set, overlay embedded entries, validate; print every problem. nullopt = invalid.
std::optional<LoadedDesign> loadValidDesign(const std::string& path, const DesignArgs& args,
                                            const catalog::Catalog& local) {
    LoadOptions options;
    options.overrides = args.overrides;
    LoadResult loaded = loadDesignFile(path, options);
    if (!loaded.ok()) {
        std::cerr << path << ": invalid design\n" << loaded.diagnostics.toString();
        return std::nullopt;
    }
    LoadedDesign result{std::move(*loaded.design), local};
    Diagnostics checks;
    if (!result.design.catalog.empty())
        catalog::overlayEmbedded(result.catalog, result.design.catalog, "/catalog", checks);
    ValidateOptions validateOptions;
    validateOptions.max_devices = args.max_devices;
    Diagnostics semantic = validateDesign(result.design, result.catalog, validateOptions);
    checks.items.insert(checks.items.end(), semantic.items.begin(), semantic.items.end());
    if (checks.hasErrors()) {
        std::cerr << path << ": invalid design\n" << checks.toString();
        return std::nullopt;
    }
    if (!checks.items.empty()) std::cerr << path << ":\n" << checks.toString();
    return result;
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
    return cmd;
}

}  // namespace infraplan::cli
