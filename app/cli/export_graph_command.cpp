#include "app/cli/export_graph_command.h"

#include <iostream>
#include <memory>
#include <optional>
#include <sstream>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "catalog/file_io.h"
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
    const auto loaded = loadValidDesign(args.paths.front(), args, globals, cliCatalog(globals));
    if (!loaded) return kExitInvalid;
    ExpandOptions options;
    options.max_devices = args.max_devices;
    const ExpandResult expanded = expand(loaded->design, *loaded->catalog, options);
    if (!expanded.ok()) {
        std::cerr << expanded.diagnostics.toString();
        return kExitInvalid;
    }
    std::ostringstream out;
    if (*format == GraphFormat::graphml)
        writeGraphMl(loaded->design, expanded.graph, out);
    else
        writeGraphJson(loaded->design, expanded.graph, out);
    std::string error;
    if (!writeFileAtomically(args.output, out.str(), &error)) {
        std::cerr << "infraplan-cli export-graph: " << error << "\n";
        return kExitInvalid;
    }
    std::cout << "wrote " << args.output << ": "
              << withThousands(static_cast<long long>(expanded.graph.vertices.size()))
              << " vertices, " << withThousands(static_cast<long long>(expanded.graph.edges.size()))
              << " edges\n";
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
