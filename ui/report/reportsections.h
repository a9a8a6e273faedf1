#pragma once
// The sections of the PDF report, in reading order. Each reads the design, the catalog and the
// results JSON of a ReportInput and writes nothing when it does not apply (no inference
// section for a training design, no network section without a network model).

#include <vector>

#include "core/topology/graph.h"
#include "ui/report/htmlbuilder.h"
#include "ui/report/reportinput.h"

namespace infraplan::report {

void addTitle(HtmlBuilder& b, const ReportInput& in);             // report_summary.cpp
void addExecutiveSummary(HtmlBuilder& b, const ReportInput& in);  // report_summary.cpp
void addHardware(HtmlBuilder& b, const ReportInput& in);          // report_hardware.cpp
void addWorkload(HtmlBuilder& b, const ReportInput& in);          // report_hardware.cpp
void addTraining(HtmlBuilder& b, const ReportInput& in);          // report_performance.cpp
void addInference(HtmlBuilder& b, const ReportInput& in);         // report_performance.cpp
void addMemory(HtmlBuilder& b, const ReportInput& in);            // report_performance.cpp
void addNetwork(HtmlBuilder& b, const ReportInput& in);           // report_network.cpp
void addPowerCooling(HtmlBuilder& b, const ReportInput& in);      // report_facility.cpp
void addCost(HtmlBuilder& b, const ReportInput& in);              // report_facility.cpp
void addExtraSections(HtmlBuilder& b, const ReportInput& in);     // report_extra.cpp
void addVariants(HtmlBuilder& b, const ReportInput& in);          // report_variants.cpp
void addFindings(HtmlBuilder& b, const ReportInput& in);          // report_sources.cpp
void addSources(HtmlBuilder& b, const ReportInput& in);           // report_sources.cpp

// The topology figure (after the hardware) and the bill of materials (after the cost) read
// the expanded hardware graph, built once per report; null when the design does not expand.
void addTopology(HtmlBuilder& b, const ReportInput& in, const Graph* graph);  // report_topology
void addBillOfMaterials(HtmlBuilder& b, const ReportInput& in, const Graph* graph);  // report_bom

// The results object `key` with its section heading written; nullptr, with nothing written,
// when the results have no such object (the section does not apply).
const nlohmann::json* beginSection(HtmlBuilder& b, const ReportInput& in, const char* key,
                                   const QString& title);

// The executive summary's headline figures, by results key (report_summary.cpp).
std::vector<const char*> headlineKeys();

// The design's title as the report shows it: its name, else the file's name.
QString designTitle(const ReportInput& in);
// The model's name, id, or "an inline model".
QString modelTitle(const ReportInput& in);

}  // namespace infraplan::report
