#include "app/cli/bom_command.h"

#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "catalog/file_io.h"
#include "core/facility/bom.h"

namespace infraplan::cli {
namespace {

struct BomArgs {
    DesignArgs design;
    std::string cabling;
};

// Write `path` with `write(stream)`, whole or not at all; a message and false when it
// cannot be written.
bool writeFile(const std::string& path, const std::function<void(std::ostream&)>& write) {
    std::ostringstream text;
    write(text);
    std::string error;
    if (writeFileAtomically(path, text.str(), &error)) return true;
    std::cerr << "infraplan-cli bom: " << error << "\n";
    return false;
}

int runBom(const BomArgs& args, const CliGlobals& globals) {
    std::vector<std::string> outputs{args.design.output};
    if (!args.cabling.empty()) outputs.push_back(args.cabling);
    for (const std::string& out : outputs)
        if (outputOverwritesInput("bom", out, args.design.paths)) return kExitUsage;
    if (!args.cabling.empty() && args.cabling == args.design.output) {
        std::cerr << "infraplan-cli bom: -o and --cabling name the same file\n";
        return kExitUsage;
    }
    const auto loaded =
        loadValidDesign(args.design.paths.front(), args.design, globals, cliCatalog(globals));
    if (!loaded) return kExitInvalid;
    ExpandOptions options;
    options.max_devices = args.design.max_devices;
    const ExpandResult expanded = expand(loaded->design, *loaded->catalog, options);
    if (!expanded.ok()) {
        std::cerr << expanded.diagnostics.toString();
        return kExitInvalid;
    }
    const Bom bom = buildBom(loaded->design, *loaded->catalog, expanded.graph);
    if (!writeFile(args.design.output, [&](std::ostream& o) { writeBomCsv(bom, o); }))
        return kExitInvalid;
    std::cout << "wrote " << args.design.output << ": " << bom.parts.size() << " priced lines, "
              << withThousands(bom.cables) << " cables, " << withThousands(bom.optics)
              << " optics\n";
    if (args.cabling.empty()) return kExitOk;
    long long rows = 0;
    if (!writeFile(args.cabling, [&](std::ostream& o) {
            rows = writeCablingCsv(bom, loaded->design, *loaded->catalog, expanded.graph, o);
        }))
        return kExitInvalid;
    std::cout << "wrote " << args.cabling << ": " << withThousands(rows) << " cables\n";
    return kExitOk;
}

}  // namespace

void addBomCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<BomArgs>();
    CLI::App* cmd = designSubcommand(
        app, "bom",
        "Write a design's bill of materials (-o bom.csv) and cabling plan (--cabling FILE.csv)",
        args->design, true);
    cmd->add_option("DESIGN", args->design.paths, "Design file (.json)")->required()->expected(1);
    cmd->add_option("-o,--output", args->design.output, "The bill of materials to write (CSV)")
        ->required();
    cmd->add_option("--cabling", args->cabling,
                    "Also write the cabling plan, one row per cable (NetBox cable import CSV)");
    cmd->callback([&globals, &exit_code, args] { exit_code = runBom(*args, globals); });
}

}  // namespace infraplan::cli
