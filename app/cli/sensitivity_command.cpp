#include "app/cli/sensitivity_command.h"

#include <cstdio>
#include <iostream>
#include <memory>

#include "app/cli/design_loading.h"
#include "catalog/json_limits.h"
#include "core/planning/sensitivity_json.h"
#include "core/results/format.h"

namespace infraplan::cli {
namespace {

// "-6.9% / +8.1%" for the -10% and +10% sides; "infeasible" where a side is.
std::string change(const Perturbation& down, const Perturbation& up,
                   std::optional<double> Perturbation::*field) {
    auto one = [field](const Perturbation& p) -> std::string {
        if (!p.metrics.feasible) return "infeasible";
        const auto& v = p.*field;
        if (!v) return "–";
        char text[32];
        std::snprintf(text, sizeof text, "%+.1f%%", *v * 100);
        return text;
    };
    return one(down) + " / " + one(up);
}

void printText(const SensitivityResult& r, const std::string& name) {
    std::cout << name << "\n  change of each metric at -10% / +10% of each input, largest "
              << "effect first\n";
    for (const std::string& reason : r.reasons)
        std::cout << "  " << reason << "\n";
    char header[160];
    std::snprintf(header, sizeof header, "  %-28s %-24s %-24s %-24s\n", "input",
                  r.training ? "step time" : "goodput", "$/M tokens", "facility power");
    if (!r.inputs.empty()) std::cout << header;
    int rank = 1;
    for (const InputSensitivity& s : r.inputs) {
        char line[200];
        std::snprintf(line, sizeof line, "  %2d. %-24s %-24s %-24s %-24s\n", rank++,
                      s.label.c_str(), change(s.down, s.up, &Perturbation::performance).c_str(),
                      change(s.down, s.up, &Perturbation::usd_per_million_tokens).c_str(),
                      change(s.down, s.up, &Perturbation::facility_kw).c_str());
        std::cout << line;
        if (s.flips_feasibility)
            std::cout << "      flips feasibility: the design is "
                      << (r.base.feasible ? "infeasible" : "feasible") << " at "
                      << (s.down.metrics.feasible != r.base.feasible ? "-10%" : "+10%") << " of "
                      << s.label << "\n";
    }
}

}  // namespace

void addSensitivityCommand(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto args = std::make_shared<DesignArgs>();
    CLI::App* cmd = designSubcommand(
        app, "sensitivity",
        "The change of step time or goodput, $/M tokens and facility power for +/-10% of each "
        "hardware and facility input, largest effect first",
        *args, true);
    cmd->add_option("DESIGN", args->paths, "Design file (.json)")->required()->expected(1);
    cmd->add_flag("--json", args->json, "Print the sensitivities as JSON");
    cmd->callback([&globals, &exit_code, args] {
        const auto loaded =
            loadValidDesign(args->paths.front(), *args, globals, cliCatalog(globals));
        if (!loaded) {
            exit_code = kExitInvalid;
            return;
        }
        SensitivityOptions options;
        options.max_devices = args->max_devices;
        const SensitivityResult result =
            analyzeSensitivity(loaded->design, *loaded->catalog, options);
        if (args->json)
            std::cout << dumpJson(sensitivityToJson(result, options.step), 2) << "\n";
        else
            printText(result, loaded->design.name);
        exit_code = kExitOk;
    });
}

}  // namespace infraplan::cli
