#include "ui/dashboard/dashboardwidget.h"

#include <QChart>
#include <QChartView>
#include <QFileDialog>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "core/results/schema.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/dashboard/cardtext.h"
#include "ui/dashboard/chartexport.h"
#include "ui/dashboard/charts.h"
#include "ui/dashboard/metriccard.h"
#include "ui/dashboard/metrics.h"
#include "ui/dashboard/rooflinechart.h"
#include "ui/widgets/longtext.h"

namespace infraplan::ui {
namespace {
enum ChartIndex {
    kTimeChart,
    kRooflineChart,
    kMemoryChart,
    kNetworkChart,
    kRackChart,
    kCostChart,
    kComputeChart
};
constexpr int kItemRole = Qt::UserRole + 1;
constexpr int kCardColumns = 2;
}  // namespace

QString bindingBottleneckItem(const std::vector<Bottleneck>& bottlenecks) {
    // Core puts the leading bottleneck first (the report names the same one).
    if (bottlenecks.empty() || severityOf(bottlenecks.front()) == BottleneckSeverity::healthy)
        return {};
    return QString::fromStdString(bottlenecks.front().item_id);
}

QString bottleneckExplanation(const Bottleneck& b) {
    // Only the figures the engine measured: a capacity bottleneck takes no time, a
    // memory-bound phase has no utilization figure.
    QStringList figures;
    if (b.share_of_time > 0)
        figures << QObject::tr("%1 of the time").arg(quantityText(b.share_of_time, Unit::fraction));
    if (b.utilization > 0)
        figures << QObject::tr("%1 utilized").arg(quantityText(b.utilization, Unit::fraction));
    QString text =
        QObject::tr("%1 in %2")
            .arg(QString::fromStdString(b.resource), QString::fromLatin1(toString(b.phase)));
    if (!figures.isEmpty()) text += QStringLiteral(": ") + figures.join(QStringLiteral(", "));
    if (!b.advice.empty()) text += QStringLiteral("\n→ ") + QString::fromStdString(b.advice);
    return text;
}

void DashboardWidget::addNotice(QWidget* notice) {
    // Beside the banner, so the charts keep their height; most of the width is the notice's.
    m_top->insertWidget(1, notice, 6);
}

QIcon DashboardWidget::severityIcon(BottleneckSeverity severity) const {
    switch (severity) {
        case BottleneckSeverity::healthy:
            return style()->standardIcon(QStyle::SP_DialogApplyButton);
        case BottleneckSeverity::critical:
            return style()->standardIcon(QStyle::SP_MessageBoxCritical);
        case BottleneckSeverity::warning:
            break;
    }
    return style()->standardIcon(QStyle::SP_MessageBoxWarning);
}

DashboardWidget::DashboardWidget(QWidget* parent)
    : QWidget(parent)
    , m_banner(new QLabel(this))
    , m_timing(new QLabel(this))
    , m_cardGrid(new QGridLayout)
    , m_issues(new QListWidget(this)) {
    setObjectName(QStringLiteral("dashboard"));
    auto* outer = new QHBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    outer->addWidget(splitter);

    auto* content = new QWidget(splitter);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->setSpacing(6);
    auto* top = new QHBoxLayout;
    m_banner->setObjectName(QStringLiteral("feasibilityBanner"));
    m_banner->setTextFormat(Qt::RichText);
    m_banner->setWordWrap(true);
    m_timing->setStyleSheet(QStringLiteral("color: %1;").arg(theme().mutedText.name()));
    top->addWidget(m_banner, 1);
    top->addWidget(m_timing);
    layout->addLayout(top);
    m_top = top;

    // Cards in a compact grid on the left, the charts as tabs on the right: each chart whole,
    // with its legend and labels, at any window size (a strip of seven cut the third at the
    // edge at 1280x800). The splitter between them resizes both.
    auto* body = new QSplitter(Qt::Horizontal, content);
    body->setChildrenCollapsible(false);
    auto* cards = new QWidget(body);
    m_cardGrid->setParent(nullptr);
    cards->setLayout(m_cardGrid);
    m_cardGrid->setContentsMargins(0, 0, 0, 0);
    m_cardGrid->setSpacing(6);
    for (const Metric& m : headlineMetrics()) {
        auto* card = new MetricCard(m.title(), m.caption, cards);
        card->setToolTip(m.meaning());
        m_cards.insert(QString::fromStdString(m.key), card);
        m_cardOrder.push_back(card);
    }
    auto* cardScroll = new QScrollArea(body);
    cardScroll->setWidgetResizable(true);
    cardScroll->setFrameShape(QFrame::NoFrame);
    cardScroll->setWidget(cards);
    // Two cards abreast, never squeezed: they scroll down rather than clip at the side.
    cardScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    cardScroll->setMinimumWidth(kCardColumns * MetricCard::kMinimumWidth + 6 + 18);
    body->addWidget(cardScroll);

    m_chartTabs = new QTabWidget(body);
    m_chartTabs->setObjectName(QStringLiteral("chartTabs"));
    m_chartTabs->setDocumentMode(true);
    // In ChartIndex order: the chart's name, and the tab's.
    const std::pair<QString, QString> charts[] = {
        {tr("Step-time breakdown"), tr("Time")}, {tr("Roofline"), tr("Roofline")},
        {tr("Memory per device"), tr("Memory")}, {tr("Network"), tr("Network")},
        {tr("Power per rack"), tr("Racks")},     {tr("Cost breakdown"), tr("Cost")},
        {tr("Compute"), tr("Compute")}};
    for (const auto& [title, tab] : charts) {
        ChartSlot slot = addChartSlot(title);
        m_chartTabs->addTab(slot.stack, tab);
        m_chartTabs->setTabToolTip(m_chartTabs->count() - 1, title);
        m_charts.push_back(slot);
    }
    m_exportChart = new QToolButton(m_chartTabs);
    m_exportChart->setObjectName(QStringLiteral("exportChart"));
    m_exportChart->setText(tr("Export chart…"));
    m_exportChart->setToolTip(tr("Save the chart shown as a PNG image or an SVG drawing"));
    m_exportChart->setAutoRaise(true);
    m_exportChart->setEnabled(false);  // until an evaluation draws a chart
    m_chartTabs->setCornerWidget(m_exportChart, Qt::TopRightCorner);
    connect(m_exportChart, &QToolButton::clicked, this, &DashboardWidget::askAndExportChart);
    connect(m_chartTabs, &QTabWidget::currentChanged, this, &DashboardWidget::updateExportButton);
    body->addWidget(m_chartTabs);
    body->setStretchFactor(0, 0);
    body->setStretchFactor(1, 1);
    layout->addWidget(body, 1);

    m_issues->setObjectName(QStringLiteral("issues"));
    m_issues->setWordWrap(true);
    m_issues->setAlternatingRowColors(true);
    m_issues->setUniformItemSizes(false);
    m_issues->setResizeMode(QListView::Adjust);
    // Rows wrap at the list's width instead of running off to the right.
    m_issues->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_issues->setTextElideMode(Qt::ElideNone);
    m_issues->setIconSize(QSize(16, 16));
    m_issues->setSpacing(2);
    m_issues->setAccessibleName(tr("Warnings and bottlenecks"));
    connect(m_issues, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
        const QString id = item->data(kItemRole).toString();
        if (!id.isEmpty()) Q_EMIT itemActivated(id);
    });
    splitter->addWidget(content);
    splitter->addWidget(m_issues);
    splitter->setStretchFactor(0, 4);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({1150, 330});
    m_banner->setText(tr("<b>Evaluating…</b>"));
}

DashboardWidget::ChartSlot DashboardWidget::addChartSlot(const QString& title) {
    ChartSlot slot;
    slot.stack = new QStackedWidget(this);
    slot.stack->setMinimumSize(300, 180);
    slot.view = new QChartView(slot.stack);
    slot.view->setRenderHint(QPainter::Antialiasing);
    slot.view->setAccessibleName(title);
    slot.view->setFrameShape(QFrame::NoFrame);
    slot.view->setStyleSheet(QStringLiteral("background: transparent;"));
    slot.placeholder = new QLabel(slot.stack);
    slot.placeholder->setAlignment(Qt::AlignCenter);
    slot.placeholder->setWordWrap(true);
    slot.placeholder->setObjectName(QStringLiteral("chartPlaceholder"));
    const Theme& t = theme();
    slot.placeholder->setStyleSheet(
        QStringLiteral(
            "#chartPlaceholder { color: %1; border: 1px dashed %2; border-radius: 8px; }")
            .arg(t.mutedText.name(), t.cardBorder.name()));
    slot.stack->addWidget(slot.view);
    slot.stack->addWidget(slot.placeholder);
    slot.placeholder->setText(tr("Not evaluated yet"));
    slot.stack->setCurrentWidget(slot.placeholder);
    return slot;
}

void DashboardWidget::setChart(ChartSlot& slot, QChart* chart, const QString& missing) {
    QChart* old = slot.view->chart();
    if (chart) {
        slot.view->setChart(chart);
        slot.stack->setCurrentWidget(slot.view);
    } else {
        slot.view->setChart(new QChart);
        slot.placeholder->setText(missing);
        slot.stack->setCurrentWidget(slot.placeholder);
    }
    delete old;  // QChartView does not own a replaced chart
}

const DashboardWidget::ChartSlot* DashboardWidget::shownChart() const {
    const int index = m_chartTabs->currentIndex();
    if (index < 0 || index >= static_cast<int>(m_charts.size())) return nullptr;
    const ChartSlot& slot = m_charts[static_cast<std::size_t>(index)];
    return slot.stack->currentWidget() == slot.view ? &slot : nullptr;
}

bool DashboardWidget::exportCurrentChart(const QString& path, QString* error) const {
    const ChartSlot* slot = shownChart();
    if (!slot) {
        if (error) *error = tr("%1: this tab shows no chart").arg(path);
        return false;
    }
    return exportChartView(slot->view, slot->view->accessibleName(), path, error);
}

void DashboardWidget::updateExportButton() {
    m_exportChart->setEnabled(shownChart() != nullptr);
}

void DashboardWidget::askAndExportChart() {
    const ChartSlot* slot = shownChart();
    if (!slot) return;
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export chart"), slot->view->accessibleName() + QStringLiteral(".png"),
        chartFileFilter());
    if (path.isEmpty()) return;
    QString error;
    if (!exportCurrentChart(path, &error)) QMessageBox::warning(this, tr("Export chart"), error);
}

QChart* DashboardWidget::chart(const QString& title) const {
    for (const ChartSlot& s : m_charts)
        if (s.view->accessibleName() == title && s.stack->currentWidget() == s.view)
            return s.view->chart();
    return nullptr;
}

int DashboardWidget::chartsShown() const {
    int n = 0;
    for (const ChartSlot& s : m_charts)
        n += s.stack->currentWidget() == s.view ? 1 : 0;
    return n;
}

void DashboardWidget::setBusy(bool busy) {
    if (busy) m_timing->setText(tr("evaluating…"));
}

void DashboardWidget::showEvaluation(const Evaluation& evaluation, WorkloadMode mode) {
    m_mode = mode;
    const Results& r = evaluation.results;
    const Theme& t = theme();
    if (r.feasible) {
        m_banner->setText(tr("<span style='color:%1'>●</span> <b>Feasible</b> — %2 devices")
                              .arg(t.good.name(), quantityText(double(r.devices), Unit::count)));
    } else {
        QStringList reasons;
        for (const std::string& reason : r.reasons)
            reasons << QString::fromStdString(reason).toHtmlEscaped();
        m_banner->setText(
            tr("<span style='color:%1'>●</span> <b>Not feasible:</b> %2<br>"
               "<span style='color:%3'>Performance and cost figures are withheld "
               "until the design fits.</span>")
                .arg(t.bad.name(), reasons.join(QStringLiteral("; ")), t.mutedText.name()));
    }
    m_timing->setText(
        tr("evaluated in %1").arg(quantityText(evaluation.elapsed_ms, Unit::milliseconds)));

    // Cards: those of this workload mode, in the table's order, kCardColumns to a row.
    for (QWidget* w : m_cardOrder) {
        m_cardGrid->removeWidget(w);
        w->hide();
    }
    int slotIndex = 0;
    for (const Metric& m : headlineMetrics()) {
        MetricCard* card = m_cards.value(QString::fromStdString(m.key));
        if (!m.appliesTo(mode) || !card) continue;
        const CardText text = cardText(m, evaluation, mode);
        if (text.value)
            card->setValue(*text.value, text.caption, text.detail);
        else
            card->setUnavailable(text.caption, text.detail);
        m_cardGrid->addWidget(card, slotIndex / kCardColumns, slotIndex % kCardColumns);
        card->show();
        ++slotIndex;
    }

    showCharts(evaluation, mode);
    if (!r.feasible) withholdWorkloadCharts();
    updateExportButton();
    fillIssues(evaluation);
}

void DashboardWidget::showCharts(const Evaluation& evaluation, WorkloadMode mode) {
    const nlohmann::json& j = evaluation.json;
    const nlohmann::json empty;
    auto at = [&](const char* key) -> const nlohmann::json& {
        resultField(key);  // throws for a key the results schema lacks
        const nlohmann::json* value = resultAt(j, key);
        return value ? *value : empty;
    };
    const QString missing = tr("%1\n\nnot in these results");
    const bool training = mode == WorkloadMode::training;
    if (training) {
        // Seconds for steps of seconds, milliseconds below: labels of three digits either way.
        const ChartParts phases = resultParts(j, "training.breakdown");
        double longest = 0;
        for (const auto& phase : phases)
            longest = std::max(longest, phase.second);
        const bool seconds = longest >= 1;
        setChart(m_charts[kTimeChart],
                 breakdownChart(tr("Step-time breakdown"), phases, seconds ? 1 : 1000,
                                seconds ? tr("s") : tr("ms")),
                 missing.arg(tr("Step-time breakdown")));
    } else {
        setChart(m_charts[kTimeChart], latencyChart(at("inference")),
                 missing.arg(tr("Latency percentiles")));
    }
    const auto* device = evaluation.device ? &*evaluation.device : nullptr;
    // The inference engine reports no operators (docs/results.md): no roofline for serving.
    setChart(
        m_charts[kRooflineChart],
        training ? rooflineChart(at("training.operators"), device, evaluation.precision) : nullptr,
        missing.arg(tr("Roofline of the operators")));
    setChart(m_charts[kMemoryChart],
             memoryChart(resultParts(j, "memory.breakdown"),
                         resultNumber(j, "memory.capacity_bytes").value_or(0)),
             missing.arg(tr("Memory per device")));
    setChart(m_charts[kNetworkChart], tierChart(at("network.tiers")),
             missing.arg(tr("Network utilization")));
    setChart(m_charts[kRackChart], rackPowerChart(at("power.per_rack")),
             missing.arg(tr("Power per rack")));
    setChart(m_charts[kCostChart],
             donutChart(tr("Capital cost"), resultParts(j, "cost.capex_breakdown"),
                        QStringLiteral("USD")),
             missing.arg(tr("Cost breakdown")));
    setChart(m_charts[kComputeChart],
             breakdownChart(tr("Peak compute by precision"),
                            resultParts(j, "inventory.peak_tflops"), 1e-3, tr("PFLOP/s")),
             missing.arg(tr("Compute")));
}

void DashboardWidget::withholdWorkloadCharts() {
    // Step time, roofline and network load of a workload that cannot run would mislead; the
    // memory chart (often the reason) and the hardware's racks, capex and compute stay.
    for (int index : {kTimeChart, kRooflineChart, kNetworkChart})
        setChart(m_charts[std::size_t(index)], nullptr,
                 tr("%1\n\nwithheld: the design is not feasible")
                     .arg(m_charts[std::size_t(index)].view->accessibleName()));
}

void DashboardWidget::fillIssues(const Evaluation& evaluation) {
    m_issues->clear();
    const Results& r = evaluation.results;
    auto add = [this](const QIcon& icon, const QString& text, const QString& itemId = {}) {
        auto* row = new QListWidgetItem(icon, breakableText(text), m_issues);
        row->setToolTip(text);
        if (!itemId.isEmpty()) {
            row->setData(kItemRole, itemId);
            row->setToolTip(text + tr("\n(click to select it on the canvas)"));
        }
        return row;
    };
    for (const std::string& reason : r.reasons)
        add(style()->standardIcon(QStyle::SP_MessageBoxCritical), QString::fromStdString(reason));
    for (const Bottleneck& b : r.bottlenecks) {
        const BottleneckSeverity severity = severityOf(b);
        QString text = bottleneckExplanation(b);
        if (severity == BottleneckSeverity::healthy) text = tr("Healthy: %1").arg(text);
        add(severityIcon(severity), text, QString::fromStdString(b.item_id))
            ->setData(kSeverityRole, int(severity));
    }
    for (const std::string& w : r.warnings)
        add(style()->standardIcon(QStyle::SP_MessageBoxInformation), QString::fromStdString(w));
    if (m_issues->count() == 0)
        add(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("No warnings"))
            ->setFlags(Qt::NoItemFlags);
}

}  // namespace infraplan::ui
