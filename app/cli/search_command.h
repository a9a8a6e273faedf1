#pragma once
// `infraplan-cli search DESIGN [--objective time|cost|energy|cost-per-token] [--top N] [--json]`

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addSearchCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
