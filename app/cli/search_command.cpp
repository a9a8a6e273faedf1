#include "app/cli/search_command.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include "app/cli/cli_checks.h"
#include "app/cli/design_loading.h"
#include "catalog/json_limits.h"
#include "core/search/search_counts.h"
#include "core/search/strategy_search.h"
#include "core/search/strategy_text.h"

namespace infraplan::cli {
namespace {

struct SearchArgs {
    DesignArgs design;
    std::string objective = "time";
    // The search's own defaults, so the CLI and the core cannot disagree.
    int top = SearchOptions{}.top;
    double time_budget_s = SearchOptions{}.time_budget_s;
    long long max_candidates = SearchOptions{}.max_candidates;
    std::string shard = "1/1";
    bool exhaustive = false;
};

void printText(const SearchResult& r, const std::string& name, bool inference) {
    std::cout << name << "\n  " << searchCountsText(r) << ", in " << r.elapsed_s << " s\n";
    if (r.truncated) std::cout << "  stopped early: " << r.truncation << "\n";
    for (const std::string& reason : r.reasons)
        std::cout << "  " << reason << "\n";
    int rank = 1;
    for (const SearchCandidate& c : r.best) {
        char score[64];
        std::snprintf(score, sizeof score, "%.4g", c.score);
        std::cout << "  " << rank++ << ". " << score << " " << r.score_unit << "  "
                  << describeStrategy(c.strategy, inference);
        if (c.results.training) {
            char figures[64];
            std::snprintf(figures, sizeof figures, "  (MFU %.1f%%, step %.3g s)",
                          c.results.training->mfu * 100, c.results.training->step_time_s);
            std::cout << figures;
        }
        std::cout << "\n";
    }
}

}  // namespace

void addSearchCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<SearchArgs>();
    CLI::App* cmd = designSubcommand(app, "search",
                                     "Search parallelism strategies for a design's hardware and "
                                     "workload, best first",
                                     args->design, true);
    cmd->add_option("DESIGN", args->design.paths, "Design file (.json)")->required()->expected(1);
    cmd->add_option("--objective", args->objective, "What to minimize")
        ->check(CLI::IsMember({"time", "cost", "energy", "cost-per-token"}));
    cmd->add_option("--top", args->top, "How many strategies to list")
        ->check(wholeNumberBetween(1, 1000));
    cmd->add_option("--time-budget", args->time_budget_s,
                    "Stop after this many seconds and show the best so far (default 60)")
        ->check(secondsUpTo(86400));
    cmd->add_option("--max-candidates", args->max_candidates,
                    "Try at most this many strategies (default 5,000,000)")
        ->check(wholeNumberBetween(1, 10'000'000));
    cmd->add_option("--shard", args->shard,
                    "Search only part K of N of the space (merge the parts with `merge`)")
        ->check(shardSpec());
    cmd->add_flag(
        "--no-bound-pruning", args->exhaustive,
        "Time every strategy that fits (the same answer, slower: a check of the pruning)");
    cmd->add_flag("--json", args->design.json, "Print the search results as JSON");
    cmd->callback([&globals, &exit_code, args] {
        const auto loaded =
            loadValidDesign(args->design.paths.front(), args->design, globals, cliCatalog(globals));
        if (!loaded) {
            exit_code = kExitInvalid;
            return;
        }
        SearchOptions options;
        options.objective = *searchObjectiveFromString(args->objective);
        options.top = args->top;
        options.max_devices = args->design.max_devices;
        options.time_budget_s = args->time_budget_s;
        options.max_candidates = args->max_candidates;
        options.shard = *shardFromString(args->shard);
        options.prune_on_bounds = !args->exhaustive;
        const SearchResult result = searchStrategies(loaded->design, *loaded->catalog, options);
        const bool inference = loaded->design.workload.mode == WorkloadMode::inference;
        if (args->design.json)
            std::cout << dumpJson(searchResultToJson(result, options, inference), 2) << "\n";
        else
            printText(result, loaded->design.name, inference);
        exit_code = kExitOk;
    });
}

}  // namespace infraplan::cli
