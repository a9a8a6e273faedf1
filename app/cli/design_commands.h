#pragma once
// The subcommands that take design files: validate, evaluate, compare, report.

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addDesignCommands(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
