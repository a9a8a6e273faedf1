#include "app/cli/export_graph_command.h"

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "core/io/graph_export.h"

namespace infraplan::cli {
namespace {

bool endsWith(const std::string& text, const std::string& suffix) {
    return text.size() >= suffix.size() &&
           text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::optional<GraphFormat> graphFormatFor(const std::string& path) {
    if (endsWith(path, ".graphml")) return GraphFormat::graphml;
    if (endsWith(path, ".json")) return GraphFormat::json;
    return std::nullopt;
}

int runExportGraph(const DesignArgs& args, const CliGlobals& globals) {
    const auto format = graphFormatFor(args.output);
    if (!format) {
        std::cerr << "infraplan-cli export-graph: " << args.output
                  << ": the extension must be .graphml or .json\n";
        return kExitUsage;
    }
    if (outputOverwritesInput("export-graph", args.output, args.paths)) return kExitUsage;
    const auto expanded = loadExpandedDesign(args, globals);
    if (!expanded) return kExitInvalid;
    const Design& design = expanded->loaded.design;
    const Graph& graph = expanded->graph;
    std::ostringstream out;
    if (*format == GraphFormat::graphml)
        writeGraphMl(design, graph, out);
    else
        writeGraphJson(design, graph, out);
    if (!writeOutputFile("export-graph", args.output, out.str())) return kExitInvalid;
    std::cout << "wrote " << args.output << ": "
              << withThousands(static_cast<long long>(graph.vertices.size())) << " vertices, "
              << withThousands(static_cast<long long>(graph.edges.size())) << " edges\n";
    return kExitOk;
}

}  // namespace

void addExportGraphCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<DesignArgs>();
    CLI::App* cmd = designSubcommand(
        app, "export-graph",
        "Write the expanded hardware graph: -o graph.graphml (GraphML) | graph.json", *args, true);
    cmd->add_option("DESIGN", args->paths, "Design file (.json)")->required()->expected(1);
    cmd->add_option("-o,--output", args->output, "The graph file: .graphml or .json")->required();
    cmd->callback([&globals, &exit_code, args] { exit_code = runExportGraph(*args, globals); });
}

}  // namespace infraplan::cli
