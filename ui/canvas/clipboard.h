#pragma once
// Copy and paste of canvas parts. A copy is a small design file holding the chosen items,
// everything inside chosen groups, the links among them and their layout, so the core reader
// validates a paste like any file.

#include <QByteArray>
#include <QPointF>
#include <QStringList>
#include <functional>

namespace infraplan::ui {

class DesignDocument;

inline constexpr const char* kPartsMimeType = "application/x-infraplan-parts";

// `scenePosition` gives the absolute canvas position of an item; the fragment's top-level
// items keep those, items inside copied groups keep their relative ones.
QByteArray copyParts(const DesignDocument& document, const QStringList& ids,
                     const std::function<QPointF(const QString&)>& scenePosition);

// Adds a fragment as one undoable edit, with fresh ids, shifted by `offset`. Returns the ids
// of its top-level items (empty when the data is not a valid fragment).
QStringList pasteParts(DesignDocument& document, const QByteArray& data, QPointF offset,
                       const QString& undoText);

}  // namespace infraplan::ui
