#include "ui/plan/sizingdialog.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "core/results/format.h"
#include "core/search/strategy_text.h"
#include "ui/app/specsummary.h"
#include "ui/document/designdocument.h"
#include "ui/plan/numberitem.h"
#include "ui/plan/planrecord.h"
#include "ui/plan/sizingform.h"

namespace infraplan::ui {
namespace {

constexpr int kDesignIndexRole = Qt::UserRole + 2;  // the row's index into result().designs

enum SizingColumn {
    colRank,
    colTemplate,
    colNodes,
    colDevices,
    colCooling,
    colPerformance,
    colMw,
    colProvisioned,
    colCapex,
    colTco,
    colPerToken,
    colStrategy,
    sizingColumnCount
};

QString sizingText(const std::string& s) {
    return QString::fromStdString(s);
}

QTableWidgetItem* sizingMoneyItem(double usd) {
    return new NumberItem(usd, sizingText(infraplan::formatMoney(usd)));
}

QTableWidgetItem* sizingPerformanceItem(const SizedDesign& s) {
    if (s.days_to_train)
        return new NumberItem(*s.days_to_train,
                              QObject::tr("%1 days").arg(formatNumber(*s.days_to_train, 3)));
    if (s.goodput_rps)
        return new NumberItem(*s.goodput_rps,
                              QObject::tr("%1 req/s").arg(formatNumber(*s.goodput_rps, 3)));
    return new NumberItem(0, QStringLiteral("–"));
}

}  // namespace

SizingDialog::SizingDialog(DesignDocument* document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
    , m_form(new SizingForm(document->design(), *document->sharedCatalog(), this))
    , m_rank(new QComboBox(this))
    , m_timeBudget(new QDoubleSpinBox(this))
    , m_maxStrategies(new QSpinBox(this))
    , m_run(new QPushButton(tr("&Size"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_table(new QTableWidget(this))
    , m_open(new QPushButton(tr("&Open as Design"), this)) {
    setWindowTitle(tr("Size Hardware"));
    m_progress->setRange(0, 0);  // core reports no fraction: a busy bar
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();

    auto* bottom = new QHBoxLayout;
    bottom->addStretch(1);
    bottom->addWidget(m_open);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_form);
    layout->addLayout(createRunRow());
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_table, 1);
    layout->addLayout(bottom);
    resize(1180, 720);

    connect(m_run, &QPushButton::clicked, this, &SizingDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SizingDialog::cancel);
    connect(m_open, &QPushButton::clicked, this, &SizingDialog::openSelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &SizingDialog::updateOpenButton);
    connect(m_table, &QTableWidget::cellDoubleClicked, this, &SizingDialog::openSelected);
    connect(&m_job, &PlanningJobBase::finished, this, &SizingDialog::finish);
    setRunning(false);
    m_status->setText(
        tr("Tries each node template at growing cluster sizes, searches each cluster's "
           "strategy, prices it with the facility model and lists the designs that meet the "
           "target within the budgets. Precision, sequence length, batch, token counts, "
           "facility and economics are the open design's."));
}

SizingDialog::~SizingDialog() = default;  // m_job cancels the sweep and waits for it

QLayout* SizingDialog::createRunRow() {
    m_rank->addItem(tr("Lowest TCO"), static_cast<int>(SizingRank::tco));
    m_rank->addItem(tr("Shortest time"), static_cast<int>(SizingRank::time));
    m_rank->addItem(tr("Most tokens/s per MW"), static_cast<int>(SizingRank::tokens_per_mw));
    m_timeBudget->setRange(1, 86400);
    m_timeBudget->setDecimals(0);
    m_timeBudget->setValue(SizingOptions{}.time_budget_s);
    m_timeBudget->setSuffix(tr(" s"));
    m_timeBudget->setToolTip(tr("The sweep stops after this and lists the best found so far"));
    m_maxStrategies->setRange(1, 1'000'000);
    m_maxStrategies->setValue(static_cast<int>(SizingOptions{}.max_strategies));
    m_maxStrategies->setGroupSeparatorShown(true);
    auto* row = new QHBoxLayout;
    row->addWidget(new QLabel(tr("Rank by:"), this));
    row->addWidget(m_rank);
    row->addWidget(new QLabel(tr("Time budget:"), this));
    row->addWidget(m_timeBudget);
    row->addWidget(new QLabel(tr("Strategies per cluster:"), this));
    row->addWidget(m_maxStrategies);
    row->addStretch(1);
    row->addWidget(m_run);
    row->addWidget(m_cancel);
    return row;
}

void SizingDialog::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_form->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    updateOpenButton();
}

void SizingDialog::updateOpenButton() {
    m_open->setEnabled(!isRunning() && designAt(m_table->currentRow()) &&
                       !m_table->selectedItems().isEmpty());
}

bool SizingDialog::start() {
    if (isRunning()) return false;
    const SizingTargetLoad load = m_form->target();
    const auto catalog = m_document->sharedCatalog();
    const Diagnostics problems =
        load.target ? checkSizingTarget(*load.target, *catalog) : load.diagnostics;
    if (problems.hasErrors()) {
        m_status->setText(tr("Cannot size: %1").arg(sizingText(problems.toString())));
        return false;
    }
    const SizingTarget target = *load.target;
    SizingOptions options;
    options.rank = static_cast<SizingRank>(m_rank->currentData().toInt());
    options.time_budget_s = m_timeBudget->value();
    options.max_strategies = m_maxStrategies->value();
    m_status->setText(tr("Sizing: searching each cluster's strategy…"));
    setRunning(true);
    m_sized = m_document->design();
    m_target = target;
    m_rankRun = options.rank;
    m_job.start([target, catalog, options](const CancelToken* token) {
        SizingOptions run = options;
        run.cancel = token;
        return sizeHardware(target, *catalog, run);
    });
    return true;
}

void SizingDialog::cancel() {
    m_job.cancel();
}

void SizingDialog::finish() {
    SizingResult r = m_job.result();
    setRunning(false);
    if (r.cancelled && r.designs.empty()) {  // keep what was shown before
        m_status->setText(tr("Cancelled: nothing sized."));
        Q_EMIT finished();
        return;
    }
    m_result = std::move(r);
    m_document->planRecord().keepSizing(m_sized, m_target, m_rankRun, *m_result);
    m_status->setText(summary(*m_result));
    fillTable(*m_result);
    Q_EMIT finished();
}

QString SizingDialog::summary(const SizingResult& r) const {
    if (!r.reasons.empty()) return tr("Not sized: %1").arg(sizingText(r.reasons.front()));
    QString text = tr("%1 clusters, %2 searched (%3 strategies) in %4 s.")
                       .arg(sizingText(infraplan::formatInteger(r.candidates)),
                            sizingText(infraplan::formatInteger(r.searched)),
                            sizingText(infraplan::formatInteger(r.strategies_evaluated)),
                            formatNumber(r.elapsed_s, 3));
    if (r.cancelled) text += tr(" Cancelled: the best found so far.");
    if (r.truncated) text += tr(" Stopped early: %1.").arg(sizingText(r.truncation));
    if (!r.infeasible.empty()) text += QLatin1Char(' ') + sizingText(r.infeasible);
    return text;
}

void SizingDialog::fillTable(const SizingResult& r) {
    m_table->setSortingEnabled(false);
    m_table->clear();
    const bool training = m_form->training();
    m_table->setColumnCount(sizingColumnCount);
    m_table->setHorizontalHeaderLabels(
        {tr("Rank"), tr("Node template"), tr("Nodes"), tr("Devices"), tr("Cooling"),
         training ? tr("Time to train") : tr("Goodput"), tr("MW"), tr("MW provisioned"),
         tr("Capex"), tr("TCO"), tr("$/M tokens"), tr("Strategy")});
    m_table->setRowCount(static_cast<int>(r.designs.size()));
    for (int row = 0; row < static_cast<int>(r.designs.size()); ++row) {
        const SizedDesign& s = r.designs[static_cast<std::size_t>(row)];
        auto* rank = new NumberItem(row + 1, QString::number(row + 1));
        rank->setData(kDesignIndexRole, row);
        m_table->setItem(row, colRank, rank);
        auto* node = new QTableWidgetItem(sizingText(s.candidate.node));
        node->setToolTip(
            tr("%1, fat-tree %2:1")
                .arg(sizingText(s.vendor), formatNumber(s.candidate.oversubscription)));
        m_table->setItem(row, colTemplate, node);
        m_table->setItem(row, colNodes,
                         new NumberItem(double(s.candidate.nodes),
                                        sizingText(infraplan::formatInteger(s.candidate.nodes))));
        m_table->setItem(row, colDevices,
                         new NumberItem(double(s.results.devices),
                                        sizingText(infraplan::formatInteger(s.results.devices))));
        m_table->setItem(row, colCooling,
                         new QTableWidgetItem(QString::fromUtf8(toString(s.cooling))));
        m_table->setItem(row, colPerformance, sizingPerformanceItem(s));
        m_table->setItem(row, colMw, new NumberItem(s.facility_mw, formatNumber(s.facility_mw, 3)));
        m_table->setItem(
            row, colProvisioned,
            new NumberItem(s.facility_capacity_mw, formatNumber(s.facility_capacity_mw, 3)));
        m_table->setItem(row, colCapex, sizingMoneyItem(s.capex_usd));
        m_table->setItem(row, colTco, sizingMoneyItem(s.tco_usd));
        m_table->setItem(row, colPerToken,
                         s.usd_per_million_tokens ? sizingMoneyItem(*s.usd_per_million_tokens)
                                                  : new NumberItem(0, QStringLiteral("–")));
        auto* strategy = new QTableWidgetItem(
            sizingText(describeStrategy(s.design.strategy, !s.results.training)));
        strategy->setToolTip(strategy->text());
        m_table->setItem(row, colStrategy, strategy);
    }
    m_table->setSortingEnabled(true);
    m_table->resizeColumnsToContents();
    m_table->horizontalHeader()->setStretchLastSection(true);
    if (!r.designs.empty()) m_table->selectRow(0);
    updateOpenButton();
}

const SizedDesign* SizingDialog::designAt(int row) const {
    if (!m_result || row < 0 || row >= m_table->rowCount()) return nullptr;
    const QTableWidgetItem* rank = m_table->item(row, colRank);
    if (!rank) return nullptr;
    const int index = rank->data(kDesignIndexRole).toInt();
    if (index < 0 || index >= static_cast<int>(m_result->designs.size())) return nullptr;
    return &m_result->designs[static_cast<std::size_t>(index)];
}

void SizingDialog::openSelected() {
    if (const SizedDesign* s = designAt(m_table->currentRow()))
        Q_EMIT openDesignRequested(s->design);
}

}  // namespace infraplan::ui
