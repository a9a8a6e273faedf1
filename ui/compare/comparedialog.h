#pragma once
// Compare view: two designs side by side, each evaluated off the GUI thread; a table of the
// headline metrics with the difference (each value as its dashboard card says it: a design
// that does not fit shows why, not a figure), the inputs they differ in, and a chart of the
// second relative to the first.
// "Export PDF…" writes the comparison report of `infraplan-cli report A --compare B`
// (report::exportComparisonPdf) with the settings' author and organisation in its header.

#include <QDialog>
#include <QFutureWatcher>
#include <memory>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "ui/evaluation/evaluator.h"
#include "ui/report/reportdocument.h"

class QTableWidget;
class QChartView;
class QLabel;
class QPushButton;
class QTabWidget;

namespace infraplan::ui {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    // `catalog` is the one the current design is evaluated with (its document's).
    CompareDialog(Design current, QString currentName,
                  std::shared_ptr<const catalog::Catalog> catalog, QWidget* parent = nullptr);
    ~CompareDialog() override;
    // Loads the second design through core's loading path, with its embedded entries over the
    // session's catalog (showing its problems if it cannot), and starts evaluating both.
    bool loadOther(const QString& path);
    // `catalog` null = the current design's.
    void setOther(Design other, const QString& name,
                  std::shared_ptr<const catalog::Catalog> catalog = nullptr);
    QTableWidget* table() const { return m_table; }
    // The inputs that differ (core's compareInputs): key, A, B.
    QTableWidget* inputsTable() const { return m_inputs; }
    QTabWidget* tabs() const { return m_tabs; }
    QPushButton* exportPdfButton() const { return m_exportPdf; }
    bool isReady() const { return m_ready; }

    // The comparison report of both evaluated designs (only once ready): its HTML, and the PDF
    // written to `path` (false with `error` set to a sentence when it cannot be written).
    report::ReportHtml reportHtml() const;
    bool exportPdf(const QString& path, QString* error) const;
    // Asks for the file, writes it, and says in a message box what went wrong.
    void exportPdfInteractively();

Q_SIGNALS:
    void ready();

private:
    void fill(const std::pair<Evaluation, Evaluation>& results);
    void fillInputs();

    Design m_a;
    Design m_b;
    QString m_nameA;
    QString m_nameB;
    std::shared_ptr<const catalog::Catalog> m_catalogA;
    std::shared_ptr<const catalog::Catalog> m_catalogB;
    QLabel* m_heading;
    QTabWidget* m_tabs;
    QTableWidget* m_table;
    QTableWidget* m_inputs;
    QChartView* m_chart;
    QPushButton* m_exportPdf;
    nlohmann::json m_resultsA;  // the results JSON of each side, once evaluated
    nlohmann::json m_resultsB;
    QFutureWatcher<std::pair<Evaluation, Evaluation>> m_watcher;
    bool m_ready = false;
};

}  // namespace infraplan::ui
