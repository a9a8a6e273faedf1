#include "ui/compare/comparedialog.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent/QtConcurrentRun>

#include "core/evaluate/evaluate.h"
#include "core/io/design_load.h"
#include "core/io/input_diff.h"
#include "core/io/results_table.h"
#include "core/results/results_json.h"
#include "core/results/schema.h"
#include "ui/app/sessioncatalog.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/dashboard/cardtext.h"
#include "ui/dashboard/metrics.h"
#include "ui/export/reportsettings.h"
#include "ui/report/comparisonreport.h"
#include "ui/widgets/diagnosticsdialog.h"

namespace infraplan::ui {
namespace {

// "+12.3 %", with "better" or "worse" after it in the theme's colour where the field has a
// direction (the results schema's).
QTableWidgetItem* deltaItem(const QString& delta, Verdict verdict) {
    if (verdict == Verdict::none) return new QTableWidgetItem(delta);
    auto* item =
        new QTableWidgetItem(delta + QStringLiteral("  ") + QString::fromLatin1(toString(verdict)));
    item->setForeground(verdict == Verdict::better ? theme().good : theme().bad);
    return item;
}

// One side's value as its dashboard card says it; greyed, with the reason, when it has none.
QTableWidgetItem* valueItem(const CardText& text) {
    auto* item = new QTableWidgetItem(text.value.value_or(text.caption));
    item->setToolTip(text.detail);
    if (!text.value) item->setForeground(theme().mutedText);
    return item;
}

QTableWidget* makeTable(const QStringList& headers, const QString& name, QWidget* parent) {
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->setAlternatingRowColors(true);
    table->setWordWrap(false);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    table->setAccessibleName(name);
    return table;
}

Evaluation evaluateOne(const Design& design, const catalog::Catalog& catalog) {
    Evaluation e;
    try {
        e.results = evaluate(design, catalog);
    } catch (const std::exception& error) {
        e.results.feasible = false;
        e.results.reasons.push_back(error.what());
    }
    e.json = resultsToJson(e.results);
    return e;
}

}  // namespace

CompareDialog::CompareDialog(Design current, QString currentName,
                             std::shared_ptr<const catalog::Catalog> catalog, QWidget* parent)
    : QDialog(parent)
    , m_a(std::move(current))
    , m_nameA(std::move(currentName))
    , m_catalogA(std::move(catalog))
    , m_heading(new QLabel(this))
    , m_tabs(new QTabWidget(this))
    , m_table(makeTable({tr("Metric"), tr("A"), tr("B"), tr("B vs A")},
                        tr("Metrics of both designs"), this))
    , m_inputs(makeTable({tr("Input"), tr("A"), tr("B")}, tr("Inputs that differ"), this))
    , m_chart(new QChartView(this))
    , m_exportPdf(new QPushButton(tr("Export &PDF…"), this)) {
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare Designs"));
    auto* layout = new QVBoxLayout(this);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    m_tabs->addTab(m_table, tr("Results"));
    m_tabs->addTab(m_inputs, tr("Inputs"));
    layout->addWidget(m_tabs, 1);
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_chart->setMinimumHeight(240);
    layout->addWidget(m_chart, 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    m_exportPdf->setObjectName(QStringLiteral("exportComparisonPdf"));
    m_exportPdf->setToolTip(tr("Write the comparison report (inputs and results side by side)"));
    m_exportPdf->setEnabled(false);
    buttons->addButton(m_exportPdf, QDialogButtonBox::ActionRole);
    connect(m_exportPdf, &QPushButton::clicked, this, &CompareDialog::exportPdfInteractively);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    connect(&m_watcher, &QFutureWatcher<std::pair<Evaluation, Evaluation>>::finished, this,
            [this] { fill(m_watcher.result()); });
    resize(820, 640);
}

CompareDialog::~CompareDialog() {
    m_watcher.waitForFinished();
}

bool CompareDialog::loadOther(const QString& path) {
    DesignLoad loaded =
        loadDesignForEvaluation(QFile::encodeName(path).toStdString(), *sessionCatalog());
    if (!loaded.readable()) {
        DiagnosticsDialog dialog(tr("Cannot Compare"),
                                 tr("%1 could not be opened.").arg(QFileInfo(path).fileName()),
                                 loaded.diagnostics, parentWidget());
        dialog.exec();
        return false;
    }
    setOther(std::move(*loaded.design), QFileInfo(path).fileName(), loaded.catalog);
    return true;
}

void CompareDialog::setOther(Design other, const QString& name,
                             std::shared_ptr<const catalog::Catalog> catalog) {
    m_b = std::move(other);
    m_nameB = name;
    m_ready = false;
    m_exportPdf->setEnabled(false);
    m_catalogB = catalog ? std::move(catalog) : m_catalogA;
    m_heading->setText(tr("<b>A</b>: %1 &nbsp;&nbsp; <b>B</b>: %2 — evaluating…")
                           .arg(m_nameA.toHtmlEscaped(), m_nameB.toHtmlEscaped()));
    m_inputs->setHorizontalHeaderLabels(
        {tr("Input"), QStringLiteral("A: ") + m_nameA, QStringLiteral("B: ") + m_nameB});
    m_table->setHorizontalHeaderLabels({tr("Metric"), QStringLiteral("A: ") + m_nameA,
                                        QStringLiteral("B: ") + m_nameB, tr("B vs A")});
    m_watcher.setFuture(QtConcurrent::run([a = m_a, b = m_b, ca = m_catalogA, cb = m_catalogB] {
        return std::make_pair(evaluateOne(a, *ca), evaluateOne(b, *cb));
    }));
}

void CompareDialog::fill(const std::pair<Evaluation, Evaluation>& results) {
    const auto& [a, b] = results;
    m_resultsA = a.json;
    m_resultsB = b.json;
    m_heading->setText(tr("<b>A</b>: %1 (%2) &nbsp;&nbsp; <b>B</b>: %3 (%4)")
                           .arg(m_nameA.toHtmlEscaped(),
                                a.results.feasible ? tr("feasible") : tr("not feasible"),
                                m_nameB.toHtmlEscaped(),
                                b.results.feasible ? tr("feasible") : tr("not feasible")));
    m_table->setRowCount(0);
    QStringList names;
    auto* ratio = new QBarSet(tr("B relative to A"));
    ratio->setColor(theme().accent);
    for (const Metric& m : headlineMetrics()) {
        const auto va = resultNumber(a.json, m.key);
        const auto vb = resultNumber(b.json, m.key);
        if (!va && !vb) continue;
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        m_table->setItem(row, 0, new QTableWidgetItem(m.title()));
        m_table->item(row, 0)->setToolTip(m.meaning());
        const CardText textA = cardText(m, a, m_a.workload.mode);
        const CardText textB = cardText(m, b, m_b.workload.mode);
        m_table->setItem(row, 1, valueItem(textA));
        m_table->setItem(row, 2, valueItem(textB));
        // A change only between two figures each card shows (not one a design cannot reach).
        const bool bothShown = textA.value && textB.value;
        QString delta = QStringLiteral("—");
        if (bothShown && va && vb && *va != 0) {
            const double change = *vb / *va - 1;
            delta = (change >= 0 ? QStringLiteral("+") : QString()) +
                    quantityText(change, Unit::fraction);
            names << m.title();
            *ratio << *vb / *va * 100;
        }
        m_table->setItem(row, 3,
                         deltaItem(delta, bothShown && va && vb ? compareVerdict(m.key, *va, *vb)
                                                                : Verdict::none));
    }
    fillInputs();
    auto* chart = new QChart;
    chart->setTheme(theme().dark ? QChart::ChartThemeDark : QChart::ChartThemeLight);
    chart->setTitle(tr("B as a percentage of A"));
    chart->setAnimationOptions(QChart::NoAnimation);
    if (!names.isEmpty()) {
        auto* series = new QHorizontalBarSeries;
        series->append(ratio);
        series->setLabelsVisible(true);
        chart->addSeries(series);
        auto* cats = new QBarCategoryAxis;
        cats->append(names);
        chart->addAxis(cats, Qt::AlignLeft);
        series->attachAxis(cats);
        auto* axis = new QValueAxis;
        axis->setTitleText(QStringLiteral("% of A"));
        axis->setMin(0);
        chart->addAxis(axis, Qt::AlignBottom);
        series->attachAxis(axis);
        chart->legend()->hide();
    } else {
        delete ratio;
    }
    QChart* old = m_chart->chart();
    m_chart->setChart(chart);
    delete old;
    m_ready = true;
    m_exportPdf->setEnabled(true);
    Q_EMIT ready();
}

void CompareDialog::fillInputs() {
    const InputComparison inputs = compareInputs(m_a, m_b);
    m_inputs->setRowCount(0);
    for (const InputDifference& d : inputs.differences) {
        const int row = m_inputs->rowCount();
        m_inputs->insertRow(row);
        m_inputs->setItem(row, 0, new QTableWidgetItem(QString::fromStdString(d.key)));
        const auto value = [](const nlohmann::json& v) {
            return v.is_null()
                       ? tr("(not set)")
                       : QString::fromStdString(v.is_string() ? v.get<std::string>() : v.dump());
        };
        m_inputs->setItem(row, 1, new QTableWidgetItem(value(d.a)));
        m_inputs->setItem(row, 2, new QTableWidgetItem(value(d.b)));
    }
    m_tabs->setTabText(
        1, inputs.differences.empty()
               ? tr("Inputs (the same)")
               : tr("Inputs (%n differ)", nullptr, static_cast<int>(inputs.differences.size())));
    m_tabs->setTabToolTip(1, tr("%n inputs are the same in both; hardware differences show in "
                                "the results (inventory, cost).",
                                nullptr, static_cast<int>(inputs.same)));
}

report::ReportHtml CompareDialog::reportHtml() const {
    return report::buildComparisonHtml({m_nameA, m_a, m_resultsA}, {m_nameB, m_b, m_resultsB},
                                       reportOptionsFromSettings());
}

bool CompareDialog::exportPdf(const QString& path, QString* error) const {
    if (!m_ready) {
        if (error) *error = tr("the designs are still being evaluated");
        return false;
    }
    return report::exportComparisonPdf({m_nameA, m_a, m_resultsA}, {m_nameB, m_b, m_resultsB}, path,
                                       reportOptionsFromSettings(), error);
}

void CompareDialog::exportPdfInteractively() {
    QSettings settings;
    const QString folder = settings.value(QStringLiteral("report/folder")).toString();
    const QString base = QFileInfo(m_nameA).completeBaseName() + QStringLiteral("-vs-") +
                         QFileInfo(m_nameB).completeBaseName() + QStringLiteral(".pdf");
    QString path =
        QFileDialog::getSaveFileName(this, tr("Export Comparison Report"),
                                     QDir(folder).filePath(base), tr("PDF report (*.pdf)"));
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".pdf");
    settings.setValue(QStringLiteral("report/folder"), QFileInfo(path).path());
    QApplication::setOverrideCursor(Qt::WaitCursor);
    QString error;
    const bool ok = exportPdf(path, &error);
    QApplication::restoreOverrideCursor();
    if (!ok)
        QMessageBox::warning(this, tr("Export Comparison Report"),
                             tr("The report was not written: %1.").arg(error));
}

}  // namespace infraplan::ui
