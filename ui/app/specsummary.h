#pragma once
// Key specifications of catalog entries in a line (canvas cards) or a table (palette tooltips),
// with units. Shared so that the palette, the canvas and the inspector say the same thing.

#include <QString>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "core/results/format.h"

namespace infraplan::ui {

// "80 GB · 3.35 TB/s · 989 TFLOP/s bf16"; empty when the id is unknown.
QString entrySummary(const catalog::Catalog& catalog, const std::string& id);
// The summary of a design item (fabrics and ref-less CPUs included).
QString itemSummary(const catalog::Catalog& catalog, const Item& item);
// Rich-text tooltip: name, vendor, key specs, source.
QString entryTooltip(const catalog::Catalog& catalog, const std::string& id);
// Core's formatter (core/results/format.h) as QString: numbers for people, 1234.5 ->
// "1,235", 0.25 -> "0.25"; quantities with their unit scaled, quantityText(2048, gigabytes)
// -> "2.048 TB".
QString formatNumber(double value, int significant = 4);
QString quantityText(double value, Unit unit);
// A relative change as a signed percent, 0.081 -> "+8.1%" (never "-0.0%").
QString signedPercentText(double fraction);

}  // namespace infraplan::ui
