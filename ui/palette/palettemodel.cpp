#include "ui/palette/palettemodel.h"

#include <QMimeData>

#include "ui/app/icons.h"
#include "ui/app/specsummary.h"
#include "ui/canvas/partpayload.h"

namespace infraplan::ui {
namespace {

QStandardItem* category(QStandardItemModel* model, const QString& title, const QIcon& icon,
                        const QString& key) {
    auto* item = new QStandardItem(icon, title);
    item->setFlags(Qt::ItemIsEnabled);
    item->setData(key, PaletteModel::CategoryRole);
    QFont font = item->font();
    font.setBold(true);
    item->setFont(font);
    model->appendRow(item);
    return item;
}

QStandardItem* part(QStandardItem* parent, const QString& text, const QIcon& icon,
                    const PartPayload& payload, const QString& tooltip, const QString& key) {
    auto* item = new QStandardItem(icon, text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled);
    item->setData(payload.encode(), PaletteModel::PayloadRole);
    item->setData(key, PaletteModel::CategoryRole);
    item->setData(
        text + QLatin1Char(' ') + QString::fromStdString(payload.ref) + QLatin1Char(' ') + tooltip,
        PaletteModel::SearchRole);
    item->setToolTip(tooltip);
    item->setAccessibleText(text);
    parent->appendRow(item);
    return item;
}

template <class Map>
void addEntries(QStandardItem* parent, const Map& entries, ItemKind kind,
                const catalog::Catalog& catalog, const QString& key) {
    for (const auto& [id, entry] : entries) {
        PartPayload p;
        p.kind = kind;
        p.ref = id;
        part(parent, QString::fromStdString(entry.name.empty() ? id : entry.name), kindIcon(kind),
             p, entryTooltip(catalog, id), key);
    }
}

QString capitalized(const char* text) {
    QString s = QString::fromLatin1(text);
    if (!s.isEmpty()) s[0] = s[0].toUpper();
    return s.replace(QLatin1Char('-'), QLatin1Char(' '));
}

}  // namespace

PaletteModel::PaletteModel(const catalog::Catalog& catalog, QObject* parent)
    : QStandardItemModel(parent) {
    rebuild(catalog);
}

void PaletteModel::rebuild(const catalog::Catalog& catalog) {
    clear();
    // Accelerators, one folder per class.
    QStandardItem* accelerators = category(
        this, tr("Accelerators"), kindIcon(ItemKind::accelerator), QStringLiteral("accelerator"));
    const std::pair<catalog::AcceleratorClass, QString> classes[] = {
        {catalog::AcceleratorClass::gpu, tr("GPUs")},
        {catalog::AcceleratorClass::npu, tr("NPUs")},
        {catalog::AcceleratorClass::asic, tr("ASICs")},
        {catalog::AcceleratorClass::wafer, tr("Wafer-scale")}};
    for (const auto& [cls, title] : classes) {
        QStandardItem* folder = nullptr;
        for (const auto& [id, a] : catalog.accelerators()) {
            if (a.cls != cls) continue;
            if (!folder) {
                folder = new QStandardItem(title);
                folder->setFlags(Qt::ItemIsEnabled);
                folder->setData(QStringLiteral("accelerator"), CategoryRole);
                accelerators->appendRow(folder);
            }
            PartPayload p;
            p.ref = id;
            part(folder, QString::fromStdString(a.name), kindIcon(ItemKind::accelerator), p,
                 entryTooltip(catalog, id), QStringLiteral("accelerator"));
        }
    }
    addEntries(
        category(this, tr("Node templates"), kindIcon(ItemKind::node), QStringLiteral("node")),
        catalog.nodes(), ItemKind::node, catalog, QStringLiteral("node"));
    addEntries(
        category(this, tr("Memory nodes"), kindIcon(ItemKind::memory), QStringLiteral("memory")),
        catalog.memoryNodes(), ItemKind::memory, catalog, QStringLiteral("memory"));
    addEntries(
        category(this, tr("Switches"), kindIcon(ItemKind::switch_), QStringLiteral("switch")),
        catalog.switches(), ItemKind::switch_, catalog, QStringLiteral("switch"));
    QStandardItem* nics =
        category(this, tr("NICs and CPUs"), kindIcon(ItemKind::nic), QStringLiteral("nic"));
    addEntries(nics, catalog.nics(), ItemKind::nic, catalog, QStringLiteral("nic"));
    PartPayload cpu;
    cpu.kind = ItemKind::cpu;
    part(nics, tr("Host CPUs (generic)"), kindIcon(ItemKind::cpu), cpu,
         tr("Host processors with a power figure you set in the inspector."),
         QStringLiteral("nic"));

    QStandardItem* fabrics =
        category(this, tr("Fabrics"), kindIcon(ItemKind::fabric), QStringLiteral("fabric"));
    for (FabricTopology t :
         {FabricTopology::fat_tree, FabricTopology::rail_optimized, FabricTopology::rail_only,
          FabricTopology::torus, FabricTopology::dragonfly, FabricTopology::full_mesh}) {
        PartPayload p;
        p.kind = ItemKind::fabric;
        p.topology = t;
        part(fabrics, capitalized(toString(t)), kindIcon(ItemKind::fabric), p,
             tr("A generated %1 network that wires everything linked to it. Set its switch, "
                "link, tiers and rails in the inspector.")
                 .arg(QString::fromLatin1(toString(t))),
             QStringLiteral("fabric"));
    }
    QStandardItem* groups =
        category(this, tr("Groups"), kindIcon(ItemKind::group), QStringLiteral("group"));
    for (const char* role : {"server", "rack", "pod"}) {
        PartPayload p;
        p.kind = ItemKind::group;
        p.role = role;
        part(groups, capitalized(role), kindIcon(ItemKind::group), p,
             tr("A container: drop parts into it, then set its count to replicate everything "
                "inside."),
             QStringLiteral("group"));
    }
    QStandardItem* links = category(this, tr("Link types"),
                                    glyphIcon(QStringLiteral("link"), QColor(0x1f, 0x78, 0xd1)),
                                    QStringLiteral("link"));
    for (const auto& [id, l] : catalog.links()) {
        auto* item = new QStandardItem(glyphIcon(QStringLiteral("link"), QColor(0x1f, 0x78, 0xd1)),
                                       QString::fromStdString(l.name.empty() ? id : l.name));
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
        item->setData(QString::fromStdString(id), LinkRole);
        item->setData(QStringLiteral("link"), CategoryRole);
        item->setData(item->text() + QLatin1Char(' ') + QString::fromStdString(id), SearchRole);
        item->setToolTip(entryTooltip(catalog, id) +
                         tr("<br/><i>Double-click to draw links of this type.</i>"));
        links->appendRow(item);
    }
}

QStringList PaletteModel::mimeTypes() const {
    return {QString::fromLatin1(kPartMimeType)};
}

QMimeData* PaletteModel::mimeData(const QModelIndexList& indexes) const {
    for (const QModelIndex& index : indexes) {
        const QByteArray payload = index.data(PayloadRole).toByteArray();
        if (payload.isEmpty()) continue;
        auto* mime = new QMimeData;
        mime->setData(QString::fromLatin1(kPartMimeType), payload);
        return mime;
    }
    return nullptr;
}

}  // namespace infraplan::ui
