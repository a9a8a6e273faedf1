#include "ui/dashboard/dashboardwidget.h"

#include <QChart>
#include <QChartView>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QScrollArea>
#include <QSplitter>
#include <QStackedWidget>
#include <QStyle>
#include <QVBoxLayout>

#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/dashboard/charts.h"
#include "ui/dashboard/metriccard.h"
#include "ui/dashboard/metrics.h"
#include "ui/dashboard/rooflinechart.h"

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
}  // namespace

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

    // Cards in a compact grid on the left, charts scrolling sideways on the right.
    auto* body = new QHBoxLayout;
    body->setSpacing(10);
    auto* cards = new QWidget(content);
    m_cardGrid->setParent(nullptr);
    cards->setLayout(m_cardGrid);
    m_cardGrid->setContentsMargins(0, 0, 0, 0);
    m_cardGrid->setSpacing(6);
    for (const Metric& m : headlineMetrics()) {
        auto* card = new MetricCard(m.title, m.caption, cards);
        m_cards.insert(QString::fromStdString(m.pointer), card);
        m_cardOrder.push_back(card);
    }
    body->addWidget(cards, 0, Qt::AlignTop);

    auto* chartScroll = new QScrollArea(content);
    chartScroll->setWidgetResizable(true);
    chartScroll->setFrameShape(QFrame::NoFrame);
    chartScroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* chartRow = new QWidget(chartScroll);
    auto* charts = new QHBoxLayout(chartRow);
    charts->setContentsMargins(0, 0, 0, 0);
    charts->setSpacing(8);
    // In ChartIndex order.
    for (const QString& title :
         {tr("Step-time breakdown"), tr("Roofline"), tr("Memory per device"), tr("Network"),
          tr("Power per rack"), tr("Cost breakdown"), tr("Compute")}) {
        ChartSlot slot = addChartSlot(title);
        slot.stack->setParent(chartRow);
        charts->addWidget(slot.stack, 1);
        m_charts.push_back(slot);
    }
    chartScroll->setWidget(chartRow);
    body->addWidget(chartScroll, 1);
    layout->addLayout(body, 1);

    m_issues->setObjectName(QStringLiteral("issues"));
    m_issues->setWordWrap(true);
    m_issues->setAlternatingRowColors(true);
    m_issues->setUniformItemSizes(false);
    m_issues->setResizeMode(QListView::Adjust);
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
    slot.stack->setMinimumSize(340, 220);
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
    const nlohmann::json& j = evaluation.json;
    const Results& r = evaluation.results;
    const Theme& t = theme();
    if (r.feasible) {
        m_banner->setText(tr("<span style='color:%1'>●</span> <b>Feasible</b> — %2 devices")
                              .arg(t.good.name(), formatNumber(double(r.devices), 9)));
    } else {
        QStringList reasons;
        for (const std::string& reason : r.reasons)
            reasons << QString::fromStdString(reason).toHtmlEscaped();
        m_banner->setText(tr("<span style='color:%1'>●</span> <b>Not feasible:</b> %2")
                              .arg(t.bad.name(), reasons.join(QStringLiteral("; "))));
    }
    m_timing->setText(tr("evaluated in %1 ms").arg(formatNumber(evaluation.elapsed_ms, 2)));

    // Cards: those of this workload mode, in the table's order, three to a row.
    for (QWidget* w : m_cardOrder) {
        m_cardGrid->removeWidget(w);
        w->hide();
    }
    int slotIndex = 0;
    for (const Metric& m : headlineMetrics()) {
        const bool wanted = mode == WorkloadMode::training ? m.training : m.inference;
        MetricCard* card = m_cards.value(QString::fromStdString(m.pointer));
        if (!wanted || !card) continue;
        const auto value = metricValue(j, m.pointer);
        if (value && *value == 0 && m.pointer == "/inference/goodput_rps")
            card->setValue(formatMetric(m.unit, *value), tr("no request rate meets the SLO"));
        else if (value)
            card->setValue(formatMetric(m.unit, *value));
        else
            card->setUnavailable(tr("not modelled yet"));
        m_cardGrid->addWidget(card, slotIndex / 3, slotIndex % 3);
        card->show();
        ++slotIndex;
    }

    const nlohmann::json empty;
    auto at = [&](const char* pointer) -> const nlohmann::json& {
        const nlohmann::json::json_pointer p(pointer);
        return j.contains(p) ? j.at(p) : empty;
    };
    const QString notYet = tr("%1\n\nnot modelled yet");
    if (mode == WorkloadMode::training) {
        // Seconds for steps of seconds, milliseconds below: labels of three digits either way.
        double longest = 0;
        for (const auto& phase : at("/training/breakdown"))
            if (phase.is_number()) longest = std::max(longest, phase.get<double>());
        const bool seconds = longest >= 1;
        setChart(m_charts[kTimeChart],
                 breakdownChart(tr("Step-time breakdown"), at("/training/breakdown"),
                                seconds ? 1 : 1000, seconds ? tr("s") : tr("ms")),
                 notYet.arg(tr("Step-time breakdown")));
    } else
        setChart(m_charts[kTimeChart], latencyChart(at("/inference")),
                 notYet.arg(tr("Latency percentiles")));
    const auto* device = evaluation.device ? &*evaluation.device : nullptr;
    const bool training = mode == WorkloadMode::training;
    setChart(m_charts[kRooflineChart],
             rooflineChart(at(training ? "/training/operators" : "/inference/operators"), device,
                           evaluation.precision),
             notYet.arg(tr("Roofline of the operators")));
    if (mode == WorkloadMode::training || !at("/memory/breakdown").is_null()) {
        const auto capacity = metricValue(j, "/memory/capacity_bytes");
        setChart(m_charts[kMemoryChart], memoryChart(at("/memory/breakdown"), capacity.value_or(0)),
                 notYet.arg(tr("Memory per device")));
    } else {
        nlohmann::json mem = at("/inference/memory");
        double capacity = 0;
        if (mem.is_object() && mem.contains("capacity_bytes") &&
            mem["capacity_bytes"].is_number()) {
            capacity = mem["capacity_bytes"].get<double>();
            mem.erase("capacity_bytes");
        }
        setChart(m_charts[kMemoryChart], memoryChart(mem, capacity),
                 notYet.arg(tr("Memory per device")));
    }
    setChart(m_charts[kNetworkChart], tierChart(at("/network/tiers")),
             notYet.arg(tr("Network utilization")));
    setChart(m_charts[kRackChart], rackPowerChart(at("/power/per_rack")),
             notYet.arg(tr("Power per rack")));
    setChart(m_charts[kCostChart],
             donutChart(tr("Capital cost"), at("/cost/capex_breakdown"), QStringLiteral("USD")),
             notYet.arg(tr("Cost breakdown")));
    setChart(m_charts[kComputeChart],
             breakdownChart(tr("Peak compute by precision"), at("/inventory/peak_tflops"), 1e-3,
                            tr("PFLOP/s")),
             notYet.arg(tr("Compute")));
    fillIssues(evaluation);
}

void DashboardWidget::fillIssues(const Evaluation& evaluation) {
    m_issues->clear();
    const Results& r = evaluation.results;
    auto add = [this](const QIcon& icon, const QString& text, const QString& itemId = {}) {
        auto* row = new QListWidgetItem(icon, text, m_issues);
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
        // Only the figures the engine measured: a capacity bottleneck takes no time, a
        // memory-bound phase has no utilization figure.
        QStringList figures;
        if (b.share_of_time > 0)
            figures << tr("%1 of the time")
                           .arg(formatNumber(b.share_of_time * 100, 2) + QStringLiteral(" %"));
        if (b.utilization > 0)
            figures << tr("%1 utilized")
                           .arg(formatNumber(b.utilization * 100, 3) + QStringLiteral(" %"));
        QString text =
            tr("%1 in %2")
                .arg(QString::fromStdString(b.resource), QString::fromLatin1(toString(b.phase)));
        if (!figures.isEmpty()) text += QStringLiteral(": ") + figures.join(QStringLiteral(", "));
        if (!b.advice.empty()) text += QStringLiteral("\n→ ") + QString::fromStdString(b.advice);
        add(style()->standardIcon(QStyle::SP_MessageBoxWarning), text,
            QString::fromStdString(b.item_id));
    }
    for (const std::string& w : r.warnings)
        add(style()->standardIcon(QStyle::SP_MessageBoxInformation), QString::fromStdString(w));
    if (m_issues->count() == 0)
        add(style()->standardIcon(QStyle::SP_DialogApplyButton), tr("No warnings"))
            ->setFlags(Qt::NoItemFlags);
}

}  // namespace infraplan::ui
