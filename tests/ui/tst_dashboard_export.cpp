// Each dashboard chart exports as PNG or SVG (issue 16, item 2): the tabs' "Export chart…"
// button is enabled only while a chart is shown, and writes the chart shown, whole, in the
// format the file name asks for; a wrong suffix is refused with the reason.
#include <QChartView>
#include <QFile>
#include <QImage>
#include <QTabWidget>
#include <QTest>
#include <QToolButton>

#include "ui/dashboard/dashboardwidget.h"
#include "ui/mainwindow/mainwindow.h"
#include "windowtest.h"

using namespace infraplan::ui;

namespace {

// True when every pixel is the top-left one's colour: nothing was drawn.
bool isBlank(const QImage& image) {
    const QRgb background = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != background) return false;
    return true;
}

}  // namespace

class TestDashboardExport : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private Q_SLOTS:
    void initTestCase() { uitest::isolateSettings(m_dir); }

    void currentChartAsPngAndSvg() {
        MainWindow w;
        w.resize(1280, 800);
        QVERIFY(uitest::openEvaluated(w, "dgx-h100-training.json"));
        DashboardWidget* dashboard = w.dashboard();
        QTabWidget* tabs = dashboard->chartTabs();
        tabs->setCurrentIndex(tabs->count() - 2);  // Cost
        QTRY_VERIFY(dashboard->exportChartButton()->isEnabled());
        const QString title = tabs->tabToolTip(tabs->currentIndex());
        QVERIFY(dashboard->chart(title));

        const QString png = m_dir.filePath(QStringLiteral("cost.png"));
        QString error;
        QVERIFY2(dashboard->exportCurrentChart(png, &error), qPrintable(error));
        const QImage image(png);
        QVERIFY(!image.isNull());
        const QSize shown = tabs->currentWidget()->size();
        QCOMPARE(image.size(), shown * 2);  // twice the view's pixels
        QVERIFY2(!isBlank(image), "the PNG holds only its background");

        const QString svg = m_dir.filePath(QStringLiteral("cost.svg"));
        QVERIFY2(dashboard->exportCurrentChart(svg, &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QByteArray text = file.readAll();
        QVERIFY(text.contains("<svg"));
        QVERIFY2(text.contains(title.toUtf8()), text.left(400).constData());

        QVERIFY(!dashboard->exportCurrentChart(m_dir.filePath(QStringLiteral("x.jpg")), &error));
        QVERIFY2(error.contains(QLatin1String(".png or .svg")), qPrintable(error));
    }

    // Before the first evaluation there is no chart to export.
    void disabledWithoutAChart() {
        DashboardWidget dashboard;
        QVERIFY(!dashboard.exportChartButton()->isEnabled());
        QString error;
        QVERIFY(!dashboard.exportCurrentChart(m_dir.filePath(QStringLiteral("a.png")), &error));
    }
};

QTEST_MAIN(TestDashboardExport)
#include "tst_dashboard_export.moc"
