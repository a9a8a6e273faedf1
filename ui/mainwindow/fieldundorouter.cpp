#include "ui/mainwindow/fieldundorouter.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QUndoStack>

namespace infraplan::ui {

FieldUndoRouter::FieldUndoRouter(QWidget* window, QUndoStack* stack)
    : QObject(window), m_window(window), m_stack(stack) {
    qApp->installEventFilter(this);
}

bool FieldUndoRouter::fieldKeepsKey(QWidget* field, bool undo) const {
    // The line edit inside a spin box or an editable combo box belongs to that field.
    for (QWidget* w = field; w && w != m_window; w = w->parentWidget())
        if (qobject_cast<QAbstractSpinBox*>(w) || qobject_cast<QComboBox*>(w)) return false;
    if (auto* line = qobject_cast<QLineEdit*>(field))
        return !line->isReadOnly() && (undo ? line->isUndoAvailable() : line->isRedoAvailable());
    return true;  // text areas and the like keep their own editing
}

bool FieldUndoRouter::eventFilter(QObject* watched, QEvent* event) {
    if (event->type() != QEvent::ShortcutOverride && event->type() != QEvent::KeyPress)
        return false;
    auto* field = qobject_cast<QWidget*>(watched);
    if (!field || field->window() != m_window ||
        !(qobject_cast<QAbstractSpinBox*>(field) || qobject_cast<QComboBox*>(field) ||
          qobject_cast<QLineEdit*>(field)))
        return false;
    auto* key = static_cast<QKeyEvent*>(event);
    const bool undo = key->matches(QKeySequence::Undo);
    const bool redo = key->matches(QKeySequence::Redo);
    if ((!undo && !redo) || fieldKeepsKey(field, undo)) return false;
    if (event->type() == QEvent::ShortcutOverride) {
        // Not accepted: the window's Undo/Redo shortcut fires instead of the field's own.
        event->ignore();
        return true;
    }
    // A key press that reaches the field anyway (no shortcut took it): undo here.
    undo ? m_stack->undo() : m_stack->redo();
    return true;
}

}  // namespace infraplan::ui
