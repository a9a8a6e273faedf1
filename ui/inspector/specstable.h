#pragma once
// The catalog entry behind a selected item, read-only: each figure with its unit and where it
// comes from (published, derived or estimate, and the document).

#include <QTreeWidget>

#include "catalog/catalog.h"

namespace infraplan::ui {

class SpecsTable : public QTreeWidget {
    Q_OBJECT
public:
    explicit SpecsTable(QWidget* parent = nullptr);
    void showEntry(const catalog::Catalog& catalog, const std::string& id);
};

}  // namespace infraplan::ui
