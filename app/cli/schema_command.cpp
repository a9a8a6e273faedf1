#include "app/cli/schema_command.h"

#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>

#include "catalog/json_limits.h"
#include "core/planning/calibration_json.h"
#include "core/planning/sensitivity_json.h"
#include "core/planning/sizing_json.h"
#include "core/results/schema.h"
#include "core/results/schema_table.h"
#include "core/search/search_schema.h"

namespace infraplan::cli {
namespace {

struct SchemaArgs {
    bool markdown = false;
    bool json = false;
    std::string of = "results";  // whose output: results (evaluate), search, size, ...
};

const std::vector<ResultField>& fieldsOf(const std::string& of) {
    if (of == "size") return sizingSchema();
    if (of == "search") return searchSchema();
    if (of == "sensitivity") return sensitivitySchema();
    if (of == "calibration") return calibrationSchema();
    return resultsSchema();
}

// One line a field: key, unit, modes, meaning.
std::string schemaText(const std::vector<ResultField>& fields) {
    std::string out;
    for (const ResultField& f : fields) {
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
    auto* json =
        cmd->add_flag("--json", args->json, "Print the fields as JSON")->excludes(markdown);
    cmd->add_option("--of", args->of,
                    "Whose output: results (evaluate, the default), search, size, sensitivity or "
                    "calibration "
                    "(docs/results.md)")
        ->check(CLI::IsMember({"results", "search", "size", "sensitivity", "calibration"}))
        ->excludes(json);
    cmd->callback([&exit_code, args] {
        const bool results = args->of == "results";
        if (args->markdown)
            std::cout << (results ? resultsSchemaMarkdown()
                                  : schemaTableMarkdown(fieldsOf(args->of)));
        else if (args->json)
            std::cout << dumpJson(resultsSchemaJson(), 2) << "\n";
        else
            std::cout << schemaText(fieldsOf(args->of));
        exit_code = 0;
    });
}

}  // namespace infraplan::cli
