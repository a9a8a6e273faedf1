// infraplan-cli: the headless front end (DESIGN.md §3). Only argument wiring lives here; the
// work is done by core (load, validate, evaluate) and catalog.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "app/cli/catalog_command.h"
#include "app/cli/cli_globals.h"
#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/io/text_report.h"
#include "core/results/results_json.h"

namespace {

using namespace infraplan;

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;
constexpr int kExitUsage = 2;

struct DesignArgs {
    std::string path;
    std::vector<std::string> overrides;
    long long max_devices = 1'000'000;
};

// Load, apply --set, validate against the catalog; print every problem. nullopt = invalid.
std::optional<Design> loadValidDesign(const DesignArgs& args, const catalog::Catalog& catalog) {
    LoadOptions options;
    options.overrides = args.overrides;
    LoadResult loaded = loadDesignFile(args.path, options);
    if (!loaded.ok()) {
        std::cerr << args.path << ": invalid design\n" << loaded.diagnostics.toString();
        return std::nullopt;
    }
    ValidateOptions validateOptions;
    validateOptions.max_devices = args.max_devices;
    Diagnostics checks = validateDesign(*loaded.design, catalog, validateOptions);
    if (checks.hasErrors()) {
        std::cerr << args.path << ": invalid design\n" << checks.toString();
        return std::nullopt;
    }
    if (!checks.items.empty()) std::cerr << args.path << ":\n" << checks.toString();
    return std::move(loaded.design);
}

const catalog::Catalog& cliCatalog(const cli::CliGlobals& /*globals*/) {
    return catalog::builtinCatalog();
}

void addValidate(CLI::App& app, const cli::CliGlobals& globals, DesignArgs& args, int& exit_code) {
    CLI::App* cmd =
        app.add_subcommand("validate", "Check a design file; exit 0 if valid, 1 if not");
    cmd->add_option("DESIGN", args.path, "Design file (.json)")->required();
    cmd->add_option("--max-devices", args.max_devices, "Refuse designs with more accelerators")
        ->check(CLI::PositiveNumber);
    cmd->callback([&] {
        const auto design = loadValidDesign(args, cliCatalog(globals));
        if (design) std::cout << args.path << ": valid\n";
        exit_code = design ? kExitOk : kExitInvalid;
    });
}

void addEvaluate(CLI::App& app, const cli::CliGlobals& globals, DesignArgs& args, bool& json,
                 int& exit_code) {
    CLI::App* cmd = app.add_subcommand("evaluate", "Evaluate a design and print its results");
    cmd->add_option("DESIGN", args.path, "Design file (.json)")->required();
    cmd->add_flag("--json", json, "Print the results JSON (DESIGN.md §4) instead of text");
    cmd->add_option("--set", args.overrides,
                    "Override one field before evaluating: PATH=VALUE (e.g. strategy.tp=4)");
    cmd->add_option("--max-devices", args.max_devices, "Refuse designs with more accelerators")
        ->check(CLI::PositiveNumber);
    cmd->callback([&] {
        const catalog::Catalog& catalog = cliCatalog(globals);
        const auto design = loadValidDesign(args, catalog);
        if (!design) {
            exit_code = kExitInvalid;
            return;
        }
        EvaluateOptions options;
        options.max_devices = args.max_devices;
        const nlohmann::json results = resultsToJson(evaluate(*design, catalog, options));
        if (json)
            std::cout << results.dump(2) << "\n";
        else
            std::cout << formatResultsText(design->name, results);
        exit_code = kExitOk;
    });
}

// Subcommands whose capability has not landed yet: they say so plainly and exit 2.
void addPending(CLI::App& app, const std::string& name, const std::string& description,
                const std::string& pending, int& exit_code) {
    CLI::App* cmd = app.add_subcommand(name, description + " (not available yet)");
    cmd->allow_extras();
    cmd->callback([&exit_code, name, pending] {
        std::cerr << "infraplan-cli " << name << ": not available yet: " << pending << "\n";
        exit_code = kExitUsage;
    });
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Infraplan: plan AI infrastructure from the command line", "infraplan-cli"};
    app.set_version_flag("--version", std::string("infraplan-cli ") + INFRAPLAN_VERSION);
    app.require_subcommand(1);

    cli::CliGlobals globals;
    if (const char* env = std::getenv("INFRAPLAN_USER_CATALOG")) globals.user_catalog = env;
    app.add_option("--user-catalog", globals.user_catalog,
                   "Writable user catalog (SQLite) overlaying the built-in one; also "
                   "$INFRAPLAN_USER_CATALOG");

    int exit_code = kExitOk;
    DesignArgs validateArgs;
    DesignArgs evaluateArgs;
    bool json = false;
    addValidate(app, globals, validateArgs, exit_code);
    addEvaluate(app, globals, evaluateArgs, json, exit_code);
    addPending(app, "search", "Search strategies and hardware choices for a design",
               "strategy search is a later capability", exit_code);
    addPending(app, "report", "Write a PDF/JSON/CSV report of a design",
               "reports come with the GUI and report capability", exit_code);
    addPending(app, "compare", "Compare two designs side by side",
               "comparison comes with the GUI and report capability", exit_code);
    cli::addCatalogCommand(app, globals, exit_code);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << "infraplan-cli: " << e.what() << "\nRun 'infraplan-cli --help' for usage.\n";
        return kExitUsage;
    }
    return exit_code;
}
