#pragma once
// Ctrl+Z / Ctrl+Shift+Z typed in a focused field of the window undo the document, as from the
// canvas. A field edit is already a document command (one per committed value), so a spin box
// or combo box hands the keys on; a free text field keeps its own text undo while it has one
// (a half-typed name) and hands the keys on once it has none.

#include <QObject>

class QUndoStack;
class QWidget;

namespace infraplan::ui {

class FieldUndoRouter : public QObject {
    Q_OBJECT
public:
    // Watches the key presses that reach the fields of `window`.
    FieldUndoRouter(QWidget* window, QUndoStack* stack);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool fieldKeepsKey(QWidget* field, bool undo) const;

    QWidget* m_window;
    QUndoStack* m_stack;
};

}  // namespace infraplan::ui
