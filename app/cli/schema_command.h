#pragma once
// `infraplan-cli schema [--markdown | --json]`: the results contract (docs/results.md) as the
// program knows it: every field's key, unit, modes and meaning.

#include <CLI/CLI.hpp>

namespace infraplan::cli {

void addSchemaCommand(CLI::App& app, int& exit_code);

}  // namespace infraplan::cli
