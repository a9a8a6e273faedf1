#pragma once
// The catalog as a tree of parts to drag onto the canvas: accelerators by class, node
// templates, memory, switches, NICs, CPUs, fabrics, groups, and the link types (which are
// chosen for the link tool rather than dropped).

#include <QStandardItemModel>

#include "catalog/catalog.h"

namespace infraplan::ui {

class PaletteModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum Role { PayloadRole = Qt::UserRole + 1, LinkRole, CategoryRole, SearchRole };

    explicit PaletteModel(const catalog::Catalog& catalog, QObject* parent = nullptr);
    void rebuild(const catalog::Catalog& catalog);

    QStringList mimeTypes() const override;
    QMimeData* mimeData(const QModelIndexList& indexes) const override;
    Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }
};

}  // namespace infraplan::ui
