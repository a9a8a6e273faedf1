#include "ui/canvas/clipboard.h"

#include <QHash>
#include <set>

#include "core/io/design_json.h"
#include "ui/document/designdocument.h"

namespace infraplan::ui {

QByteArray copyParts(const DesignDocument& document, const QStringList& ids,
                     const std::function<QPointF(const QString&)>& scenePosition) {
    const Design& design = document.design();
    std::set<std::string> chosen;
    for (const Item& item : design.hardware.items)
        for (const QString& id : ids)
            if (document.isInside(item.id, id.toStdString())) chosen.insert(item.id);
    if (chosen.empty()) return {};

    Design fragment;
    fragment.name = "Infraplan clipboard";
    fragment.workload = design.workload;
    for (const Item& item : design.hardware.items) {
        if (!chosen.count(item.id)) continue;
        Item copy = item;
        QPointF pos = document.position(item.id);
        if (!chosen.count(item.parent)) {
            copy.parent.clear();
            pos = scenePosition(QString::fromStdString(item.id));
        }
        fragment.hardware.items.push_back(copy);
        nlohmann::json entry = design.layout.is_object() && design.layout.contains(item.id)
                                   ? design.layout.at(item.id)
                                   : nlohmann::json::object();
        if (!entry.is_object()) entry = nlohmann::json::object();
        entry["position"] = {pos.x(), pos.y()};
        fragment.layout[item.id] = entry;
    }
    for (const DesignLink& link : design.hardware.links)
        if (chosen.count(link.from) && chosen.count(link.to))
            fragment.hardware.links.push_back(link);
    return QByteArray::fromStdString(serializeDesign(fragment));
}

QStringList pasteParts(DesignDocument& document, const QByteArray& data, QPointF offset,
                       const QString& undoText) {
    LoadResult loaded = parseDesign(std::string_view(data.constData(), std::size_t(data.size())));
    if (!loaded.ok() || loaded.design->hardware.items.empty()) return {};
    Design& fragment = *loaded.design;

    // Fresh ids that collide neither with the document nor with each other.
    QHash<QString, QString> renamed;
    std::set<std::string> taken;
    for (const Item& item : fragment.hardware.items) {
        std::string id = document.uniqueId(item.id).toStdString();
        for (int n = 2; taken.count(id); ++n)
            id = document.uniqueId(item.id + "-" + std::to_string(n)).toStdString();
        taken.insert(id);
        renamed.insert(QString::fromStdString(item.id), QString::fromStdString(id));
    }
    auto newId = [&](const std::string& old) {
        return renamed.value(QString::fromStdString(old)).toStdString();
    };
    QHash<QString, QPointF> positions;
    QStringList topLevel;
    std::vector<Item> items;
    for (Item item : fragment.hardware.items) {
        const std::string old = item.id;
        item.id = newId(old);
        if (!item.parent.empty()) item.parent = newId(item.parent);
        QPointF pos;
        if (fragment.layout.contains(old)) {
            const auto& p = fragment.layout[old].value("position", nlohmann::json::array());
            if (p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number())
                pos = QPointF(p[0].get<double>(), p[1].get<double>());
        }
        if (item.parent.empty()) {
            pos += offset;
            topLevel << QString::fromStdString(item.id);
        }
        positions.insert(QString::fromStdString(item.id), pos);
        items.push_back(std::move(item));
    }
    std::vector<DesignLink> links;
    for (DesignLink link : fragment.hardware.links) {
        link.from = newId(link.from);
        link.to = newId(link.to);
        links.push_back(std::move(link));
    }
    document.pasteItems(std::move(items), std::move(links), positions, undoText);
    return topLevel;
}

}  // namespace infraplan::ui
