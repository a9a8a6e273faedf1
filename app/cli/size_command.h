#pragma once
// `infraplan-cli size TARGET.json [--json] [-o DIR] [--rank tco|time|tokens-per-mw]
// [--time-budget S] [--top N] [--max-strategies N]` (docs/planning.md)

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addSizeCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
