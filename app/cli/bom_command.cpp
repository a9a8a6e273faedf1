#include "app/cli/bom_command.h"

#include <functional>
#include <iostream>
#include <memory>
#include <sstream>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "core/facility/bom.h"

namespace infraplan::cli {
namespace {

struct BomArgs {
    DesignArgs design;
    std::string cabling;
};

// The text `write` puts in a stream.
std::string textOf(const std::function<void(std::ostream&)>& write) {
    std::ostringstream text;
    write(text);
    return text.str();
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
    const auto expanded = loadExpandedDesign(args.design, globals);
    if (!expanded) return kExitInvalid;
    const LoadedDesign& loaded = expanded->loaded;
    const Bom bom = buildBom(loaded.design, *loaded.catalog, expanded->graph);
    if (!writeOutputFile("bom", args.design.output,
                         textOf([&](std::ostream& o) { writeBomCsv(bom, o); })))
        return kExitInvalid;
    std::cout << "wrote " << args.design.output << ": " << bom.parts.size() << " priced lines, "
              << withThousands(bom.cables) << " cables, " << withThousands(bom.optics)
              << " optics\n";
    if (args.cabling.empty()) return kExitOk;
    long long rows = 0;
    const std::string cabling = textOf([&](std::ostream& o) {
        rows = writeCablingCsv(bom, loaded.design, *loaded.catalog, expanded->graph, o);
    });
    if (!writeOutputFile("bom", args.cabling, cabling)) return kExitInvalid;
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
