#pragma once
// `infraplan-cli catalog list [--kind K] [--vendor V] [--search TEXT] [--json] | show ID [--json] |
// import FILE [--id ID] | export FILE [--kind K] [--user-only] | remove ID` (DESIGN.md §3).

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"
#include "catalog/catalog.h"

namespace infraplan::cli {

// Adds the `catalog` subcommand. Exit codes: 0 ok, 1 invalid input (unknown id, bad file,
// unreadable catalog), 2 usage (CLI11 parse errors are mapped by main()).
void addCatalogCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

// The catalog every subcommand should use: built-in overlaid by the user catalog
// (--user-catalog / INFRAPLAN_USER_CATALOG / default path); problems of the user file are
// printed to stderr as warnings and never stop the command.
catalog::Catalog openCliCatalog(const CliGlobals& globals);

}  // namespace infraplan::cli
