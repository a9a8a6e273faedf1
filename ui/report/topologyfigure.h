#pragma once
// The report's topology figure: equipment levels (nodes at the bottom, switch tiers above) as
// rows of boxes with their counts, the links between levels as lines coloured by their peak
// utilization, and a legend for the colours. Painted with the document's painter, so it is
// vectors in the PDF and needs no widgets (the CLI renders it headless).

#include <QColor>
#include <QPainter>
#include <QRectF>
#include <optional>

#include "ui/report/reportchart.h"

namespace infraplan::report {

// The colour of a link at `utilization` (0..1; above 1 is saturated); grey when unknown.
QColor utilizationColor(std::optional<double> utilization);

double topologyHeightPt(const ChartSpec& spec);
void drawTopology(QPainter* p, const ChartSpec& spec, const QRectF& area, double pt);

}  // namespace infraplan::report
