#pragma once
// Zoomed far out (a whole 100,000-part design in the window), a card's 8-10 pt text is two or
// three pixels high: cards and links then paint as plain shapes, which is what makes such a
// view draw at all.

#include <QPainter>
#include <QStyleOptionGraphicsItem>

namespace infraplan::ui {

constexpr qreal kReadableScale = 0.35;  // 224 px cards under ~80 px on screen

inline bool isFarAway(const QStyleOptionGraphicsItem& option, const QPainter& painter) {
    return option.levelOfDetailFromTransform(painter.worldTransform()) < kReadableScale;
}

}  // namespace infraplan::ui
