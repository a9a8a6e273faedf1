#pragma once
// `infraplan-cli calibrate DESIGN MEASURED.csv [--fit IDS] [--json] [-o FILE] [--save]`
// (docs/planning.md, "Calibration")

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addCalibrateCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
