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

// The topology figure's rows: a level of equipment (nodes at the bottom, then switch tiers)
// and the links between two levels, coloured by their peak utilization.
struct TopologyLevel {
    QString label;   // "Spine"
    QString detail;  // "32 × nvidia-quantum-2-qm9700"
    long long count = 0;
};
struct TopologyBand {
    int lower = 0, upper = 0;           // indices into levels
    QString text;                       // "1,024 links · 400 GB/s · peak 43 %"
    std::optional<double> utilization;  // 0..1+; none when the network model did not load it
};

struct ChartSpec {
    // one bar per entry | one bar split into its entries | the tier schematic (topologyfigure.h)
    enum class Kind { bars, stacked, topology };
    Kind kind = Kind::bars;
    QString title;
    QString unit;  // of `value` and `limit`, for the axis ("GB", "kW", "s", "$M")
    std::vector<ChartBar> bars;
    std::optional<double> limit;  // drawn as a red line (capacity, rack limit, SLO)
    QString limit_label;
    std::vector<TopologyLevel> levels;  // topology only, bottom level first
    std::vector<TopologyBand> bands;
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
