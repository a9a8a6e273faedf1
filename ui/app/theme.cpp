#include "ui/app/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

namespace infraplan::ui {
namespace {

Theme makeTheme(bool dark) {
    Theme t;
    t.dark = dark;
    if (dark) {
        t.canvas = QColor(0x1e, 0x21, 0x27);
        t.gridMinor = QColor(0x26, 0x2a, 0x31);
        t.gridMajor = QColor(0x2f, 0x34, 0x3d);
        t.card = QColor(0x2b, 0x30, 0x38);
        t.cardBorder = QColor(0x44, 0x4b, 0x57);
        t.text = QColor(0xe6, 0xe9, 0xee);
        t.mutedText = QColor(0x9a, 0xa3, 0xb0);
        t.accent = QColor(0x4c, 0x9a, 0xff);
        t.groupFill = QColor(0x4c, 0x9a, 0xff, 18);
        t.groupHeader = QColor(0x33, 0x3a, 0x46);
    } else {
        t.canvas = QColor(0xf6, 0xf7, 0xf9);
        t.gridMinor = QColor(0xec, 0xee, 0xf2);
        t.gridMajor = QColor(0xdf, 0xe3, 0xe9);
        t.card = QColor(0xff, 0xff, 0xff);
        t.cardBorder = QColor(0xc9, 0xcf, 0xd8);
        t.text = QColor(0x1f, 0x25, 0x2e);
        t.mutedText = QColor(0x66, 0x70, 0x7d);
        t.accent = QColor(0x1f, 0x6f, 0xeb);
        t.groupFill = QColor(0x1f, 0x6f, 0xeb, 12);
        t.groupHeader = QColor(0xe4, 0xea, 0xf4);
    }
    t.good = QColor(0x2e, 0xa0, 0x43);
    t.warn = QColor(0xd9, 0x8c, 0x00);
    t.bad = QColor(0xd7, 0x3a, 0x49);
    return t;
}

Theme& current() {
    static Theme t = makeTheme(false);
    return t;
}

QPalette darkPalette() {
    QPalette p;
    const QColor window(0x25, 0x29, 0x30), base(0x1c, 0x1f, 0x25), text(0xe6, 0xe9, 0xee);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, QColor(0x30, 0x35, 0x3e));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x2d, 0x32, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, Qt::white);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6f, 0xd0));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x4c, 0x9a, 0xff));
    p.setColor(QPalette::PlaceholderText, QColor(0x80, 0x88, 0x94));
    p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x70, 0x76, 0x80));
    p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x70, 0x76, 0x80));
    p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x70, 0x76, 0x80));
    return p;
}

QPalette lightPalette() {
    QPalette p = QApplication::style()->standardPalette();
    p.setColor(QPalette::Window, QColor(0xee, 0xf0, 0xf3));
    p.setColor(QPalette::AlternateBase, QColor(0xf5, 0xf6, 0xf8));
    p.setColor(QPalette::Highlight, QColor(0x1f, 0x6f, 0xeb));
    p.setColor(QPalette::Link, QColor(0x1f, 0x6f, 0xeb));
    return p;
}

}  // namespace

const Theme& theme() {
    return current();
}

void applyTheme(QApplication& app) {
    const QByteArray wanted = qgetenv("INFRAPLAN_THEME").toLower();
    // Qt 6.4 has no colour-scheme query: a dark system palette has a dark window colour.
    bool dark = QApplication::palette().color(QPalette::Window).lightness() < 128;
    if (wanted == "dark") dark = true;
    if (wanted == "light") dark = false;
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    app.setPalette(dark ? darkPalette() : lightPalette());
    current() = makeTheme(dark);
}

}  // namespace infraplan::ui
