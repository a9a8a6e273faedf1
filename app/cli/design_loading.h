#pragma once
// What every design subcommand does first: load the catalog (built-in + user overlay), read
// the design with its --set overrides and embedded entries, validate, report problems.

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/cli_globals.h"
#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/topology/graph.h"

namespace infraplan::cli {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitUsage = 2;
// The largest --max-devices accepted (the default is 1,000,000).
inline constexpr long long kMaxDevicesLimit = 10'000'000;

// Arguments of one subcommand; they live as long as the CLI::App that points into them.
struct DesignArgs {
    std::vector<std::string> paths;
    std::vector<std::string> overrides;
    long long max_devices = 1'000'000;
    bool json = false;
    std::string output;
    std::string embedded = "file";  // --embedded: file | local | import (core EmbeddedChoice)
};

// The built-in catalog overlaid by the user's; problems with the user file are reported on
// stderr and leave the built-in catalog working.
catalog::Catalog cliCatalog(const CliGlobals& globals);

// A design with the catalog it is evaluated against: the local one, with the entries the
// design file embeds laid over it (core/io/design_load.h).
struct LoadedDesign {
    Design design;
    std::shared_ptr<const catalog::Catalog> catalog;
};

// Load through core's loading path (guards, --set, embedded entries as --embedded says,
// validation); print every problem and every embedded difference on stderr.
// nullopt = invalid (exit 1).
std::optional<LoadedDesign> loadValidDesign(const std::string& path, const DesignArgs& args,
                                            const CliGlobals& globals,
                                            const catalog::Catalog& local);

// A valid design (the first of args.paths) expanded into its hardware graph under
// --max-devices, for the subcommands that write what the graph holds (bom, export-graph).
// nullopt = invalid (problems printed; exit 1).
struct ExpandedDesign {
    LoadedDesign loaded;
    Graph graph;
};
std::optional<ExpandedDesign> loadExpandedDesign(const DesignArgs& args, const CliGlobals& globals);

// A subcommand of `app` with the options every design subcommand shares: --max-devices,
// --embedded, and --set when `overrides` is true.
CLI::App* designSubcommand(CLI::App& app, const char* name, const char* description,
                           DesignArgs& args, bool overrides);

}  // namespace infraplan::cli
