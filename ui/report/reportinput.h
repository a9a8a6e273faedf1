#pragma once
// What a report is made of: the design, the catalog it was evaluated against and its results
// in the JSON contract (docs/results.md). The report reads numbers from these and nowhere else.

#include <QDateTime>
#include <QString>
#include <nlohmann/json.hpp>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/topology/graph.h"
#include "ui/report/reportoptions.h"

namespace infraplan::report {

struct ReportInput {
    const Design& design;
    const catalog::Catalog& catalog;
    const nlohmann::json& results;  // resultsToJson(evaluate(design, catalog))
    QString source_file;            // the design file ("" = unsaved)
    QDateTime generated = QDateTime::currentDateTimeUtc();
    ReportOptions options = {};  // author, organisation, extra sections and summary lines
    // The expansion limits the results were computed under (`--max-devices`): the topology
    // and bill of materials sections expand the same hardware the evaluation did.
    ExpandOptions expand = {};
};

}  // namespace infraplan::report
