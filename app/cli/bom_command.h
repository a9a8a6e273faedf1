#pragma once
// `infraplan-cli bom DESIGN -o bom.csv [--cabling cabling.csv]`: the bill of materials of a
// design, priced by the facility model's own lookups, and its cabling plan (docs/cli.md).

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addBomCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
