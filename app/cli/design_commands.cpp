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
#include "ui/report/comparisonreport.h"
#include "ui/report/reportexport.h"

namespace infraplan::cli {
namespace {

nlohmann::json evaluateToJson(const Design& design, const DesignArgs& args,
                              const catalog::Catalog& catalog) {
    EvaluateOptions options;
    options.max_devices = args.max_devices;
    return resultsToJson(evaluate(design, catalog, options));
}

// The `report` subcommand's options besides the design ones.
struct ReportArgs {
    DesignArgs design;
    std::string compare;  // a second design: write the comparison report
    std::string author;
    std::string organisation;

    report::ReportOptions options() const {
        report::ReportOptions o;
        o.author = QString::fromStdString(author);
        o.organisation = QString::fromStdString(organisation);
        return o;
    }
};

QString sideName(const LoadedDesign& loaded, const std::string& path) {
    return QString::fromStdString(loaded.design.name.empty() ? path : loaded.design.name);
}

// `report A --compare B -o cmp.pdf`: both evaluated, the comparison PDF written.
int writeComparison(const ReportArgs& args, const CliGlobals& globals) {
    const DesignArgs& d = args.design;
    if (report::reportFormatFor(QString::fromStdString(d.output)) != report::ReportFormat::pdf) {
        std::cerr << "infraplan-cli report: --compare writes a PDF: " << d.output
                  << " must end in .pdf\n";
        return kExitUsage;
    }
    const std::vector<std::string> inputs{d.paths.front(), args.compare};
    if (outputOverwritesInput("report", d.output, inputs)) return kExitUsage;
    const catalog::Catalog local = cliCatalog(globals);
    const auto a = loadValidDesign(inputs[0], d, globals, local);
    const auto b = loadValidDesign(inputs[1], d, globals, local);
    if (!a || !b) return kExitInvalid;
    const nlohmann::json ra = evaluateToJson(a->design, d, *a->catalog);
    const nlohmann::json rb = evaluateToJson(b->design, d, *b->catalog);
    const auto gui = report::makeHeadlessGuiApplication();
    QString error;
    if (!report::exportComparisonPdf({sideName(*a, inputs[0]), a->design, ra},
                                     {sideName(*b, inputs[1]), b->design, rb},
                                     QString::fromStdString(d.output), args.options(), &error)) {
        std::cerr << "infraplan-cli report: " << error.toStdString() << "\n";
        return kExitInvalid;
    }
    std::cout << "wrote " << d.output << "\n";
    return kExitOk;
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

    auto reportAll = std::make_shared<ReportArgs>();
    DesignArgs* reportArgs = &reportAll->design;
    CLI::App* report = designSubcommand(
        app, "report", "Write a report of a design: -o OUT.pdf | OUT.json | OUT.csv", *reportArgs,
        true);
    report->add_option("DESIGN", reportArgs->paths, "Design file (.json)")->required()->expected(1);
    report->add_option("-o,--output", reportArgs->output, "Report file: .pdf, .json or .csv")
        ->required();
    report->add_option("--compare", reportAll->compare,
                       "A second design: write the comparison report of DESIGN (A) and it (B)");
    report->add_option("--author", reportAll->author, "Author shown in the PDF's header");
    report->add_option("--organisation", reportAll->organisation,
                       "Organisation shown in the PDF's header");
    report->callback([&globals, &exit_code, reportAll, reportArgs] {
        if (!reportAll->compare.empty()) {
            exit_code = writeComparison(*reportAll, globals);
            return;
        }
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
        report::ReportInput input{loaded->design, *loaded->catalog, results,
                                  QString::fromStdString(path)};
        input.options = reportAll->options();
        input.expand.max_devices = reportArgs->max_devices;
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
