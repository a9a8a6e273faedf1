#pragma once
// `infraplan-cli merge OUT1.json OUT2.json ...`: the --json outputs of every shard of one
// `search` or `size` run, combined into that run's answer (docs/planning.md, "Shards").

#include <CLI/CLI.hpp>

namespace infraplan::cli {

void addMergeCommand(CLI::App& app, int& exit_code);

}  // namespace infraplan::cli
