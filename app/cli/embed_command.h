#pragma once
// `infraplan-cli embed DESIGN -o OUT`: write a copy of a design that carries the catalog
// entries it uses, so that it evaluates the same on a machine whose catalog differs.

#include <CLI/CLI.hpp>

#include "app/cli/cli_globals.h"

namespace infraplan::cli {

void addEmbedCommand(CLI::App& app, const CliGlobals& globals, int& exit_code);

}  // namespace infraplan::cli
