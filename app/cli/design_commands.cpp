#include "app/cli/design_commands.h"

#include "app/cli/design_loading.h"

#include "app/cli/cli_checks.h"
#include "catalog/json_limits.h"

#include <QGuiApplication>
#include <iostream>
#include <memory>

#include "catalog/catalog.h"
#include "core/design/validate.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_json.h"
#include "core/io/results_table.h"
#include "core/io/text_report.h"
#include "core/results/results_json.h"
#include "ui/report/reportexport.h"

namespace infraplan::cli {
namespace {

nlohmann::json evaluateToJson(const Design& design, const DesignArgs& args,
                              const catalog::Catalog& catalog) {
    EvaluateOptions options;
    options.max_devices = args.max_devices;
    return resultsToJson(evaluate(design, catalog, options));
}

}  // namespace

void addDesignCommands(CLI::App& app, const CliGlobals& globals, int& exit_code) {
    auto validateArgs = std::make_shared<DesignArgs>();
    CLI::App* validate = designSubcommand(
        app, "validate", "Check a design file; exit 0 if valid, 1 if not", *validateArgs, false);
    validate->add_option("DESIGN", validateArgs->paths, "Design file (.json)")
        ->required()
        ->expected(1);
    validate->callback([&globals, &exit_code, validateArgs] {
        const std::string& path = validateArgs->paths.front();
        const auto loaded = loadValidDesign(path, *validateArgs, globals, cliCatalog(globals));
        if (loaded) std::cout << path << ": valid\n";
        exit_code = loaded ? kExitOk : kExitInvalid;
    });

    auto evaluateArgs = std::make_shared<DesignArgs>();
    CLI::App* evaluateCmd = designSubcommand(
        app, "evaluate", "Evaluate a design and print its results", *evaluateArgs, true);
    evaluateCmd->add_option("DESIGN", evaluateArgs->paths, "Design file (.json)")
        ->required()
        ->expected(1);
    evaluateCmd->add_flag("--json", evaluateArgs->json,
                          "Print the results JSON (docs/results.md) instead of text");
    evaluateCmd->callback([&globals, &exit_code, evaluateArgs] {
        const auto loaded = loadValidDesign(evaluateArgs->paths.front(), *evaluateArgs, globals,
                                            cliCatalog(globals));
        if (!loaded) {
            exit_code = kExitInvalid;
            return;
        }
        const nlohmann::json results =
            evaluateToJson(loaded->design, *evaluateArgs, *loaded->catalog);
        if (evaluateArgs->json)
            std::cout << dumpJson(results, 2) << "\n";
        else
            std::cout << formatResultsText(loaded->design.name, results);
        exit_code = kExitOk;
    });

    auto compareArgs = std::make_shared<DesignArgs>();
    CLI::App* compare =
        designSubcommand(app, "compare", "Evaluate two designs and compare them metric by metric",
                         *compareArgs, true);
    compare->add_option("A B", compareArgs->paths, "Two design files")->required()->expected(2);
    compare->add_flag("--json", compareArgs->json, "Print the comparison as JSON");
    compare->callback([&globals, &exit_code, compareArgs] {
        const catalog::Catalog local = cliCatalog(globals);
        const auto a = loadValidDesign(compareArgs->paths[0], *compareArgs, globals, local);
        const auto b = loadValidDesign(compareArgs->paths[1], *compareArgs, globals, local);
        if (!a || !b) {
            exit_code = kExitInvalid;
            return;
        }
        const auto rows = compareResults(evaluateToJson(a->design, *compareArgs, *a->catalog),
                                         evaluateToJson(b->design, *compareArgs, *b->catalog));
        const std::string nameA = a->design.name.empty() ? compareArgs->paths[0] : a->design.name;
        const std::string nameB = b->design.name.empty() ? compareArgs->paths[1] : b->design.name;
        if (compareArgs->json)
            std::cout << dumpJson(comparisonToJson(nameA, nameB, rows), 2) << "\n";
        else
            std::cout << comparisonToText(nameA, nameB, rows);
        exit_code = kExitOk;
    });

    auto reportArgs = std::make_shared<DesignArgs>();
    CLI::App* report = designSubcommand(
        app, "report", "Write a report of a design: -o OUT.pdf | OUT.json | OUT.csv", *reportArgs,
        true);
    report->add_option("DESIGN", reportArgs->paths, "Design file (.json)")->required()->expected(1);
    report->add_option("-o,--output", reportArgs->output, "Report file: .pdf, .json or .csv")
        ->required();
    report->callback([&globals, &exit_code, reportArgs] {
        const QString out = QString::fromStdString(reportArgs->output);
        const auto format = report::reportFormatFor(out);
        if (!format) {
            std::cerr << "infraplan-cli report: " << reportArgs->output
                      << ": the extension must be .pdf, .json or .csv\n";
            exit_code = kExitUsage;
            return;
        }
        const std::string& path = reportArgs->paths.front();
        if (outputOverwritesInput("report", reportArgs->output, reportArgs->paths)) {
            exit_code = kExitUsage;
            return;
        }
        const auto loaded = loadValidDesign(path, *reportArgs, globals, cliCatalog(globals));
        if (!loaded) {
            exit_code = kExitInvalid;
            return;
        }
        const nlohmann::json results =
            evaluateToJson(loaded->design, *reportArgs, *loaded->catalog);
        // Fonts and the PDF writer need a QGuiApplication; only a PDF report makes one.
        const auto gui = *format == report::ReportFormat::pdf ? report::makeHeadlessGuiApplication()
                                                              : std::unique_ptr<QGuiApplication>();
        const report::ReportInput input{loaded->design, *loaded->catalog, results,
                                        QString::fromStdString(path)};
        QString error;
        if (!report::exportReport(input, out, QStringLiteral("infraplan-cli " INFRAPLAN_VERSION),
                                  &error)) {
            std::cerr << "infraplan-cli report: " << error.toStdString() << "\n";
            exit_code = kExitInvalid;
            return;
        }
        std::cout << "wrote " << reportArgs->output << "\n";
        exit_code = kExitOk;
    });
}

}  // namespace infraplan::cli
