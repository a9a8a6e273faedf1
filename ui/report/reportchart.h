#pragma once
// Charts inside the report's QTextDocument. They are painted by a QTextObjectInterface with
// the document's own painter (the KDReports approach), so they stay vectors in the
// PDF and need no Qt Charts, no widgets and no display.

#include <QObject>
#include <QString>
#include <QTextObjectInterface>
#include <optional>
#include <vector>

class QTextDocument;

namespace infraplan::report {

struct ChartBar {
    QString label;
    double value = 0;    // in the chart's unit, >= 0
    QString value_text;  // the value as the report prints it
};

struct ChartSpec {
    enum class Kind { bars, stacked };  // one bar per entry | one bar split into its entries
    Kind kind = Kind::bars;
    QString title;
    QString unit;  // of `value` and `limit`, for the axis ("GB", "kW", "s", "$M")
    std::vector<ChartBar> bars;
    std::optional<double> limit;  // drawn as a red line (capacity, rack limit, SLO)
    QString limit_label;
};

// The placeholder a report's HTML carries where chart `index` goes (an <img> tag);
// installCharts() swaps each for the chart object.
QString chartPlaceholder(std::size_t index);
// Register the chart painter with `document` and put `charts` where their placeholders are.
void installCharts(QTextDocument& document, const std::vector<ChartSpec>& charts);

class ChartObject : public QObject, public QTextObjectInterface {
    Q_OBJECT
    Q_INTERFACES(QTextObjectInterface)
public:
    static constexpr int kType = QTextFormat::UserObject + 17;
    static constexpr int kSpecProperty = QTextFormat::UserProperty + 17;
    using QObject::QObject;

    QSizeF intrinsicSize(QTextDocument* document, int position, const QTextFormat& format) override;
    void drawObject(QPainter* painter, const QRectF& rect, QTextDocument* document, int position,
                    const QTextFormat& format) override;
};

}  // namespace infraplan::report

Q_DECLARE_METATYPE(infraplan::report::ChartSpec)
