#include "ui/plan/sensitivitydialog.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <limits>

#include "core/results/format.h"
#include "ui/app/specsummary.h"
#include "ui/document/designdocument.h"
#include "ui/plan/numberitem.h"
#include "ui/plan/planrecord.h"
#include "ui/plan/stalebanner.h"
#include "ui/plan/tornadochart.h"

namespace infraplan::ui {
namespace {

constexpr SensitivityMetric kSensitivityMetrics[] = {SensitivityMetric::performance,
                                                     SensitivityMetric::usdPerMillionTokens,
                                                     SensitivityMetric::facilityPower};

// "+8.1%", or "infeasible" for a side where the design no longer fits (sorted last).
QTableWidgetItem* changeItem(const Perturbation& side, SensitivityMetric metric) {
    if (!side.metrics.feasible)
        return new NumberItem(std::numeric_limits<double>::infinity(), QObject::tr("infeasible"));
    const auto change = metricChange(side, metric);
    if (!change)
        return new NumberItem(std::numeric_limits<double>::infinity(), QStringLiteral("–"));
    return new NumberItem(*change, signedPercentText(*change));
}

}  // namespace

SensitivityDialog::SensitivityDialog(DesignDocument* document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
    , m_metric(new QComboBox(this))
    , m_run(new QPushButton(tr("&Analyse"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_staleBanner(
          new StaleBanner(document, StaleBanner::Scope::includeStrategy, tr("Analyse Again"), this))
    , m_table(new QTableWidget(this))
    , m_chart(new QChartView(this)) {
    setWindowTitle(tr("Sensitivity"));
    const bool training = document->design().workload.mode != WorkloadMode::inference;
    for (SensitivityMetric metric : kSensitivityMetrics)
        m_metric->addItem(sensitivityMetricName(metric, training), static_cast<int>(metric));
    m_progress->setRange(0, 0);  // core reports no fraction: a busy bar
    m_status->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);

    auto* form = new QHBoxLayout;
    form->addWidget(new QLabel(tr("Metric:"), this));
    form->addWidget(m_metric, 1);
    form->addWidget(m_run);
    form->addWidget(m_cancel);
    // The chart and the table as tabs: each input's row of the tornado needs the height.
    auto* views = new QTabWidget(this);
    views->setDocumentMode(true);
    views->addTab(m_chart, tr("Tornado"));
    views->addTab(m_table, tr("Table"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_staleBanner);
    layout->addWidget(views, 1);
    resize(900, 680);

    connect(m_run, &QPushButton::clicked, this, &SensitivityDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SensitivityDialog::cancel);
    connect(m_staleBanner, &StaleBanner::rerunRequested, this, &SensitivityDialog::start);
    connect(m_metric, &QComboBox::currentIndexChanged, this, &SensitivityDialog::showMetric);
    connect(&m_job, &PlanningJobBase::finished, this, &SensitivityDialog::finish);
    setRunning(false);
    m_status->setText(
        tr("Evaluates the design again with each hardware and facility input "
           "%1 and %2: what would buy the most.")
            .arg(sensitivityStepText(m_options.step, -1), sensitivityStepText(m_options.step, +1)));
}

SensitivityDialog::~SensitivityDialog() = default;  // m_job cancels the analysis and waits

void SensitivityDialog::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
}

void SensitivityDialog::start() {
    if (isRunning()) return;
    const SensitivityOptions options = m_options;
    m_staleBanner->markCurrent();  // the results to come are for the design as it is now
    m_status->setText(
        tr("Evaluating each input at %1 and %2…")
            .arg(sensitivityStepText(options.step, -1), sensitivityStepText(options.step, +1)));
    setRunning(true);
    m_analysed = m_document->design();
    m_job.start([design = m_analysed, catalog = m_document->sharedCatalog(),
                 options](const CancelToken* token) {
        SensitivityOptions run = options;
        run.cancel = token;
        return analyzeSensitivity(design, *catalog, run);
    });
}

void SensitivityDialog::cancel() {
    m_job.cancel();
}

void SensitivityDialog::finish() {
    SensitivityResult r = m_job.result();
    setRunning(false);
    if (r.cancelled) {  // keep what was shown before
        m_status->setText(tr("Cancelled: nothing analysed."));
        Q_EMIT finished();
        return;
    }
    m_result = std::move(r);
    m_document->planRecord().keepSensitivity(m_analysed, *m_result);
    m_status->setText(summary(*m_result));
    showMetric();
    Q_EMIT finished();
}

QString SensitivityDialog::summary(const SensitivityResult& r) const {
    if (!r.reasons.empty())
        return tr("Not analysed: %1").arg(QString::fromStdString(r.reasons.front()));
    QString text =
        tr("%n input(s) moved %1 and %2; largest effect first.", nullptr,
           static_cast<int>(r.inputs.size()))
            .arg(sensitivityStepText(m_options.step, -1), sensitivityStepText(m_options.step, +1));
    if (!r.base.feasible) text += tr(" The design as it is is not feasible.");
    return text;
}

void SensitivityDialog::showMetric() {
    if (!m_result) return;
    const auto metric = static_cast<SensitivityMetric>(m_metric->currentData().toInt());
    QChart* old = m_chart->chart();
    m_chart->setChart(tornadoChart(*m_result, metric, m_options.step));
    delete old;
    fillTable(*m_result);
}

void SensitivityDialog::fillTable(const SensitivityResult& r) {
    const auto metric = static_cast<SensitivityMetric>(m_metric->currentData().toInt());
    m_table->setSortingEnabled(false);
    m_table->clear();
    QStringList headers = {tr("Rank"), tr("Input")};
    for (SensitivityMetric m : kSensitivityMetrics)
        for (double sign : {-1.0, 1.0})
            headers << tr("%1 at %2")
                           .arg(sensitivityMetricName(m, r.training),
                                sensitivityStepText(m_options.step, sign));
    headers << tr("Feasibility");
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    const auto ranked = rankedBy(r, metric);
    m_table->setRowCount(static_cast<int>(ranked.size()));
    for (int row = 0; row < static_cast<int>(ranked.size()); ++row) {
        const InputSensitivity& input = *ranked[static_cast<std::size_t>(row)];
        m_table->setItem(row, 0, new NumberItem(row + 1, QString::number(row + 1)));
        auto* name = new QTableWidgetItem(QString::fromStdString(input.label));
        name->setToolTip(QString::fromStdString(input.what));
        m_table->setItem(row, 1, name);
        int column = 2;
        for (SensitivityMetric m : kSensitivityMetrics) {
            m_table->setItem(row, column++, changeItem(input.down, m));
            m_table->setItem(row, column++, changeItem(input.up, m));
        }
        m_table->setItem(
            row, column,
            new QTableWidgetItem(input.flips_feasibility ? tr("flips feasibility") : QString()));
    }
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
}

}  // namespace infraplan::ui
