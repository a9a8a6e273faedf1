#pragma once
// A dashboard chart as a file for slides and documents: PNG (raster, at twice the view's
// pixels so it stays sharp when scaled) or SVG (vector). The format follows the suffix.

#include <QString>

class QChartView;

namespace infraplan::ui {

// The file-dialog filter the two formats share.
QString chartFileFilter();

// Writes what `view` shows to `path` (.png or .svg); false with `error` set when the suffix is
// neither, the view is empty or the file cannot be written.
bool exportChartView(QChartView* view, const QString& title, const QString& path, QString* error);

}  // namespace infraplan::ui
