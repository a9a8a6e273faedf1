#pragma once
// Compare view: two designs side by side, each evaluated off the GUI thread; a table of the
// headline metrics with the difference, and a chart of the second relative to the first.

#include <QDialog>
#include <QFutureWatcher>

#include "catalog/catalog.h"
#include "core/design/design.h"
#include "ui/evaluation/evaluator.h"

class QTableWidget;
class QChartView;
class QLabel;

namespace infraplan::ui {

class CompareDialog : public QDialog {
    Q_OBJECT
public:
    CompareDialog(Design current, QString currentName, const catalog::Catalog& catalog,
                  QWidget* parent = nullptr);
    ~CompareDialog() override;
    // Loads the second design (showing its problems if it cannot) and starts evaluating both.
    bool loadOther(const QString& path);
    void setOther(Design other, const QString& name);
    QTableWidget* table() const { return m_table; }
    bool isReady() const { return m_ready; }

Q_SIGNALS:
    void ready();

private:
    void fill(const std::pair<Evaluation, Evaluation>& results);

    Design m_a;
    Design m_b;
    QString m_nameA;
    QString m_nameB;
    const catalog::Catalog* m_catalog;
    QLabel* m_heading;
    QTableWidget* m_table;
    QChartView* m_chart;
    QFutureWatcher<std::pair<Evaluation, Evaluation>> m_watcher;
    bool m_ready = false;
};

}  // namespace infraplan::ui
