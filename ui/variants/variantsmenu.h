#pragma once
// The Variants menu: keep the design as it is now as a named variant (one click and a name),
// apply one, compare any two, rename or delete them. Each edit is one undoable command of the
// document (core/design/variants.h; docs/gui.md, "Variants").

#include <QMenu>

#include "core/design/design.h"

namespace infraplan::ui {

class DesignDocument;

// A name for the design as it is now, from its strategy: "TP 4 · PP 8 · DP 8" (training),
// "TP 8 · 2 replicas · batch 64" (serving); unique among the design's variants.
QString suggestedVariantName(const Design& design);

class VariantsMenu : public QMenu {
    Q_OBJECT
public:
    VariantsMenu(DesignDocument* document, QWidget* parent);
    // Asks for a name (the suggestion filled in) and keeps the design's state under it.
    void newVariantInteractively();
    QAction* newVariantAction() const { return m_newVariant; }
    // Lists the variants again (done each time the menu opens).
    void rebuild();

Q_SIGNALS:
    // Compare these two ("" = the design as it is now).
    void compareRequested(const QString& a, const QString& b);

private:
    void addVariantSubmenu(const QString& name);
    void renameInteractively(const QString& name);

    DesignDocument* m_document;
    QAction* m_newVariant;
    QAction* m_compare;
};

}  // namespace infraplan::ui
