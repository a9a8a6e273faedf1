#include "app/cli/schema_command.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "catalog/json_limits.h"
#include "core/results/schema.h"

namespace infraplan::cli {
namespace {

struct SchemaArgs {
    bool markdown = false;
    bool json = false;
};

// One line a field: key, unit, modes, meaning.
std::string schemaText() {
    std::string out;
    for (const ResultField& f : resultsSchema()) {
        char line[160];
        std::snprintf(line, sizeof line, "%-50s %-13s %-9s ", f.key.c_str(), unitColumn(f).c_str(),
                      toString(f.modes));
        out += line + f.meaning + (f.when.empty() ? "" : " (" + f.when + ")") + "\n";
    }
    return out;
}

}  // namespace

void addSchemaCommand(CLI::App& app, int& exit_code) {
    auto args = std::make_shared<SchemaArgs>();
    CLI::App* cmd = app.add_subcommand(
        "schema", "List every field of the results (evaluate --json): key, unit, modes, meaning");
    auto* markdown = cmd->add_flag("--markdown", args->markdown,
                                   "Print the tables of docs/results.md (Markdown)");
    cmd->add_flag("--json", args->json, "Print the fields as JSON")->excludes(markdown);
    cmd->callback([&exit_code, args] {
        if (args->markdown)
            std::cout << resultsSchemaMarkdown();
        else if (args->json)
            std::cout << dumpJson(resultsSchemaJson(), 2) << "\n";
        else
            std::cout << schemaText();
        exit_code = 0;
    });
}

}  // namespace infraplan::cli
