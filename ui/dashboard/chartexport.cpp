#include "ui/dashboard/chartexport.h"

#include <QChartView>
#include <QFileInfo>
#include <QObject>
#include <QPainter>
#include <QPixmap>
#include <QSvgGenerator>

#include "ui/app/theme.h"

namespace infraplan::ui {
namespace {

constexpr qreal kPngScale = 2;

bool writePng(QChartView* view, const QString& path) {
    QPixmap pixmap(view->size() * kPngScale);
    pixmap.setDevicePixelRatio(kPngScale);
    pixmap.fill(theme().card);  // the view itself is transparent over the dashboard
    QPainter painter(&pixmap);
    view->render(&painter);
    painter.end();
    return pixmap.save(path, "PNG");
}

bool writeSvg(QChartView* view, const QString& title, const QString& path) {
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(view->size());
    svg.setViewBox(QRect(QPoint(0, 0), view->size()));
    svg.setTitle(title);
    svg.setDescription(QObject::tr("Infraplan dashboard chart"));
    QPainter painter;
    if (!painter.begin(&svg)) return false;
    painter.fillRect(QRect(QPoint(0, 0), view->size()), theme().card);
    view->render(&painter);
    return painter.end();
}

}  // namespace

QString chartFileFilter() {
    return QObject::tr("PNG image (*.png);;SVG drawing (*.svg)");
}

bool exportChartView(QChartView* view, const QString& title, const QString& path, QString* error) {
    const auto fail = [&](const QString& why) {
        if (error) *error = QStringLiteral("%1: %2").arg(path, why);
        return false;
    };
    if (!view || view->size().isEmpty()) return fail(QObject::tr("the chart is not shown"));
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix != QLatin1String("png") && suffix != QLatin1String("svg"))
        return fail(QObject::tr("name the file .png or .svg"));
    const bool written =
        suffix == QLatin1String("png") ? writePng(view, path) : writeSvg(view, title, path);
    return written || fail(QObject::tr("could not be written"));
}

}  // namespace infraplan::ui
