#pragma once
// Shown after opening a design whose embedded catalog entries differ from the local catalog:
// each differing entry with its fields (the file's value, the local value), and three choices:
// keep the file's values (already in use: the default), use the local catalog's, or import the
// file's entries into the user catalog. Not modal: the design is open behind it.

#include <QDialog>

#include "catalog/embedded_entries.h"
#include "core/io/design_load.h"

class QPushButton;
class QTreeWidget;

namespace infraplan::ui {

class EmbeddedEntriesDialog : public QDialog {
    Q_OBJECT
public:
    EmbeddedEntriesDialog(const catalog::EmbeddedReport& report, const QString& fileName,
                          QWidget* parent = nullptr);
    QTreeWidget* list() const { return m_list; }
    QPushButton* button(EmbeddedChoice choice) const;

Q_SIGNALS:
    void chosen(infraplan::EmbeddedChoice choice);

private:
    QTreeWidget* m_list;
    QPushButton* m_keep;
    QPushButton* m_local;
    QPushButton* m_import;
};

}  // namespace infraplan::ui
