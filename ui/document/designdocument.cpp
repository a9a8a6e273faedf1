#include "ui/document/designdocument.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>
#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/io/design_embed.h"
#include "core/io/design_json.h"
#include "ui/document/commands.h"
#include "ui/plan/planrecord.h"
#include "ui/widgets/longtext.h"

namespace infraplan::ui {

DesignDocument::DesignDocument(std::shared_ptr<const catalog::Catalog> local, QObject* parent)
    : QObject(parent)
    , m_local(std::move(local))
    , m_catalog(m_local)
    , m_undo(new QUndoStack(this))
    , m_planRecord(std::make_unique<PlanRecord>()) {}

DesignDocument::DesignDocument(const catalog::Catalog& local, QObject* parent)
    // Aliasing constructor without an owner: the caller keeps `local` alive.
    : DesignDocument(std::shared_ptr<const catalog::Catalog>(std::shared_ptr<void>(), &local),
                     parent) {}

DesignDocument::~DesignDocument() {
    // The stack would announce "clean" while it dies, to views that may be half destroyed.
    m_undo->blockSignals(true);
}

bool DesignDocument::isModified() const {
    return !m_undo->isClean();
}

QString DesignDocument::displayName() const {
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

void DesignDocument::newDesign(Design design, const QString& path) {
    // Recovered work or a template may embed entries: resolve them as an open would.
    DesignLoad load = resolveDesign(design, *m_local);
    reset(std::move(design), path, load);
}

void DesignDocument::reset(Design design, const QString& path, const DesignLoad& load) {
    m_undo->clear();
    m_undo->setClean();  // clear() of an empty stack keeps a markUnsaved() from before
    m_design = std::move(design);
    itemsMoved();
    if (!m_design.layout.is_object()) m_design.layout = nlohmann::json::object();
    m_catalog = load.catalog ? load.catalog : m_local;
    m_embedded = load.embedded;
    m_choice = load.choice;
    m_filePath = path;
    Q_EMIT designReset();
    Q_EMIT filePathChanged(m_filePath);
    Q_EMIT contentChanged();
}

bool DesignDocument::open(const QString& path, Diagnostics& diagnostics) {
    DesignLoad load = loadDesignForEvaluation(QFile::encodeName(path).toStdString(), *m_local);
    diagnostics = load.diagnostics;
    return adopt(std::move(load), path);
}

bool DesignDocument::adopt(DesignLoad load, const QString& path) {
    if (!load.readable()) return false;
    Design design = std::move(*load.design);
    reset(std::move(design), QFileInfo(path).absoluteFilePath(), load);
    return true;
}

bool DesignDocument::openText(const QByteArray& text, Diagnostics& diagnostics) {
    DesignLoad load = parseDesignForEvaluation(
        std::string_view(text.constData(), std::size_t(text.size())), *m_local);
    diagnostics = load.diagnostics;
    if (!load.readable()) return false;
    Design design = std::move(*load.design);
    reset(std::move(design), QString(), load);
    return true;
}

bool DesignDocument::save(const QString& path, QString* error) {
    // The file carries the entries it uses, so it evaluates the same where the catalog differs.
    Design saved = m_design;
    embedCatalogEntries(saved, *m_catalog);
    // QSaveFile writes beside the target and renames on commit: a crash never leaves half a file.
    QSaveFile file(path);
    const std::string text = serializeDesign(saved);
    if (!file.open(QIODevice::WriteOnly) ||
        file.write(text.data(), qint64(text.size())) != qint64(text.size()) || !file.commit()) {
        if (error) *error = file.errorString();
        return false;
    }
    m_design.catalog = std::move(saved.catalog);  // derived from the rest: not an undoable edit
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_undo->setClean();
    Q_EMIT filePathChanged(m_filePath);
    return true;
}

bool DesignDocument::applyEmbeddedChoice(EmbeddedChoice choice, const std::string& userCatalog,
                                         QString* error) {
    DesignLoadOptions options;
    options.embedded = choice;
    options.user_catalog = userCatalog;
    const DesignLoad load = resolveDesign(m_design, *m_local, options);
    if (load.choice != choice) {  // the import failed; nothing changed
        if (error)
            for (const Diagnostic& d : load.diagnostics.items)
                if (d.pointer == "/catalog") *error = QString::fromStdString(d.message);
        return false;
    }
    m_catalog = load.catalog;
    m_choice = choice;
    // Adopting the local entries changes what a save writes: the file no longer matches.
    if (choice == EmbeddedChoice::adopt_local && !m_embedded.differing.empty()) markUnsaved();
    Q_EMIT designReset();
    Q_EMIT contentChanged();
    return true;
}

void DesignDocument::setLocalCatalog(std::shared_ptr<const catalog::Catalog> local) {
    m_local = std::move(local);
    DesignLoadOptions options;
    options.embedded = m_choice == EmbeddedChoice::adopt_local ? EmbeddedChoice::adopt_local
                                                               : EmbeddedChoice::keep_file;
    m_catalog = resolveDesign(m_design, *m_local, options).catalog;
    Q_EMIT designReset();
    Q_EMIT contentChanged();
}

void DesignDocument::markUnsaved() {
    m_undo->resetClean();
}

QString DesignDocument::addItem(Item item, QPointF position) {
    if (item.id.empty()) {
        std::string base = item.ref.empty() ? toString(item.kind) : item.ref;
        if (!item.role.empty()) base = item.role;
        item.id = uniqueId(base).toStdString();
    }
    const QString id = QString::fromStdString(item.id);
    const QString text = tr("Add “%1”").arg(label(item));
    m_undo->push(new AddItemsCommand(this, {std::move(item)}, {}, {{id, position}}, text));
    return id;
}

void DesignDocument::pasteItems(std::vector<Item> items, std::vector<DesignLink> links,
                                const QHash<QString, QPointF>& positions, const QString& text) {
    if (items.empty() && links.empty()) return;
    m_undo->push(new AddItemsCommand(this, std::move(items), std::move(links), positions, text));
}

void DesignDocument::removeItems(const QStringList& ids, std::vector<std::size_t> linkIndices) {
    if (ids.isEmpty() && linkIndices.empty()) return;
    m_undo->push(new RemoveCommand(this, ids, std::move(linkIndices)));
}

void DesignDocument::moveItems(const QHash<QString, QPointF>& positions) {
    QHash<QString, QPointF> from;
    QHash<QString, QPointF> to;
    for (auto it = positions.begin(); it != positions.end(); ++it) {
        const std::string id = it.key().toStdString();
        if (!findItem(id)) continue;
        const QPointF old = position(id);
        if (hasPosition(id) && old == it.value()) continue;
        from.insert(it.key(), old);
        to.insert(it.key(), it.value());
    }
    if (!to.isEmpty()) m_undo->push(new MoveItemsCommand(this, from, to));
}

bool DesignDocument::reparentItem(const QString& id, const QString& parentId, QPointF position) {
    const Item* item = findItem(id.toStdString());
    if (!item || id == parentId) return false;
    if (!parentId.isEmpty() && isInside(parentId.toStdString(), id.toStdString())) return false;
    const Item* parent = findItem(parentId.toStdString());
    if (!parentId.isEmpty() && (!parent || parent->kind != ItemKind::group)) return false;
    Item changed = *item;
    changed.parent = parentId.toStdString();
    const QString text = parent ? tr("Move “%1” into “%2”").arg(label(*item), label(*parent))
                                : tr("Move “%1” out of its group").arg(label(*item));
    m_undo->beginMacro(text);
    m_undo->push(new SetItemCommand(this, changed, text));
    m_undo->push(
        new MoveItemsCommand(this, {{id, this->position(id.toStdString())}}, {{id, position}}));
    m_undo->endMacro();
    return true;
}

void DesignDocument::setCollapsed(const QString& groupId, bool collapsed) {
    const Item* group = findItem(groupId.toStdString());
    if (!group || group->kind != ItemKind::group || isCollapsed(group->id) == collapsed) return;
    m_undo->push(new SetCollapsedCommand(this, groupId, collapsed));
}

void DesignDocument::connectItems(const DesignLink& link) {
    const Item* a = findItem(link.from);
    const Item* b = findItem(link.to);
    if (!a || !b || a == b) return;
    DesignLink added = link;
    added.count = std::max(1LL, link.count);
    m_undo->push(new AddItemsCommand(this, {}, {added}, {},
                                     tr("Connect “%1” to “%2”").arg(label(*a), label(*b))));
}

void DesignDocument::setItem(const Item& changed, const QString& text) {
    const Item* current = findItem(changed.id);
    if (!current) return;
    m_undo->push(new SetItemCommand(this, changed, text));
}

void DesignDocument::setLink(std::size_t index, const DesignLink& changed, const QString& text) {
    if (index >= m_design.hardware.links.size()) return;
    m_undo->push(new SetLinkCommand(this, index, changed, text));
}

void DesignDocument::setName(const std::string& name) {
    if (name == m_design.name) return;
    m_undo->push(new SetFieldCommand<std::string>(this, &Design::name, Section::meta, name,
                                                  tr("Rename design")));
}

void DesignDocument::setDescription(const std::string& description) {
    if (description == m_design.description) return;
    m_undo->push(new SetFieldCommand<std::string>(this, &Design::description, Section::meta,
                                                  description, tr("Edit description")));
}

void DesignDocument::setWorkload(const Workload& workload, const QString& text) {
    m_undo->push(
        new SetFieldCommand<Workload>(this, &Design::workload, Section::workload, workload, text));
}

void DesignDocument::setStrategy(const Strategy& strategy, const QString& text) {
    m_undo->push(
        new SetFieldCommand<Strategy>(this, &Design::strategy, Section::strategy, strategy, text));
}

void DesignDocument::setFacility(const Facility& facility, const QString& text) {
    m_undo->push(
        new SetFieldCommand<Facility>(this, &Design::facility, Section::facility, facility, text));
}

void DesignDocument::setEconomics(const Economics& economics, const QString& text) {
    m_undo->push(new SetFieldCommand<Economics>(this, &Design::economics, Section::economics,
                                                economics, text));
}

QString DesignDocument::groupItems(const QStringList& ids, const std::string& role) {
    std::vector<const Item*> members;
    for (const QString& id : ids)
        if (const Item* item = findItem(id.toStdString())) members.push_back(item);
    if (members.empty()) return {};
    // The group sits where its members' common parent is, around their positions.
    const std::string parent = members.front()->parent;
    for (const Item* m : members)
        if (m->parent != parent) return {};
    QPointF topLeft(1e12, 1e12);
    for (const Item* m : members) {
        const QPointF p = position(m->id);
        topLeft = QPointF(std::min(topLeft.x(), p.x()), std::min(topLeft.y(), p.y()));
    }
    const QPointF origin = topLeft - QPointF(20, 40);
    Item group;
    group.kind = ItemKind::group;
    group.role = role;
    group.parent = parent;
    group.id = uniqueId(role.empty() ? "group" : role).toStdString();
    const QString groupId = QString::fromStdString(group.id);
    std::vector<Item> changed;
    QHash<QString, QPointF> from;
    QHash<QString, QPointF> to;
    for (const Item* m : members) {
        Item c = *m;
        c.parent = group.id;
        changed.push_back(c);
        const QString id = QString::fromStdString(m->id);
        from.insert(id, position(m->id));
        to.insert(id, position(m->id) - origin);
    }
    m_undo->beginMacro(tr("Group %n part(s)", nullptr, int(members.size())));
    m_undo->push(new AddItemsCommand(this, {group}, {}, {{groupId, origin}}, {}));
    for (const Item& c : changed)
        m_undo->push(new SetItemCommand(this, c, {}));
    m_undo->push(new MoveItemsCommand(this, from, to));
    m_undo->endMacro();
    return groupId;
}

bool DesignDocument::ungroup(const QString& groupId, QString* error) {
    const Item* group = findItem(groupId.toStdString());
    if (!group || group->kind != ItemKind::group) return false;
    if (group->count != 1) {
        // Its contents exist once per replica: flattening would change what the design means.
        if (error) *error = tr("Set the group's count to 1 before ungrouping it.");
        return false;
    }
    const QPointF origin = position(group->id);
    const std::string parent = group->parent;
    std::vector<Item> changed;
    QHash<QString, QPointF> from;
    QHash<QString, QPointF> to;
    for (const Item& item : m_design.hardware.items) {
        if (item.parent != group->id) continue;
        Item c = item;
        c.parent = parent;
        changed.push_back(c);
        const QString id = QString::fromStdString(item.id);
        from.insert(id, position(item.id));
        to.insert(id, position(item.id) + origin);
    }
    m_undo->beginMacro(tr("Ungroup “%1”").arg(label(*group)));
    for (const Item& c : changed)
        m_undo->push(new SetItemCommand(this, c, {}));
    if (!to.isEmpty()) m_undo->push(new MoveItemsCommand(this, from, to));
    m_undo->push(new RemoveCommand(this, {groupId}, {}));
    m_undo->endMacro();
    return true;
}

QString DesignDocument::uniqueId(const std::string& base) const {
    std::string slug;
    for (char c : base) {
        const bool ok = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
        slug += ok ? char(std::tolower(static_cast<unsigned char>(c))) : '-';
    }
    if (slug.empty()) slug = "item";
    if (!findItem(slug)) return QString::fromStdString(slug);
    for (int n = 2;; ++n) {
        const std::string candidate = slug + "-" + std::to_string(n);
        if (!findItem(candidate)) return QString::fromStdString(candidate);
    }
}

bool DesignDocument::hasPosition(const std::string& id) const {
    auto it = m_design.layout.find(id);
    if (it == m_design.layout.end() || !it->is_object()) return false;
    auto pos = it->find("position");
    return pos != it->end() && pos->is_array() && pos->size() == 2 && (*pos)[0].is_number() &&
           (*pos)[1].is_number();
}

QPointF DesignDocument::position(const std::string& id) const {
    if (!hasPosition(id)) return {};
    const auto& pos = m_design.layout.at(id).at("position");
    const double x = pos[0].get<double>();
    const double y = pos[1].get<double>();
    return {std::isfinite(x) ? x : 0.0, std::isfinite(y) ? y : 0.0};
}

bool DesignDocument::isCollapsed(const std::string& id) const {
    auto it = m_design.layout.find(id);
    if (it == m_design.layout.end() || !it->is_object()) return false;
    auto flag = it->find("collapsed");
    return flag != it->end() && flag->is_boolean() && flag->get<bool>();
}

bool DesignDocument::isInside(const std::string& id, const std::string& ancestor) const {
    std::string cur = id;
    for (int guard = 0; guard < 64 && !cur.empty(); ++guard) {
        if (cur == ancestor) return true;
        const Item* item = findItem(cur);
        if (!item) return false;
        cur = item->parent;
    }
    return false;
}

const Item* DesignDocument::findItem(const std::string& id) const {
    if (!m_index) m_index = std::make_unique<ItemIndex>(m_design);
    return m_index->find(id);
}

QString DesignDocument::label(const Item& item) const {
    if (!item.name.empty()) return shownText(item.name);
    if (const catalog::EntryBase* entry = m_catalog->entry(item.ref))
        if (!entry->name.empty()) return QString::fromStdString(entry->name);
    return shownText(item.id);
}

void DesignDocument::applyInsertItem(std::size_t index, const Item& item,
                                     const nlohmann::json& layout) {
    auto& items = m_design.hardware.items;
    items.insert(items.begin() + std::ptrdiff_t(std::min(index, items.size())), item);
    itemsMoved();
    if (!m_design.layout.is_object()) m_design.layout = nlohmann::json::object();
    if (!layout.is_null()) m_design.layout[item.id] = layout;
    Q_EMIT itemAdded(QString::fromStdString(item.id));
    Q_EMIT contentChanged();
}

std::size_t DesignDocument::applyRemoveItem(const std::string& id, Item* removed,
                                            nlohmann::json* layout) {
    auto& items = m_design.hardware.items;
    auto it = std::find_if(items.begin(), items.end(), [&](const Item& i) { return i.id == id; });
    if (it == items.end()) return items.size();
    const std::size_t index = std::size_t(it - items.begin());
    if (removed) *removed = std::move(*it);
    items.erase(it);
    itemsMoved();
    if (m_design.layout.is_object()) {
        auto entry = m_design.layout.find(id);
        if (entry != m_design.layout.end()) {
            if (layout) *layout = *entry;
            m_design.layout.erase(entry);
        }
    }
    Q_EMIT itemRemoved(QString::fromStdString(id));
    Q_EMIT contentChanged();
    return index;
}

void DesignDocument::applyInsertLink(std::size_t index, const DesignLink& link) {
    auto& links = m_design.hardware.links;
    links.insert(links.begin() + std::ptrdiff_t(std::min(index, links.size())), link);
    Q_EMIT linksChanged();
    Q_EMIT contentChanged();
}

DesignLink DesignDocument::applyRemoveLink(std::size_t index) {
    auto& links = m_design.hardware.links;
    if (index >= links.size()) return {};
    DesignLink removed = std::move(links[index]);
    links.erase(links.begin() + std::ptrdiff_t(index));
    Q_EMIT linksChanged();
    Q_EMIT contentChanged();
    return removed;
}

void DesignDocument::applySetItem(const Item& item) {
    Item* current = m_design.findItem(item.id);
    if (!current) return;
    *current = item;
    itemsMoved();  // the id's text may have moved
    Q_EMIT itemChanged(QString::fromStdString(item.id));
    Q_EMIT contentChanged();
}

void DesignDocument::applySetLink(std::size_t index, const DesignLink& link) {
    if (index >= m_design.hardware.links.size()) return;
    m_design.hardware.links[index] = link;
    Q_EMIT linksChanged();
    Q_EMIT contentChanged();
}

void DesignDocument::applySetPosition(const std::string& id, QPointF position) {
    if (!m_design.layout.is_object()) m_design.layout = nlohmann::json::object();
    nlohmann::json& entry = m_design.layout[id];
    if (!entry.is_object()) entry = nlohmann::json::object();
    entry["position"] = {position.x(), position.y()};
    Q_EMIT itemMoved(QString::fromStdString(id));
}

void DesignDocument::applySetLayoutFlag(const std::string& id, const char* flag, bool on) {
    if (!m_design.layout.is_object()) m_design.layout = nlohmann::json::object();
    nlohmann::json& entry = m_design.layout[id];
    if (!entry.is_object()) entry = nlohmann::json::object();
    if (on)
        entry[flag] = true;
    else
        entry.erase(flag);
    Q_EMIT itemChanged(QString::fromStdString(id));
}

void DesignDocument::notifySectionChanged(Section section) {
    Q_EMIT sectionChanged(section);
    // The name and the variants are not what the engines read.
    if (section != Section::meta && section != Section::variants) Q_EMIT contentChanged();
}

void DesignDocument::notifyStateReplaced() {
    itemsMoved();
    if (!m_design.layout.is_object()) m_design.layout = nlohmann::json::object();
    Q_EMIT designReset();
    Q_EMIT contentChanged();
}

}  // namespace infraplan::ui
