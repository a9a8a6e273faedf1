#include "ui/document/commands.h"

#include <algorithm>
#include <set>

#include "core/design/variants.h"

namespace infraplan::ui {
namespace {

nlohmann::json layoutAt(QPointF p) {
    return {{"position", {p.x(), p.y()}}};
}

int depth(const Design& design, const Item& item) {
    int d = 0;
    const Item* cur = &item;
    while (!cur->parent.empty() && d < 64) {
        cur = design.findItem(cur->parent);
        if (!cur) break;
        ++d;
    }
    return d;
}

}  // namespace

AddItemsCommand::AddItemsCommand(DesignDocument* document, std::vector<Item> items,
                                 std::vector<DesignLink> links, QHash<QString, QPointF> positions,
                                 const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_items(std::move(items))
    , m_links(std::move(links))
    , m_positions(std::move(positions)) {}

void AddItemsCommand::redo() {
    for (const Item& item : m_items) {
        const auto pos = m_positions.constFind(QString::fromStdString(item.id));
        const nlohmann::json layout =
            pos == m_positions.constEnd() ? nlohmann::json() : layoutAt(*pos);
        m_document->applyInsertItem(m_document->design().hardware.items.size(), item, layout);
    }
    m_firstLink = m_document->design().hardware.links.size();
    for (std::size_t i = 0; i < m_links.size(); ++i)
        m_document->applyInsertLink(m_firstLink + i, m_links[i]);
}

void AddItemsCommand::undo() {
    for (std::size_t i = m_links.size(); i-- > 0;)
        m_document->applyRemoveLink(m_firstLink + i);
    for (auto it = m_items.rbegin(); it != m_items.rend(); ++it)
        m_document->applyRemoveItem(it->id, nullptr, nullptr);
}

RemoveCommand::RemoveCommand(DesignDocument* document, QStringList ids,
                             std::vector<std::size_t> links, QUndoCommand* parent)
    : QUndoCommand(parent)
    , m_document(document)
    , m_ids(std::move(ids))
    , m_linkIndices(std::move(links)) {
    const Item* single =
        m_ids.size() == 1 ? document->design().findItem(m_ids.front().toStdString()) : nullptr;
    if (single && m_linkIndices.empty())
        setText(QObject::tr("Delete “%1”").arg(document->label(*single)));
    else if (m_ids.isEmpty() && m_linkIndices.size() == 1)
        setText(QObject::tr("Delete link"));
    else
        setText(QObject::tr("Delete %n part(s)", nullptr,
                            int(m_ids.size() + qsizetype(m_linkIndices.size()))));
}

void RemoveCommand::redo() {
    const Design& design = m_document->design();
    // Everything inside a removed group goes with it.
    std::set<std::string> doomed;
    for (const QString& id : m_ids)
        doomed.insert(id.toStdString());
    for (const Item& item : design.hardware.items)
        for (const QString& id : m_ids)
            if (m_document->isInside(item.id, id.toStdString())) doomed.insert(item.id);

    std::set<std::size_t> links(m_linkIndices.begin(), m_linkIndices.end());
    for (std::size_t i = 0; i < design.hardware.links.size(); ++i) {
        const DesignLink& l = design.hardware.links[i];
        if (doomed.count(l.from) || doomed.count(l.to)) links.insert(i);
    }
    m_removedLinks.clear();
    for (auto it = links.rbegin(); it != links.rend(); ++it)
        if (*it < design.hardware.links.size())
            m_removedLinks.emplace_back(*it, m_document->applyRemoveLink(*it));

    // Innermost first, so a group is removed after its children.
    std::vector<std::pair<int, std::string>> order;
    for (const std::string& id : doomed)
        if (const Item* item = design.findItem(id)) order.emplace_back(depth(design, *item), id);
    std::sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    m_removedItems.clear();
    for (const auto& entry : order) {
        RemovedItem removed;
        removed.index = m_document->applyRemoveItem(entry.second, &removed.item, &removed.layout);
        m_removedItems.push_back(std::move(removed));
    }
}

void RemoveCommand::undo() {
    for (auto it = m_removedItems.rbegin(); it != m_removedItems.rend(); ++it)
        m_document->applyInsertItem(it->index, it->item, it->layout);
    for (auto it = m_removedLinks.rbegin(); it != m_removedLinks.rend(); ++it)
        m_document->applyInsertLink(it->first, it->second);
    m_removedItems.clear();
    m_removedLinks.clear();
}

MoveItemsCommand::MoveItemsCommand(DesignDocument* document, QHash<QString, QPointF> from,
                                   QHash<QString, QPointF> to, QUndoCommand* parent)
    : QUndoCommand(parent), m_document(document), m_from(std::move(from)), m_to(std::move(to)) {
    const Item* single =
        m_to.size() == 1 ? document->design().findItem(m_to.begin().key().toStdString()) : nullptr;
    setText(single ? QObject::tr("Move “%1”").arg(document->label(*single))
                   : QObject::tr("Move %n part(s)", nullptr, int(m_to.size())));
}

void MoveItemsCommand::redo() {
    apply(m_to);
}
void MoveItemsCommand::undo() {
    apply(m_from);
}

void MoveItemsCommand::apply(const QHash<QString, QPointF>& positions) {
    for (auto it = positions.begin(); it != positions.end(); ++it)
        m_document->applySetPosition(it.key().toStdString(), it.value());
}

bool MoveItemsCommand::mergeWith(const QUndoCommand* other) {
    const auto* move = static_cast<const MoveItemsCommand*>(other);
    if (move->m_to.size() != m_to.size()) return false;
    for (auto it = move->m_to.begin(); it != move->m_to.end(); ++it)
        if (!m_to.contains(it.key())) return false;
    m_to = move->m_to;
    return true;
}

SetItemCommand::SetItemCommand(DesignDocument* document, Item changed, const QString& text,
                               QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_other(std::move(changed)) {}

void SetItemCommand::swap() {
    const Item* current = m_document->design().findItem(m_other.id);
    if (!current) return;
    Item previous = *current;
    m_document->applySetItem(m_other);
    m_other = std::move(previous);
}

SetLinkCommand::SetLinkCommand(DesignDocument* document, std::size_t index, DesignLink changed,
                               const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent)
    , m_document(document)
    , m_index(index)
    , m_other(std::move(changed)) {}

void SetLinkCommand::swap() {
    const auto& links = m_document->design().hardware.links;
    if (m_index >= links.size()) return;
    DesignLink previous = links[m_index];
    m_document->applySetLink(m_index, m_other);
    m_other = std::move(previous);
}

SetCollapsedCommand::SetCollapsedCommand(DesignDocument* document, QString id, bool collapsed,
                                         QUndoCommand* parent)
    : QUndoCommand(parent), m_document(document), m_id(std::move(id)), m_collapsed(collapsed) {
    setText(collapsed ? QObject::tr("Collapse group") : QObject::tr("Expand group"));
}

void SetCollapsedCommand::redo() {
    m_document->applySetLayoutFlag(m_id.toStdString(), "collapsed", m_collapsed);
}
void SetCollapsedCommand::undo() {
    m_document->applySetLayoutFlag(m_id.toStdString(), "collapsed", !m_collapsed);
}

ApplyVariantCommand::ApplyVariantCommand(DesignDocument* document, Design state,
                                         const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_document(document), m_state(std::move(state)) {}

void ApplyVariantCommand::swap() {
    swapVariantState(m_document->mutableDesign(), m_state);
    m_document->notifyStateReplaced();
}

}  // namespace infraplan::ui
