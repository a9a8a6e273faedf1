#pragma once
// The comparison report: two designs (or two variants of one) with their inputs and results side
// by side, each changed result marked better or worse by its direction in the results schema
// (core/results/schema.h), as a PDF.
// The API takes two named (design, results) pairs, so the GUI's Compare view and the CLI's
// `report A --compare B` call the same function.

#include <QString>

#include "ui/report/reportdocument.h"
#include "ui/report/reportoptions.h"

namespace infraplan::report {

// One side: the name the reader knows it by ("Baseline", "tp=4", a file name), the design and
// its results JSON (resultsToJson(evaluate(design, catalog))).
struct NamedResults {
    QString name;
    const Design& design;
    const nlohmann::json& results;
};

ReportHtml buildComparisonHtml(const NamedResults& a, const NamedResults& b,
                               const ReportOptions& options = {});

// The PDF, written atomically; false with `error` set to a sentence. Needs a QGuiApplication.
bool exportComparisonPdf(const NamedResults& a, const NamedResults& b, const QString& path,
                         const ReportOptions& options, QString* error);

}  // namespace infraplan::report
