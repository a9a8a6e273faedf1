#pragma once
// `infraplan-cli export-graph DESIGN -o graph.graphml|graph.json`: the expanded hardware graph
// for other tools (docs/topology.md, "Exporting the graph").

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addExportGraphCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
