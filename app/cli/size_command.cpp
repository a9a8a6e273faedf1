#include "app/cli/size_command.h"

#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "catalog/json_limits.h"
#include "core/io/design_json.h"
#include "core/planning/sizing.h"
#include "core/planning/sizing_json.h"
#include "core/results/format.h"
#include "core/search/strategy_text.h"

namespace infraplan::cli {
namespace {

struct SizeArgs {
    std::string target;
    bool json = false;
    std::string output_dir;
    std::string rank = "tco";
    double time_budget_s = 300;
    int top = 10;
    long long max_strategies = 2000;
    long long max_devices = 1'000'000;
    std::string shard = "1/1";
};

void printDesign(int rank, const SizedDesign& s) {
    std::cout << "  " << rank << ". " << s.design.name << ", fat-tree "
              << formatNumber(s.candidate.oversubscription) << ":1, " << toString(s.cooling)
              << " cooling (" << formatInteger(s.results.devices) << " devices)\n     ";
    if (s.days_to_train) std::cout << formatNumber(*s.days_to_train) << " days to train, ";
    if (s.goodput_rps && s.results.inference)
        std::cout << formatNumber(*s.goodput_rps) << " requests/s goodput on "
                  << s.results.inference->replicas << " replicas, ";
    std::cout << formatNumber(s.facility_mw) << " MW (" << formatNumber(s.facility_capacity_mw)
              << " MW provisioned), capex " << formatMoney(s.capex_usd) << ", TCO "
              << formatMoney(s.tco_usd);
    if (s.usd_per_million_tokens)
        std::cout << ", " << formatMoney(*s.usd_per_million_tokens) << "/M tokens";
    std::cout << "\n     " << describeStrategy(s.design.strategy, !s.results.training) << "\n";
}

void printText(const SizingResult& r, const std::string& path,
               const std::vector<std::string>& files) {
    std::cout << path << "\n  " << formatInteger(r.candidates) << " clusters, "
              << formatInteger(r.searched) << " searched (" << formatInteger(r.strategies_evaluated)
              << " strategies) in " << formatNumber(r.elapsed_s, 3) << " s\n";
    if (r.truncated) std::cout << "  stopped early: " << r.truncation << "\n";
    for (const std::string& reason : r.reasons)
        std::cout << "  " << reason << "\n";
    if (!r.infeasible.empty()) std::cout << "  " << r.infeasible << "\n";
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        printDesign(static_cast<int>(i) + 1, r.designs[i]);
        if (i < files.size()) std::cout << "     wrote " << files[i] << "\n";
    }
}

// rank-01-nvidia-dgx-h100-384n-air-os1.json: the rank first, so a listing sorts like the output.
std::string designFileName(int rank, const SizedDesign& s) {
    char name[200];
    std::snprintf(name, sizeof name, "rank-%02d-%s-%lldn-%s-os%g.json", rank,
                  s.candidate.node.c_str(), s.candidate.nodes, toString(s.cooling),
                  s.candidate.oversubscription);
    return name;
}

// Each design as a design file in `dir`; nullopt (message printed) when one cannot be written.
std::optional<std::vector<std::string>> writeDesigns(const SizingResult& r,
                                                     const std::string& dir) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
        std::cerr << "size: cannot create " << dir << ": " << ec.message() << "\n";
        return std::nullopt;
    }
    std::vector<std::string> files;
    for (std::size_t i = 0; i < r.designs.size(); ++i) {
        const std::string path =
            (std::filesystem::path(dir) / designFileName(static_cast<int>(i) + 1, r.designs[i]))
                .string();
        std::string error;
        if (!saveDesignFile(r.designs[i].design, path, &error)) {
            std::cerr << "size: cannot write " << path << ": " << error << "\n";
            return std::nullopt;
        }
        files.push_back(path);
    }
    return files;
}

void run(const SizeArgs& args, const CliGlobals& globals, int& exit_code) {
    const SizingTargetLoad loaded = loadSizingTarget(args.target);
    for (const Diagnostic& d : loaded.diagnostics.items)
        std::cerr << args.target << ": " << d.toString() << "\n";
    if (!loaded.target) {
        exit_code = kExitInvalid;
        return;
    }
    const catalog::Catalog catalog = cliCatalog(globals);
    SizingOptions options;
    options.rank = *sizingRankFromString(args.rank);
    options.top = args.top;
    options.time_budget_s = args.time_budget_s;
    options.max_strategies = args.max_strategies;
    options.max_devices = args.max_devices;
    options.shard = *shardFromString(args.shard);
    const SizingResult result = sizeHardware(*loaded.target, catalog, options);
    if (!result.reasons.empty()) {
        for (const std::string& reason : result.reasons)
            std::cerr << args.target << ": " << reason << "\n";
        exit_code = kExitInvalid;
        return;
    }
    std::vector<std::string> files;
    if (!args.output_dir.empty()) {
        auto written = writeDesigns(result, args.output_dir);
        if (!written) {
            exit_code = kExitInvalid;
            return;
        }
        files = std::move(*written);
    }
    if (args.json)
        std::cout << dumpJson(sizingResultToJson(result, *loaded.target, options.rank, files), 2)
                  << "\n";
    else
        printText(result, args.target, files);
    exit_code = kExitOk;
}

}  // namespace

void addSizeCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<SizeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "size",
        "Size hardware for a training job or a serving load under power and dollar "
        "budgets: ranked complete designs (docs/planning.md)");
    cmd->add_option("TARGET", args->target, "Sizing target (.json)")->required();
    cmd->add_flag("--json", args->json, "Print the sizing results as JSON");
    cmd->add_option("-o,--output-dir", args->output_dir,
                    "Write each design as a design file into this folder");
    cmd->add_option("--rank", args->rank,
                    "Rank by lowest TCO, shortest time, or most tokens/s per MW")
        ->check(CLI::IsMember({"tco", "time", "tokens-per-mw", "tokens_per_mw"}));
    cmd->add_option("--time-budget", args->time_budget_s,
                    "Stop after this many seconds and list the best so far (default 300)")
        ->check(secondsUpTo(86400));
    cmd->add_option("--top", args->top, "How many designs to list (default 10)")
        ->check(wholeNumberBetween(1, 1000));
    cmd->add_option("--max-strategies", args->max_strategies,
                    "Strategies tried per cluster at most (default 2,000)")
        ->check(wholeNumberBetween(1, 1'000'000));
    cmd->add_option("--shard", args->shard,
                    "Size only part K of N of the clusters (merge the parts with `merge`)")
        ->check(shardSpec());
    cmd->add_option("--max-devices", args->max_devices,
                    "Refuse clusters with more accelerators than this (default 1,000,000)")
        ->check(wholeNumberBetween(1, kMaxDevicesLimit));
    cmd->callback([&globals, &exit_code, args] { run(*args, globals, exit_code); });
}

}  // namespace infraplan::cli
