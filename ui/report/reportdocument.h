#pragma once
// The report as a document: its HTML (testable without painting), the QTextDocument built from
// it with the charts in place, and the PDF painted from that document.

#include <QString>
#include <memory>
#include <vector>

#include "ui/report/reportchart.h"
#include "ui/report/reportinput.h"

class QTextDocument;

namespace infraplan::report {

struct ReportHtml {
    QString title;  // the design's name, for the page headers and the PDF's metadata
    QString stamp;  // program and date, for the page footers
    QString html;
    std::vector<ChartSpec> charts;  // where the HTML has chartPlaceholder(i)
};

ReportHtml buildReportHtml(const ReportInput& input);

// The laid-out-ready document (needs a QGuiApplication for fonts).
std::unique_ptr<QTextDocument> buildReportDocument(const ReportHtml& report);

// Paint the report on A4 pages (header, footer with page numbers) into PDF bytes; the pages
// painted are returned in `pages` when it is set. Needs a QGuiApplication.
QByteArray renderReportPdf(const ReportHtml& report, int* pages = nullptr);

}  // namespace infraplan::report
