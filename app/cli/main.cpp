// infraplan-cli: the headless front end (DESIGN.md §3). Only argument wiring lives here; the
// work is done by core (load, validate, evaluate) and catalog.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>

#include "app/cli/catalog_command.h"
#include "app/cli/cli_globals.h"
#include "app/cli/design_commands.h"

namespace {

constexpr int kExitUsage = 2;

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

    infraplan::cli::CliGlobals globals;
    if (const char* env = std::getenv("INFRAPLAN_USER_CATALOG")) globals.user_catalog = env;
    app.add_option("--user-catalog", globals.user_catalog,
                   "Writable user catalog (SQLite) overlaying the built-in one; also "
                   "$INFRAPLAN_USER_CATALOG");

    int exit_code = 0;
    infraplan::cli::addDesignCommands(app, globals, exit_code);
    addPending(app, "search", "Search strategies and hardware choices for a design",
               "strategy search is a later capability", exit_code);
    infraplan::cli::addCatalogCommand(app, globals, exit_code);

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
