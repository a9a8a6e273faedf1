#include "ui/dashboard/rooflinechart.h"

#include <QChart>
#include <QCursor>
#include <QGraphicsSimpleTextItem>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <map>

#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/dashboard/charts.h"

namespace infraplan::ui {
namespace {

double number(const nlohmann::json& o, const char* key) {
    const auto it = o.find(key);
    if (it == o.end() || !it->is_number()) return 0;
    const double v = it->get<double>();
    return std::isfinite(v) ? v : 0;
}

// A compute roof: one dense peak and the precisions that share it ("bf16/fp16").
struct Roof {
    double peak_flop_s = 0;
    QString precisions;
};

std::vector<Roof> computeRoofs(const catalog::Accelerator& device) {
    std::map<double, QStringList> byPeak;
    for (std::size_t p = 0; p < catalog::kPrecisionCount; ++p) {
        const double tflops = device.peak_tflops[p];
        if (tflops > 0 && std::isfinite(tflops))
            byPeak[tflops * 1e12] << QString::fromLatin1(
                catalog::toString(static_cast<catalog::Precision>(p)));
    }
    std::vector<Roof> roofs;
    for (const auto& [peak, names] : byPeak)
        roofs.push_back({peak, names.join(QLatin1Char('/'))});
    return roofs;
}

QScatterSeries* pointSeries(const QString& name, const QColor& color) {
    auto* s = new QScatterSeries;
    s->setName(name);
    s->setMarkerShape(QScatterSeries::MarkerShapeCircle);
    s->setMarkerSize(9);
    s->setColor(color);
    s->setBorderColor(color.darker(130));
    return s;
}

QLogValueAxis* logAxis(const QString& title, double min, double max) {
    auto* axis = new QLogValueAxis;
    axis->setBase(10);
    axis->setTitleText(title);
    axis->setLabelFormat(QStringLiteral("%g"));
    axis->setRange(min, max);
    axis->setMinorTickCount(-1);
    axis->setMinorGridLineVisible(false);  // decades only: the points stay readable
    QFont f = axis->labelsFont();
    f.setPointSizeF(7.5);
    axis->setLabelsFont(f);
    axis->setTitleFont(f);
    const Theme& t = theme();
    axis->setLabelsBrush(t.text);
    axis->setTitleBrush(t.text);
    return axis;
}

}  // namespace

RooflineData rooflineData(const nlohmann::json& operators) {
    RooflineData data;
    if (!operators.is_array()) return data;
    double total = 0, without = 0;
    for (const auto& o : operators) {
        if (!o.is_object()) continue;
        const double flops = number(o, "flops"), bytes = number(o, "bytes");
        const double time = number(o, "time_s");
        const double calls = std::max(1.0, number(o, "calls_per_step"));
        total += time * calls;
        if (!(flops > 0 && bytes > 0 && time > 0)) {
            ++data.without_flops;
            without += time * calls;
            continue;
        }
        RooflinePoint p;
        p.name = QString::fromStdString(o.value("name", std::string("operator")));
        p.intensity_flop_per_byte = flops / bytes;
        p.achieved_flop_s = flops / time;
        p.compute_bound = o.value("bound", std::string()) == "compute";
        p.tooltip = QObject::tr(
                        "<b>%1</b><br>%2 · %3 per call<br>%4 per call × %5 a step<br>"
                        "%6 FLOP/byte · %7 achieved (%8-bound)")
                        .arg(p.name.toHtmlEscaped(), quantityText(flops, Unit::flop),
                             quantityText(bytes, Unit::bytes), quantityText(time, Unit::seconds),
                             formatNumber(calls), formatNumber(p.intensity_flop_per_byte),
                             quantityText(p.achieved_flop_s / 1e12, Unit::tflop_per_s),
                             p.compute_bound ? QObject::tr("compute") : QObject::tr("memory"));
        data.points.push_back(std::move(p));
    }
    data.without_flops_share = total > 0 ? without / total : 0;
    return data;
}

QChart* rooflineChart(const nlohmann::json& operators, const catalog::Accelerator* device,
                      catalog::Precision precision) {
    const RooflineData data = rooflineData(operators);
    if (data.points.empty() || !device) return nullptr;
    const std::vector<Roof> roofs = computeRoofs(*device);
    const double bw = std::max(0.0, device->memory_bw_gb_s) * 1e9;  // bytes/s
    if (roofs.empty() || !(bw > 0)) return nullptr;

    // Ranges: every point and every ridge (peak / bandwidth) with a margin, in TFLOP/s.
    double xMin = roofs.front().peak_flop_s / bw, xMax = roofs.back().peak_flop_s / bw;
    double yMin = roofs.front().peak_flop_s, yMax = roofs.back().peak_flop_s;
    for (const RooflinePoint& p : data.points) {
        xMin = std::min(xMin, p.intensity_flop_per_byte);
        xMax = std::max(xMax, p.intensity_flop_per_byte);
        yMin = std::min(yMin, p.achieved_flop_s);
    }
    xMin /= 4;
    xMax *= 4;
    yMin = std::min(yMin, bw * xMin) / 2 / 1e12;
    yMax = yMax * 2.5 / 1e12;

    QChart* chart = newChart(QObject::tr("Roofline: operators on one device"));
    const QString deviceName =
        QString::fromStdString(device->name.empty() ? device->id : device->name);
    chart->setToolTip(deviceName);
    if (data.without_flops > 0)
        chart->setToolTip(deviceName + QStringLiteral("\n") +
                          QObject::tr("%n operator(s) without FLOPs (norms, element-wise, "
                                      "optimizer) are not plotted: %1 of the operator time",
                                      nullptr, data.without_flops)
                              .arg(quantityText(data.without_flops_share, Unit::fraction)));
    auto* xAxis = logAxis(QObject::tr("FLOP/byte"), xMin, xMax);
    auto* yAxis = logAxis(QObject::tr("TFLOP/s"), yMin, yMax);
    chart->addAxis(xAxis, Qt::AlignBottom);
    chart->addAxis(yAxis, Qt::AlignLeft);
    const Theme& t = theme();

    // Roofs: the bandwidth slope up to the highest ridge, one flat line per compute peak.
    QPen roofPen(t.mutedText, 1.5);
    auto addRoof = [&](const QPointF& a, const QPointF& b) {
        auto* line = new QLineSeries;
        line->setPen(roofPen);
        line->append(a);
        line->append(b);
        chart->addSeries(line);
        line->attachAxis(xAxis);
        line->attachAxis(yAxis);
        for (QLegendMarker* m : chart->legend()->markers(line))
            m->setVisible(false);
        return line;
    };
    const double topRidge = roofs.back().peak_flop_s / bw;
    QLineSeries* slope =
        addRoof({xMin, bw * xMin / 1e12}, {topRidge, roofs.back().peak_flop_s / 1e12});
    struct Label {
        QGraphicsSimpleTextItem* item;
        QPointF anchor;  // in chart values, where the label's bottom-right sits
        QLineSeries* series;
    };
    auto labels = std::make_shared<std::vector<Label>>();
    QFont labelFont = chart->legend()->font();
    labelFont.setPointSizeF(7);
    auto addLabel = [&](const QString& text, const QPointF& anchor, QLineSeries* series) {
        auto* item = new QGraphicsSimpleTextItem(text, chart);
        item->setFont(labelFont);
        item->setBrush(t.mutedText);
        labels->push_back({item, anchor, series});
    };
    // The workload's precision gets a labelled solid roof; the others are thin and dashed, and
    // named in the chart's tooltip (labels of roofs a factor of two apart would collide).
    const QString wanted = QString::fromLatin1(catalog::toString(precision));
    double primaryRidge = topRidge;
    QStringList others;
    for (const Roof& r : roofs) {
        const bool primary = r.precisions.split(QLatin1Char('/')).contains(wanted);
        roofPen = primary ? QPen(t.text, 2) : QPen(t.mutedText, 1, Qt::DashLine);
        QLineSeries* line =
            addRoof({r.peak_flop_s / bw, r.peak_flop_s / 1e12}, {xMax, r.peak_flop_s / 1e12});
        const QString text = QStringLiteral("%1 %2").arg(
            r.precisions, quantityText(r.peak_flop_s / 1e12, Unit::tflop_per_s));
        if (primary) {
            addLabel(text, {xMax, r.peak_flop_s / 1e12}, line);
            primaryRidge = r.peak_flop_s / bw;
        } else {
            others << text;
        }
    }
    if (!others.isEmpty())
        chart->setToolTip(chart->toolTip() + QStringLiteral("\n") +
                          QObject::tr("dashed roofs: %1").arg(others.join(QStringLiteral(", "))));
    // The bandwidth label sits halfway up the slope (in log space) to the workload's ridge.
    const double xBw = std::sqrt(xMin * primaryRidge);
    addLabel(quantityText(bw / 1e9, Unit::gigabytes_per_s), {xBw, bw * xBw / 1e12}, slope);
    const auto place = [chart, labels] {
        for (const Label& l : *labels) {
            const QPointF at = chart->mapToPosition(l.anchor, l.series);
            const QRectF box = l.item->boundingRect();
            l.item->setPos(at.x() - box.width() - 4, at.y() - box.height() - 1);
        }
    };
    QObject::connect(chart, &QChart::plotAreaChanged, chart, place);

    // The operators, coloured by the roof that bounds them.
    QScatterSeries* computeOps = pointSeries(QObject::tr("compute-bound"), seriesColor(0));
    QScatterSeries* memoryOps = pointSeries(QObject::tr("memory-bound"), seriesColor(2));
    auto tooltips = std::make_shared<std::vector<std::pair<QPointF, QString>>>();
    for (const RooflinePoint& p : data.points) {
        const QPointF at(p.intensity_flop_per_byte, p.achieved_flop_s / 1e12);
        (p.compute_bound ? computeOps : memoryOps)->append(at);
        tooltips->emplace_back(at, p.tooltip);
    }
    for (QScatterSeries* s : {computeOps, memoryOps}) {
        if (s->count() == 0) {
            delete s;
            continue;
        }
        chart->addSeries(s);
        s->attachAxis(xAxis);
        s->attachAxis(yAxis);
        QObject::connect(s, &QScatterSeries::hovered, s, [tooltips](const QPointF& p, bool on) {
            if (!on) {
                QToolTip::hideText();
                return;
            }
            // The nearest operator in log space (several may share a point).
            QStringList texts;
            double best = 1e300;
            for (const auto& [at, text] : *tooltips) {
                const double d = std::hypot(std::log(at.x() / p.x()), std::log(at.y() / p.y()));
                if (d < best - 1e-9) {
                    best = d;
                    texts = {text};
                } else if (std::abs(d - best) <= 1e-9) {
                    texts << text;
                }
            }
            QToolTip::showText(QCursor::pos(), texts.join(QStringLiteral("<hr>")));
        });
    }
    chart->legend()->setAlignment(Qt::AlignBottom);
    place();
    return chart;
}

}  // namespace infraplan::ui
