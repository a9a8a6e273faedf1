#include "app/cli/merge_command.h"

#include <iostream>
#include <memory>

#include "app/cli/design_loading.h"
#include "catalog/json_limits.h"
#include "core/io/design_json.h"
#include "core/planning/sizing_merge.h"
#include "core/search/strategy_search.h"

namespace infraplan::cli {
namespace {

constexpr std::size_t kMaxOutputBytes = 256u << 20;

std::optional<nlohmann::json> readOutput(const std::string& path) {
    std::string error;
    const auto text = readTextFile(path, kMaxOutputBytes, &error);
    if (!text) {
        std::cerr << "merge: " << path << ": " << error << "\n";
        return std::nullopt;
    }
    auto json = parseJsonGuarded(*text, kMaxOutputBytes, 256, &error);
    if (!json) std::cerr << "merge: " << path << ": " << error << "\n";
    return json;
}

void run(const std::vector<std::string>& paths, int& exit_code) {
    std::vector<nlohmann::json> outputs;
    for (const std::string& path : paths) {
        auto json = readOutput(path);
        if (!json) {
            exit_code = kExitInvalid;
            return;
        }
        outputs.push_back(std::move(*json));
    }
    // A sizing output names its target; a search output its objective.
    const bool sizing = outputs.front().is_object() && outputs.front().contains("target");
    std::string error;
    std::optional<nlohmann::json> merged;
    try {
        merged = sizing ? mergeSizingJson(outputs, &error) : mergeSearchJson(outputs, &error);
    } catch (const nlohmann::json::exception& e) {
        // The merges read what search and size write; an edited file may hold other types.
        error = std::string(
                    "a value of the wrong type in the outputs (not as search or size "
                    "--json write them): ") +
                e.what();
    }
    if (!merged) {
        std::cerr << "merge: " << error << "\n";
        exit_code = kExitInvalid;
        return;
    }
    std::cout << dumpJson(*merged, 2) << "\n";
    exit_code = kExitOk;
}

}  // namespace

void addMergeCommand(CLI::App& app, int& exit_code) {
    auto paths = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand(
        "merge",
        "Combine the --json outputs of every shard (--shard K/N) of one search or size "
        "run into that run's answer, as JSON");
    cmd->add_option("OUTPUTS", *paths, "The shards' outputs (.json)")->required();
    cmd->callback([&exit_code, paths] { run(*paths, exit_code); });
}

}  // namespace infraplan::cli
