#include "ui/app/icons.h"

#include <QHash>
#include <QPainter>
#include <QPainterPath>
#include <QSvgRenderer>

namespace infraplan::ui {
namespace {

QSvgRenderer* glyphRenderer(const QString& glyph) {
    static QHash<QString, QSvgRenderer*> cache;
    auto it = cache.find(glyph);
    if (it == cache.end())
        it = cache.insert(glyph,
                          new QSvgRenderer(QStringLiteral(":/icons/kinds/%1.svg").arg(glyph)));
    return *it;
}

}  // namespace

QColor kindColor(ItemKind kind) {
    switch (kind) {
        case ItemKind::accelerator:
            return QColor(0x2e, 0x9e, 0x5b);
        case ItemKind::memory:
            return QColor(0x8a, 0x4f, 0xd8);
        case ItemKind::switch_:
            return QColor(0x1f, 0x78, 0xd1);
        case ItemKind::nic:
            return QColor(0x0f, 0x9a, 0xa8);
        case ItemKind::cpu:
            return QColor(0x6b, 0x76, 0x85);
        case ItemKind::node:
            return QColor(0x3d, 0x6b, 0x2f);
        case ItemKind::group:
            return QColor(0x55, 0x62, 0x78);
        case ItemKind::fabric:
            return QColor(0xd9, 0x6b, 0x1a);
    }
    return Qt::gray;
}

QString kindTitle(ItemKind kind) {
    switch (kind) {
        case ItemKind::accelerator:
            return QObject::tr("Accelerator");
        case ItemKind::memory:
            return QObject::tr("Memory node");
        case ItemKind::switch_:
            return QObject::tr("Switch");
        case ItemKind::nic:
            return QObject::tr("NIC");
        case ItemKind::cpu:
            return QObject::tr("CPU");
        case ItemKind::node:
            return QObject::tr("Node");
        case ItemKind::group:
            return QObject::tr("Group");
        case ItemKind::fabric:
            return QObject::tr("Fabric");
    }
    return {};
}

QPixmap kindTile(const QString& glyph, const QColor& color, int size, qreal dpr) {
    QPixmap pixmap(QSize(size, size) * dpr);
    pixmap.setDevicePixelRatio(dpr);
    pixmap.fill(Qt::transparent);
    QPainter p(&pixmap);
    p.setRenderHint(QPainter::Antialiasing);
    QPainterPath tile;
    tile.addRoundedRect(QRectF(0, 0, size, size), size * 0.22, size * 0.22);
    p.fillPath(tile, color);
    const qreal inset = size * 0.18;
    glyphRenderer(glyph)->render(&p, QRectF(inset, inset, size - 2 * inset, size - 2 * inset));
    return pixmap;
}

QPixmap kindTile(ItemKind kind, int size, qreal dpr) {
    return kindTile(QString::fromLatin1(toString(kind)), kindColor(kind), size, dpr);
}

QIcon kindIcon(ItemKind kind) {
    QIcon icon;
    for (int size : {16, 20, 24, 32})
        icon.addPixmap(kindTile(kind, size, 2.0));
    return icon;
}

QIcon glyphIcon(const QString& glyph, const QColor& color) {
    QIcon icon;
    for (int size : {16, 20, 24, 32})
        icon.addPixmap(kindTile(glyph, color, size, 2.0));
    return icon;
}

QIcon actionIcon(const QString& name) {
    return QIcon(QStringLiteral(":/icons/actions/%1.svg").arg(name));
}

}  // namespace infraplan::ui
