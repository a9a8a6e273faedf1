#pragma once
// `infraplan-cli catalog list [--kind K] [--vendor V] [--search TEXT] [--json] | show ID [--json] |
// import FILE [--id ID] | export FILE [--kind K] [--user-only] | remove ID` (docs/cli.md).

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

// Adds the `catalog` subcommand. Exit codes: 0 ok, 1 invalid input (unknown id, bad file,
// unreadable catalog), 2 usage (CLI11 parse errors are mapped by main()).
void addCatalogCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
