#pragma once
// Compare view: any two of this design, its variants (core/design/variants.h) and design files,
// side by side, each evaluated off the GUI thread; a table of the headline metrics with the
// difference coloured better/worse (each value as its dashboard card says it: a design that
// does not fit shows why, not a figure), the inputs they differ in, and a chart of B relative
// to A. "Export PDF…" writes the comparison report of `infraplan-cli report A --compare B`
// (report::exportComparisonPdf) with the settings' author and organisation in its header.

#include <QDialog>
#include <QFutureWatcher>
#include <memory>
#include <vector>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "ui/evaluation/evaluator.h"
#include "ui/report/reportdocument.h"

class QComboBox;
class QTableWidget;
class QChartView;
class QLabel;
class QPushButton;
class QTabWidget;

namespace infraplan::ui {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    enum class Side { a, b };

    // `catalog` is the one the current design is evaluated with (its document's). Both sides
    // start on the current design; B moves to its first variant when it has one.
    CompareDialog(Design current, QString currentName,
                  std::shared_ptr<const catalog::Catalog> catalog, QWidget* parent = nullptr);
    ~CompareDialog() override;
    // Loads a design file through core's loading path, with its embedded entries over the
    // session's catalog (showing its problems if it cannot), offers it on both sides and puts
    // it on B.
    bool loadOther(const QString& path);
    // Offers `other` on both sides and puts it on B; `catalog` null = the current design's.
    void setOther(Design other, const QString& name,
                  std::shared_ptr<const catalog::Catalog> catalog = nullptr);
    // Puts the current design's variant `name` ("" = the design itself) on `side`; false when
    // it has no such variant.
    bool chooseVariant(Side side, const QString& name);

    QComboBox* picker(Side side) const { return side == Side::a ? m_pickA : m_pickB; }
    QTableWidget* table() const { return m_table; }
    // The inputs that differ (core's compareInputs): key, A, B.
    QTableWidget* inputsTable() const { return m_inputs; }
    QTabWidget* tabs() const { return m_tabs; }
    QChartView* chartView() const { return m_chart; }
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
    // A design on offer for either side.
    struct Choice {
        QString name;   // as the table's headers and the report name it
        QString label;  // as the pickers list it
        Design design;
        std::shared_ptr<const catalog::Catalog> catalog;
    };
    void addChoice(Choice choice);
    void pickerChanged(Side side, int index);
    void compareChosen();
    void fill(const std::pair<Evaluation, Evaluation>& results);
    void fillInputs();

    std::vector<Choice> m_choices;  // the current design, its variants, then files
    std::size_t m_variantCount = 0;
    int m_chosenA = 0;
    int m_chosenB = 0;
    Design m_a;
    Design m_b;
    QString m_nameA;
    QString m_nameB;
    QLabel* m_heading;
    QComboBox* m_pickA;
    QComboBox* m_pickB;
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
