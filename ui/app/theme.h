#pragma once
// Light and dark looks. The scheme follows the system (the platform palette's window colour,
// or INFRAPLAN_THEME=light|dark); canvas and dashboard read their colours from here.

#include <QColor>

class QApplication;

namespace infraplan::ui {

struct Theme {
    bool dark = false;
    QColor canvas;  // scene background
    QColor gridMinor;
    QColor gridMajor;
    QColor card;  // item body
    QColor cardBorder;
    QColor text;
    QColor mutedText;
    QColor accent;  // selection, highlights
    QColor groupFill;
    QColor groupHeader;
    QColor good;
    QColor warn;
    QColor bad;
};

const Theme& theme();
void applyTheme(QApplication& app);

}  // namespace infraplan::ui
