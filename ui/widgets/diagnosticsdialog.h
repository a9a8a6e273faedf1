#pragma once
// Shows the problems found in a design file, one row per problem with its JSON pointer.

#include <QDialog>

#include "catalog/json_reader.h"

class QTreeWidget;

namespace infraplan::ui {

class DiagnosticsDialog : public QDialog {
    Q_OBJECT
public:
    DiagnosticsDialog(const QString& title, const QString& summary, const Diagnostics& diagnostics,
                      QWidget* parent = nullptr);
    QTreeWidget* list() const { return m_list; }

private:
    QTreeWidget* m_list;
};

}  // namespace infraplan::ui
