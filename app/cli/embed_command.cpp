#include "app/cli/embed_command.h"

#include <iostream>
#include <memory>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "core/io/design_embed.h"
#include "core/io/design_json.h"

namespace infraplan::cli {

void addEmbedCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<DesignArgs>();
    CLI::App* cmd = designSubcommand(
        app, "embed",
        "Write a copy of a design that carries the catalog entries it uses: -o OUT.json", *args,
        false);
    cmd->add_option("DESIGN", args->paths, "Design file (.json)")->required()->expected(1);
    cmd->add_option("-o,--output", args->output, "The self-contained design file to write")
        ->required();
    cmd->callback([&globals, &exit_code, args] {
        const std::string& path = args->paths.front();
        if (outputOverwritesInput("embed", args->output, args->paths)) {
            exit_code = kExitUsage;
            return;
        }
        auto loaded = loadValidDesign(path, *args, globals, cliCatalog(globals));
        if (!loaded) {
            exit_code = kExitInvalid;
            return;
        }
        embedCatalogEntries(loaded->design, *loaded->catalog);
        std::string error;
        if (!saveDesignFile(loaded->design, args->output, &error)) {
            std::cerr << "infraplan-cli embed: " << error << "\n";
            exit_code = kExitInvalid;  // a file that cannot be written, as for every writer
            return;
        }
        std::cout << "wrote " << args->output << " with " << loaded->design.catalog.size()
                  << " catalog entries\n";
        exit_code = kExitOk;
    });
}

}  // namespace infraplan::cli
