// infraplan-cli: the headless front end (docs/cli.md). Only argument wiring lives here; the
// work is done by core (load, validate, evaluate) and catalog.
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <iostream>
#include <new>

#include "app/cli/bom_command.h"
#include "app/cli/calibrate_command.h"
#include "app/cli/catalog_command.h"
#include "app/cli/checked_stdout.h"
#include "app/cli/cli_globals.h"
#include "app/cli/design_commands.h"
#include "app/cli/embed_command.h"
#include "app/cli/export_graph_command.h"
#include "app/cli/merge_command.h"
#include "app/cli/schema_command.h"
#include "app/cli/search_command.h"
#include "app/cli/sensitivity_command.h"
#include "app/cli/size_command.h"

namespace {

constexpr int kExitInvalid = 1;
constexpr int kExitUsage = 2;

}  // namespace

int main(int argc, char** argv) {
    infraplan::cli::CheckedStdout output;
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
    infraplan::cli::addSearchCommand(app, globals, exit_code);
    infraplan::cli::addSizeCommand(app, globals, exit_code);
    infraplan::cli::addSensitivityCommand(app, globals, exit_code);
    infraplan::cli::addCalibrateCommand(app, globals, exit_code);
    infraplan::cli::addMergeCommand(app, exit_code);
    infraplan::cli::addEmbedCommand(app, globals, exit_code);
    infraplan::cli::addBomCommand(app, globals, exit_code);
    infraplan::cli::addExportGraphCommand(app, globals, exit_code);
    infraplan::cli::addCatalogCommand(app, globals, exit_code);
    infraplan::cli::addSchemaCommand(app, exit_code);

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return output.finish(app.exit(e));
    } catch (const CLI::CallForAllHelp& e) {
        return output.finish(app.exit(e));
    } catch (const CLI::CallForVersion& e) {
        return output.finish(app.exit(e));
    } catch (const CLI::ParseError& e) {
        std::cerr << "infraplan-cli: " << e.what() << "\nRun 'infraplan-cli --help' for usage.\n";
        return kExitUsage;
    } catch (const std::bad_alloc&) {
        std::cerr << "infraplan-cli: out of memory\n";
        return output.finish(kExitInvalid);
    } catch (const std::exception& e) {  // a bug, but still a message and no core dump
        std::cerr << "infraplan-cli: internal error: " << e.what() << "\n";
        return output.finish(kExitInvalid);
    }
    return output.finish(exit_code);
}
