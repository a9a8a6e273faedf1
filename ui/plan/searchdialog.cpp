#include "ui/plan/searchdialog.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>

#include "core/planning/sensitivity.h"
#include "core/results/format.h"
#include "core/search/search_counts.h"
#include "core/search/strategy_text.h"
#include "ui/app/specsummary.h"
#include "ui/document/designdocument.h"
#include "ui/plan/numberitem.h"
#include "ui/plan/planrecord.h"
#include "ui/plan/searchchart.h"
#include "ui/plan/stalebanner.h"

namespace infraplan::ui {
namespace {

constexpr int kListed = 50;  // strategies kept and shown
constexpr int kBestIndexRole = Qt::UserRole;

constexpr double kMissing = std::numeric_limits<double>::quiet_NaN();

// "–" for a figure the results do not have (NaN), sorted last.
QTableWidgetItem* numberItem(double value, Unit unit) {
    if (std::isnan(value))
        return new NumberItem(std::numeric_limits<double>::infinity(), QStringLiteral("–"));
    return new NumberItem(value, quantityText(value, unit));
}

// The performance figure of a candidate: step time (training) or goodput (serving).
double performance(const HeadlineMetrics& m) {
    return searchFigure(m.step_time_s ? m.step_time_s : m.goodput_rps);
}

}  // namespace

SearchDialog::SearchDialog(DesignDocument* document, QWidget* parent)
    : QDialog(parent)
    , m_document(document)
    , m_objective(new QComboBox(this))
    , m_run(new QPushButton(tr("&Search"), this))
    , m_cancel(new QPushButton(tr("Cancel"), this))
    , m_apply(new QPushButton(tr("&Apply to Design"), this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_staleBanner(
          new StaleBanner(document, StaleBanner::Scope::ignoreStrategy, tr("Search Again"), this))
    , m_table(new QTableWidget(this))
    , m_chart(new QChartView(this)) {
    setWindowTitle(tr("Search Strategies"));
    m_objective->addItem(tr("Fastest (time)"), QStringLiteral("time"));
    m_objective->addItem(tr("Cheapest (cost)"), QStringLiteral("cost"));
    m_objective->addItem(tr("Least energy"), QStringLiteral("energy"));
    m_objective->addItem(tr("Lowest $/M tokens"), QStringLiteral("cost-per-token"));
    m_progress->setRange(0, 1000);
    m_status->setWordWrap(true);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(260);

    auto* form = new QHBoxLayout;
    form->addWidget(new QLabel(tr("Objective:"), this));
    form->addWidget(m_objective, 1);
    form->addWidget(m_run);
    form->addWidget(m_cancel);
    auto* buttons = new QHBoxLayout;
    buttons->addStretch(1);
    buttons->addWidget(m_apply);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_progress);
    layout->addWidget(m_status);
    layout->addWidget(m_staleBanner);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_chart, 1);
    layout->addLayout(buttons);
    resize(900, 640);

    connect(m_run, &QPushButton::clicked, this, &SearchDialog::start);
    connect(m_cancel, &QPushButton::clicked, this, &SearchDialog::cancel);
    connect(m_apply, &QPushButton::clicked, this, &SearchDialog::applySelected);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &SearchDialog::updateApply);
    connect(m_staleBanner, &StaleBanner::staleChanged, this, &SearchDialog::updateApply);
    connect(m_staleBanner, &StaleBanner::rerunRequested, this, &SearchDialog::start);
    connect(&m_job, &PlanningJobBase::finished, this, &SearchDialog::finish);
    m_options.top = kListed;
    m_options.time_budget_s = 60;
    setRunning(false);
    m_status->setText(
        tr("Searches tensor, pipeline, data, context and expert parallelism, "
           "micro-batch, ZeRO and recompute on this design's hardware."));
}

SearchDialog::~SearchDialog() = default;  // m_job cancels the search and waits for it

void SearchDialog::setBudgets(long long max_candidates, double time_budget_s) {
    m_options.max_candidates = max_candidates;
    m_options.time_budget_s = time_budget_s;
}

void SearchDialog::setRunning(bool running) {
    m_run->setEnabled(!running);
    m_objective->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_progress->setVisible(running);
    updateApply();
}

// Apply needs a selected row of results that are for the design as it is.
void SearchDialog::updateApply() {
    m_apply->setEnabled(!isRunning() && !m_table->selectedItems().isEmpty() &&
                        !m_staleBanner->isStale());
}

void SearchDialog::start() {
    if (isRunning()) return;
    SearchOptions options = m_options;
    options.objective =
        searchObjectiveFromString(m_objective->currentData().toString().toStdString())
            .value_or(SearchObjective::time);
    // From a worker thread: queued to this dialog, dropped if it is gone.
    options.progress = [this](double fraction) {
        QMetaObject::invokeMethod(
            this, [this, fraction] { m_progress->setValue(static_cast<int>(fraction * 1000)); },
            Qt::QueuedConnection);
    };
    const Design design = m_document->design();
    m_searched = design;
    m_searchedObjective = options.objective;
    m_inference = design.workload.mode == WorkloadMode::inference;
    m_staleBanner->markCurrent();  // the results to come are for the design as it is now
    m_progress->setValue(0);
    m_status->setText(tr("Searching…"));
    setRunning(true);
    m_job.start([design, catalog = m_document->sharedCatalog(), options](const CancelToken* token) {
        SearchOptions run = options;
        run.cancel = token;
        return searchStrategies(design, *catalog, run);
    });
}

void SearchDialog::cancel() {
    m_job.cancel();
}

void SearchDialog::finish() {
    m_result = m_job.result();
    m_document->planRecord().keepSearch(m_searched, m_searchedObjective, *m_result);
    setRunning(false);
    m_status->setText(summary(*m_result));
    fillTable(*m_result);
    fillChart(*m_result);
    Q_EMIT finished();
}

QString SearchDialog::summary(const SearchResult& r) const {
    if (!r.reasons.empty())
        return tr("Nothing to search: %1").arg(QString::fromStdString(r.reasons.front()));
    QString text = tr("%1, in %2 s.")
                       .arg(QString::fromStdString(infraplan::searchCountsText(r)),
                            formatNumber(r.elapsed_s, 3));
    if (r.cancelled) text += tr(" Cancelled: the best found so far are listed.");
    if (r.truncated) text += tr(" Stopped early: %1.").arg(QString::fromStdString(r.truncation));
    if (r.best.empty() && r.reasons.empty() && !r.cancelled)
        text += tr(" No strategy fits this hardware.");
    return text;
}

void SearchDialog::fillTable(const SearchResult& r) {
    m_table->setSortingEnabled(false);
    m_table->clear();
    const QStringList headers = {tr("Rank"),
                                 tr("Strategy"),
                                 sentenceCase(r.score_unit),
                                 m_inference ? tr("Goodput") : tr("Step time"),
                                 tr("MFU"),
                                 tr("$/M tokens"),
                                 tr("Facility power")};
    m_table->setColumnCount(static_cast<int>(headers.size()));
    m_table->setHorizontalHeaderLabels(headers);
    m_table->setRowCount(static_cast<int>(r.best.size()));
    for (int row = 0; row < static_cast<int>(r.best.size()); ++row) {
        const SearchCandidate& c = r.best[static_cast<std::size_t>(row)];
        const HeadlineMetrics figures = headlineMetrics(c.results);
        auto* rank = new NumberItem(row + 1, QString::number(row + 1));
        rank->setData(kBestIndexRole, row);
        m_table->setItem(row, 0, rank);
        m_table->setItem(row, 1,
                         new QTableWidgetItem(
                             QString::fromStdString(describeStrategy(c.strategy, m_inference))));
        m_table->setItem(row, 2, numberItem(c.score, Unit::none));
        m_table->setItem(
            row, 3,
            numberItem(performance(figures), m_inference ? Unit::requests_per_s : Unit::seconds));
        m_table->setItem(
            row, 4,
            numberItem(c.results.training ? c.results.training->mfu : kMissing, Unit::fraction));
        m_table->setItem(
            row, 5,
            numberItem(searchFigure(figures.usd_per_million_tokens), Unit::usd_per_million_tokens));
        m_table->setItem(row, 6, numberItem(searchFigure(figures.facility_kw), Unit::kilowatts));
    }
    m_table->setSortingEnabled(true);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    m_table->resizeColumnsToContents();
    if (m_table->rowCount() > 0) m_table->selectRow(0);
}

void SearchDialog::fillChart(const SearchResult& r) {
    QChart* old = m_chart->chart();
    m_chart->setChart(searchChart(r));
    delete old;
}

bool SearchDialog::applySelected() {
    const auto selected = m_table->selectedItems();
    if (!m_result || selected.isEmpty() || isRunning() || m_staleBanner->isStale()) return false;
    const int row = selected.front()->row();
    const int best = m_table->item(row, 0)->data(kBestIndexRole).toInt();
    if (best < 0 || best >= static_cast<int>(m_result->best.size())) return false;
    Strategy strategy = m_result->best[static_cast<std::size_t>(best)].strategy;
    m_document->setStrategy(strategy, tr("Apply Searched Strategy"));
    m_status->setText(tr("Applied %1 to the design (Edit → Undo takes it back).")
                          .arg(QString::fromStdString(describeStrategy(strategy, m_inference))));
    return true;
}

}  // namespace infraplan::ui
