#pragma once
// `infraplan-cli sensitivity DESIGN [--json] [--set PATH=VALUE ...]` (docs/planning.md)

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addSensitivityCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
