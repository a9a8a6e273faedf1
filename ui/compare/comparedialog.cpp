#include "ui/compare/comparedialog.h"

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "core/design/variants.h"
#include "core/evaluate/evaluate.h"
#include "core/io/design_load.h"
#include "core/io/input_diff.h"
#include "core/io/results_table.h"
#include "core/results/results_json.h"
#include "core/results/schema.h"
#include "ui/app/sessioncatalog.h"
#include "ui/app/specsummary.h"
#include "ui/app/theme.h"
#include "ui/compare/comparechart.h"
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

QComboBox* makePicker(const QString& name, QWidget* parent) {
    auto* box = new QComboBox(parent);
    box->setAccessibleName(name);
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(40);
    box->addItem(QObject::tr("Open a design file…"));
    return box;
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
    , m_heading(new QLabel(this))
    , m_pickA(makePicker(tr("Design A"), this))
    , m_pickB(makePicker(tr("Design B"), this))
    , m_tabs(new QTabWidget(this))
    , m_table(makeTable({tr("Metric"), tr("A"), tr("B"), tr("B vs A")},
                        tr("Metrics of both designs"), this))
    , m_inputs(makeTable({tr("Input"), tr("A"), tr("B")}, tr("Inputs that differ"), this))
    , m_chart(new QChartView(this))
    , m_exportPdf(new QPushButton(tr("Export &PDF…"), this)) {
    setObjectName(QStringLiteral("compareDialog"));
    setWindowTitle(tr("Compare Designs"));
    auto* layout = new QVBoxLayout(this);
    auto* pickers = new QFormLayout;
    pickers->addRow(tr("&A:"), m_pickA);
    pickers->addRow(tr("&B:"), m_pickB);
    layout->addLayout(pickers);
    m_heading->setWordWrap(true);
    layout->addWidget(m_heading);
    m_tabs->addTab(m_table, tr("Results"));
    m_tabs->addTab(m_inputs, tr("Inputs"));
    m_chart->setRenderHint(QPainter::Antialiasing);
    m_tabs->addTab(m_chart, tr("Chart"));
    layout->addWidget(m_tabs, 1);
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

    for (const Design& variant : current.variants) {
        const QString name = QString::fromStdString(variant.name);
        addChoice(
            {name, tr("Variant: %1").arg(name), standaloneVariant(current, variant), catalog});
    }
    m_variantCount = m_choices.size();
    Design itself = std::move(current);
    itself.variants.clear();
    m_choices.insert(m_choices.begin(), Choice{currentName, tr("This design (%1)").arg(currentName),
                                               std::move(itself), std::move(catalog)});
    m_pickA->insertItem(0, m_choices.front().label);
    m_pickB->insertItem(0, m_choices.front().label);
    m_chosenB = m_variantCount > 0 ? 1 : 0;
    for (Side side : {Side::a, Side::b})
        connect(picker(side), &QComboBox::activated, this,
                [this, side](int index) { pickerChanged(side, index); });
    resize(960, 700);
    compareChosen();
}

CompareDialog::~CompareDialog() {
    m_watcher.waitForFinished();
}

void CompareDialog::addChoice(Choice choice) {
    // Before the picker's last entry, "Open a design file…".
    for (QComboBox* box : {m_pickA, m_pickB})
        box->insertItem(box->count() - 1, choice.label);
    m_choices.push_back(std::move(choice));
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
    other.variants.clear();
    addChoice({name, tr("File: %1").arg(name), std::move(other),
               catalog ? std::move(catalog) : m_choices.front().catalog});
    m_chosenB = static_cast<int>(m_choices.size()) - 1;
    compareChosen();
}

bool CompareDialog::chooseVariant(Side side, const QString& name) {
    int index = name.isEmpty() ? 0 : -1;
    for (std::size_t k = 1; index < 0 && k <= m_variantCount; ++k)
        if (m_choices[k].name == name) index = static_cast<int>(k);
    if (index < 0) return false;
    (side == Side::a ? m_chosenA : m_chosenB) = index;
    compareChosen();
    return true;
}

void CompareDialog::pickerChanged(Side side, int index) {
    if (index >= static_cast<int>(m_choices.size())) {  // "Open a design file…"
        const int previousB = m_chosenB;
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Compare With"), QString(), tr("Infraplan designs (*.json);;All files (*)"));
        if (path.isEmpty() || !loadOther(path)) {
            compareChosen();  // the pickers show what was chosen before
            return;
        }
        if (side == Side::b) return;  // loadOther put the file on B
        m_chosenB = previousB;
        index = static_cast<int>(m_choices.size()) - 1;
    }
    (side == Side::a ? m_chosenA : m_chosenB) = index;
    compareChosen();
}

void CompareDialog::compareChosen() {
    const Choice& a = m_choices[static_cast<std::size_t>(m_chosenA)];
    const Choice& b = m_choices[static_cast<std::size_t>(m_chosenB)];
    m_pickA->setCurrentIndex(m_chosenA);
    m_pickB->setCurrentIndex(m_chosenB);
    m_a = a.design;
    m_b = b.design;
    m_nameA = a.name;
    m_nameB = b.name;
    m_ready = false;
    m_exportPdf->setEnabled(false);
    m_heading->setText(tr("<b>A</b>: %1 &nbsp;&nbsp; <b>B</b>: %2 — evaluating…")
                           .arg(m_nameA.toHtmlEscaped(), m_nameB.toHtmlEscaped()));
    m_inputs->setHorizontalHeaderLabels(
        {tr("Input"), QStringLiteral("A: ") + m_nameA, QStringLiteral("B: ") + m_nameB});
    m_table->setHorizontalHeaderLabels({tr("Metric"), QStringLiteral("A: ") + m_nameA,
                                        QStringLiteral("B: ") + m_nameB, tr("B vs A")});
    m_watcher.setFuture(QtConcurrent::run([a = m_a, b = m_b, ca = a.catalog, cb = b.catalog] {
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
    std::vector<ComparedMetric> charted;
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
        const bool bothShown = textA.value && textB.value && va && vb;
        const Verdict verdict = bothShown ? compareVerdict(m.key, *va, *vb) : Verdict::none;
        QString delta = QStringLiteral("—");
        if (bothShown && *va != 0) {
            const double change = *vb / *va - 1;
            delta = (change >= 0 ? QStringLiteral("+") : QString()) +
                    quantityText(change, Unit::fraction);
            charted.push_back({m.title(), *vb / *va * 100, verdict});
        }
        m_table->setItem(row, 3, deltaItem(delta, verdict));
    }
    fillInputs();
    QChart* old = m_chart->chart();
    m_chart->setChart(makeComparisonChart(charted));
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
