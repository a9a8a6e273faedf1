#pragma once
// Icons: one glyph per design item kind on a coloured tile (palette, canvas, inspector), and
// the toolbar's action icons. SVG sources live in resources/icons/.

#include <QColor>
#include <QIcon>
#include <QPixmap>

#include "core/design/design.h"

namespace infraplan::ui {

QColor kindColor(ItemKind kind);
QString kindTitle(ItemKind kind);  // "Accelerator", "Memory", ...
// A coloured rounded tile with the kind's glyph, `size` logical pixels at `dpr`.
QPixmap kindTile(const QString& glyph, const QColor& color, int size, qreal dpr);
QPixmap kindTile(ItemKind kind, int size, qreal dpr);
QIcon kindIcon(ItemKind kind);
QIcon glyphIcon(const QString& glyph, const QColor& color);  // "link", "model", ...
QIcon actionIcon(const QString& name);

}  // namespace infraplan::ui
