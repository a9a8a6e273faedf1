#pragma once
// The inspector: properties of what is selected on the canvas. An item shows its editable
// design fields (name, count, part, role, fabric parameters; each change one undo step) and
// its catalog figures read-only with their sources; a link its type and lanes; nothing
// selected, the design itself.

#include <QHash>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "ui/canvas/linkload.h"

class QScrollArea;
class QFormLayout;

namespace infraplan::ui {

class DesignDocument;

class InspectorWidget : public QWidget {
    Q_OBJECT
public:
    explicit InspectorWidget(DesignDocument* document, QWidget* parent = nullptr);
    void setSelection(const QStringList& ids, const std::vector<std::size_t>& links);
    // The latest evaluation's link loads: a link's page shows its utilization and why.
    void setLinkLoads(const QHash<QString, LinkLoad>& loads);

private:
    struct FocusState;
    FocusState saveFocus() const;
    void restoreFocus(const FocusState& state);
    void rebuild();
    void buildDesignPage(QFormLayout* form);
    void buildItemPage(QFormLayout* form, const QString& id);
    void buildFabricFields(QFormLayout* form, const QString& id);
    void buildLinkPage(QFormLayout* form, std::size_t index);
    QWidget* header(const QString& title, const QString& subtitle, int kind);

    DesignDocument* m_document;
    QScrollArea* m_scroll;
    QStringList m_ids;
    std::vector<std::size_t> m_links;
    QHash<QString, LinkLoad> m_loads;
};

}  // namespace infraplan::ui
