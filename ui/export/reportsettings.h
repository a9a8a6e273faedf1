#pragma once
// The report header's author and organisation, kept in the settings under report/author and
// report/organisation (docs/report.md): read by every report the GUI writes (File -> Export
// Report, Compare's Export PDF) and set in File -> Report Settings.

#include <QString>

#include "ui/report/reportoptions.h"

namespace infraplan::ui {

struct ReportHeader {
    QString author;
    QString organisation;
};

ReportHeader reportHeaderFromSettings();
void saveReportHeader(const ReportHeader& header);

// ReportOptions with the settings' author and organisation, nothing else.
report::ReportOptions reportOptionsFromSettings();

}  // namespace infraplan::ui
