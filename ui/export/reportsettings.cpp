#include "ui/export/reportsettings.h"

#include <QSettings>

namespace infraplan::ui {
namespace {

const QString kAuthor = QStringLiteral("report/author");
const QString kOrganisation = QStringLiteral("report/organisation");

}  // namespace

ReportHeader reportHeaderFromSettings() {
    const QSettings settings;
    return {settings.value(kAuthor).toString(), settings.value(kOrganisation).toString()};
}

void saveReportHeader(const ReportHeader& header) {
    QSettings settings;
    settings.setValue(kAuthor, header.author.trimmed());
    settings.setValue(kOrganisation, header.organisation.trimmed());
}

report::ReportOptions reportOptionsFromSettings() {
    const ReportHeader header = reportHeaderFromSettings();
    report::ReportOptions options;
    options.author = header.author;
    options.organisation = header.organisation;
    return options;
}

}  // namespace infraplan::ui
