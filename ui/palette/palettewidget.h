#pragma once
// The parts palette: a search field, a kind filter and the catalog tree, dragged onto the
// canvas. Double-clicking a link type picks it for the link tool.

#include <QWidget>

#include "catalog/catalog.h"

class QLineEdit;
class QComboBox;
class QTreeView;
class QSortFilterProxyModel;

namespace infraplan::ui {

class PaletteModel;

class PaletteWidget : public QWidget {
    Q_OBJECT
public:
    explicit PaletteWidget(const catalog::Catalog& catalog, QWidget* parent = nullptr);
    QTreeView* tree() const { return m_tree; }
    PaletteModel* model() const { return m_model; }
    QLineEdit* searchField() const { return m_search; }
    QComboBox* kindFilter() const { return m_kind; }
    // The index of a part by catalog id (or "kind:role"/"fabric:topology"), for tests.
    QModelIndex findPart(const QString& key) const;

Q_SIGNALS:
    void linkTypeChosen(const QString& ref);

private:
    void applyFilter();

    PaletteModel* m_model;
    QSortFilterProxyModel* m_proxy;
    QLineEdit* m_search;
    QComboBox* m_kind;
    QTreeView* m_tree;
};

}  // namespace infraplan::ui
